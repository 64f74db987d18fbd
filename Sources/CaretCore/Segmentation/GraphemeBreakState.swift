/// The grapheme-cluster rule state after a run of scalars that started on a cluster boundary:
/// what UAX #29 (Unicode 15.0, rules GB1–GB999) needs to decide whether the next scalar starts a
/// new cluster.
///
/// Carries the previous scalar's property, the parity of the regional-indicator run (GB12, GB13)
/// and whether an `Extended_Pictographic Extend* ZWJ` sequence has just ended (GB11). Unicode 15.0
/// has no `Indic_Conjunct_Break`, so there is no GB9c state. A fresh state stands at a boundary,
/// such as the start of text or of a rope leaf; a state can be carried from one buffer into the next.
public struct GraphemeBreakState: Sendable, Hashable {
    /// The packed table byte of the previous scalar, or `GraphemeBreakState.start`.
    @usableFromInline var previous: UInt8
    /// Bit 0: the previous scalar ends an odd run of regional indicators. Bit 1: the scalars since
    /// the last `Extended_Pictographic` are all Extend. Bit 2: the previous scalar is a ZWJ that
    /// ends `Extended_Pictographic Extend* ZWJ`.
    @usableFromInline var flags: UInt8

    /// No previous scalar: a boundary comes before whatever follows (GB1).
    @usableFromInline static let start: UInt8 = 0xFF

    /// A state at a cluster boundary (the start of text).
    @inlinable public init() {
        previous = Self.start
        flags = 0
    }

    /// Whether this state stands at a boundary with nothing consumed since.
    public var isAtStart: Bool { previous == Self.start }

    /// Consumes `scalar` and returns whether a cluster boundary comes before it.
    ///
    /// - Complexity: O(1): a table search among the few ranges of the scalar's 256-scalar block.
    public mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        consume(packed: GraphemePropertyCache.packed(scalar.value))
    }

    /// Consumes a scalar by its packed property byte; returns whether a boundary comes before it.
    @inline(__always)
    mutating func consume(packed: UInt8) -> Bool {
        let isBreak = GraphemeBreaker.isBreak(previous: previous, flags: flags, next: packed)
        flags = GraphemeBreaker.flags(after: flags, next: packed)
        previous = packed
        return isBreak
    }

    /// Consumes an ASCII scalar; returns whether a boundary comes before it. ASCII is never
    /// Extend, pictographic, Hangul or a regional indicator, so only CR LF (GB3) and a Prepend
    /// before a non-control (GB9b) join; the first scalar and everything else break.
    @inline(__always)
    mutating func consumeASCII(_ byte: UInt8) -> Bool {
        let packed = GraphemePropertyCache.asciiPacked(byte)
        let p = previous & GraphemeBreakProperty.valueMask
        let isBreak: Bool
        if p == GraphemeBreakProperty.cr.rawValue {
            isBreak = byte != 0x0A
        } else if p == GraphemeBreakProperty.prepend.rawValue {
            isBreak = packed != GraphemeBreakProperty.other.rawValue
        } else {
            isBreak = true
        }
        previous = packed
        flags = 0
        return isBreak
    }

    /// Whether a boundary comes before any ASCII scalar other than LF: true unless the previous
    /// scalar is a Prepend (GB9b). After CR only LF joins (GB3, GB4).
    @inline(__always)
    var breaksBeforeASCII: Bool {
        previous & GraphemeBreakProperty.valueMask != GraphemeBreakProperty.prepend.rawValue
    }

    /// Sets the state after a run of ASCII scalars ending with `byte`: no flags can be set.
    @inline(__always)
    mutating func setASCII(_ byte: UInt8) {
        previous = GraphemePropertyCache.asciiPacked(byte)
        flags = 0
    }
}
