import CaretCore
import CaretFormats

/// Reading and writing documents for the commands, through the format registry
/// (`DocumentFormat`), with errors that name the file and the place and the loss rule of
/// docs/formats.md: without `--lossy` a loss is an error (65) and nothing is written; with it
/// the document is written and each dropped kind reported on stderr.
public enum DocumentFiles {
    /// Reads the document at `path` ("-": stdin) in `format`.
    /// - Throws: 66 when it cannot be read, 65 (`file:line:col: message`) when it is not valid in
    ///   the format or (without `lossy`) has what a document cannot hold.
    static func load(_ path: String, format: DocumentFormat, lossy: Bool, terminal: Terminal) throws -> DocumentState {
        let name = FormatOptions.name(path, reading: true)
        return try parse(try FileIO.text(try FileIO.read(path), name: name), codec: format.codec, name: name, lossy: lossy, terminal: terminal)
    }

    /// Reads `text`, the contents of `name`, with `codec`.
    static func parse(_ text: String, codec: DocumentCodec, name: String, lossy: Bool, terminal: Terminal) throws -> DocumentState {
        do {
            let (state, losses) = try codec.read(text, acceptingLoss: lossy)
            report(losses, name: name, terminal: terminal)
            return state
        } catch {
            throw failure(error, name: name)
        }
    }

    /// Parses `text` (the contents of `name`) in `format`, accepting no loss.
    public static func parse(_ text: String, format: DocumentFormat, name: String) throws -> DocumentState {
        try parse(text, codec: format.codec, name: name, lossy: false, terminal: .capturing(CapturedOutput()))
    }

    /// `state` as the contents of a file in `codec`'s format, named `name` in messages.
    static func render(_ state: DocumentState, codec: DocumentCodec, name: String, lossy: Bool, terminal: Terminal) throws -> String {
        do {
            let (text, losses) = try codec.write(state, acceptingLoss: lossy)
            report(losses, name: name, terminal: terminal)
            return text
        } catch {
            throw failure(error, name: name)
        }
    }

    /// Writes `state` to `path` atomically, or to stdout when `path` is nil or "-". Nothing is
    /// written when the format would lose something and `lossy` is false.
    static func save(_ state: DocumentState, to path: String?, codec: DocumentCodec, lossy: Bool, terminal: Terminal) throws {
        let text = try render(state, codec: codec, name: FormatOptions.name(path, reading: false), lossy: lossy, terminal: terminal)
        if let path, path != "-" {
            try FileIO.write(text, to: path)
        } else {
            terminal.outRaw(text)
        }
    }

    /// Writes `state` to `path` (nil or "-": stdout) in `format`. Markup and document JSON, which
    /// lose nothing, are written to a file piece by piece as they are printed, so a large
    /// document's printout never exists whole; the other formats go through their codec.
    static func save(_ state: DocumentState, to path: String?, format: DocumentFormat, lossy: Bool, terminal: Terminal) throws {
        if let path, path != "-", format == .markup || format == .json {
            try FileIO.write(to: path) { write in
                if format == .markup {
                    Markup.write(state, to: write)
                    // The file's own final line break (docs/markup.md, "Files"), as writeMarkup adds it.
                    withUnsafeBytes(of: UInt8(0x0A)) { write($0.bindMemory(to: UInt8.self)) }
                } else {
                    DocumentJSON.write(state, to: write)
                    withUnsafeBytes(of: UInt8(0x0A)) { write($0.bindMemory(to: UInt8.self)) }
                }
            }
            return
        }
        try save(state, to: path, codec: format.codec, lossy: lossy, terminal: terminal)
    }

    /// One line on stderr per kind `losses` dropped: `caret: notes.md: dropped underline (first
    /// at offset 12): Markdown has no syntax for it`.
    static func report(_ losses: [FormatLoss], name: String, terminal: Terminal) {
        for line in droppedLines(losses, name: name) { terminal.error(line) }
    }

    /// The lines `report` prints.
    static func droppedLines(_ losses: [FormatLoss], name: String) -> [String] {
        losses.map { "caret: \(name): dropped \($0.what) (first at offset \($0.offset)): \($0.reason)" }
    }

    /// The message of a loss that was not accepted, one line per kind: `notes.md: underline at
    /// offset 12 cannot be written as markdown: …; pass --lossy to write without it`.
    static func lossMessage(_ error: FormatLossError, name: String) -> String {
        let hint = error.isReading ? "pass --lossy to read without it" : "pass --lossy to write without it"
        return error.messages.map { "\(name): \($0); \(hint)" }.joined(separator: "\n")
    }

    /// `error` of reading or writing `name` as a CLIError: 65 for bad data and losses, 64 for a
    /// format that is not supported yet (the command line asked for what this build cannot do).
    static func failure(_ error: any Error, name: String) -> CLIError {
        switch error {
        case let error as CLIError: error
        case let error as FormatLossError: CLIError(.dataError, lossMessage(error, name: name))
        case let error as DocumentReadError: CLIError.data(file: name, line: error.line, column: error.column, error.message)
        case let error as DocumentFormatError: CLIError.usage("\(name): \(error.message)")
        default: CLIError(.dataError, "\(name): \(error)")
        }
    }
}
