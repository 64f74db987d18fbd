import Testing
@testable import CaretCore

/// The segments of `text` between consecutive word boundaries.
private func segments(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let bounds = WordSegmentation.boundaries(scalars)
    return zip(bounds, bounds.dropFirst()).map { start, end in
        var piece = String.UnicodeScalarView()
        piece.append(contentsOf: scalars[start..<end])
        return String(piece)
    }
}

/// The word-like segments of `text`.
private func words(_ text: String) -> [String] {
    segments(text).filter { WordSegmentation.isWordLike(Array($0.unicodeScalars)[...]) }
}

private func isWordLike(_ text: String) -> Bool {
    WordSegmentation.isWordLike(Array(text.unicodeScalars)[...])
}

@Suite struct WordSegmentationTests {
    @Test func conformsToEveryLineOfWordBreakTest() throws {
        let file = try UnicodeBreakTestFile("WordBreakTest.txt")
        #expect(file.unicodeVersion == WordSegmentation.unicodeVersion,
                "tables are Unicode \(WordSegmentation.unicodeVersion), test file \(file.unicodeVersion)")
        var failures: [String] = []
        for testCase in file.cases {
            let actual = WordSegmentation.boundaries(testCase.scalars)
            if actual != testCase.boundaries {
                failures.append("line \(testCase.line): \(testCase.source) expected \(testCase.boundaries) got \(actual)")
            }
        }
        #expect(file.cases.count > 1800)
        #expect(failures.isEmpty, "\(failures.count) of \(file.cases.count) failed:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func emptyAndSingleScalar() {
        #expect(WordSegmentation.boundaries([]) == [0])
        #expect(WordSegmentation.boundaries(["a"]) == [0, 1])
        #expect(WordSegmentation.boundaries(["\u{301}"]) == [0, 1])
    }

    @Test func contractionsAndAbbreviations() {
        #expect(segments("can't stop") == ["can't", " ", "stop"])
        #expect(segments("don\u{2019}t") == ["don\u{2019}t"])
        #expect(segments("e.g. this") == ["e.g", ".", " ", "this"])
        #expect(words("'quoted'") == ["quoted"])
    }

    @Test func numbers() {
        #expect(segments("3.14") == ["3.14"])
        #expect(segments("1,000.50 USD") == ["1,000.50", " ", "USD"])
        #expect(segments("v2") == ["v2"])
        #expect(segments("3.") == ["3", "."])
        #expect(words("-42") == ["42"])
    }

    @Test func hyphenatedWordsSplitAtTheHyphen() {
        #expect(segments("well-known") == ["well", "-", "known"])
        #expect(words("state-of-the-art") == ["state", "of", "the", "art"])
        #expect(segments("snake_case_name") == ["snake_case_name"])
    }

    @Test func whitespaceAndNewlines() {
        #expect(segments("a  b") == ["a", "  ", "b"])
        #expect(segments("a\r\nb") == ["a", "\r\n", "b"])
        #expect(segments("a\n\nb") == ["a", "\n", "\n", "b"])
    }

    @Test func cjkIdeographsAreSeparateWordsAndKatakanaJoins() {
        #expect(segments("日本語") == ["日", "本", "語"])
        #expect(words("日本語") == ["日", "本", "語"])
        #expect(segments("カタカナ") == ["カタカナ"])
        #expect(segments("ひらがな") == ["ひ", "ら", "が", "な"])
        #expect(words("東京、大阪") == ["東", "京", "大", "阪"])
    }

    @Test func emojiZWJSequencesStayWhole() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(segments(family) == [family])
        #expect(!isWordLike(family))
        let heart = "\u{2764}\u{FE0F}"
        #expect(segments("I \(heart) it") == ["I", " ", heart, " ", "it"])
        let thumb = "\u{1F44D}\u{1F3FD}"
        #expect(segments(thumb + "ok") == [thumb, "ok"])
        #expect(!isWordLike("1\u{FE0F}\u{20E3}"))
    }

    @Test func flagsPairUp() {
        let us = "\u{1F1FA}\u{1F1F8}", fr = "\u{1F1EB}\u{1F1F7}"
        #expect(segments(us + fr) == [us, fr])
        #expect(segments(us + fr + "\u{1F1E9}") == [us, fr, "\u{1F1E9}"])
        #expect(!isWordLike(us))
    }

    @Test func combiningMarksStayWithTheirBase() {
        let ecole = "e\u{301}cole"
        #expect(segments(ecole + " na\u{308}ive") == [ecole, " ", "na\u{308}ive"])
        #expect(segments("\u{301}a") == ["\u{301}", "a"])
        #expect(segments("a\u{200B}b") == ["a", "\u{200B}", "b"])
        #expect(segments("a\u{AD}b") == ["a\u{AD}b"])
    }

    @Test func hebrewQuotes() {
        #expect(segments("צה\"ל") == ["צה\"ל"])
        #expect(segments("א'") == ["א'"])
        #expect(words("שלום עולם") == ["שלום", "עולם"])
    }

    @Test func urlsAndEmail() {
        #expect(segments("https://example.com/path") ==
                ["https", ":", "/", "/", "example.com", "/", "path"])
        #expect(words("mail me@host.org") == ["mail", "me", "host.org"])
    }

    @Test func isWordLikeClassifiesSegments() {
        for word in ["can't", "3.14", "e.g", "日", "カタカナ", "צה\"ל", "x", "Ⅻ", "²", "ไทย", "foo_bar"] {
            #expect(isWordLike(word), "\(word)")
        }
        for other in ["", " ", "\t", ".", "-", "...", "\u{1F600}", "\u{1F1FA}\u{1F1F8}", "_", "\u{301}", "€"] {
            #expect(!isWordLike(other), "\(other.unicodeScalars.map { $0.value })")
        }
    }

    @Test func windowLookupAgreesWithSingleLookupForEveryScalar() {
        // The window lookup caches the last range; walk all scalars forwards and backwards.
        let all = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init)
        for order in [all, all.reversed()] {
            let expected = order.map(WordBreakProperty.packed)
            let window = WordSegmentation.withPackedProperties(order[...]) { Array($0) }
            #expect(window == expected)
        }
    }

    @Test func propertyLookupMatchesTheGeneratorsNumbering() {
        #expect(WordBreakProperty("a") == .aLetter)
        #expect(WordBreakProperty("\u{5D0}") == .hebrewLetter)
        #expect(WordBreakProperty("7") == .numeric)
        #expect(WordBreakProperty("\u{30A2}") == .katakana)
        #expect(WordBreakProperty("'") == .singleQuote)
        #expect(WordBreakProperty("\"") == .doubleQuote)
        #expect(WordBreakProperty(".") == .midNumLet)
        #expect(WordBreakProperty(":") == .midLetter)
        #expect(WordBreakProperty(",") == .midNum)
        #expect(WordBreakProperty("_") == .extendNumLet)
        #expect(WordBreakProperty(" ") == .wSegSpace)
        #expect(WordBreakProperty("\r") == .cr)
        #expect(WordBreakProperty("\n") == .lf)
        #expect(WordBreakProperty("\u{2028}") == .newline)
        #expect(WordBreakProperty("\u{301}") == .extend)
        #expect(WordBreakProperty("\u{200D}") == .zwj)
        #expect(WordBreakProperty("\u{AD}") == .format)
        #expect(WordBreakProperty("\u{1F1E6}") == .regionalIndicator)
        #expect(WordBreakProperty("\u{10FFFF}") == .other)
        #expect(WordBreakProperty.isExtendedPictographic("\u{1F600}"))
        #expect(WordBreakProperty.isExtendedPictographic("\u{A9}"))
        #expect(!WordBreakProperty.isExtendedPictographic("a"))
    }
}

