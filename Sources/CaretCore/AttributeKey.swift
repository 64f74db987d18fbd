/// The name of one attribute: a closed set of typed keys plus custom string keys for scripts.
///
/// Keys order canonically: the built-in keys in declaration order, then custom keys by name.
public enum AttributeKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    case bold, italic, underline, strikethrough, code
    case fontSize, fontFamily, foregroundColor, backgroundColor, link
    /// Paragraph attributes: each covers whole paragraphs (every character from a paragraph's
    /// start through its line break), as Foundation's `presentationIntent` and UIKit's
    /// `NSParagraphStyle` do. `heading` is a level 1–6; `listStyle` is "bullet" or "ordered" and
    /// `listLevel` its nesting depth from 1; `blockQuote` and `codeBlock` are true or absent;
    /// `alignment` is "left", "center", "right" or "justified" (absent: natural).
    case heading, listStyle, listLevel, blockQuote, codeBlock, alignment
    /// A script-defined key. Its name is never one of the built-in names.
    case custom(String)

    /// The built-in keys in canonical order.
    public static let builtIn: [AttributeKey] = [
        .bold, .italic, .underline, .strikethrough, .code,
        .fontSize, .fontFamily, .foregroundColor, .backgroundColor, .link,
        .heading, .listStyle, .listLevel, .blockQuote, .codeBlock, .alignment,
    ]

    /// The keys that cover whole paragraphs.
    public static let paragraphKeys: [AttributeKey] = [.heading, .listStyle, .listLevel, .blockQuote, .codeBlock, .alignment]

    /// The five boolean traits a toolbar toggles.
    public static let traits: [AttributeKey] = [.bold, .italic, .underline, .strikethrough, .code]

    /// The key's name as scripts, markup and JSON spell it (`bold`, `fontSize`, or the custom name).
    public var name: String {
        switch self {
        case .bold: "bold"
        case .italic: "italic"
        case .underline: "underline"
        case .strikethrough: "strikethrough"
        case .code: "code"
        case .fontSize: "fontSize"
        case .fontFamily: "fontFamily"
        case .foregroundColor: "foregroundColor"
        case .backgroundColor: "backgroundColor"
        case .link: "link"
        case .heading: "heading"
        case .listStyle: "listStyle"
        case .listLevel: "listLevel"
        case .blockQuote: "blockQuote"
        case .codeBlock: "codeBlock"
        case .alignment: "alignment"
        case .custom(let name): name
        }
    }

    public var description: String { name }

    /// The key named `name`: a built-in key when the name is one, otherwise a custom key.
    /// Returns nil for an empty name.
    public init?(name: String) {
        guard !name.isEmpty else { return nil }
        if let key = AttributeKey.builtIn.first(where: { $0.name == name }) {
            self = key
        } else {
            self = .custom(name)
        }
    }

    /// Whether the key is one of the boolean traits (bold, italic, underline, strikethrough, code).
    public var isTrait: Bool {
        switch self {
        case .bold, .italic, .underline, .strikethrough, .code: true
        default: false
        }
    }

    /// Whether the key is a paragraph attribute (covers whole paragraphs).
    public var isParagraph: Bool {
        switch self {
        case .heading, .listStyle, .listLevel, .blockQuote, .codeBlock, .alignment: true
        default: false
        }
    }

    var canonicalRank: Int {
        if case .custom = self { return AttributeKey.builtIn.count }
        return AttributeKey.builtIn.firstIndex(of: self)!
    }

    public static func < (lhs: AttributeKey, rhs: AttributeKey) -> Bool {
        let (l, r) = (lhs.canonicalRank, rhs.canonicalRank)
        if l != r { return l < r }
        if case .custom(let a) = lhs, case .custom(let b) = rhs { return a.utf8.lexicographicallyPrecedes(b.utf8) }
        return false
    }
}

/// The value of one attribute.
public enum AttributeValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    case string(String)

    public var description: String {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .number(let n): AttributeValue.format(n)
        case .string(let s): s
        }
    }

    /// The value for an error message: at most 64 bytes of it (a cut string ends in `…`), so a
    /// huge value in a document is not echoed back whole.
    public var quotable: String {
        description.quotedForError
    }

    /// A number as output prints it: integral values without a fraction (`14`, not `14.0`),
    /// others in Swift's shortest round-tripping form. Deterministic on every machine.
    public static func format(_ n: Double) -> String {
        if n.isFinite, abs(n) < 1e15, n == Double(Int64(n)) { return String(Int64(n)) }
        return String(n)
    }
}
