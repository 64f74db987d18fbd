extension JSONValue {
    /// Parses one JSON value (RFC 8259) from UTF-8 bytes; whitespace may surround it.
    /// - Throws: `JSONError` at the first byte that is not valid JSON.
    /// - Complexity: O(n) in the length of the input.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        do {
            return try parser.parseDocument()
        } catch {
            throw JSONValue.locate(error, in: bytes)
        }
    }

    /// Parses one JSON value from UTF-8 bytes.
    /// - Throws: `JSONError` at the first byte that is not valid JSON.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try parse(buffer) }
    }

    /// Parses one JSON value from a string.
    /// - Throws: `JSONError` at the first character that is not valid JSON.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in Result { () throws(JSONError) in try parse(buffer) } }
        return try result.get()
    }

    /// Parses JSON Lines: one value per line, blank lines skipped, and calls `body` with each value
    /// in order. A value may not be followed by anything but blanks on its line.
    /// - Throws: `JSONError` (with the line in the whole input) at the first invalid byte, or what `body` throws.
    /// - Complexity: O(n) in the length of the input.
    public static func parseLines(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (JSONValue) throws -> Void) throws {
        try parseNumberedLines(bytes) { _, value in try body(value) }
    }

    /// Parses JSON Lines like `parseLines(_:_:)`, and also hands `body` the 1-based line each
    /// value starts on, for messages such as `trace.jsonl:12: unknown event`.
    /// - Throws: `JSONError` at the first invalid byte, or what `body` throws.
    /// - Complexity: O(n) in the length of the input.
    public static func parseNumberedLines(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ line: Int, _ value: JSONValue) throws -> Void) throws {
        var parser = JSONParser(bytes: bytes)
        do {
            try parser.parseLines(body)
        } catch let failure as JSONParser.Failure {
            throw JSONValue.locate(failure, in: bytes)
        }
    }

    /// Parses JSON Lines from a string into an array of values.
    /// - Throws: `JSONError` at the first invalid character.
    public static func parseLines(_ text: String) throws -> [JSONValue] {
        var text = text
        var values: [JSONValue] = []
        try text.withUTF8 { buffer in try parseLines(buffer) { values.append($0) } }
        return values
    }

    /// Converts a byte offset into a 1-based line and a 1-based column in Unicode scalars.
    static func locate(_ failure: JSONParser.Failure, in bytes: UnsafeBufferPointer<UInt8>) -> JSONError {
        var line = 1
        var column = 1
        var i = 0
        let end = min(failure.offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return JSONError(line: line, column: column, message: failure.message)
    }
}