@Suite struct WordSegmentationQueryTests {
    let text = Array("Don't panic, 3.14 \u{1F1FA}\u{1F1F8}!".unicodeScalars)

    @Test func segmentContainingAnIndex() {
        #expect(WordSegmentation.segment(containing: 0, in: text) == 0..<5)
        #expect(WordSegmentation.segment(containing: 4, in: text) == 0..<5)
        #expect(WordSegmentation.segment(containing: 5, in: text) == 5..<6)
        #expect(WordSegmentation.segment(containing: 14, in: text) == 13..<17)
        #expect(WordSegmentation.segment(containing: 18, in: text) == 18..<20)
    }

    @Test func wordUnderTheCaret() {
        #expect(WordSegmentation.wordRange(at: 0, in: text) == 0..<5)
        #expect(WordSegmentation.wordRange(at: 2, in: text) == 0..<5)
        #expect(WordSegmentation.wordRange(at: 5, in: text) == 0..<5)   // just after "Don't"
        #expect(WordSegmentation.wordRange(at: 6, in: text) == 6..<11)  // just before "panic"
        #expect(WordSegmentation.wordRange(at: 12, in: text) == nil)    // between ", " and " "
        #expect(WordSegmentation.wordRange(at: 19, in: text) == nil)    // inside the flag
        #expect(WordSegmentation.wordRange(at: 0, in: []) == nil)
    }

