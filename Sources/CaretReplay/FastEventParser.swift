import CaretCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast path for the commonest line of imported traces, `{"edit":[12,0,"text"]}` written
/// canonically (no blanks; in the text, no escapes but the two-character ones `\n`, `\t`,
/// `\"`, `\\`, `\/`, `\r`, `\b`, `\f`): it skips building a JSON value. Anything else (a
/// `\uXXXX` escape included) returns nil and goes through the full JSON parser, which also
/// reports errors.
enum FastEventParser {
    /// `{"edit":[`, the bytes every such line starts with.
    static let prefix: StaticString = #"{"edit":["#

    static func edit(_ line: UnsafeBufferPointer<UInt8>) -> TraceEvent? {
        guard let bytes = line.baseAddress else { return nil }
        var end = line.count
        while end > 0, bytes[end - 1] == 0x0D || bytes[end - 1] == 0x20 { end -= 1 }
        let prefixCount = prefix.utf8CodeUnitCount
        guard end > prefixCount + 8, memcmp(bytes, prefix.utf8Start, prefixCount) == 0 else { return nil }
        var i = prefixCount
        guard let location = integer(bytes, end, &i), i < end, bytes[i] == 0x2C else { return nil }
        i += 1
        guard let length = integer(bytes, end, &i), i + 1 < end, bytes[i] == 0x2C, bytes[i + 1] == 0x22 else { return nil }
        i += 2
        let textStart = i
        var escaped = false
        while i < end {
            let byte = bytes[i]
            if byte == 0x22 { break }
            if byte < 0x20 { return nil }
            if byte == 0x5C {
                // Skip the escaped character too, so `\"` does not end the string.
                escaped = true
                i += 2
            } else {
                i += 1
            }
        }
        guard i + 3 == end, bytes[i + 1] == 0x5D, bytes[i + 2] == 0x7D else { return nil }
        let body = UnsafeBufferPointer(start: bytes + textStart, count: i - textStart)
        guard let text = escaped ? unescaped(body) : string(body) else { return nil }
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
        return bytes.withUnsafeBufferPointer { string($0) }
    }

    /// `bytes` as a string when they are valid UTF-8, else nil. `String(validating:)` is generic
    /// over the encoding and, unspecialized, looked up generic metadata for every line (half of
    /// the parse); decoding is specialized for UTF-8, and a repaired decoding differs from its input.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Most edits insert one character or none: a string made from bytes is validated first,
        // about 200 instructions, more than the rest of the line's parse.
        if bytes.count <= 1 {
            guard let byte = bytes.first else { return "" }
            if byte < 0x80 { return String.ascii(byte) }
        }
        var text = String(decoding: bytes, as: UTF8.self)
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return text }
        let same = text.withUTF8 { $0.count == bytes.count && memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        return same ? text : nil
    }

    /// A non-negative decimal integer of at most 9 digits, without a leading zero unless it is 0,
    /// starting at `i` and followed by a byte before `end` that is not a digit.
    @inline(__always)
    static func integer(_ bytes: UnsafePointer<UInt8>, _ end: Int, _ i: inout Int) -> Int? {
        let start = i
        // Nine digits cannot overflow: unchecked arithmetic, one bound.
        let limit = min(end, start &+ 9)
        var value = 0
        while i < limit {
            let digit = bytes[i] &- 0x30
            if digit > 9 { break }
            value = value &* 10 &+ Int(digit)
            i &+= 1
        }
        guard i > start, i < end, bytes[i] &- 0x30 > 9 else { return nil }
        if bytes[start] == 0x30 && i - start > 1 { return nil }
        return value
    }
}
