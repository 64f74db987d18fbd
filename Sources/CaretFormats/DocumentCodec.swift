import CaretCore

/// A format's reader and writer, and the loss rule around them: what the reader or writer
/// reports it could not carry is an error (`FormatLossError`) unless the caller accepts the loss,
/// and is then returned, one loss per kind at its first offset.
///
/// `DocumentFormat.codec` holds the codec of each known format. A codec can also be made for a
/// format of one's own (a test's deliberately lossy writer, say) and gets the same rule.
public struct DocumentCodec: Sendable {
    /// Reads the contents of a file: the document, and what has no place in it.
    public typealias Reader = @Sendable (String) throws -> (DocumentState, [FormatLoss])
    /// Writes a document: the contents of a file, and what the format cannot carry.
    public typealias Writer = @Sendable (DocumentState) throws -> (String, [FormatLoss])

    /// The format's name in messages (`markdown`).
    public var name: String
    /// The reader, or nil when the format cannot be read yet.
    public var reader: Reader?
    /// The writer, or nil when the format cannot be written yet.
    public var writer: Writer?

    /// A codec reading with `read` and writing with `write` (nil: "not supported yet").
    public init(name: String, read: Reader?, write: Writer?) {
        self.name = name
        self.reader = read
        self.writer = write
    }

    /// A codec for a format that is known but can be neither read nor written yet.
    public static func notSupportedYet(_ name: String) -> DocumentCodec {
        DocumentCodec(name: name, read: nil, write: nil)
    }

    /// Whether there is a reader.
    public var canRead: Bool { reader != nil }
    /// Whether there is a writer.
    public var canWrite: Bool { writer != nil }

    /// Reads `text` after dropping a leading byte order mark (a file signature, not text).
    /// - Returns: the document and the losses (one per kind, sorted by offset), which are empty
    ///   unless `acceptingLoss`.
    /// - Throws: `DocumentFormatError.notSupportedYet` without a reader; `DocumentReadError` for
    ///   text the reader refuses (located when the reader's error is a `LocatedFormatError`, else
    ///   at 1:1); `FormatLossError` (reading) for losses not accepted.
    public func read(_ text: String, acceptingLoss: Bool) throws -> (state: DocumentState, losses: [FormatLoss]) {
        guard let reader else { throw DocumentFormatError.notSupportedYet(format: name, reading: true) }
        var body = text
        if body.unicodeScalars.first == "\u{FEFF}" { body = String(body.unicodeScalars.dropFirst()) }
        let state: DocumentState
        let found: [FormatLoss]
        do {
            (state, found) = try reader(body)
        } catch let error as DocumentReadError {
            throw error
        } catch let error as LocatedFormatError {
            throw DocumentReadError(line: error.line, column: error.column, message: error.message)
        } catch let error as DocumentFormatError {
            throw error
        } catch {
            throw DocumentReadError(line: 1, column: 1, message: "\(error)")
        }
        let losses = Self.collected(found)
        if !losses.isEmpty && !acceptingLoss { throw FormatLossError(format: name, losses: losses, reading: true) }
        return (state, losses)
    }

    /// Writes `state`; text that starts with U+FEFF is preceded by a byte order mark, which
    /// `read` drops, so the character survives the round trip.
    /// - Returns: the text and the losses (one per kind, sorted by offset), which are empty
    ///   unless `acceptingLoss`.
    /// - Throws: `DocumentFormatError.notSupportedYet` without a writer; `FormatLossError` for
    ///   losses not accepted; whatever the writer throws.
    public func write(_ state: DocumentState, acceptingLoss: Bool) throws -> (text: String, losses: [FormatLoss]) {
        guard let writer else { throw DocumentFormatError.notSupportedYet(format: name, reading: false) }
        var (text, found) = try writer(state)
        // `read` drops a leading byte order mark; text that starts with U+FEFF gets one so that
        // reading it back keeps the character.
        if text.unicodeScalars.first == "\u{FEFF}" { text = "\u{FEFF}" + text }
        let losses = Self.collected(found)
        if !losses.isEmpty && !acceptingLoss { throw FormatLossError(format: name, losses: losses) }
        return (text, losses)
    }

    /// `losses` with one per kind, the first offset of each, sorted by offset then name.
    static func collected(_ losses: [FormatLoss]) -> [FormatLoss] {
        guard !losses.isEmpty else { return [] }
        var collector = FormatLossCollector()
        for loss in losses { collector.note(loss) }
        return collector.losses
    }
}
