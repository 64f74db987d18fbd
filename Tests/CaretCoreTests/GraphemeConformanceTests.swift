import Testing

/// Grapheme clusters of GraphemeBreakTest.txt against Swift's `Character` segmentation, which
/// the editor relies on for every user-level delete and move.
@Suite struct GraphemeConformanceTests {
    /// Test lines where Swift's `Character` knowingly differs from the Unicode file, by their scalars.
    ///
    /// `÷ 2701 × 200D × 2701 ÷` (UPPER BLADE SCISSORS, ZWJ, UPPER BLADE SCISSORS): U+2701 is
    /// `Extended_Pictographic` (emoji-data.txt `26FE..2701`, every version since Unicode 11), so
    /// GB11 joins the ZWJ to the second scissors. Measured with Swift 6.3.1 (whose stdlib data is
    /// Unicode 17): `Character` honours GB11 for only 2,848 of the 3,537 Extended_Pictographic
    /// scalars of emoji-data 15.0. The 689 it misses are every non-emoji pictograph (E0.0 in
    /// emoji-data) that Unicode 17 assigns, such as U+2605, U+2701, U+1F000 (660 assigned by 15.0,
    /// 29 by 16.0/17.0); emoji and still-reserved code points join. Not a Unicode-version
    /// difference: the line is unchanged in later test files. No recommended emoji sequence uses
    /// these scalars, so editing real text is unaffected.
    static let knownStdlibDifferences: [[UInt32]] = [
        [0x2701, 0x200D, 0x2701],
    ]

    /// Boundaries as Swift's `String` draws them: the running sum of each Character's scalars.
    static func swiftBoundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var result = [0]
        for character in String(view) {
            result.append(result[result.count - 1] + character.unicodeScalars.count)
        }
        return result
    }

    @Test func swiftCharactersMatchEveryLineOfGraphemeBreakTest() throws {
        let file = try UnicodeBreakTestFile("GraphemeBreakTest.txt")
        var failures: [String] = []
        var excluded = 0
        for testCase in file.cases {
            if Self.knownStdlibDifferences.contains(testCase.scalars.map(\.value)) {
                excluded += 1
                continue
            }
            let actual = Self.swiftBoundaries(testCase.scalars)
            if actual != testCase.boundaries {
                failures.append("line \(testCase.line): \(testCase.source) expected \(testCase.boundaries) got \(actual)")
            }
        }
        #expect(file.cases.count > 600)
        #expect(excluded == Self.knownStdlibDifferences.count, "an excluded line is no longer in the file")
        #expect(failures.isEmpty, "Unicode \(file.unicodeVersion): \(failures.count) of \(file.cases.count) differ:\n\(failures.joined(separator: "\n"))")
    }

    /// Fails once Swift fixes the difference, so the exclusion above gets removed.
    @Test func excludedLinesStillDifferInThisToolchain() throws {
        let file = try UnicodeBreakTestFile("GraphemeBreakTest.txt")
        for testCase in file.cases where Self.knownStdlibDifferences.contains(testCase.scalars.map(\.value)) {
            #expect(Self.swiftBoundaries(testCase.scalars) != testCase.boundaries,
                    "line \(testCase.line) now passes; drop it from knownStdlibDifferences")
        }
    }

    @Test func everydayClustersMatchCharacters() {
        #expect(Self.swiftBoundaries(["e", "\u{301}", "x"]) == [0, 2, 3])
        #expect(Self.swiftBoundaries(["\r", "\n"]) == [0, 2])
        #expect(Self.swiftBoundaries(["\u{1F468}", "\u{200D}", "\u{1F469}", "\u{200D}", "\u{1F467}"]) == [0, 5])
        #expect(Self.swiftBoundaries(["\u{1F1FA}", "\u{1F1F8}", "\u{1F1EB}"]) == [0, 2, 3])
        #expect(Self.swiftBoundaries(["\u{1100}", "\u{1161}", "\u{11A8}"]) == [0, 3])
    }
}
