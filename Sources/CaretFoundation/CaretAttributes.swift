import Foundation

extension AttributeScopes {
    /// Caret's attributes in an `AttributedString`: the keys `AttributedText` converts to and
    /// from, under the names Apple's frameworks encode where Caret can write the same value
    /// (`NSLink`, `NSInlinePresentationIntent`, `NSPresentationIntent`, `NSUnderline`,
    /// `NSStrikethrough`), and `caret.`-prefixed names where Apple's value is a platform object
    /// Caret cannot write (colours, fonts, paragraph styles). See docs/foundation.md.
    public struct CaretAttributes: AttributeScope {
        /// `NSLink`: Foundation's own link attribute.
        public let link: AttributeScopes.FoundationAttributes.LinkAttribute
        /// `NSInlinePresentationIntent`: bold, italic, code, strikethrough.
        public let inlinePresentationIntent: InlinePresentationIntentAttribute
        /// `NSPresentationIntent`: headings, lists, block quotes, code blocks.
        public let presentationIntent: PresentationIntentAttribute
        /// `NSUnderline`: underline, as UIKit's and AppKit's `underlineStyle` encodes it.
        public let underlineStyle: UnderlineStyleAttribute
        /// `NSStrikethrough`: read as strikethrough (Caret writes the inline intent instead).
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// `caret.foregroundColor`: `#rrggbb` or `#rrggbbaa`.
        public let foregroundColor: ForegroundColorAttribute
        /// `caret.backgroundColor`: `#rrggbb` or `#rrggbbaa`.
        public let backgroundColor: BackgroundColorAttribute
        /// `caret.fontSize`: points.
        public let fontSize: FontSizeAttribute
        /// `caret.fontFamily`: a family name.
        public let fontFamily: FontFamilyAttribute
        /// `caret.alignment`: `left`, `center`, `right` or `justified`.
        public let alignment: AlignmentAttribute
        /// `caret.custom`: a script's own keys and their values.
        public let custom: CustomAttribute
    }

    /// Caret's scope, for `attributedString.caret.fontSize` and `\.caret` key paths.
    public var caret: CaretAttributes.Type { CaretAttributes.self }
}

#if canImport(Darwin)
extension AttributeScopes.CaretAttributes {
    /// Foundation's own `NSInlinePresentationIntent` key.
    public typealias InlinePresentationIntentAttribute = AttributeScopes.FoundationAttributes.InlinePresentationIntentAttribute
    /// Foundation's own `NSPresentationIntent` key.
    public typealias PresentationIntentAttribute = AttributeScopes.FoundationAttributes.PresentationIntentAttribute
}
#else
extension AttributeScopes.CaretAttributes {
    /// `NSInlinePresentationIntent`, which Foundation on Linux does not define: the same name
    /// and number Apple's Foundation encodes.
    public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
        public typealias Value = InlinePresentationIntent
        public static let name = "NSInlinePresentationIntent"
    }

    /// `NSPresentationIntent`, which Foundation on Linux does not define: the same name and
    /// structure Apple's Foundation encodes.
    public enum PresentationIntentAttribute: CodableAttributedStringKey {
        public typealias Value = PresentationIntent
        public static let name = "NSPresentationIntent"
    }
}
#endif

extension AttributeScopes.CaretAttributes {
    /// `NSUnderline`, an `NSUnderlineStyle` raw value (1 is a single line); Caret writes 1 and
    /// reads any non-zero style as underline.
    public enum UnderlineStyleAttribute: CodableAttributedStringKey {
        public typealias Value = Int
        public static let name = "NSUnderline"
    }

    /// `NSStrikethrough`, an `NSUnderlineStyle` raw value; read as strikethrough.
    public enum StrikethroughStyleAttribute: CodableAttributedStringKey {
        public typealias Value = Int
        public static let name = "NSStrikethrough"
    }

    /// `caret.foregroundColor`: a colour as Caret spells it.
    public enum ForegroundColorAttribute: CodableAttributedStringKey {
        public typealias Value = String
        public static let name = "caret.foregroundColor"
    }

    /// `caret.backgroundColor`: a colour as Caret spells it.
    public enum BackgroundColorAttribute: CodableAttributedStringKey {
        public typealias Value = String
        public static let name = "caret.backgroundColor"
    }

    /// `caret.fontSize`: a size in points.
    public enum FontSizeAttribute: CodableAttributedStringKey {
        public typealias Value = Double
        public static let name = "caret.fontSize"
    }

    /// `caret.fontFamily`: a font family's name.
    public enum FontFamilyAttribute: CodableAttributedStringKey {
        public typealias Value = String
        public static let name = "caret.fontFamily"
    }

    /// `caret.alignment`: a paragraph's alignment.
    public enum AlignmentAttribute: CodableAttributedStringKey {
        public typealias Value = String
        // No `runBoundaries = .paragraph`: Foundation's paragraphs also end at CR and U+2029,
        // Caret's only at LF, and the conversion keeps alignment whole per Caret paragraph.
        public static let name = "caret.alignment"
    }

    /// `caret.custom`: every custom Caret key of a run and its value.
    public enum CustomAttribute: CodableAttributedStringKey {
        public typealias Value = [String: CustomValue]
        public static let name = "caret.custom"
    }

    /// A custom attribute's value: a boolean, a number or a string, encoded as that JSON value.
    public enum CustomValue: Hashable, Codable, Sendable {
        /// `true` or `false`.
        case bool(Bool)
        /// A number.
        case number(Double)
        /// A string.
        case string(String)

        /// Writes the bare JSON value.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            }
        }

        /// Reads a boolean, a number or a string.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }
}
