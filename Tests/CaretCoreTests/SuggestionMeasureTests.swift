import Foundation
import Testing
@testable import CaretCore

/// Latency, memory and accuracy of the suggestion engine on real lists. Not part of the normal
/// suite: run in release with
///   CARET_MEASURE=1 swift test -c release --scratch-path /tmp/build-suggest-rel --filter SuggestionMeasure
/// Inputs: CARET_WORDS (default /usr/share/dict/words), CARET_FREQUENCIES (default the list
/// scripts/fetch-frequencies.sh writes, when present), CARET_MISSPELLINGS (codespell's
/// dictionary.txt, `typo->correction` lines; optional), CARET_SEED for the completion prefixes.
@Suite struct SuggestionMeasureTests {
    static let enabled = ProcessInfo.processInfo.environment["CARET_MEASURE"] == "1"

    @Test(.enabled(if: enabled)) func measure() throws {
        let env = ProcessInfo.processInfo.environment
        let wordsPath = env["CARET_WORDS"] ?? "/usr/share/dict/words"
        let cache = env["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        let frequencyPath = env["CARET_FREQUENCIES"] ?? (cache + "/caret/frequencies-en.tsv")
        let words = try String(contentsOfFile: wordsPath, encoding: .utf8)
        let frequencies = try? String(contentsOfFile: frequencyPath, encoding: .utf8)
        print("words: \(wordsPath); frequencies: \(frequencies == nil ? "none" : frequencyPath)")

        var misspellings: [(typo: String, expected: String)] = []
        if let path = env["CARET_MISSPELLINGS"] {
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                let parts = line.split(separator: "->", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let typo = String(parts[0])
                let expected = String(parts[1].split(separator: ",").first ?? "")
                    .trimmingCharacters(in: .whitespaces)
                let letters = { (s: String) in !s.isEmpty && s.allSatisfy { $0.isLetter } }
                guard letters(typo), letters(expected) else { continue }
                misspellings.append((typo, expected))
            }
            print("misspellings: \(path), \(misspellings.count) single-word pairs")
        }

        var rng = SuggestionRandom(seed: SuggestionRandom.seed("measure", fallback: 1))
        let pool = words.split(separator: "\n")
        let prefixes = (0..<20_000).map { _ in
            let word = pool.randomElement(using: &rng)!
            return String(word.prefix(Int.random(in: 1...4, using: &rng)))
        }

        let configurations: [(String, String?, Lexicon.Options)] = [
            ("word list + frequencies", frequencies, .init()),
            ("word list + frequencies, possessives included", frequencies, .init(includesPossessives: true)),
            ("word list only", nil, .init()),
        ]
        for (name, counts, options) in configurations where counts != nil || name == "word list only" {
            let before = residentBytes()
            let report = try SuggestionBenchmarks.run(wordList: words, frequencies: counts,
                                                      completionPrefixes: prefixes,
                                                      misspellings: misspellings, options: options)
            let after = residentBytes()
            print("== \(name)\n\(report)\nprocess peak RSS so far: \(after / 1024) KiB (before this run \(before / 1024) KiB)")
        }
    }

    func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}
