import CaretCore
import Testing

/// The clusters of `text` by Caret's segmenter, each as a String.
private func clusters(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let bounds = GraphemeSegmentation.boundaries(scalars)
    return zip(bounds, bounds.dropFirst()).map { start, end in
        var piece = String.UnicodeScalarView()
        piece.append(contentsOf: scalars[start..<end])
        return String(piece)
    }
}

/// The cluster count of `text`'s UTF-8 by `clusterCount(utf8:)`.
private func count(_ text: String) -> Int {
    Array(text.utf8).withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
}

@Suite struct GraphemeSegmentationTests {
    @Test func unicodeVersionIs15WithoutGB9c() {
        #expect(GraphemeSegmentation.unicodeVersion == "15.0.0")
        // GB9c (15.1) would join KA VIRAMA SSA into one cluster; 15.0 breaks before SSA.
        #expect(clusters("\u{915}\u{94D}\u{937}") == ["\u{915}\u{94D}", "\u{937}"])
    }

    @Test func emptyAndSingle() {
        #expect(GraphemeSegmentation.boundaries([]) == [0])
        #expect(GraphemeSegmentation.boundaries(["a"]) == [0, 1])
        #expect(count("") == 0)
        #expect(count("a") == 1)
        #expect(GraphemeSegmentation.isBoundary(between: [], and: "a"))
        [UInt8]().withUnsafeBufferPointer { empty in
            #expect(GraphemeSegmentation.nextBoundary(in: empty, from: 0, isEnd: true) == nil)
        }
    }

    @Test func crLF() {
        #expect(clusters("a\r\nb") == ["a", "\r\n", "b"])
        #expect(clusters("\n\r") == ["\n", "\r"])
        #expect(clusters("\r\u{301}") == ["\r", "\u{301}"])  // GB4 beats GB9
        #expect(count("line\r\nline\r\n") == 10)
        #expect(count("12345678\r\n12345678\r\n") == 18)
    }

    @Test func flagsAndOddRegionalIndicatorRuns() {
        let us = "\u{1F1FA}\u{1F1F8}", fr = "\u{1F1EB}\u{1F1F7}"
        #expect(clusters(us + fr) == [us, fr])
        #expect(clusters(us + "\u{1F1EB}") == [us, "\u{1F1EB}"])
        #expect(clusters("a" + us + "\u{1F1EB}" + "b") == ["a", us, "\u{1F1EB}", "b"])
        // A mark ends the run: the next indicator pairs afresh.
        #expect(clusters("\u{1F1FA}\u{301}\u{1F1F8}\u{1F1EB}") == ["\u{1F1FA}\u{301}", "\u{1F1F8}\u{1F1EB}"])
    }

