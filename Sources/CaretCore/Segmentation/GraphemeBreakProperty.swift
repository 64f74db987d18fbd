/// The Unicode `Grapheme_Cluster_Break` property value of a scalar (UAX #29), with
/// `Extended_Pictographic` packed beside it in the generated table.
///
/// Raw values must match `GCB_VALUES` in `scripts/gen-unicode-tables.py`.
enum GraphemeBreakProperty: UInt8, Sendable {
    case other = 0
    case cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark
    case l, v, t, lv, lvt

    /// The bit of a packed byte that marks `Extended_Pictographic`.
    static let extendedPictographicBit: UInt8 = 0x10
    /// The bits of a packed byte that hold the `Grapheme_Cluster_Break` value.
    static let valueMask: UInt8 = 0x0F

    /// The property of `scalar`.
    init(_ scalar: Unicode.Scalar) {
        self = GraphemeBreakProperty(rawValue: GraphemeBreakProperty.packed(scalar) & GraphemeBreakProperty.valueMask)!
    }

    /// The packed table byte of `scalar`: Latin-1 directly, the rest by binary search.
    @inline(__always)
    static func packed(_ scalar: Unicode.Scalar) -> UInt8 {
        packed(scalar.value)
    }

    /// The packed table byte of the scalar value `value`.
    @inline(__always)
    static func packed(_ value: UInt32) -> UInt8 {
        if value < 0x100 {
            return latin1Table.withUnsafeBufferPointer { $0[Int(value)] }
        }
        return rangeTable.withUnsafeBufferPointer { table in
            UInt8(truncatingIfNeeded: table[WordBreakProperty.entryIndex(value, in: table)])
        }
    }
}
