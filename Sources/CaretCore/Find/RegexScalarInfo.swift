/// What the matcher asks about a scalar: whether it is a word, digit or space scalar (`\w`, `\d`,
/// `\s`, `\b`) and its simple case forms. ASCII is answered by arithmetic and a table; other
/// scalars from the stdlib's Unicode properties, remembered in a small direct-mapped cache because
/// texts reuse few distinct scalars and a case mapping costs a lookup of a `String`.
///
/// - `\w`: Alphabetic, a mark (Mn, Mc, Me), a decimal digit (Nd), connector punctuation (Pc) or a
///   join control (ZWJ, ZWNJ): the word characters of Unicode's regular-expression guidelines.
/// - `\d`: a decimal digit (General_Category Nd), not only 0–9.
/// - `\s`: White_Space.
/// - The case fold of a scalar is the lowercase form of its uppercase form, each taken only when
///   the stdlib maps the scalar to a single scalar (so `ß` stays `ß`, `ſ` folds to `s`, `K` (Kelvin
///   sign) to `k`): an approximation of Unicode's simple case folding.
final class RegexScalarInfo {
    /// Property bits: a word scalar.
    static let word: UInt8 = 1
    /// Property bits: a decimal digit.
    static let digit: UInt8 = 2
    /// Property bits: white space.
    static let space: UInt8 = 4

    private struct Entry {
        var key: UInt32 = .max
        var properties: UInt8 = 0
        var upper: UInt32 = 0
        var fold: UInt32 = 0
    }

    @exclusivity(unchecked) private var entries = [Entry](repeating: Entry(), count: 1024)

    /// The property bits of every ASCII scalar.
    private static let asciiProperties: [UInt8] = (0..<128).map { value in
        let byte = UInt8(value)
        var bits: UInt8 = 0
        let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
        let isDigit = byte >= 0x30 && byte <= 0x39
        if isLetter || isDigit || byte == 0x5F { bits |= word }
        if isDigit { bits |= digit }
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { bits |= space }
        return bits
    }

    /// The property bits (`word`, `digit`, `space`) of the scalar value `value`.
    @inline(__always)
    func properties(_ value: UInt32) -> UInt8 {
        if value < 0x80 { return Self.asciiProperties.withUnsafeBufferPointer { $0[Int(value)] } }
        return entry(value).properties
    }

    /// The case fold of `value` (see the type's summary).
    @inline(__always)
    func fold(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value | 0x20 : value }
        return entry(value).fold
    }

    /// The simple uppercase form of `value` (itself when the stdlib maps it to several scalars).
    @inline(__always)
    func upper(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value >= 0x61 && value <= 0x7A ? value & ~0x20 : value }
        return entry(value).upper
    }

    // Out of line: `Unicode.Scalar.Properties` is a resilient stdlib type, and code using it
    // inline makes every caller look up its metadata and size its stack frame at run time.
    @inline(never)
    private func entry(_ value: UInt32) -> Entry {
        let slot = Int(value & 1023)
        if entries[slot].key == value { return entries[slot] }
        let entry = Self.compute(value)
        entries[slot] = entry
        return entry
    }

    @inline(never)
    private static func compute(_ value: UInt32) -> Entry {
        guard let scalar = Unicode.Scalar(value) else { return Entry(key: value, properties: 0, upper: value, fold: value) }
        let properties = scalar.properties
        var bits: UInt8 = 0
        switch properties.generalCategory {
        case .decimalNumber: bits |= word | digit
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: bits |= word
        default: if properties.isAlphabetic || properties.isJoinControl { bits |= word }
        }
        if properties.isWhitespace { bits |= space }
        let upper = single(properties.uppercaseMapping) ?? scalar
        let fold = single(upper.properties.lowercaseMapping) ?? upper
        return Entry(key: value, properties: bits, upper: upper.value, fold: fold.value)
    }

    /// The only scalar of `mapping`, or nil when it has none or several.
    private static func single(_ mapping: String) -> Unicode.Scalar? {
        var scalars = mapping.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }
}