    @Test func neighbouringBoundaries() {
        #expect(WordSegmentation.boundary(before: 0, in: text) == nil)
        #expect(WordSegmentation.boundary(before: 3, in: text) == 0)
        #expect(WordSegmentation.boundary(before: 5, in: text) == 0)
        #expect(WordSegmentation.boundary(after: 0, in: text) == 5)
        #expect(WordSegmentation.boundary(after: 5, in: text) == 6)
        #expect(WordSegmentation.boundary(after: text.count, in: text) == nil)
        #expect(WordSegmentation.boundary(before: text.count, in: text) == 20)
    }

    @Test func queriesAgreeWithTheBoundaryList() {
        let bounds = WordSegmentation.boundaries(text)
        for index in text.indices {
            let segment = WordSegmentation.segment(containing: index, in: text)
            #expect(bounds.contains(segment.lowerBound) && bounds.contains(segment.upperBound))
            #expect(!bounds.contains(where: { $0 > segment.lowerBound && $0 < segment.upperBound }))
            #expect(segment.contains(index))
        }
    }
}

/// Seeded random sequences against a naive reading of the rules that looks back from every
/// position instead of carrying state, to catch state bugs over longer runs than the Unicode
/// test file has.
@Suite struct WordSegmentationRandomTests {
    static let samples: [Unicode.Scalar] = [
        "a", "Z", "\u{5D0}", "1", "\u{30A2}", "'", "\"", ".", ":", ",", ";", "_", " ", "\u{3000}",
        "\r", "\n", "\u{2028}", "\u{301}", "\u{200D}", "\u{AD}", "\u{1F1E6}", "\u{1F1E7}",
        "\u{1F600}", "\u{2701}", "\u{65E5}", "-", "\u{FE0F}",
    ]

