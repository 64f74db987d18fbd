import Testing
@testable import CaretCore

/// Building text larger than the builder's slice: a long piece is cut into leaves a slice at a
/// time, and clusters that straddle a slice's end must come out whole.
@Suite struct RopeBuildSliceTests {
    /// A text a little over two slices long whose slice ends fall inside a flag, an emoji ZWJ
    /// sequence, a CR LF and a combining sequence longer than a leaf, built whole, through the
    /// builder in one piece and in uneven pieces, all equal and counted right.
    @Test func clustersAcrossSliceEndsComeOutWhole() throws {
        let slice = LeafBuilder.sliceBytes
        let straddlers = ["🇺🇸🇫🇷", "👩‍👩‍👧", "\r\n", "o" + String(repeating: "\u{301}", count: Node.maxLeafBytes)]
        for straddler in straddlers {
            for shift in [-3, -1, 0, 1, 2] {
                var string = String(repeating: "a", count: slice + shift) + straddler
                string += String(repeating: "b", count: slice) + straddler + "é😀 end"
                let expected = ReferenceText(string)
                var pieces = AttributedText.Builder()
                var rest = Substring(string)
                var length = 1
                while !rest.isEmpty {
                    let piece = rest.prefix(length)
                    pieces.append(String(piece), attributes: .traits(.bold))
                    rest = rest.dropFirst(piece.count)
                    length = length * 3 + 7
                }
                var whole = AttributedText.Builder()
                whole.append(string, attributes: .traits(.bold))
                let layouts = [("init", AttributedText(string, attributes: .traits(.bold))), ("builder, one piece", whole.finish()),
                               ("builder, pieces", pieces.finish())]
                for (name, text) in layouts {
                    try text.checkInvariants()
                    #expect(text.string == string, "\(name), shift \(shift)")
                    #expect(text.characterCount == expected.characterCount, "\(name), shift \(shift), \(straddler.debugDescription)")
                    #expect(text.utf16Count == expected.utf16Count)
                    #expect(text.lineCount == expected.lineCount)
                    #expect(text.runs.count == 1)
                }
            }
        }
    }
}
