/// A unit in which a position in text can be counted.
public enum TextUnit: String, Sendable, CustomStringConvertible {
    case utf16 = "UTF-16"
    case utf8 = "UTF-8"
    case scalars = "Unicode scalars"
    case characters = "grapheme clusters"
    case lines = "lines"

    public var description: String { rawValue }
}

/// A position or range a caller gave that the text cannot accept. Never a trap: every public entry
/// point that takes a position validates it and throws this, naming the offset, the unit and the
/// valid range.
public struct TextError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The offset is negative or past the end.
        case outOfRange
        /// The offset falls between the two halves of a surrogate pair (UTF-16) or inside a
        /// multi-byte sequence (UTF-8).
        case insideScalar
        /// The offset is not on a grapheme-cluster boundary where one is required.
        case insideCharacter
        /// A range whose lower bound is above its upper bound.
        case invertedRange(upper: Int)
    }

    public let kind: Kind
    public let offset: Int
    public let unit: TextUnit
    /// The length of the text in `unit`; valid offsets are `0...length`.
    public let length: Int

    public init(_ kind: Kind, offset: Int, unit: TextUnit, length: Int) {
        self.kind = kind
        self.offset = offset
        self.unit = unit
        self.length = length
    }

    public var description: String {
        switch kind {
        case .outOfRange where offset < 0:
            "offset \(offset) is negative (valid 0...\(length), \(unit))"
        case .outOfRange:
            "offset \(offset) is past the end (length \(length), \(unit))"
        case .insideScalar where unit == .utf16:
            "offset \(offset) is inside a surrogate pair (valid 0...\(length), \(unit))"
        case .insideScalar:
            "offset \(offset) is inside a multi-byte character (valid 0...\(length), \(unit))"
        case .insideCharacter:
            "offset \(offset) is inside a grapheme cluster (valid 0...\(length), \(unit))"
        case .invertedRange(let upper):
            "range \(offset)..<\(upper) has its lower bound above its upper bound (length \(length), \(unit))"
        }
    }
}
