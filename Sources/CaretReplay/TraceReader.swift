import CaretCore
import Foundation
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
        do {
            return try bytes.withUnsafeBufferPointer { buffer in try read(buffer, file: file) }
        } catch let error as TraceError {
            throw error
        } catch let error as JSONError {
            let start = lineStart(error.line, in: bytes)
            let truncated = !bytes[start...].contains(0x0A)
            if salvage && truncated && error.line > 1 {
                var trace = try read(Array(bytes[..<start]), file: file)
                trace.droppedLine = error.line
                return trace
            }
            let hint = truncated && error.line > 1 ? " (the last line looks cut short; salvaging drops it)" : ""
            throw TraceError(file: file, line: error.line, column: error.column, message: error.message + hint)
        } catch {
            throw TraceError(file: file, line: 1, column: 1, message: "\(error)")
        }
    }

    /// The trace in `text`.
    public static func read(_ text: String, file: String = "<trace>", salvage: Bool = false) throws(TraceError) -> Trace {
        try read(Array(text.utf8), file: file, salvage: salvage)
    }

    static func read(_ buffer: UnsafeBufferPointer<UInt8>, file: String) throws -> Trace {
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw TraceError(file: file, line: 1, column: 1, message: "the file starts with a byte order mark (U+FEFF); a trace is UTF-8 without one (an editor's \"UTF-8 with BOM\" setting adds it)")
        }
        var header: TraceHeader?
        var events: [TraceEvent] = []
        var lines: [Int] = []
        events.reserveCapacity(buffer.count / 20)
        lines.reserveCapacity(buffer.count / 20)
        var line = 0
        var start = 0
        while start < buffer.count {
            line += 1
            let end = memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start)
                .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - buffer.baseAddress! } ?? buffer.count
            let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
            start = end + 1
            if header != nil, let event = FastEventParser.edit(bytes) {
                events.append(event)
                lines.append(line)
                continue
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let value = try parseLine(bytes, line: line)
            if header == nil {
                header = try decode(file: file, line: line, buffer: buffer) { () throws(TraceDecodingError) in try TraceDecoder.header(value) }
            } else {
                events.append(try decode(file: file, line: line, buffer: buffer) { () throws(TraceDecodingError) in try TraceDecoder.event(value) })
                lines.append(line)
            }
        }
        guard let header else {
            throw TraceError(file: file, line: 1, column: 1, message: "empty trace: expected a header line {\"caret-trace\": 1, ...}")
        }
        return Trace(header: header, events: events, lines: lines)
    }

    /// One line's JSON value; errors are located in the whole file.
    static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws -> JSONValue {
        switch Result(catching: { () throws(JSONError) in try JSONValue.parse(bytes) }) {
        case .success(let value): return value
        case .failure(let error): throw JSONError(line: error.line + line - 1, column: error.column, message: error.message)
        }
    }

    /// `body`'s value, with a decoding error turned into a `TraceError` at its member's column.
    static func decode<T>(file: String, line: Int, buffer: UnsafeBufferPointer<UInt8>, _ body: () throws(TraceDecodingError) -> T) throws -> T {
        switch Result(catching: body) {
        case .success(let value): return value
        case .failure(let error):
            throw TraceError(file: file, line: line, column: column(of: error, line: line, in: buffer), message: error.message)
        }
    }

    /// The byte offset where 1-based `line` starts.
    static func lineStart<C: Collection<UInt8>>(_ line: Int, in bytes: C) -> C.Index {
        var index = bytes.startIndex
        var current = 1
        while current < line, index != bytes.endIndex {
            if bytes[index] == 0x0A { current += 1 }
            index = bytes.index(after: index)
        }
        return index
    }

    /// The 1-based column (in Unicode scalars) on `line` of what `error` is about: the value at
    /// its path, the character of markup at fault inside a string, or its member's name.
    static func column(of error: TraceDecodingError, line: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        let path = error.path ?? error.member.map { [.key($0)] } ?? []
        guard !path.isEmpty else { return 1 }
        let start = lineStart(line, in: buffer)
        var end = start
        while end < buffer.count, buffer[end] != 0x0A { end += 1 }
        let bytes = Array(buffer[start..<end])
        guard let place = JSONLocator.place(of: path, in: bytes), place.matched == path.count else {
            return column(of: error.member, line: line, in: buffer)
        }
        var offset = place.reported
        if let scalar = error.markupScalar, place.value < bytes.count, bytes[place.value] == 0x22 {
            offset = JSONLocator.offset(ofScalar: scalar, inStringAt: place.value, in: bytes)
        }
        return JSONLocator.lineAndColumn(offset, in: bytes).column
    }

    /// The 1-based column (in Unicode scalars) of the member name `"member"` on `line`, or 1.
    static func column(of member: String?, line: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let member else { return 1 }
        let start = lineStart(line, in: buffer)
        var end = start
        while end < buffer.count, buffer[end] != 0x0A { end += 1 }
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
