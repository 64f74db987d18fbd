import Testing
@testable import CaretCore

/// `TextSummary.measure` counts eight bytes at a time; it must agree with counting scalar by
/// scalar for every mix of ASCII, multi-byte scalars, LF and CR at every alignment.
@Suite struct RopeSummaryTests {
    static let pieces = ["a", "b", "\n", "\r", "\r\n", "é", "中", "😀", "🇺🇸", "e\u{301}", "\u{200D}", "~", "\u{7F}", "\u{80}", "\u{FFFF}", "\u{10000}"]

    @Test func wordAtATimeMeasureAgreesWithScalars() throws {
        for seed in SeededRandom.seeds(default: [5, 6]) {
            var random = SeededRandom(seed: seed)
            for round in 0..<400 {
                var string = ""
                for _ in 0..<random.int(in: 0...40) { string += random.element(of: Self.pieces)! }
                // Every start offset, so that words straddle scalars in every way.
                let bytes = Array(string.utf8)
                for start in 0..<min(9, bytes.count + 1) {
                    var from = start
                    while from < bytes.count, bytes[from] & 0xC0 == 0x80 { from += 1 }
                    let slice = Array(bytes[from...])
                    let text = String(decoding: slice, as: UTF8.self)
                    let (summary, isSimple) = slice.withUnsafeBufferPointer { TextSummary.measure($0) }
                    let expected = (slice.count, text.utf16.count, text.unicodeScalars.count, slice.filter { $0 == 0x0A }.count)
                    let context = "round \(round) from \(from) of \(string.debugDescription); seed \(seed)"
                    #expect(summary.utf8 == expected.0 && summary.utf16 == expected.1 && summary.scalars == expected.2
                            && summary.newlines == expected.3 && summary.graphemes == 0, "\(summary) for \(context)")
                    #expect(isSimple == slice.allSatisfy { $0 < 0x80 && $0 != 0x0D }, "isSimple for \(context)")
                    let flagged = slice.withUnsafeBufferPointer { TextSummary.measureFlagging($0) }
                    #expect(flagged.summary == summary, "measureFlagging for \(context)")
                    #expect(flagged.nonASCII == slice.contains { $0 >= 0x80 } && flagged.carriageReturn == slice.contains(0x0D),
                            "flags for \(context)")
                }
            }
        }
    }

    /// The tail of a scan, read as one word: exactly its bytes in the low lanes, zero above, read
    /// from a buffer that ends where they end (the allocation is the bytes alone).
    @Test func partialWordHoldsExactlyTheTailBytes() {
        for count in 1...7 {
            for offset in 0..<3 {
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: offset + count, alignment: 1)
                defer { buffer.deallocate() }
                var expected: UInt64 = 0
                for k in 0..<(offset + count) { buffer.storeBytes(of: UInt8(0xA0 &+ k), toByteOffset: k, as: UInt8.self) }
                for k in 0..<count { expected |= UInt64(0xA0 &+ offset &+ k) << UInt64(8 * k) }
                #expect(Node.partialWord(UnsafeRawPointer(buffer), at: offset, count: count) == expected, "count \(count) at \(offset)")
            }
        }
    }
}
