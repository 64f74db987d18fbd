#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CaretCore
import CaretReplay

/// Finds and loads the word list and frequency list `caret suggest` ranks with, timing the load.
///
/// The frequency list is `--frequencies FILE` when given, else the English list compiled into the
/// binary (data/frequencies-en.tsv, `BuiltInFrequencies`): an installed `caret` ranks as the
/// test suite does, with nothing to download.
struct SuggestLexiconLoader {
    /// Debian's `wamerican` word list, the default lexicon when present.
    static let systemWordList = "/usr/share/dict/words"

    /// Where a frequency list comes from.
    enum FrequencySource: Equatable {
        /// A `word count` file.
        case file(String)
        /// The list compiled into the binary.
        case builtIn
    }

    /// The default word list (nil to require `--lexicon`).
    var defaultWordList: String?
    /// The default frequency list (nil: none, ranking alphabetically).
    var defaultFrequencySource: FrequencySource?

    /// A loader with these defaults; a `defaultFrequencies` file is used only when it exists.
    init(defaultWordList: String?, defaultFrequencies: String?) {
        self.defaultWordList = defaultWordList
        defaultFrequencySource = defaultFrequencies.map { .file($0) }
    }

    init(defaultWordList: String?, defaultFrequencySource: FrequencySource?) {
        self.defaultWordList = defaultWordList
        self.defaultFrequencySource = defaultFrequencySource
    }

    /// The default frequency file; setting nil turns every default frequency list off (a
    /// `--lexicon` of one's own without `--frequencies` ranks by its own counts).
    var defaultFrequencies: String? {
        get { if case .file(let path)? = defaultFrequencySource { path } else { nil } }
        set { defaultFrequencySource = newValue.map { .file($0) } }
    }

    /// The defaults of this machine: `wamerican` when installed, the built-in frequency list.
    static func standard() -> SuggestLexiconLoader {
        SuggestLexiconLoader(
            defaultWordList: FileSystem.exists(systemWordList) ? systemWordList : nil,
            defaultFrequencySource: BuiltInFrequencies.isAvailable ? .builtIn : nil)
    }

    /// What was loaded, from where, and how long it took.
    struct Loaded {
        var lexicon: Lexicon
        var wordListPath: String
        var frequenciesPath: String?
        var seconds: Double
    }

    /// Loads `--lexicon` (or the default) and `--frequencies` (or the default list).
    /// - Throws: `CLIError` with exit code 66 when no word list is given or found, 66 for an
    ///   unreadable file, 65 (`file:line:col: message`) for a malformed line.
    func load(wordList: String?, frequencies: String?, terminal: Terminal, indexesCorrections: Bool = false) throws -> Loaded {
        guard let wordListPath = wordList ?? defaultWordList else {
            throw CLIError(.noInput, "caret: no word list: \(SuggestLexiconLoader.systemWordList) is missing "
                + "(Debian: apt-get install wamerican); pass --lexicon FILE")
        }
        var source = frequencies.map { FrequencySource.file($0) }
        if source == nil, let fallback = defaultFrequencySource {
            if case .file(let path) = fallback, !FileManager.default.fileExists(atPath: path) {
                source = nil
            } else {
                source = fallback
            }
        }
        let start = ContinuousClock.now
        let words = try parse(wordListPath)
        let counts: WordList?
        switch source {
        case .file(let path)?: counts = try parse(path)
        case .builtIn?: counts = try BuiltInFrequencies.wordList()
        case nil: counts = nil
        }
        // One query per process (caret suggest): scanning for corrections beats building the
        // correction index; a script asking many times wants the index.
        let lexicon = Lexicon(wordList: words, frequencies: counts, options: .init(indexesCorrections: indexesCorrections))
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if !lexicon.hasFrequencies {
            terminal.error("caret: no frequency list; suggestions rank alphabetically — pass --frequencies FILE")
        }
        let name: String? = switch source {
        case .file(let path)?: path
        case .builtIn?: BuiltInFrequencies.name
        case nil: nil
        }
        return Loaded(lexicon: lexicon, wordListPath: wordListPath, frequenciesPath: name, seconds: seconds)
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
