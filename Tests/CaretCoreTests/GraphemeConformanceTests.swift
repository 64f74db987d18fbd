import CaretCore
import Testing

/// Grapheme clusters of GraphemeBreakTest.txt: Caret's own segmenter through every public API,
/// with no exclusions; and Swift's `Character`, whose one known difference is documented here.
@Suite struct GraphemeConformanceTests {
    typealias Support = GraphemeTestSupport

    @Test func caretMatchesEveryLineOfGraphemeBreakTestThroughEveryAPI() throws {
        let file = try UnicodeBreakTestFile("GraphemeBreakTest.txt")
        #expect(file.unicodeVersion == GraphemeSegmentation.unicodeVersion,
                "tables are Unicode \(GraphemeSegmentation.unicodeVersion), test file \(file.unicodeVersion)")
        var failures: [String] = []
        for testCase in file.cases {
            let expected = testCase.boundaries
            let scalars = testCase.scalars
            func check(_ api: String, _ actual: [Int]) {
                if actual != expected {
                    failures.append("line \(testCase.line) [\(api)]: \(testCase.source) expected \(expected) got \(actual)")
                }
            }
            check("boundaries", GraphemeSegmentation.boundaries(scalars))
            let (walked, consistent) = Support.cursorBoundaries(scalars)
            check("GraphemeCursor", walked)
            if !consistent { failures.append("line \(testCase.line) [GraphemeCursor]: offsets disagree") }
            check("nextBoundary", Support.nextBoundaryChain(scalars))
            check("isBoundary", Support.pairwiseBoundaries(scalars))
            let count = Support.clusterCount(scalars)
            if count != expected.count - 1 {
                failures.append("line \(testCase.line) [clusterCount]: \(testCase.source) expected \(expected.count - 1) got \(count)")
            }
            // Split into two buffers before every scalar, carrying the state across.
            for split in 0...scalars.count {
                check("split before scalar \(split)", Support.splitBoundaries(scalars, at: split))
            }
        }
        #expect(file.cases.count > 600)
        #expect(failures.isEmpty, "Unicode \(file.unicodeVersion): \(failures.count) failures over \(file.cases.count) lines:\n\(failures.prefix(30).joined(separator: "\n"))")
    }

    /// Test lines where Swift's `Character` knowingly differs from the Unicode file, by their scalars.
    ///
    /// `÷ 2701 × 200D × 2701 ÷` (UPPER BLADE SCISSORS, ZWJ, UPPER BLADE SCISSORS): U+2701 is
    /// `Extended_Pictographic` (emoji-data.txt `26FE..2701`, every version since Unicode 11), so
    /// GB11 joins the ZWJ to the second scissors. Measured with Swift 6.3.1 (whose stdlib data is
    /// Unicode 17): `Character` honours GB11 for only 2,848 of the 3,537 Extended_Pictographic
    /// scalars of emoji-data 15.0. The 689 it misses are every non-emoji pictograph (E0.0 in
    /// emoji-data) that Unicode 17 assigns, such as U+2605, U+2701, U+1F000 (660 assigned by 15.0,
    /// 29 by 16.0/17.0); emoji and still-reserved code points join. Not a Unicode-version
    /// difference: the line is unchanged in later test files. This is why Caret segments itself.
    static let knownStdlibDifferences: [[UInt32]] = [
        [0x2701, 0x200D, 0x2701],
    ]

    @Test func swiftCharactersDifferFromTheFileOnlyOnTheKnownStdlibBug() throws {
        let file = try UnicodeBreakTestFile("GraphemeBreakTest.txt")
        var failures: [String] = []
        var excluded = 0
        for testCase in file.cases {
            let actual = Support.swiftBoundaries(testCase.scalars)
            if Self.knownStdlibDifferences.contains(testCase.scalars.map(\.value)) {
                excluded += 1
                #expect(actual != testCase.boundaries,
                        "line \(testCase.line) now passes with Character; drop it from knownStdlibDifferences")
                continue
            }
            if actual != testCase.boundaries {
                failures.append("line \(testCase.line): \(testCase.source) expected \(testCase.boundaries) got \(actual)")
            }
        }
        #expect(excluded == Self.knownStdlibDifferences.count, "an excluded line is no longer in the file")
        #expect(failures.isEmpty, "Unicode \(file.unicodeVersion): \(failures.count) of \(file.cases.count) differ:\n\(failures.joined(separator: "\n"))")
    }
}
