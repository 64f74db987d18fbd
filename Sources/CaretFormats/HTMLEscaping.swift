import CaretCore

/// How the HTML writer escapes text, attribute values and CSS strings.
///
/// HTML cannot hold U+0000, the C0 controls other than tab, line feed and carriage return, or
/// the noncharacters U+FFFE and U+FFFF (a parser drops them); `droppedScalar(in:)` finds them so
/// that the writer reports them, and the escapers leave them out.
enum HTMLEscaping {
    /// Whether `scalar` is one HTML cannot hold in text or an attribute value.
    static func isDropped(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
    }

    /// The first scalar of `s` that HTML cannot hold, if any.
    static func droppedScalar(in s: String) -> Unicode.Scalar? {
        s.unicodeScalars.first { isDropped($0.value) }
    }

    /// `U+0001`.
    static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `s` escaped for a double-quoted attribute value: `& < > "` as entities, tab, line feed and
    /// carriage return as character references (so no parser normalizes them), dropped scalars
    /// left out.
    static func attribute(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += Array("&amp;".utf8)
            case "<": out += Array("&lt;".utf8)
            case ">": out += Array("&gt;".utf8)
            case "\"": out += Array("&quot;".utf8)
            case "\t": out += Array("&#9;".utf8)
            case "\n": out += Array("&#10;".utf8)
            case "\r": out += Array("&#13;".utf8)
            default:
                if isDropped(scalar.value) { continue }
                out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    /// `s` as a single-quoted CSS string: `'` and `\` escaped with a backslash; controls, DEL
    /// and U+FFFE/U+FFFF as hexadecimal escapes followed by a space (`\a `). U+0000 is left out
    /// (CSS reads its escape as U+FFFD); the writer reports it.
    static func cssString(_ s: String) -> String {
        var out = "'"
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0: continue
            case 0x27: out += "\\'"
            case 0x5C: out += "\\\\"
            case 0x01..<0x20, 0x7F, 0xFFFE, 0xFFFF: out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// Appends text bytes (valid UTF-8, no line feed) escaped for element content: `& < >` as
    /// entities, carriage return as `&#13;`, dropped scalars left out, everything else as is.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var start = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            var replacement: StaticString?
            var skip = 1
            switch b {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x0D: replacement = "&#13;"
            case 0x09: i += 1; continue
            case 0x00..<0x20: replacement = ""
            case 0xEF where i + 2 < n && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                replacement = ""
                skip = 3
            default: i += 1; continue
            }
            if start < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i])) }
            if let replacement {
                replacement.withUTF8Buffer { out.append(contentsOf: $0) }
            }
            i += skip
            start = i
        }
        if start < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<n])) }
    }
}
