#if !canImport(Darwin)
import Foundation

// Foundation on Linux (swift-foundation) has no `InlinePresentationIntent` or `PresentationIntent`:
// Apple's Foundation framework defines them, and its `AttributedString` Codable writes them as
// `NSInlinePresentationIntent` and `NSPresentationIntent`. These stand-ins have the same names,
// the same shape (the part Caret uses) and the same Codable form, so the converter is written
// once and on Apple platforms uses Foundation's own types instead.

/// The inline intents Markdown gives text (emphasis, code, strikethrough), as bits; the raw
/// values are Apple's (`emphasized` 1, `stronglyEmphasized` 2, `code` 4, `strikethrough` 32, …),
/// encoded as one number.
public struct InlinePresentationIntent: OptionSet, Hashable, Codable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// An intent from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Emphasis (italic).
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// Strong emphasis (bold).
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    /// Code voice.
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    /// Struck through.
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
    /// A soft line break in Markdown source.
    public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
    /// A hard line break in Markdown source.
    public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    /// Inline HTML.
    public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
    /// Block HTML.
    public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)
}

/// The block structure text belongs to: a chain of components from the innermost (a paragraph,
/// a header) to the outermost (a list, a block quote), each with an identity that tells one
/// block from the next. Encoded as `{"components": [{"identity": 2, "kind": ["paragraph"]}, …]}`.
public struct PresentationIntent: Hashable, Codable, Sendable {
    /// One component: its kind and its identity.
    public struct IntentType: Hashable, Codable, Sendable {
        /// What the block is.
        public var kind: Kind
        /// Which block it is: equal identities are the same block.
        public var identity: Int
        /// A component.
        public init(kind: Kind, identity: Int) {
            self.kind = kind
            self.identity = identity
        }
    }

    /// The column of a table (carried but not used by Caret).
    public struct TableColumn: Hashable, Codable, Sendable {
        /// A column's alignment.
        public enum Alignment: Int, Hashable, Codable, Sendable {
            /// Left, center, right.
            case left, center, right
        }
        /// The column's alignment.
        public var alignment: Alignment
        /// A column.
        public init(alignment: Alignment) { self.alignment = alignment }
    }

    /// The kinds of block Markdown has.
    public enum Kind: Hashable, Sendable {
        /// A paragraph.
        case paragraph
        /// A heading of `level` 1–6.
        case header(level: Int)
        /// A numbered list (its items are `listItem`s).
        case orderedList
        /// A bulleted list.
        case unorderedList
        /// An item of a list, `ordinal` counting from 1.
        case listItem(ordinal: Int)
        /// A code block, with the language its fence named.
        case codeBlock(languageHint: String?)
        /// A block quote.
        case blockQuote
        /// A horizontal rule.
        case thematicBreak
        /// A table.
        case table(columns: [TableColumn])
        /// A table's header row.
        case tableHeaderRow
        /// A table's body row.
        case tableRow(rowIndex: Int)
        /// A table's cell.
        case tableCell(columnIndex: Int)
    }

    /// Innermost first.
    public var components: [IntentType]

    /// An intent of `kind` inside `parent`.
    public init(_ kind: Kind, identity: Int, parent: PresentationIntent? = nil) {
        components = [IntentType(kind: kind, identity: identity)] + (parent?.components ?? [])
    }
}

extension PresentationIntent.Kind: Codable {
    /// `["header", 1]`: the case's name, then its associated values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        switch self {
        case .paragraph: try container.encode("paragraph")
        case .header(let level): try container.encode("header"); try container.encode(level)
        case .orderedList: try container.encode("orderedList")
        case .unorderedList: try container.encode("unorderedList")
        case .listItem(let ordinal): try container.encode("listItem"); try container.encode(ordinal)
        case .codeBlock(let hint):
            try container.encode("codeBlock")
            if let hint { try container.encode(hint) }
        case .blockQuote: try container.encode("blockQuote")
        case .thematicBreak: try container.encode("thematicBreak")
        case .table(let columns): try container.encode("table"); try container.encode(columns)
        case .tableHeaderRow: try container.encode("tableHeaderRow")
        case .tableRow(let index): try container.encode("tableRow"); try container.encode(index)
        case .tableCell(let index): try container.encode("tableCell"); try container.encode(index)
        }
    }

    /// Reads the form `encode(to:)` writes; a code block's hint may be absent or null.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let name = try container.decode(String.self)
        switch name {
        case "paragraph": self = .paragraph
        case "header": self = .header(level: try container.decode(Int.self))
        case "orderedList": self = .orderedList
        case "unorderedList": self = .unorderedList
        case "listItem": self = .listItem(ordinal: try container.decode(Int.self))
        case "codeBlock":
            self = .codeBlock(languageHint: container.isAtEnd ? nil : try container.decodeNil() ? nil : try container.decode(String.self))
        case "blockQuote": self = .blockQuote
        case "thematicBreak": self = .thematicBreak
        case "table": self = .table(columns: try container.decode([PresentationIntent.TableColumn].self))
        case "tableHeaderRow": self = .tableHeaderRow
        case "tableRow": self = .tableRow(rowIndex: try container.decode(Int.self))
        case "tableCell": self = .tableCell(columnIndex: try container.decode(Int.self))
        default:
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown presentation intent kind \(name.debugDescription)")
        }
    }
}
#endif
