import Testing
@testable import CaretCore

/// Readable cases for the storage: units, clusters, lines, runs and copy-on-write.
@Suite struct AttributedTextTests {
    static let family = "👩‍👩‍👧"  // 5 scalars joined by ZWJ: 8 UTF-16 units, one cluster
    static let eAcute = "e\u{301}"  // e + combining acute: 2 scalars, one cluster

    @Test func countsInEveryUnit() {
        let text = AttributedText("a\(Self.family)\(Self.eAcute)🇺🇸\n中")
        #expect(text.utf16Count == 1 + 8 + 2 + 4 + 1 + 1)
        #expect(text.unicodeScalarCount == 1 + 5 + 2 + 2 + 1 + 1)
        #expect(text.utf8Count == 1 + 18 + 3 + 8 + 1 + 3)
        #expect(text.characterCount == 6)
        #expect(text.lineCount == 2)
    }

    @Test func conversionsAroundClusters() throws {
        let text = AttributedText("a\(Self.family)b")
        #expect(try text.scalarOffset(fromUTF16: 9) == 6)
        #expect(try text.utf16Offset(fromScalar: 6) == 9)
        #expect(try text.utf8Offset(fromUTF16: 9) == 19)
        #expect(try text.utf16Offset(fromUTF8: 19) == 9)
        #expect(try text.characterIndex(fromUTF16: 4) == 1, "inside the family: its own index")
        #expect(try text.utf16Offset(fromCharacter: 2) == 9)
        #expect(try text.isGraphemeBoundary(1))
        #expect(try !text.isGraphemeBoundary(3))
        #expect(try text.graphemeBoundary(after: 1) == 9)
        #expect(try text.graphemeBoundary(before: 9) == 1)
        #expect(try text.graphemeRange(containing: 4) == 1..<9)
    }

    @Test func insertingACombiningMarkJoinsTheCharacterBefore() throws {
        var text = AttributedText("cafe")
        try text.insert("\u{301}", at: 4, attributes: Attributes())
        #expect(text.characterCount == 4)
        #expect(try text.graphemeBoundary(before: 5) == 3)
        try text.checkInvariants()
    }

    @Test func flagsPairUp() throws {
        var text = AttributedText("🇺🇸🇫🇷")
        #expect(text.characterCount == 2)
        // A regional indicator typed at the start re-pairs every flag after it.
        try text.insert("🇩", at: 0, attributes: Attributes())
        #expect(text.characterCount == 3)
        try text.checkInvariants()
    }

    @Test func linesAndColumns() throws {
        let text = AttributedText("ab\r\n😀x\nlast")
        #expect(try text.lineColumn(fromUTF16: 6) == (1, 2))
        #expect(try text.utf16Offset(line: 2, column: 4) == 12)
        #expect(try text.lineRange(1) == 4..<7)
        #expect(try text.lineRange(0) == 0..<3, "a CR before the LF belongs to the line")
    }

    @Test func runsCoalesceAndSplit() throws {
        var text = AttributedText(runs: [("Hello ", Attributes()), ("big", .traits(.bold)), (" ", .traits(.bold)), ("world", Attributes())])
        #expect(text.runs.map(\.range) == [0..<6, 6..<10, 10..<15])
        try text.setAttributes(Attributes(), in: 6..<10)
        #expect(text.runs.count == 1)
        try text.mergeAttributes(.traits(.italic), in: 3..<8)
        #expect(try text.attributes(at: 3) == .traits(.italic))
        #expect(try text.runs(in: 0..<4).map(\.range) == [0..<3, 3..<4])
    }

    @Test func copiesAreIndependent() throws {
        var original = AttributedText(String(repeating: "abcdefgh", count: 100))
        let copy = original
        try original.insert("X", at: 400, attributes: .traits(.bold))
        try original.setAttributes(.traits(.italic), in: 0..<10)
        #expect(copy.string == String(repeating: "abcdefgh", count: 100))
        #expect(copy.runs.count == 1)
        #expect(original.utf16Count == 801)
    }

    @Test func chunksWithoutCopying() throws {
        let text = AttributedText(String(repeating: "0123456789", count: 50))
        var collected: [UInt8] = []
        try text.forEachUTF8Chunk(in: 5..<495) { chunk in
            collected += chunk
            return true
        }
        #expect(String(decoding: collected, as: UTF8.self) == (try text.string(in: 5..<495)))
    }

    @Test func builderMatchesPieces() throws {
        var builder = AttributedText.Builder()
        for i in 0..<200 { builder.append("piece \(i) \(Self.family) ", attributes: i % 3 == 0 ? .traits(.bold) : Attributes()) }
        let built = builder.finish()
        try built.checkInvariants()
        let pieces = AttributedText(runs: (0..<200).map { ("piece \($0) \(Self.family) ", $0 % 3 == 0 ? Attributes.traits(.bold) : Attributes()) })
        #expect(built == pieces)
    }

    @Test func aClusterLongerThanALeafStaysWhole() throws {
        let zalgo = "a" + String(repeating: "\u{301}", count: 300)
        var text = AttributedText("x" + zalgo + "y")
        try text.checkInvariants()
        #expect(text.characterCount == 3)
        try text.insert("\u{302}", at: 150, attributes: Attributes())
        try text.checkInvariants()
        #expect(text.characterCount == 3)
    }
}

@Suite struct AttributedTextRunVisitTests {
    @Test func forEachRunMatchesRunsAndStops() throws {
        var builder = AttributedText.Builder()
        for i in 0..<300 { builder.append("w\(i) ", attributes: i % 3 == 0 ? .traits(.bold) : Attributes()) }
        let text = builder.finish()
        for range in [0..<text.utf16Count, 5..<900, 17..<18, 40..<40] {
            var visited: [AttributedText.Run] = []
            try text.forEachRun(in: range) { visited.append($0); return true }
            #expect(visited == (try text.runs(in: range)), "\(range)")
        }
        var count = 0
        try text.forEachRun(in: 0..<text.utf16Count) { _ in count += 1; return count < 3 }
        #expect(count == 3)
        #expect(throws: TextError.self) { try text.forEachRun(in: 0..<(text.utf16Count + 1)) { _ in true } }
    }

    @Test func asciiBoundaryShortcutsAgreeWithClusters() throws {
        let text = AttributedText(String(repeating: "ab\r\ncd é ", count: 40))
        let clusters = Array(text.string).reduce(into: [0]) { $0.append($0.last! + $1.utf16.count) }
        for offset in 0...text.utf16Count {
            #expect(try text.isGraphemeBoundary(offset) == clusters.contains(offset), "\(offset)")
            if offset > 0 { #expect(try text.graphemeBoundary(before: offset) == clusters.last { $0 < offset }) }
            if offset < text.utf16Count { #expect(try text.graphemeBoundary(after: offset) == clusters.first { $0 > offset }) }
        }
    }
}
