/// A JSON parser over UTF-8 bytes. It never copies the input and builds strings from byte slices,
/// so it runs at memory speed on ASCII-heavy input such as trace files.
struct JSONParser {
    /// A parse failure at a byte offset; converted to line and column only when reported.
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// Arrays and objects nested deeper than this are rejected instead of exhausting the stack.
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    var depth = 0
    /// Line feeds skipped as whitespace so far: gives JSON Lines their line numbers cheaply.
    var newlines = 0
    /// Scratch buffer for strings with escapes, reused between strings.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    // MARK: Entry points

    /// Parses exactly one value, surrounded by optional whitespace.
    mutating func parseDocument() throws(Failure) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if position < bytes.count { throw Failure(offset: position, message: "expected the end of the input after the value") }
        return value
    }

    /// Parses one value per line (JSON Lines); lines holding only whitespace are skipped.
    /// `body` gets the 1-based line each value starts on.
    mutating func parseLines(_ body: (Int, JSONValue) throws -> Void) throws {
        while true {
            skipWhitespace()
            if position >= bytes.count { return }
            let line = newlines + 1
            let value = try parseValue()
            // The rest of the line may hold blanks only.
            while position < bytes.count {
                let b = bytes[position]
                if b == 0x0A {
                    position += 1
                    newlines += 1
                    break
                }
                guard b == 0x20 || b == 0x09 || b == 0x0D else {
                    throw Failure(offset: position, message: "expected the end of the line after the value")
                }
                position += 1
            }
            try body(line, value)
        }
    }

    // MARK: Values

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            let b = bytes[position]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            newlines &+= b == 0x0A ? 1 : 0
            position += 1
        }
    }

    mutating func parseValue() throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw Failure(offset: position, message: "expected a value, found the end of the input") }
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: throw Failure(offset: position, message: "expected a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func expectWord(_ word: StaticString) throws(Failure) {
        let start = position
        let count = word.utf8CodeUnitCount
        let ok: Bool = word.withUTF8Buffer { w in
            guard bytes.count - start >= count else { return false }
            for i in 0..<count where bytes[start + i] != w[i] { return false }
            return true
        }
        guard ok else { throw Failure(offset: start, message: "expected a value (object, array, string, number, true, false or null)") }
        position += count
        if position < bytes.count, isIdentifierByte(bytes[position]) {
            throw Failure(offset: start, message: "expected a value (object, array, string, number, true, false or null)")
        }
    }

    @inline(__always)
    func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    mutating func enter() throws(Failure) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw Failure(offset: position, message: "nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw Failure(offset: position, message: "expected ',' or ']' after an array element, found the end of the input") }
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "]") { break }
            throw Failure(offset: position - 1, message: "expected ',' or ']' after an array element")
        }
        depth -= 1
        return .array(elements)
    }

    mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        position += 1  // {
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        // Reserving once beats growing 1, 2, 4, 8 on the small objects of trace lines.
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw Failure(offset: position, message: "expected a member name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw Failure(offset: position, message: "expected ':' after a member name")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw Failure(offset: position, message: "expected ',' or '}' after an object member, found the end of the input") }
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "}") { break }
            throw Failure(offset: position - 1, message: "expected ',' or '}' after an object member")
        }
        depth -= 1
        return .object(JSONObject(members))
    }
}
