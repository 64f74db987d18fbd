import Testing
@testable import CaretCore

/// The fast lookups of `GraphemePropertyCache` agree with the generated table everywhere.
@Suite struct GraphemePropertyTableTests {
    @Test func fastPathsMatchTheGeneratedTableForEveryScalar() {
        var cache = GraphemePropertyCache()
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let expected = GraphemeBreakProperty.packed(value)
            let actual = cache.packed(value)
            if (actual != expected || GraphemePropertyCache.packed(value) != expected) && mismatches.count < 10 {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(actual) != \(expected)")
            }
        }
        // A second pass in descending order defeats the remembered range.
        var reverse = GraphemePropertyCache()
        for value in stride(from: UInt32(0x10FFFF), through: 0, by: -1) where reverse.packed(value) != GraphemeBreakProperty.packed(value) {
            if mismatches.count < 20 { mismatches.append("reverse U+\(String(value, radix: 16, uppercase: true))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func asciiAndHangulArithmeticMatchTheTable() {
        for byte in UInt8(0)..<0x80 {
            #expect(GraphemePropertyCache.asciiPacked(byte) == GraphemeBreakProperty.packed(UInt32(byte)), "\(byte)")
        }
        for value in UInt32(0xAC00)...0xD7A3 {
            #expect(GraphemePropertyCache.hangulSyllablePacked(value) == GraphemeBreakProperty.packed(value))
        }
    }
}
