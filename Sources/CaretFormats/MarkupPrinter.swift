import CaretCore

/// Writes canonical markup for one document state, as UTF-8 bytes.
struct MarkupPrinter {
    let text: AttributedText
    /// Anchor and head, snapped to valid positions; nil without a selection.
    let anchor: Int?
    let head: Int?
    /// Typing attributes to print after the head, when they differ from the inherited ones.
    let typing: Attributes?
    var out: [UInt8] = []
    /// Set right after a bare `|`, where a literal `<` must be escaped.
    var afterBareHead = false

    init(state: DocumentState) {
        text = state.text
        if let selection = state.selection {
            let a = MarkupPrinter.snap(selection.anchor, in: state.text)
            let h = MarkupPrinter.snap(selection.head, in: state.text)
            anchor = a
            head = h
            if let t = state.typingAttributes, t != (try? state.text.inheritedTypingAttributes(for: Selection(anchor: a, head: h))) {
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
        out.reserveCapacity(text.utf8Count + text.utf8Count / 8 + 16)
        emit(flushingAt: .max) { _ in }
        return String(decoding: out, as: UTF8.self)
    }

    /// The markup handed to `sink` in pieces of about `chunkSize` bytes, so the whole printout
    /// never exists at once (`Markup.write(_:to:)`).
    mutating func write(chunkSize: Int = 1 << 20, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        out.reserveCapacity(chunkSize + 4096)
        emit(flushingAt: chunkSize, sink)
        if !out.isEmpty { out.withUnsafeBufferPointer(sink) }
        out = []
    }

    /// Appends the markup to `out`, handing `out` to `sink` and emptying it after any run that
    /// leaves it holding `limit` bytes or more.
    private mutating func emit(flushingAt limit: Int, _ sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        // The text is walked run by run through windows of about 1 MiB of whole runs, each read
        // from the rope at once: asking the rope for each run's string costs a descent and an
        // allocation per run, and one copy of the whole text would double a large document.
        // Headers repeat (a document has few distinct attribute sets), so each is formatted once.
        let runs = text.runs
        var headers: [Attributes: [UInt8]] = [:]
        var first = 0
        while first < runs.count {
            let start = runs[first].range.lowerBound
            var last = first
            while last + 1 < runs.count, runs[last].range.upperBound - start < 1 << 20 { last += 1 }
            var window = (try? text.string(in: start..<runs[last].range.upperBound)) ?? ""
            window.withUTF8 { bytes in
                var position = 0
                for run in runs[first...last] {
                    writeMarkers(at: run.range.lowerBound)
                    let attributed = !run.attributes.isEmpty
                    if attributed {
                        out.append(UInt8(ascii: "{"))
                        if let header = headers[run.attributes] {
                            out.append(contentsOf: header)
                        } else {
                            var header: [UInt8] = []
                            MarkupPrinter.writeHeader(run.attributes, to: &header)
                            headers[run.attributes] = header
                            out.append(contentsOf: header)
                        }
                        out.append(UInt8(ascii: ":"))
                        afterBareHead = false
                    }
                    position = writeRunText(bytes, at: position, utf16Count: run.range.count, from: run.range.lowerBound)
                    if attributed {
                        out.append(UInt8(ascii: "}"))
                        afterBareHead = false
                    }
                    if out.count >= limit {
                        out.withUnsafeBufferPointer(sink)
                        out.removeAll(keepingCapacity: true)
                    }
                }
            }
            first = last + 1
        }
        writeMarkers(at: text.utf16Count)
    }

    /// Writes the run of `utf16Count` UTF-16 units starting at byte `position` of `bytes` (the
    /// document's UTF-8), escaping what must be and placing markers that fall inside it.
    /// - Returns: the byte position after the run.
    mutating func writeRunText(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, utf16Count: Int, from start: Int) -> Int {
        var offset = start
        let end = start + utf16Count
        let hasMarkers = anchor != nil
        var index = position
        while index < bytes.count {
            let b = bytes[index]
            if b & 0xC0 == 0x80 {  // continuation byte: part of the scalar already started
                out.append(b)
                index += 1
                continue
            }
            if offset >= end { break }
            if hasMarkers, offset != start { writeMarkers(at: offset) }
            offset += b >= 0xF0 ? 2 : 1
            index += 1
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(b)
            case UInt8(ascii: "<") where afterBareHead:
                out.append(UInt8(ascii: "\\"))
                out.append(b)
            case 0x0A, 0x09:
                out.append(b)
            case 0..<0x20, 0x7F:
                MarkupPrinter.writeScalarEscape(UInt32(b), to: &out)
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBB && bytes[index + 1] == 0xBF:
                // U+FEFF is invisible, and at the start of a file it reads as a byte order mark
                // that readers drop: always escaped.
                MarkupPrinter.writeScalarEscape(0xFEFF, to: &out)
                index += 2
            default:
                out.append(b)
            }
            afterBareHead = false
        }
        return index
    }

    mutating func writeMarkers(at offset: Int) {
        if anchor == offset && head != offset {
            out.append(UInt8(ascii: "^"))
            afterBareHead = false
        }
        if head == offset {
            out.append(UInt8(ascii: "|"))
            if let typing {
                out.append(UInt8(ascii: "<"))
                MarkupPrinter.writeHeader(typing, to: &out)
                out.append(UInt8(ascii: ">"))
                afterBareHead = false
            } else {
                afterBareHead = true
            }
        }
    }

    static func writeScalarEscape(_ value: UInt32, to out: inout [UInt8]) {
        out.append(contentsOf: "\\u{".utf8)
        out.append(contentsOf: String(value, radix: 16, uppercase: true).utf8)
        out.append(UInt8(ascii: "}"))
    }

    // MARK: Headers

    static func writeHeader(_ attributes: Attributes, to out: inout [UInt8]) {
        var first = true
        for entry in attributes {
            if !first { out.append(UInt8(ascii: " ")) }
            first = false
            if entry.key.isTrait, entry.value == .bool(true) {
                out.append(contentsOf: entry.key.name.utf8)
                continue
            }
            writeKey(entry.key, to: &out)
            out.append(UInt8(ascii: "="))
            switch entry.value {
            case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
            case .number(let n): out.append(contentsOf: AttributeValue.format(n).utf8)
            case .string(let s):
                if entry.key == .foregroundColor || entry.key == .backgroundColor {
                    out.append(contentsOf: s.utf8)
                } else {
                    writeQuoted(s, to: &out)
                }
            }
        }
    }

    static func writeKey(_ key: AttributeKey, to out: inout [UInt8]) {
        if case .custom(let name) = key, !isIdentifier(name) {
            writeQuoted(name, to: &out)
        } else {
            out.append(contentsOf: key.name.utf8)
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

    /// A double-quoted string: `\"` and `\\` escaped, controls (but LF and TAB) and DEL as `\u{hex}`.
    static func writeQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(b)
            case 0x0A, 0x09:
                out.append(b)
            case 0..<0x20, 0x7F:
                writeScalarEscape(UInt32(b), to: &out)
            default:
                out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
