/// The UAX #29 grapheme-cluster rules of Unicode 15.0 (GB1–GB999; GB9c came with 15.1 and is not
/// part of them) over packed property bytes from `GraphemeBreakProperty.packed(_:)`.
///
/// A pair table answers GB3–GB9b; GB11 and GB12/GB13 look at the carried flags.
enum GraphemeBreaker {
    static let riOddFlag: UInt8 = 1
    static let pictographicFlag: UInt8 = 2
    static let pictographicZWJFlag: UInt8 = 4

    private static let zwj = GraphemeBreakProperty.zwj.rawValue
    private static let ri = GraphemeBreakProperty.regionalIndicator.rawValue
    private static let extend = GraphemeBreakProperty.extend.rawValue
    private static let mask = GraphemeBreakProperty.valueMask
    private static let pictographic = GraphemeBreakProperty.extendedPictographicBit

    @inline(__always) private static func bit(_ value: GraphemeBreakProperty) -> UInt16 {
        1 &<< UInt16(value.rawValue)
    }

    private static let marks = bit(.extend) | bit(.zwj) | bit(.spacingMark)
    private static let controls = bit(.control) | bit(.cr) | bit(.lf)

    /// The set of next properties that join a previous property `p` (no boundary between them)
    /// by GB3–GB9b; GB11–GB13 need the carried flags and are decided separately.
    @inline(__always)
    static func joins(after p: UInt8) -> UInt16 {
        switch p {
        case GraphemeBreakProperty.cr.rawValue: return bit(.lf)  // GB3, GB4
        case GraphemeBreakProperty.lf.rawValue, GraphemeBreakProperty.control.rawValue: return 0  // GB4
        case GraphemeBreakProperty.prepend.rawValue: return 0x3FFF & ~controls  // GB9b after GB5
        case GraphemeBreakProperty.l.rawValue: return marks | bit(.l) | bit(.v) | bit(.lv) | bit(.lvt)  // GB6
        case GraphemeBreakProperty.lv.rawValue, GraphemeBreakProperty.v.rawValue:
            return marks | bit(.v) | bit(.t)  // GB7
        case GraphemeBreakProperty.lvt.rawValue, GraphemeBreakProperty.t.rawValue: return marks | bit(.t)  // GB8
        default: return marks  // GB9, GB9a
        }
    }

    /// Whether a boundary comes between the previous scalar (`GraphemeBreakState.start` for none)
    /// and `next`.
    @inline(__always)
    static func isBreak(previous: UInt8, flags: UInt8, next: UInt8) -> Bool {
        if previous == GraphemeBreakState.start { return true }  // GB1
        let p = previous & mask
        let n = next & mask
        if joins(after: p) & (1 &<< UInt16(n)) != 0 { return false }
        if next & pictographic != 0 && flags & pictographicZWJFlag != 0 { return false }  // GB11
        if p == ri && n == ri && flags & riOddFlag != 0 { return false }  // GB12, GB13
        return true  // GB999 (and GB4, GB5)
    }

    /// The flags after `next`, given those before it.
    @inline(__always)
    static func flags(after flags: UInt8, next: UInt8) -> UInt8 {
        let n = next & mask
        var result: UInt8 = 0
        // A regional indicator after an odd run joins it (GB12, GB13), making the run even.
        if n == ri && flags & riOddFlag == 0 { result |= riOddFlag }
        if next & pictographic != 0 || (n == extend && flags & pictographicFlag != 0) {
            result |= pictographicFlag
        }
        if n == zwj && flags & pictographicFlag != 0 { result |= pictographicZWJFlag }
        return result
    }
}
