import CaretCore
import Foundation

/// Finds and loads the word list and frequency list `caret suggest` ranks with, timing the load.
struct SuggestLexiconLoader {
    /// Debian's `wamerican` word list, the default lexicon when present.
    static let systemWordList = "/usr/share/dict/words"

    /// Where `scripts/fetch-frequencies.sh` writes the frequency list.
    static func cachedFrequencies(environment: [String: String]) -> String? {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.cache" }
        return cache.map { $0 + "/caret/frequencies-en.tsv" }
    }

    /// The default word list (nil to require `--lexicon`).
    var defaultWordList: String?
    /// The default frequency list (used only when the file exists).
    var defaultFrequencies: String?

    /// The defaults of this machine: `wamerican` when installed, the cached frequency list.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SuggestLexiconLoader {
        SuggestLexiconLoader(
            defaultWordList: FileManager.default.fileExists(atPath: systemWordList) ? systemWordList : nil,
            defaultFrequencies: cachedFrequencies(environment: environment))
    }

    /// What was loaded, from where, and how long it took.
    struct Loaded {
        var lexicon: Lexicon
        var wordListPath: String
        var frequenciesPath: String?
        var seconds: Double
    }

    /// Loads `--lexicon` (or the default) and `--frequencies` (or the cached list when present).
    /// - Throws: `CLIError` with exit code 66 when no word list is given or found, 66 for an
    ///   unreadable file, 65 (`file:line:col: message`) for a malformed line.
    func load(wordList: String?, frequencies: String?, terminal: Terminal, indexesCorrections: Bool = false) throws -> Loaded {
        guard let wordListPath = wordList ?? defaultWordList else {
            throw CLIError(.noInput, "caret: no word list: \(SuggestLexiconLoader.systemWordList) is missing "
                + "(Debian: apt-get install wamerican); pass --lexicon FILE")
        }
        var frequenciesPath = frequencies
        if frequenciesPath == nil, let cached = defaultFrequencies, FileManager.default.fileExists(atPath: cached) {
            frequenciesPath = cached
        }
        let start = ContinuousClock.now
        let words = try parse(wordListPath)
        let counts = try frequenciesPath.map { try parse($0) }
        // One query per process (caret suggest): scanning for corrections beats building the
        // correction index; a script asking many times wants the index.
        let lexicon = Lexicon(wordList: words, frequencies: counts, options: .init(indexesCorrections: indexesCorrections))
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if !lexicon.hasFrequencies {
            terminal.error("caret: no frequency list; suggestions rank alphabetically — run scripts/fetch-frequencies.sh")
        }
        return Loaded(lexicon: lexicon, wordListPath: wordListPath, frequenciesPath: frequenciesPath, seconds: seconds)
    }

    private func parse(_ path: String) throws -> WordList {
        let contents = try FileIO.readText(path)
        do {
            return try WordList(parsing: contents)
        } catch let error as WordListError {
            throw CLIError.data(file: path, line: error.line, column: 1, error.reason)
        }
    }
}
