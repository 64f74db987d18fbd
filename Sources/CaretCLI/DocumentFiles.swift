import CaretCore
import CaretFormats

/// The document formats `caret` reads and writes, chosen by file extension or `--format`.
public enum DocumentFormat: String, CaseIterable, Sendable {
    /// Canonical attributed markup (docs/markup.md): `.caret`, `.markup`.
    case markup
    /// Canonical document JSON (docs/json.md): `.json`.
    case json
    /// Plain text, no attributes: `.txt` and anything else.
    case text

    /// The format for `path` by its extension.
    public static func forPath(_ path: String) -> DocumentFormat {
        let lower = path.lowercased()
        if lower.hasSuffix(".caret") || lower.hasSuffix(".markup") { return .markup }
        if lower.hasSuffix(".json") { return .json }
        return .text
    }

    /// The format named `name` (for `--format`), or a usage error listing the choices.
    public static func named(_ name: String) throws -> DocumentFormat {
        guard let format = DocumentFormat(rawValue: name) else {
            throw CLIError.usage("unknown format '\(name)' (expected \(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return format
    }
}

/// Loading and saving documents with errors that name the file and the place.
public enum DocumentFiles {
    /// Parses `text` (the contents of `name`) in `format`, without a leading byte order mark.
    /// A markup file's last line break (LF
    /// or CRLF) ends the file, not the document: it is what `render` writes after the markup, so
    /// `caret replay --print markup > doc.caret` reads back as the same document.
    public static func parse(_ text: String, format: DocumentFormat, name: String) throws -> DocumentState {
        // A byte order mark is a file signature some editors add, not text.
        if text.unicodeScalars.first == "\u{FEFF}" { return try parse(String(text.unicodeScalars.dropFirst()), format: format, name: name) }
        switch format {
        case .text:
            return DocumentState(text: AttributedText(text))
        case .markup:
            do {
                return try Markup.parse(withoutFinalLineBreak(text))
            } catch {
                throw CLIError.data(file: name, line: error.line, column: error.column, error.message)
            }
        case .json:
            do {
                return try DocumentJSON.decode(text)
            } catch let error as JSONError {
                throw CLIError.data(file: name, line: error.line, column: error.column, error.message)
            } catch let error as DocumentJSONError {
                let (line, column) = JSONLocator.position(of: error.path, in: text) ?? (1, 1)
                throw CLIError.data(file: name, line: line, column: column, error.description)
            } catch {
                throw CLIError(.dataError, "\(name): \(error)")
            }
        }
    }

    /// `text` without one final LF or CRLF.
    static func withoutFinalLineBreak(_ text: String) -> String {
        var scalars = text.unicodeScalars[...]
        guard scalars.last == "\n" else { return text }
        scalars.removeLast()
        if scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    /// Loads the document at `path` in its extension's format, or `format` when given.
    public static func load(_ path: String, format: DocumentFormat? = nil) throws -> DocumentState {
        try parse(try FileIO.readText(path), format: format ?? .forPath(path), name: path)
    }

    /// `state` printed in `format` (text drops attributes and selection), ending in a newline
    /// for markup and JSON (which `parse` drops again).
    public static func render(_ state: DocumentState, format: DocumentFormat) -> String {
        switch format {
        case .text: state.text.string
        case .markup: Markup.print(state) + "\n"
        case .json: DocumentJSON.encodeString(state) + "\n"
        }
    }
}
