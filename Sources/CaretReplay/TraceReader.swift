import CaretCore
import CaretFormats

/// Reads a trace from JSON Lines. Every problem is a `TraceError` at `file:line:col`; with
/// `salvage`, a last line cut short (a recorder that crashed mid-line) is dropped instead.
public enum TraceReader {
    /// The trace in `bytes` (the contents of `file`).
    /// - Parameter salvage: drop an unparsable last line that does not end in a newline.
    /// - Throws: `TraceError` for bad JSON, a missing or newer header, unknown events or members,
    ///   and values of the wrong kind.
    /// - Complexity: O(n) in the length of the input.
    public static func read(_ bytes: [UInt8], file: String = "<trace>", salvage: Bool = false) throws(TraceError) -> Trace {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        var lines: [Int] = []
        events.reserveCapacity(bytes.count / 24)
        lines.reserveCapacity(bytes.count / 24)
        let dropped: Int?
        do {
            dropped = try stream(.bytes(bytes), file: file, salvage: salvage, header: { header = $0 }) { event, line in
                events.append(event)
                lines.append(line)
            }
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(file: file, line: 1, column: 1, message: "\(error)")
        }
        var trace = Trace(header: header!, events: events, lines: lines)
        trace.droppedLine = dropped
        return trace
    }

    /// The trace in `text`.
    public static func read(_ text: String, file: String = "<trace>", salvage: Bool = false) throws(TraceError) -> Trace {
        try read(Array(text.utf8), file: file, salvage: salvage)
    }

    /// Reads `source` one line at a time, handing `header` the header and `event` each event with
    /// its 1-based line as soon as it is decoded; nothing is kept. Returns the line a salvaging
    /// read dropped, if any.
    /// - Throws: `TraceError` for the first malformed line (or an empty trace, at the end),
    ///   `TraceReadError` when the descriptor cannot be read, or what a callback throws.
    public static func stream(_ source: TraceSource, file: String = "<trace>", salvage: Bool = false, header: (TraceHeader) throws -> Void,
                     event: (TraceEvent, Int) throws -> Void) throws -> Int? {
        var decoder = TraceLineDecoder(file: file)
        var dropped: Int?
        try TraceLines.forEach(in: source) { bytes, line, terminated in
            let decoded: TraceLineDecoder.Decoded
            do {
                decoded = try decoder.decode(bytes, line: line)
            } catch let error as JSONError {
                // A line is one JSON value without an LF: its error is on this line.
                let truncated = !terminated && line + error.line - 1 > 1
                if salvage && truncated {
                    dropped = line
                    return
                }
                let hint = truncated ? " (the last line looks cut short; salvaging drops it)" : ""
                throw TraceError(file: file, line: line + error.line - 1, column: error.column, message: error.message + hint)
            }
            switch decoded {
            case .blank: break
            case .header(let value): try header(value)
            case .event(let value): try event(value, line)
            }
        }
        guard decoder.hasHeader else {
            throw TraceError(file: file, line: 1, column: 1, message: "empty trace: expected a header line {\"caret-trace\": 1, ...}")
        }
        return dropped
    }

    /// `body`'s value, with a decoding error turned into a `TraceError` at its member's column
    /// on `line` (whose bytes are `bytes`).
    static func decode<T>(file: String, line: Int, bytes: UnsafeBufferPointer<UInt8>, _ body: () throws(TraceDecodingError) -> T) throws(TraceError) -> T {
        switch Result(catching: body) {
        case .success(let value): return value
        case .failure(let error):
            throw TraceError(file: file, line: line, column: column(of: error, inLine: bytes), message: error.message)
        }
    }

    /// The 1-based column (in Unicode scalars) in the bytes of one line of what `error` is about: the value at
    /// its path, the character of markup at fault inside a string, or its member's name.
    static func column(of error: TraceDecodingError, inLine line: UnsafeBufferPointer<UInt8>) -> Int {
        let path = error.path ?? error.member.map { [.key($0)] } ?? []
        guard !path.isEmpty else { return 1 }
        let bytes = Array(line)
        guard let place = JSONLocator.place(of: path, in: bytes), place.matched == path.count else {
            return column(of: error.member, inLine: line)
        }
        var offset = place.reported
        if let scalar = error.markupScalar, place.value < bytes.count, bytes[place.value] == 0x22 {
            offset = JSONLocator.offset(ofScalar: scalar, inStringAt: place.value, in: bytes)
        }
        return JSONLocator.lineAndColumn(offset, in: bytes).column
    }

    /// The 1-based column (in Unicode scalars) of the member name `"member"` in one line's bytes, or 1.
    static func column(of member: String?, inLine buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let member else { return 1 }
        let start = 0
        let end = buffer.count
        let needle = Array("\"\(member)\"".utf8)
        guard end - start >= needle.count else { return 1 }
        var i = start
        while i + needle.count <= end {
            if buffer[i] == needle[0] && Array(buffer[i..<(i + needle.count)]) == needle {
                var column = 1
                for j in start..<i where buffer[j] & 0xC0 != 0x80 { column += 1 }
                return column
            }
            i += 1
        }
        return 1
    }
}

/// Decodes a trace one line at a time: the first line that is not blank is the header, every
/// later one an event.
struct TraceLineDecoder {
    enum Decoded {
        case blank
        case header(TraceHeader)
        case event(TraceEvent)
    }

    let file: String
    private(set) var hasHeader = false

    init(file: String) { self.file = file }

    /// The meaning of line `line`, whose bytes (without the LF) are `bytes`.
    /// - Throws: `JSONError` (its column on this line) when the line is not JSON, so that the
    ///   reader can salvage a line cut short; `TraceError` for anything else.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws -> Decoded {
        if hasHeader, let event = FastEventParser.edit(bytes) { return .event(event) }
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw TraceError(file: file, line: 1, column: 1, message: "the file starts with a byte order mark (U+FEFF); a trace is UTF-8 without one (an editor's \"UTF-8 with BOM\" setting adds it)")
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        let value = try JSONValue.parse(bytes)
        if !hasHeader {
            let header = try TraceReader.decode(file: file, line: line, bytes: bytes) { () throws(TraceDecodingError) in try TraceDecoder.header(value) }
            hasHeader = true
            return .header(header)
        }
        return .event(try TraceReader.decode(file: file, line: line, bytes: bytes) { () throws(TraceDecodingError) in try TraceDecoder.event(value) })
    }
}
