import Foundation
@testable import CaretCore

typealias SuggestionRandom = SeededRandom

enum SuggestionFixtures {
    /// A small lexicon with frequencies, proper nouns and ties.
    static let wordsWithFrequencies = """
    the\t1000
    they\t400
    then\t300
    there\t300
    their\t250
    theory\t20
    them\t300
    these\t100
    hello\t50
    help\t60
    helmet\t5
    Paris\t40
    parish\t10
    apple\t30
    apply\t30
    ample\t30
    maple\t30
    cat\t80
    act\t70
    at\t900
    cart\t20
    chat\t15
    coat\t15
    """

    static func engine(_ contents: String = wordsWithFrequencies) -> SuggestionEngine {
        SuggestionEngine(lexicon: try! Lexicon(wordListContents: contents))
    }

    /// Random lowercase words over a small alphabet (so many are near each other).
    static func randomWords(_ count: Int, using rng: inout SuggestionRandom) -> [String] {
        let alphabet = Array("abcde")
        var words: [String] = []
        for _ in 0..<count {
            let length = rng.int(in: 1...9)
            words.append(String((0..<length).map { _ in rng.element(of: alphabet)! }))
        }
        return words
    }
}