    @Test func zwjSequencesAndSkinTones() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        #expect(clusters(family + "x") == [family, "x"])
        let waveDark = "\u{1F44B}\u{1F3FF}"
        #expect(clusters(waveDark + waveDark) == [waveDark, waveDark])
        let womanTechnologist = "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"
        #expect(clusters(womanTechnologist) == [womanTechnologist])
        // ZWJ not after a pictograph does not join the next one (GB11 needs ExtPict Extend* ZWJ).
        #expect(clusters("a\u{200D}\u{1F600}") == ["a\u{200D}", "\u{1F600}"])
        // Non-emoji pictographs join too (GB11 by Extended_Pictographic): where Character differs.
        #expect(clusters("\u{2701}\u{200D}\u{2701}") == ["\u{2701}\u{200D}\u{2701}"])
        #expect(count("\u{2701}\u{200D}\u{2701}") == 1)
    }

    @Test func hangul() {
        #expect(clusters("\u{1100}\u{1161}\u{11A8}") == ["\u{1100}\u{1161}\u{11A8}"])  // L V T
        #expect(clusters("\u{AC00}\u{11A8}\u{AC01}\u{11A8}") == ["\u{AC00}\u{11A8}", "\u{AC01}\u{11A8}"])  // LV T, LVT T
        #expect(clusters("\u{1100}\u{AC00}") == ["\u{1100}\u{AC00}"])  // L LV
        #expect(clusters("\u{AC01}\u{1161}") == ["\u{AC01}", "\u{1161}"])  // LVT ÷ V
        #expect(clusters("한국어") == ["한", "국", "어"])
    }

    @Test func combiningMarksSpacingMarksAndPrepend() {
        #expect(clusters("e\u{301}\u{323}x") == ["e\u{301}\u{323}", "x"])
        #expect(clusters("\u{915}\u{93F}") == ["\u{915}\u{93F}"])  // SpacingMark (GB9a)
        #expect(clusters("\u{600}1") == ["\u{600}1"])  // Prepend (GB9b)
        #expect(clusters("\u{600}\n") == ["\u{600}", "\n"])  // GB5 beats GB9b
        #expect(clusters("\u{301}a") == ["\u{301}", "a"])  // a lone mark is a cluster
        #expect(count("\u{600}" + "abcdefghij") == 10)  // the ASCII fast path honours Prepend
    }

    @Test func emojiKeycaps() {
        let one = "1\u{FE0F}\u{20E3}", hash = "#\u{FE0F}\u{20E3}"
        #expect(clusters(one + hash + "2") == [one, hash, "2"])
        #expect(count(one + hash) == 2)
    }

    @Test func asciiFastPathCounts() {
        let text = String(repeating: "The quick brown fox; ", count: 50)
        #expect(count(text) == text.unicodeScalars.count)
        #expect(count(text + "é" + text) == 2 * text.unicodeScalars.count + 1)
        #expect(count(text + "e\u{301}" + text) == 2 * text.unicodeScalars.count + 1)
    }

    @Test func cursorReportsUTF16OffsetsAndStopsBeforeAnUndecidedEnd() {
        let text = "a😀e\u{301}"  // UTF-8: 1 + 4 + 1 + 2
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true)
            #expect(cursor.next() == 1)
            #expect(cursor.utf16Offset == 1)
            #expect(cursor.next() == 5)
            #expect(cursor.utf16Offset == 3)
            #expect(cursor.next() == 8)
            #expect(cursor.utf16Offset == 5)
            #expect(cursor.next() == nil)

            var open = GraphemeCursor(utf8: buffer, isEnd: false)
            #expect(open.next() == 1)
            #expect(open.next() == 5)
            #expect(open.next() == nil)  // "e\u{301}" may take more marks
            #expect(GraphemeSegmentation.nextBoundary(in: buffer, from: 5, isEnd: false) == nil)
            #expect(GraphemeSegmentation.nextBoundary(in: buffer, from: 5, isEnd: true) == 8)
        }
    }

    @Test func cursorLeavesATruncatedScalarForTheNextBuffer() {
        let bytes = Array("ab😀".utf8)  // the emoji's four bytes start at 2
        bytes[..<4].withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: false)
            #expect(cursor.next() == 1)
            #expect(cursor.next() == nil)
            #expect(cursor.readOffset == 2)
        }
    }

    @Test func stateCarriesAcrossBuffers() {
        // Flag split between two buffers: the second buffer's start is not a boundary.
        let flags = Array("\u{1F1FA}\u{1F1F8}\u{1F1EB}".utf8)
        var state = GraphemeBreakState()
        flags[..<4].withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: false)
            #expect(cursor.next() == nil)
            state = cursor.state
        }
        Array(flags[4...]).withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true, state: state)
            #expect(cursor.next() == 4)  // after the second indicator
            #expect(cursor.next() == 8)
            #expect(cursor.next() == nil)
        }
    }

    @Test func illFormedBytesAreOneClusterEach() {
        ([0x61, 0xFF, 0xC3, 0x62] as [UInt8]).withUnsafeBufferPointer { buffer in
            #expect(GraphemeSegmentation.clusterCount(utf8: buffer) == 4)
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true)
            var found: [Int] = []
            while let offset = cursor.next() { found.append(offset) }
            #expect(found == [1, 2, 3, 4])
        }
    }
}