    /// The rules read literally: WB4 by walking back over Extend/Format/ZWJ at each position.
    static func reference(_ scalars: [Unicode.Scalar]) -> [Int] {
        let p = scalars.map(WordBreakProperty.init)
        let pict = scalars.map(WordBreakProperty.isExtendedPictographic)
        func ignorable(_ i: Int) -> Bool { [.extend, .format, .zwj].contains(p[i]) }
        func newline(_ i: Int) -> Bool { [.cr, .lf, .newline].contains(p[i]) }
        func ahLetter(_ i: Int?) -> Bool { i.map { p[$0] == .aLetter || p[$0] == .hebrewLetter } ?? false }
        func isP(_ i: Int?, _ value: WordBreakProperty) -> Bool { i.map { p[$0] == value } ?? false }
        /// The character that the text before `position` reduces to under WB4.
        func effective(before position: Int) -> Int? {
            guard position > 0 else { return nil }
            var k = position - 1
            while k >= 0, ignorable(k) { k -= 1 }
            if k < 0 || newline(k) { return k + 1 < position ? k + 1 : k }
            return k
        }
        func next(after i: Int) -> Int? {
            var j = i + 1
            while j < p.count, ignorable(j) { j += 1 }
            return j < p.count ? j : nil
        }
        var result = [0]
        guard !p.isEmpty else { return result }
        for i in 1..<p.count {
            let joined: Bool
            if p[i - 1] == .cr && p[i] == .lf { joined = true }
            else if newline(i - 1) || newline(i) { joined = false }
            else if p[i - 1] == .zwj && pict[i] { joined = true }
            else if p[i - 1] == .wSegSpace && p[i] == .wSegSpace { joined = true }
            else if ignorable(i) { joined = true }
            else {
                let prev = effective(before: i)
                let prev2 = prev.flatMap { effective(before: $0) }
                let nxt = next(after: i)
                let midLetterQ: Set<WordBreakProperty> = [.midLetter, .midNumLet, .singleQuote]
                let midNumQ: Set<WordBreakProperty> = [.midNum, .midNumLet, .singleQuote]
                var riRun = 0
                var k = prev
                while let j = k, p[j] == .regionalIndicator { riRun += 1; k = effective(before: j) }
                joined = (ahLetter(prev) && ahLetter(i))                                           // WB5
                    || (ahLetter(prev) && midLetterQ.contains(p[i]) && ahLetter(nxt))              // WB6
                    || (ahLetter(prev2) && prev.map { midLetterQ.contains(p[$0]) } == true && ahLetter(i))  // WB7
                    || (isP(prev, .hebrewLetter) && p[i] == .singleQuote)                          // WB7a
                    || (isP(prev, .hebrewLetter) && p[i] == .doubleQuote && isP(nxt, .hebrewLetter))  // WB7b
                    || (isP(prev2, .hebrewLetter) && isP(prev, .doubleQuote) && p[i] == .hebrewLetter)  // WB7c
                    || (isP(prev, .numeric) && p[i] == .numeric)                                   // WB8
                    || (ahLetter(prev) && p[i] == .numeric)                                        // WB9
                    || (isP(prev, .numeric) && ahLetter(i))                                        // WB10
                    || (isP(prev2, .numeric) && prev.map { midNumQ.contains(p[$0]) } == true && p[i] == .numeric)  // WB11
                    || (isP(prev, .numeric) && midNumQ.contains(p[i]) && isP(nxt, .numeric))       // WB12
                    || (isP(prev, .katakana) && p[i] == .katakana)                                 // WB13
                    || ((ahLetter(prev) || isP(prev, .numeric) || isP(prev, .katakana) || isP(prev, .extendNumLet))
                        && p[i] == .extendNumLet)                                                  // WB13a
                    || (isP(prev, .extendNumLet) && (ahLetter(i) || p[i] == .numeric || p[i] == .katakana))  // WB13b
                    || (p[i] == .regionalIndicator && riRun % 2 == 1)                              // WB15, WB16
            }
            if !joined { result.append(i) }
        }
        result.append(p.count)
        return result
    }

    @Test func theReferenceItselfPassesWordBreakTest() throws {
        let file = try UnicodeBreakTestFile("WordBreakTest.txt")
        let failing = file.cases.filter { Self.reference($0.scalars) != $0.boundaries }.map(\.line)
        #expect(failing.isEmpty, "reference fails lines \(failing.prefix(20))")
    }

    @Test func agreesWithTheLiteralRulesOnRandomText() {
        var generator = SeededRandom.forTest(fallback: 0x5EED_0029)
        var failures = 0
        for _ in 0..<3000 {
            let length = generator.int(in: 0..<24)
            let scalars = (0..<length).map { _ in generator.element(of: Self.samples)! }
            let expected = Self.reference(scalars)
            let actual = WordSegmentation.boundaries(scalars)
            if actual != expected, failures < 5 {
                failures += 1
                Issue.record("seed \(generator.seed): \(scalars.map { String($0.value, radix: 16) }) expected \(expected) got \(actual)")
            }
        }
    }
}
