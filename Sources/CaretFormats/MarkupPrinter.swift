import CaretCore

/// Writes canonical markup for one document state.
struct MarkupPrinter {
    let text: AttributedText
    /// Anchor and head, snapped to valid positions; nil without a selection.
    let anchor: Int?
    let head: Int?
    /// Typing attributes to print after the head, when they differ from the inherited ones.
    let typing: Attributes?
    var out = ""
    /// Set right after a bare `|`, where a literal `<` must be escaped.
    var afterBareHead = false

    init(state: DocumentState) {
        text = state.text
        if let selection = state.selection {
            let a = MarkupPrinter.snap(selection.anchor, in: state.text)
            let h = MarkupPrinter.snap(selection.head, in: state.text)
            anchor = a
            head = h
            if let t = state.typingAttributes, t != (try? state.text.inheritedTypingAttributes(at: min(a, h))) {
                typing = t
            } else {
                typing = nil
            }
        } else {
            anchor = nil
            head = nil
            typing = nil
        }
    }

    static func snap(_ offset: Int, in text: AttributedText) -> Int {
        var o = max(0, min(offset, text.utf16Count))
        if !text.isValidPosition(o) { o -= 1 }
        return o
    }

    mutating func print() -> String {
        out.reserveCapacity(text.utf16Count + 16)
        for run in text.runs {
            writeMarkers(at: run.range.lowerBound)
            let attributed = !run.attributes.isEmpty
            if attributed {
                out.unicodeScalars.append("{")
                MarkupPrinter.writeHeader(run.attributes, to: &out)
                out.unicodeScalars.append(":")
                afterBareHead = false
            }
            var offset = run.range.lowerBound
            let string = (try? text.string(in: run.range)) ?? ""
            for scalar in string.unicodeScalars {
                if offset != run.range.lowerBound { writeMarkers(at: offset) }
                writeTextScalar(scalar)
                offset += scalar.utf16.count
            }
            if attributed {
                out.unicodeScalars.append("}")
                afterBareHead = false
            }
        }
        writeMarkers(at: text.utf16Count)
        return out
    }

    mutating func writeMarkers(at offset: Int) {
        if anchor == offset && head != offset {
            out.unicodeScalars.append("^")
            afterBareHead = false
        }
        if head == offset {
            out.unicodeScalars.append("|")
            if let typing {
                out.unicodeScalars.append("<")
                MarkupPrinter.writeHeader(typing, to: &out)
                out.unicodeScalars.append(">")
                afterBareHead = false
            } else {
                afterBareHead = true
            }
        }
    }

    mutating func writeTextScalar(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "{", "}", "|", "^", "\\":
            out.unicodeScalars.append("\\")
            out.unicodeScalars.append(scalar)
        case "<" where afterBareHead:
            out.unicodeScalars.append("\\")
            out.unicodeScalars.append(scalar)
        case "\n", "\t":
            out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                MarkupPrinter.writeScalarEscape(scalar, to: &out)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        afterBareHead = false
    }

    static func writeScalarEscape(_ scalar: Unicode.Scalar, to out: inout String) {
        out += "\\u{"
        out += String(scalar.value, radix: 16, uppercase: true)
        out.unicodeScalars.append("}")
    }

    // MARK: Headers

    static func writeHeader(_ attributes: Attributes, to out: inout String) {
        var first = true
        for entry in attributes {
            if !first { out.unicodeScalars.append(" ") }
            first = false
            if entry.key.isTrait, entry.value == .bool(true) {
                out += entry.key.name
                continue
            }
            writeKey(entry.key, to: &out)
            out.unicodeScalars.append("=")
            switch entry.value {
            case .bool(let b): out += b ? "true" : "false"
            case .number(let n): out += AttributeValue.format(n)
            case .string(let s):
                if entry.key == .foregroundColor || entry.key == .backgroundColor {
                    out += s
                } else {
                    writeQuoted(s, to: &out)
                }
            }
        }
    }

    static func writeKey(_ key: AttributeKey, to out: inout String) {
        if case .custom(let name) = key, !isIdentifier(name) {
            writeQuoted(name, to: &out)
        } else {
            out += key.name
        }
    }

    /// Whether `name` is `[A-Za-z_][A-Za-z0-9_.-]*`.
    static func isIdentifier(_ name: String) -> Bool {
        var first = true
        for u in name.utf8 {
            if !isIdentifierByte(u, first: first) { return false }
            first = false
        }
        return !first
    }

    static func isIdentifierByte(_ u: UInt8, first: Bool) -> Bool {
        switch u {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"): !first
        default: false
        }
    }

    static func writeQuoted(_ s: String, to out: inout String) {
        out.unicodeScalars.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            case "\n", "\t":
                out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    writeScalarEscape(scalar, to: &out)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.unicodeScalars.append("\"")
    }
}
