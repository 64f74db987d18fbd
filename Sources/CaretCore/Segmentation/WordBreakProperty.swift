/// The Unicode `Word_Break` property value of a scalar (UAX #29), with the two extra facts word
/// segmentation needs packed beside it in the generated table.
///
/// Raw values must match `WB_VALUES` in `scripts/gen-unicode-tables.py`.
enum WordBreakProperty: UInt8, Sendable {
    case other = 0
    case cr, lf, newline, extend, zwj, regionalIndicator, format
    case katakana, hebrewLetter, aLetter, singleQuote, doubleQuote, midNumLet, midLetter, midNum
    case numeric, extendNumLet, wSegSpace

    /// The bit of a packed byte that marks `Extended_Pictographic`.
    static let extendedPictographicBit: UInt8 = 0x20
    /// The bit of a packed byte that marks a letter or number whose `Word_Break` is Other.
    static let letterOtherBit: UInt8 = 0x40
    /// The bits of a packed byte that hold the `Word_Break` value.
    static let valueMask: UInt8 = 0x1F

    /// The property of `scalar`.
    init(_ scalar: Unicode.Scalar) {
        self = WordBreakProperty(rawValue: WordBreakProperty.packed(scalar) & WordBreakProperty.valueMask)!
    }

    /// Whether `scalar` is `Extended_Pictographic`.
    static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool {
        packed(scalar) & extendedPictographicBit != 0
    }

    /// The packed table byte of `scalar`: Latin-1 directly, the rest by binary search.
    @inline(__always)
    static func packed(_ scalar: Unicode.Scalar) -> UInt8 {
        let value = scalar.value
        if value < 0x100 {
            return latin1Table.withUnsafeBufferPointer { $0[Int(value)] }
        }
        return rangeTable.withUnsafeBufferPointer { lookUp(value, in: $0) }
    }

    /// The packed byte for `value` (above Latin-1 or not) in a sorted change-point table.
    @inline(__always)
    static func lookUp(_ value: UInt32, in table: UnsafeBufferPointer<UInt32>) -> UInt8 {
        UInt8(truncatingIfNeeded: table[entryIndex(value, in: table)])
    }

    /// The index of the last entry of `table` whose start is not above `value`. Entry 0 starts
    /// at 0, so one always exists.
    @inline(__always)
    static func entryIndex(_ value: UInt32, in table: UnsafeBufferPointer<UInt32>) -> Int {
        var low = 0
        var high = table.count
        while high - low > 1 {
            let mid = (low &+ high) &>> 1
            if table[mid] &>> 8 <= value {
                low = mid
            } else {
                high = mid
            }
        }
        return low
    }
}
