import CaretCore

/// A fast path for the commonest line of imported traces, `{"edit":[12,0,"text"]}` written
/// canonically (no blanks; in the text, no escapes but the two-character ones `\n`, `\t`,
/// `\"`, `\\`, `\/`, `\r`, `\b`, `\f`): it skips building a JSON value. Anything else (a
/// `\uXXXX` escape included) returns nil and goes through the full JSON parser, which also
/// reports errors.
enum FastEventParser {
    static let prefix = Array(#"{"edit":["#.utf8)

    static func edit(_ line: UnsafeBufferPointer<UInt8>) -> TraceEvent? {
        var end = line.count
        while end > 0, line[end - 1] == 0x0D || line[end - 1] == 0x20 { end -= 1 }
        guard end > prefix.count + 8 else { return nil }
        for i in 0..<prefix.count where line[i] != prefix[i] { return nil }
        var i = prefix.count
        guard let location = integer(line, &i), i < end, line[i] == 0x2C else { return nil }
        i += 1
        guard let length = integer(line, &i), i + 1 < end, line[i] == 0x2C, line[i + 1] == 0x22 else { return nil }
        i += 2
        let textStart = i
        var escaped = false
        while i < end, line[i] != 0x22 {
            if line[i] < 0x20 { return nil }
            if line[i] == 0x5C {
                // Skip the escaped character too, so `\"` does not end the string.
                escaped = true
                i += 2
            } else {
                i += 1
            }
        }
        guard i + 3 == end, line[i + 1] == 0x5D, line[i + 2] == 0x7D else { return nil }
        let body = UnsafeBufferPointer(rebasing: line[textStart..<i])
        guard let text = escaped ? unescaped(body) : String(validUTF8: body) else { return nil }
        return .command(.replaceRange(location..<(location + length), with: text))
    }

    /// The JSON string body `body` with its two-character escapes decoded, or nil for a `\u`
    /// escape, an unknown one or invalid UTF-8.
    static func unescaped(_ body: UnsafeBufferPointer<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count)
        var j = 0
        while j < body.count {
            let byte = body[j]
            guard byte == 0x5C else {
                bytes.append(byte)
                j += 1
                continue
            }
            guard j + 1 < body.count else { return nil }
            switch body[j + 1] {
            case 0x22: bytes.append(0x22)  // \"
            case 0x5C: bytes.append(0x5C)  // \\
            case 0x2F: bytes.append(0x2F)  // \/
            case 0x62: bytes.append(0x08)  // \b
            case 0x66: bytes.append(0x0C)  // \f
            case 0x6E: bytes.append(0x0A)  // \n
            case 0x72: bytes.append(0x0D)  // \r
            case 0x74: bytes.append(0x09)  // \t
            default: return nil
            }
            j += 2
        }
        return bytes.withUnsafeBufferPointer { String(validUTF8: $0) }
    }

    /// A non-negative decimal integer of at most 9 digits, without a leading zero unless it is 0.
    static func integer(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        let start = i
        var value = 0
        while i < line.count, line[i] >= 0x30, line[i] <= 0x39, i - start < 9 {
            value = value * 10 + Int(line[i] - 0x30)
            i += 1
        }
        guard i > start, i < line.count, line[i] < 0x30 || line[i] > 0x39 else { return nil }
        if line[start] == 0x30 && i - start > 1 { return nil }
        return value
    }
}
