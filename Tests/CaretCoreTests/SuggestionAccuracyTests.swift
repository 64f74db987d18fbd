import Testing
@testable import CaretCore

/// What the suggestion benchmark scores (caret-bench's `suggest:` rows measure latency and
/// accuracy on real lists), checked as behaviour on seeded lexicons: a misspelling one edit away
/// from a word gets that word back, first when no other word is as close and more frequent, and
/// every proper prefix of a word completes to it once the prefix is long enough to single it out.
@Suite struct SuggestionAccuracyTests {
    /// Letters with accents, a ligature-like letter and a non-BMP letter: typos are made on
    /// Unicode scalars, so these are ordinary letters to the engine.
    static let alphabet: [Character] = ["a", "e", "i", "n", "r", "s", "t", "é", "ß", "𝒶"]

    /// `count` distinct words of 4–9 letters with distinct frequencies (the first the most frequent).
    static func lexicon(_ count: Int, _ rng: inout SeededRandom) -> [(word: String, frequency: Int)] {
        var seen: Set<String> = []
        var words: [(String, Int)] = []
        while words.count < count {
            let word = String((0..<rng.int(in: 4...9)).map { _ in rng.element(of: alphabet)! })
            guard seen.insert(word).inserted else { continue }
            words.append((word, 10 * (count - words.count)))
        }
        return words
    }

    /// `word` with one random edit: a deletion, an insertion, a substitution or a transposition of
    /// two different adjacent letters (so the result differs from `word`).
    static func typo(of word: String, _ rng: inout SeededRandom) -> String {
        var letters = Array(word)
        while true {
            var edited = letters
            switch rng.int(in: 0..<4) {
            case 0: edited.remove(at: rng.int(in: 0..<edited.count))
            case 1: edited.insert(rng.element(of: alphabet)!, at: rng.int(in: 0...edited.count))
            case 2: edited[rng.int(in: 0..<edited.count)] = rng.element(of: alphabet)!
            default:
                let i = rng.int(in: 0..<(edited.count - 1))
                edited.swapAt(i, i + 1)
            }
            if edited != letters { return String(edited) }
            letters = Array(word)
        }
    }

    static func distance(_ a: String, _ b: String) -> Int? {
        EditDistance.optimalStringAlignment(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), limit: 2)
    }

    @Test(arguments: [1, 2, 3])
    func oneEditTyposGetTheirWordBack(round: Int) throws {
        var rng = SeededRandom.forTest("oneEditTyposGetTheirWordBack(round: \(round))", fallback: 0xACC0 &+ UInt64(round))
        let words = Self.lexicon(300, &rng)
        let engine = SuggestionEngine(lexicon: try Lexicon(wordListContents: words.map { "\($0.word)\t\($0.frequency)" }.joined(separator: "\n")))
        let frequency = Dictionary(uniqueKeysWithValues: words.map { ($0.word, $0.frequency) })
        var firsts = 0
        for _ in 0..<400 {
            let (word, _) = rng.element(of: words)!
            let typo = Self.typo(of: word, &rng)
            if frequency[typo] != nil { continue }  // the typo is itself a word: nothing to correct
            let suggestions = engine.corrections(for: typo, limit: 50)
            #expect(suggestions.contains { $0.word == word && $0.distance == 1 }, "\(typo) (from \(word)): \(suggestions.map(\.word))")
            // First exactly when no other word is one edit away and more frequent.
            let rivals = words.filter { $0.word != word && $0.frequency > frequency[word]! && Self.distance(typo, $0.word) == 1 }
            if rivals.isEmpty {
                #expect(suggestions.first?.word == word, "\(typo) (from \(word)): \(suggestions.prefix(3).map(\.word))")
                firsts += 1
            } else {
                #expect(suggestions.first?.word != word, "\(typo): \(rivals.map(\.word)) rank above \(word)")
            }
        }
        // The alphabet and lengths keep words apart: most typos have a single closest word.
        #expect(firsts > 300)
    }

    @Test func prefixesCompleteToTheirWord() throws {
        var rng = SeededRandom.forTest(fallback: 0xC0_4411)
        let words = Self.lexicon(200, &rng)
        let engine = SuggestionEngine(lexicon: try Lexicon(wordListContents: words.map { "\($0.word)\t\($0.frequency)" }.joined(separator: "\n")))
        for (word, frequency) in words.prefix(60) {
            let letters = Array(word)
            // The whole word typed is not offered as its own completion.
            #expect(!engine.completions(for: word, limit: 5).contains { $0.word == word })
            for length in 1..<letters.count {
                let prefix = String(letters[..<length])
                let completions = engine.completions(for: prefix, limit: 5)
                #expect(completions.allSatisfy { $0.word.hasPrefix(prefix) && $0.word != prefix }, "\(prefix): \(completions.map(\.word))")
                // In the top five exactly when fewer than five more frequent words (other than the
                // prefix itself) share the prefix.
                let above = words.filter { $0.word != word && $0.word != prefix && $0.word.hasPrefix(prefix) && $0.frequency > frequency }.count
                #expect(completions.contains { $0.word == word } == (above < 5), "\(prefix) (\(word), \(above) above): \(completions.map(\.word))")
            }
        }
    }
}
