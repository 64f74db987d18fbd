/// The UAX #29 word-boundary rules (WB1–WB999) over the packed property bytes of a run of scalars.
///
/// Works on bytes from `WordBreakProperty.packed(_:)`, so the caller looks every scalar up once and
/// the rules themselves never allocate. Rule numbers follow UAX #29 for Unicode 15.0.
enum WordBreaker {
    // Raw Word_Break values, as UInt8 for bit tests.
    private static let cr = WordBreakProperty.cr.rawValue
    private static let lf = WordBreakProperty.lf.rawValue
    private static let zwj = WordBreakProperty.zwj.rawValue
    private static let ri = WordBreakProperty.regionalIndicator.rawValue
    private static let katakana = WordBreakProperty.katakana.rawValue
    private static let hebrew = WordBreakProperty.hebrewLetter.rawValue
    private static let singleQuote = WordBreakProperty.singleQuote.rawValue
    private static let doubleQuote = WordBreakProperty.doubleQuote.rawValue
    private static let numeric = WordBreakProperty.numeric.rawValue
    private static let extendNumLet = WordBreakProperty.extendNumLet.rawValue
    private static let wSegSpace = WordBreakProperty.wSegSpace.rawValue
    /// Stands for "no character" (start or end of text); belongs to no class below.
    private static let none: UInt8 = 31

    @inline(__always) private static func bit(_ value: WordBreakProperty) -> UInt32 {
        1 &<< UInt32(value.rawValue)
    }
    @inline(__always) private static func bit(_ value: UInt8) -> UInt32 {
        1 &<< UInt32(value & 31)
    }

    private static let newlines = bit(.newline) | bit(.cr) | bit(.lf)
    private static let ignorable = bit(.extend) | bit(.format) | bit(.zwj)
    private static let ahLetter = bit(.aLetter) | bit(.hebrewLetter)
    /// MidLetter | MidNumLetQ (WB6, WB7).
    private static let midLetterQ = bit(.midLetter) | bit(.midNumLet) | bit(.singleQuote)
    /// MidNum | MidNumLetQ (WB11, WB12).
    private static let midNumQ = bit(.midNum) | bit(.midNumLet) | bit(.singleQuote)
    /// What may precede ExtendNumLet (WB13a).
    private static let beforeExtendNumLet = ahLetter | bit(.numeric) | bit(.katakana) | bit(.extendNumLet)
    /// What may follow ExtendNumLet (WB13b).
    private static let afterExtendNumLet = ahLetter | bit(.numeric) | bit(.katakana)

    /// Calls `body` with every boundary of `props` in ascending order, 0 and `props.count`
    /// included (only 0 when `props` is empty).
    ///
    /// - Complexity: O(n); lookahead over ignorable runs is amortized.
    @inline(__always)
    static func forEachBoundary(_ props: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        let count = props.count
        body(0)
        guard count > 0 else { return }
        let mask = WordBreakProperty.valueMask
        let pictographic = WordBreakProperty.extendedPictographicBit

        var previousRaw = props[0] & mask
        // The effective previous character and the one before it, after WB4 folds
        // Extend/Format/ZWJ into the character they follow.
        var effective = previousRaw
        var effectiveBefore = none
        // Effective Regional_Indicators in a row ending at `effective` (WB15, WB16).
        var regionalRun = effective == ri ? 1 : 0

        /// The first non-ignorable property after index `i`, or `none` at the end (WB6, WB7b, WB12).
        @inline(__always) func following(_ i: Int) -> UInt8 {
            var j = i + 1
            while j < count {
                let value = props[j] & mask
                if bit(value) & ignorable == 0 { return value }
                j += 1
            }
            return none
        }

        for i in 1..<count {
            let packed = props[i]
            let current = packed & mask
            let currentBit = bit(current)
            let previousBit = bit(previousRaw)
            let isBreak: Bool
            if previousRaw == cr && current == lf {
                isBreak = false  // WB3
            } else if previousBit & newlines != 0 || currentBit & newlines != 0 {
                isBreak = true  // WB3a, WB3b
            } else if previousRaw == zwj && packed & pictographic != 0 {
                isBreak = false  // WB3c
            } else if previousRaw == wSegSpace && current == wSegSpace {
                isBreak = false  // WB3d
            } else if currentBit & ignorable != 0 {
                isBreak = false  // WB4
            } else {
                isBreak = !joins(
                    effectiveBefore, effective, current, regionalRun: regionalRun,
                    next: { following(i) })
            }
            if isBreak { body(i) }
            // An ignorable that WB4 attached leaves the effective context unchanged.
            if isBreak || currentBit & ignorable == 0 {
                effectiveBefore = effective
                effective = current
                regionalRun = current == ri ? regionalRun + 1 : 0
            }
            previousRaw = current
        }
        body(count)
    }

    /// Whether rules WB5–WB16 keep `current` in the same word as the effective previous character.
    @inline(__always)
    private static func joins(
        _ before: UInt8, _ previous: UInt8, _ current: UInt8, regionalRun: Int, next: () -> UInt8
    ) -> Bool {
        let p = bit(previous)
        let c = bit(current)
        if p & ahLetter != 0 {
            if c & ahLetter != 0 { return true }  // WB5
            if current == numeric { return true }  // WB9
            if c & midLetterQ != 0, bit(next()) & ahLetter != 0 { return true }  // WB6
            if previous == hebrew {
                if current == singleQuote { return true }  // WB7a
                if current == doubleQuote, next() == hebrew { return true }  // WB7b
            }
        }
        if p & midLetterQ != 0, c & ahLetter != 0, bit(before) & ahLetter != 0 { return true }  // WB7
        if previous == doubleQuote, current == hebrew, before == hebrew { return true }  // WB7c
        if previous == numeric {
            if current == numeric || c & ahLetter != 0 { return true }  // WB8, WB10
            if c & midNumQ != 0, next() == numeric { return true }  // WB12
        }
        if p & midNumQ != 0, current == numeric, before == numeric { return true }  // WB11
        if previous == katakana, current == katakana { return true }  // WB13
        if current == extendNumLet, p & beforeExtendNumLet != 0 { return true }  // WB13a
        if previous == extendNumLet, c & afterExtendNumLet != 0 { return true }  // WB13b
        if previous == ri, current == ri, regionalRun % 2 == 1 { return true }  // WB15, WB16
        return false  // WB999
    }
}
