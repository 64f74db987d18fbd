/// Choosing a document format went wrong: a name or an extension Caret does not know, a path
/// without an extension, or a format Caret knows but cannot read or write yet.
///
/// Callers add how to choose a format explicitly (`--in-format FORMAT`, a Lua format argument).
public enum DocumentFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No format has this name.
    case unknownName(String)
    /// No format has this extension (given without the dot).
    case unknownExtension(path: String, extension: String)
    /// The path has no extension to choose a format by.
    case noExtension(path: String)
    /// The format is known, so its files are never taken for another format's, but it cannot be
    /// read (`reading`) or written yet.
    case notSupportedYet(format: String, reading: Bool)

    /// The message without the path: `unknown extension '.doc' (known: .caret, .markup, …)`.
    public var message: String {
        switch self {
        case .unknownName(let name):
            "unknown format '\(name)' (known: \(DocumentFormat.knownNames))"
        case .unknownExtension(_, let found):
            "unknown extension '.\(found)' (known: \(DocumentFormat.knownExtensions))"
        case .noExtension:
            "no extension to choose a format by (known: \(DocumentFormat.knownExtensions))"
        case .notSupportedYet(let format, let reading):
            "\(format) is not supported yet: Caret cannot \(reading ? "read" : "write") it "
                + "(choose \(DocumentFormat.supported.map(\.name).joined(separator: ", ")))"
        }
    }

    /// The path the error is about, if any.
    public var path: String? {
        switch self {
        case .unknownExtension(let path, _), .noExtension(let path): path
        case .unknownName, .notSupportedYet: nil
        }
    }

    /// `notes.doc: unknown extension '.doc' (known: …)`; the message alone without a path.
    public var description: String { path.map { "\($0): \(message)" } ?? message }
}

/// An error a format's reader throws at a place in the text: 1-based line (lines end at LF) and
/// column (in Unicode scalars). `DocumentCodec.read` reports these as `DocumentReadError`.
public protocol LocatedFormatError: Error {
    /// 1-based line.
    var line: Int { get }
    /// 1-based column, in Unicode scalars.
    var column: Int { get }
    /// What was wrong, without the place.
    var message: String { get }
}

extension SyntaxError: LocatedFormatError {}

/// Text that is not valid in the format it is read as, located in the text. Prints as
/// `line:col: message`; the command line puts the file's name in front.
public struct DocumentReadError: LocatedFormatError, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line (lines end at LF).
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int
    /// What was wrong.
    public let message: String

    /// An error at `line`:`column`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:col: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
