import CaretCore

/// The reader and writer of each format: the one place a format's implementation plugs in.
extension DocumentFormat {
    /// This format's reader and writer.
    ///
    /// A new format is one case here with its functions (or `.notSupportedYet(name)` until they
    /// exist), plus its names and extensions in `DocumentFormat`: the loss rule, the CLI flags and
    /// the Lua API then know it.
    public var codec: DocumentCodec {
        switch self {
        case .markup: DocumentCodec(name: name, read: Self.readMarkup, write: Self.writeMarkup)
        case .json: DocumentCodec(name: name, read: Self.readJSON, write: Self.writeJSON)
        case .text: DocumentCodec(name: name, read: Self.readText, write: Self.writeText)
        case .markdown: DocumentCodec(name: name, read: { try Markdown.parse($0) }, write: { Markdown.print($0) })
        case .rtf: DocumentCodec(name: name, read: { try RTF.parse($0) }, write: { RTF.print($0) })
        case .html: DocumentCodec(name: name, read: { try HTML.parse($0) }, write: { HTML.print($0) })
        }
    }

    /// Markup: the file's last line break (LF or CRLF) ends the file, not the document; it is
    /// what `writeMarkup` adds, so `caret replay --print markup > doc.caret` reads back the same.
    @Sendable static func readMarkup(_ text: String) throws -> (DocumentState, [FormatLoss]) {
        (try Markup.parse(withoutFinalLineBreak(text)), [])
    }

    @Sendable static func writeMarkup(_ state: DocumentState) -> (String, [FormatLoss]) {
        (Markup.print(state) + "\n", [])
    }

    /// JSON: a document that is not one is located by the path of the value at fault.
    @Sendable static func readJSON(_ text: String) throws -> (DocumentState, [FormatLoss]) {
        do {
            return (try DocumentJSON.decode(text), [])
        } catch let error as DocumentJSONError {
            let (line, column) = JSONLocator.position(of: error.path, in: text) ?? (1, 1)
            throw DocumentReadError(line: line, column: column, message: error.description)
        }
    }

    @Sendable static func writeJSON(_ state: DocumentState) -> (String, [FormatLoss]) {
        (DocumentJSON.encodeString(state) + "\n", [])
    }

    /// Text: every character, line breaks included, and no attributes.
    @Sendable static func readText(_ text: String) -> (DocumentState, [FormatLoss]) {
        (DocumentState(text: AttributedText(text)), [])
    }

    /// Text: the characters alone. Attributes, the selection and typing attributes are dropped
    /// without a loss: choosing plain text is choosing that.
    @Sendable static func writeText(_ state: DocumentState) -> (String, [FormatLoss]) {
        (state.text.string, [])
    }

    /// `text` without one final LF or CRLF (a slice: a large file is not copied).
    static func withoutFinalLineBreak(_ text: String) -> Substring {
        var scalars = text.unicodeScalars[...]
        guard scalars.last == "\n" else { return text[...] }
        scalars.removeLast()
        if scalars.last == "\r" { scalars.removeLast() }
        return Substring(scalars)
    }
}
