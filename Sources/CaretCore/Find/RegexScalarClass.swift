/// A set of scalars one pattern position accepts: `.`, `\d`, `\W`, `[a-z_]`, `[^\s,]`.
///
/// Explicit scalar ranges and property classes (`\w`, `\d`, `\s` and their negations), optionally
/// negated as a whole. Case-insensitively, a scalar is in the class when it, its case fold or the
/// uppercase form of its fold is (see `RegexScalarInfo`); negation applies after that.
struct RegexScalarClass: Hashable {
    /// Property bits: `\w`, `\W`, `\d`, `\D`, `\s`, `\S`.
    static let word: UInt8 = 1
    static let notWord: UInt8 = 2
    static let digit: UInt8 = 4
    static let notDigit: UInt8 = 8
    static let space: UInt8 = 16
    static let notSpace: UInt8 = 32

    /// Scalar values in the class.
    var ranges: [ClosedRange<UInt32>] = []
    /// Property classes in the class (`word`, `notWord`…).
    var properties: UInt8 = 0
    /// Whether the class holds every scalar not described by `ranges` and `properties`.
    var isNegated = false

    /// `.`: any scalar but `\n` and `\r`.
    static let dot = RegexScalarClass(ranges: [0x0A...0x0A, 0x0D...0x0D], properties: 0, isNegated: true)

    /// `\w` (`word`), `\d`… outside brackets.
    static func property(_ bit: UInt8) -> RegexScalarClass {
        RegexScalarClass(ranges: [], properties: bit, isNegated: false)
    }

    /// Whether `value` is in the ranges and properties, before case and negation.
    @inline(__always)
    func rawContains(_ value: UInt32, info: RegexScalarInfo) -> Bool {
        for range in ranges where range.contains(value) { return true }
        guard properties != 0 else { return false }
        let bits = info.properties(value)
        if properties & Self.word != 0 && bits & RegexScalarInfo.word != 0 { return true }
        if properties & Self.notWord != 0 && bits & RegexScalarInfo.word == 0 { return true }
        if properties & Self.digit != 0 && bits & RegexScalarInfo.digit != 0 { return true }
        if properties & Self.notDigit != 0 && bits & RegexScalarInfo.digit == 0 { return true }
        if properties & Self.space != 0 && bits & RegexScalarInfo.space != 0 { return true }
        if properties & Self.notSpace != 0 && bits & RegexScalarInfo.space == 0 { return true }
        return false
    }

    /// Whether the class accepts `value`.
    func contains(_ value: UInt32, caseInsensitive: Bool, info: RegexScalarInfo) -> Bool {
        var found = rawContains(value, info: info)
        if !found && caseInsensitive {
            let fold = info.fold(value)
            found = (fold != value && rawContains(fold, info: info))
            if !found {
                let upper = info.upper(fold)
                found = upper != value && upper != fold && rawContains(upper, info: info)
            }
        }
        return found != isNegated
    }

    /// Whether the class may accept some scalar outside ASCII (conservatively).
    func mayMatchNonASCII(caseInsensitive: Bool) -> Bool {
        if isNegated || properties != 0 || caseInsensitive { return true }
        return ranges.contains { $0.upperBound >= 0x80 }
    }
}
