import CaretCore

/// Every document format Caret knows, with the names and file extensions that choose it: the one
/// registry the command line and the Lua API read and write documents through (docs/formats.md).
///
/// A format is chosen explicitly, by a name (`--format md`, `editor:save(path, "json")`) or by a
/// path's extension; an unknown extension, or none, is an error, never a fallback to plain text.
/// Reading and writing follow the loss rule: what a format cannot carry is an error unless the
/// caller accepts the loss, and then it is reported.
///
/// ```swift
/// let format = try DocumentFormat.forPath("notes.json")           // .json
/// let (text, _) = try format.write(state, acceptingLoss: false)   // no losses: JSON carries all
/// let (back, _) = try format.read(text, acceptingLoss: false)     // back == state
/// ```
///
/// A new format is one case here, its extensions below, and its reader and writer in
/// `DocumentFormat+Codecs.swift`.
public enum DocumentFormat: String, CaseIterable, Sendable {
    /// Canonical attributed markup (docs/markup.md): everything, selection and typing attributes too.
    case markup
    /// Canonical document JSON (docs/json.md): everything, as markup.
    case json
    /// Plain text: the characters only. Writing it drops attributes, selection and typing
    /// attributes without an error (choosing text is choosing that); reading it gives none.
    case text
    /// Markdown (CommonMark with GitHub's extensions), read through cmark-gfm (docs/formats-markdown.md).
    case markdown
    /// Rich Text Format (docs/formats-rtf.md).
    case rtf
    /// HTML, read through libxml2's HTML parser (docs/formats-html.md).
    case html

    /// The format's canonical name: `markup`, `json`, `text`, `markdown`, `rtf`, `html`.
    public var name: String { rawValue }

    /// The file extensions that choose this format, lowercase and without the dot, the usual one
    /// first. Extensions match whatever their case (`NOTES.MD` is Markdown).
    public var extensions: [String] {
        switch self {
        case .markup: ["caret", "markup"]
        case .json: ["json"]
        case .text: ["txt"]
        case .markdown: ["md", "markdown"]
        case .rtf: ["rtf"]
        case .html: ["html", "htm"]
        }
    }

    /// Every name that chooses this format: its name, then its extensions (`markdown`, `md`).
    public var names: [String] {
        [name] + extensions.filter { $0 != name }
    }

    /// A few words for messages and docs: "canonical markup", "Markdown".
    public var title: String {
        switch self {
        case .markup: "canonical markup"
        case .json: "document JSON"
        case .text: "plain text"
        case .markdown: "Markdown"
        case .rtf: "RTF"
        case .html: "HTML"
        }
    }

    /// The format one of whose `names` is `name` (any case), or nil.
    public init?(name: String) {
        let lower = name.lowercased()
        guard let format = DocumentFormat.allCases.first(where: { $0.names.contains(lower) }) else { return nil }
        self = format
    }

    /// The format one of whose `extensions` is `pathExtension` (without the dot, any case), or nil.
    public init?(extension pathExtension: String) {
        let lower = pathExtension.lowercased()
        guard let format = DocumentFormat.allCases.first(where: { $0.extensions.contains(lower) }) else { return nil }
        self = format
    }

    /// The format named `name` (any of a format's `names`, any case).
    /// - Throws: `DocumentFormatError.unknownName`, whose message lists the known names.
    public static func named(_ name: String) throws(DocumentFormatError) -> DocumentFormat {
        guard let format = DocumentFormat(name: name) else { throw .unknownName(name) }
        return format
    }

    /// The format `path`'s extension chooses.
    /// - Throws: `DocumentFormatError.unknownExtension` or `.noExtension`; both list the known
    ///   extensions. Nothing falls back to plain text.
    public static func forPath(_ path: String) throws(DocumentFormatError) -> DocumentFormat {
        guard let found = pathExtension(of: path) else { throw .noExtension(path: path) }
        guard let format = DocumentFormat(extension: found) else { throw .unknownExtension(path: path, extension: found) }
        return format
    }

    /// The extension of `path`'s last component, without the dot: `md` for `a/notes.md`; nil for
    /// `notes`, `notes.`, a dot file such as `.caret`, or a path ending in `/`.
    public static func pathExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let found = name[name.index(after: dot)...]
        return found.isEmpty ? nil : String(found)
    }

    /// The known names, comma-separated: `markup, json, text, markdown, rtf, html`.
    public static var knownNames: String { allCases.map(\.name).joined(separator: ", ") }

    /// The known extensions, comma-separated with their dots: `.caret, .markup, .json, …`.
    public static var knownExtensions: String {
        allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
    }

    /// The formats that can be both read and written now, for "choose one of" messages.
    public static var supported: [DocumentFormat] { allCases.filter(\.isSupported) }

    /// Whether this format can be read and written (not "not supported yet").
    public var isSupported: Bool { codec.canRead && codec.canWrite }

    /// Reads `text`, the contents of a file in this format (a leading byte order mark is not text;
    /// for markup, the one line break a file ends with is not part of the document).
    /// - Returns: the document and what reading it dropped (one loss per kind, by offset); the
    ///   losses are empty unless `acceptingLoss` is true.
    /// - Throws: `DocumentReadError` (line and column) when `text` is not valid in the format,
    ///   `FormatLossError` when something in it has no place in a document and `acceptingLoss` is
    ///   false, `DocumentFormatError.notSupportedYet` for a format that cannot be read yet.
    public func read(_ text: String, acceptingLoss: Bool) throws -> (state: DocumentState, losses: [FormatLoss]) {
        try codec.read(text, acceptingLoss: acceptingLoss)
    }

    /// Writes `state` as the contents of a file in this format (markup and JSON end in a line
    /// break, which `read` drops again; text is the characters alone).
    /// - Returns: the text and what it dropped (one loss per kind, by offset); the losses are
    ///   empty unless `acceptingLoss` is true. Plain text drops attributes and the selection
    ///   without reporting them: choosing text is choosing that.
    /// - Throws: `FormatLossError` when the format cannot carry something in `state` and
    ///   `acceptingLoss` is false; `DocumentFormatError.notSupportedYet` for a format that cannot
    ///   be written yet.
    public func write(_ state: DocumentState, acceptingLoss: Bool) throws -> (text: String, losses: [FormatLoss]) {
        try codec.write(state, acceptingLoss: acceptingLoss)
    }
}
