import CaretCore

/// Reading a large document JSON file without a `JSONValue` tree of it: the common layout
/// (`{"text":…,"runs":[{"length":N,"attributes":{…}},…],"selection":…,"typingAttributes":…}`, keys
/// in that order, whitespace anywhere JSON allows) is read in two passes over the bytes: the runs
/// first, into lengths and a table of distinct attribute sets, then the text, unescaped straight
/// into the rope builder a run at a time. So a file is never held as a tree, nor its text as one
/// more string. Anything else — another key order, a value of the wrong kind, a bad escape, runs
/// that do not cover the text — returns nil, and the general decoder then reads the file and
/// reports the error with its path.
struct DocumentJSONFastDecoder {
    let bytes: UnsafeBufferPointer<UInt8>
    var parser: JSONParser

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        parser = JSONParser(bytes: bytes)
    }

    static func decode(_ text: String) -> DocumentState? {
        var text = text
        return text.withUTF8 { bytes in
            var decoder = DocumentJSONFastDecoder(bytes)
            return decoder.decode()
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        parser.skipWhitespace()
        guard parser.position < bytes.count, bytes[parser.position] == byte else { return false }
        parser.position += 1
        parser.skipWhitespace()
        return true
    }

    /// A member name and its colon.
    mutating func key(_ name: StaticString) -> Bool {
        parser.skipWhitespace()
        guard parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: "\"") else { return false }
        let start = parser.position + 1
        let count = name.utf8CodeUnitCount
        guard start + count < bytes.count, bytes[start + count] == UInt8(ascii: "\"") else { return false }
        let same = name.withUTF8Buffer { w in (0..<count).allSatisfy { bytes[start + $0] == w[$0] } }
        guard same else { return false }
        parser.position = start + count + 1
        return consume(UInt8(ascii: ":"))
    }

    /// Where the string starting at the quote at `position` ends (just after its closing quote).
    func skipString(from position: Int) -> Int? {
        var i = position + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""): return i + 1
            case UInt8(ascii: "\\"): i += 2
            case 0..<0x20: return nil
            default: i += 1
            }
        }
        return nil
    }

    mutating func decode() -> DocumentState? {
        guard consume(UInt8(ascii: "{")), key("text"),
              parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: "\""),
              let textEnd = skipString(from: parser.position) else { return nil }
        let textStart = parser.position + 1
        parser.position = textEnd
        // The runs: lengths, and an index into the distinct attribute sets.
        var lengths: [Int] = []
        var styles: [Int] = []
        var table: [Attributes] = []
        var seen: [[UInt8]: Int] = [:]
        var hasRuns = false
        if consume(UInt8(ascii: ",")) {
            guard key("runs"), consume(UInt8(ascii: "[")) else { return nil }
            hasRuns = true
            if !consume(UInt8(ascii: "]")) {
                repeat {
                    guard consume(UInt8(ascii: "{")), key("length"),
                          case .integer(let length)? = try? parser.parseValue(), length > 0, let n = Int(exactly: length) else { return nil }
                    var style = 0
                    if consume(UInt8(ascii: ",")) {
                        guard key("attributes") else { return nil }
                        let start = parser.position
                        guard let value = try? parser.parseValue() else { return nil }
                        let raw = Array(UnsafeBufferPointer(rebasing: bytes[start..<parser.position]))
                        if let known = seen[raw] {
                            style = known
                        } else {
                            guard let attributes = try? DocumentJSONDecoder().decodeAttributes(value, at: "") else { return nil }
                            if let index = table.firstIndex(of: attributes) {
                                style = index
                            } else {
                                style = table.count
                                table.append(attributes)
                            }
                            seen[raw] = style
                        }
                    } else if let index = table.firstIndex(of: Attributes()) {
                        style = index
                    } else {
                        style = table.count
                        table.append(Attributes())
                    }
                    guard consume(UInt8(ascii: "}")) else { return nil }
                    lengths.append(n)
                    styles.append(style)
                } while consume(UInt8(ascii: ","))
                guard consume(UInt8(ascii: "]")) else { return nil }
            }
        }
        // Selection and typing attributes: small, read as values and checked below.
        var selectionValue: JSONValue?
        var typingValue: JSONValue?
        if hasRuns, consume(UInt8(ascii: ",")) {
            if key("selection") {
                guard let value = try? parser.parseValue() else { return nil }
                selectionValue = value
                if consume(UInt8(ascii: ",")) {
                    guard key("typingAttributes"), let typing = try? parser.parseValue() else { return nil }
                    typingValue = typing
                }
            } else {
                guard key("typingAttributes"), let typing = try? parser.parseValue() else { return nil }
                typingValue = typing
            }
        }
        guard consume(UInt8(ascii: "}")), parser.position == bytes.count else { return nil }
        guard let text = buildText(from: textStart, to: textEnd - 1, lengths: hasRuns ? lengths : nil, styles: styles, table: table) else { return nil }
        var state = DocumentState(text: text)
        if let selectionValue, selectionValue != .null {
            guard case .object(let object) = selectionValue, object.count == 2,
                  case .integer(let a)? = object["anchor"], case .integer(let h)? = object["head"],
                  let anchor = Int(exactly: a), let head = Int(exactly: h),
                  text.isValidPosition(anchor), text.isValidPosition(head) else { return nil }
            state.selection = Selection(anchor: anchor, head: head)
        }
        if let typingValue, typingValue != .null {
            guard let typing = try? DocumentJSONDecoder().decodeAttributes(typingValue, at: "typingAttributes") else { return nil }
            state.typingAttributes = typing
        }
        return state
    }

    /// The text between `start` and `end` (the string's contents), unescaped into runs of
    /// `lengths` UTF-16 units (all of it plain when nil); nil when an escape is bad, the UTF-8 is
    /// not valid, or the runs do not cover the text exactly on scalar boundaries.
    func buildText(from start: Int, to end: Int, lengths: [Int]?, styles: [Int], table: [Attributes]) -> AttributedText? {
        var builder = AttributedText.Builder()
        var piece: [UInt8] = []
        var run = 0
        var left = lengths.map { $0.first ?? 0 } ?? Int.max
        /// Hands the finished run to the builder.
        func finishRun() -> Bool {
            guard let string = String(validUTF8: piece) else { return false }
            builder.append(string, attributes: lengths == nil ? Attributes() : table[styles[run]])
            piece.removeAll(keepingCapacity: true)
            run += 1
            left = lengths.map { run < $0.count ? $0[run] : 0 } ?? Int.max
            return true
        }
        func add(_ scalar: Unicode.Scalar) -> Bool {
            let units = scalar.value > 0xFFFF ? 2 : 1
            guard left >= units else { return false }  // a run would end inside a surrogate pair
            piece.append(contentsOf: UTF8.encode(scalar)!)
            left -= units
            if left == 0, lengths != nil { return finishRun() }
            return true
        }
        var i = start
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") {
                guard i + 1 < end else { return nil }
                i += 2
                let scalar: Unicode.Scalar
                switch bytes[i - 1] {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{8}"
                case UInt8(ascii: "f"): scalar = "\u{C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    guard let high = hex4(at: i, end: end) else { return nil }
                    i += 4
                    if (0xD800..<0xDC00).contains(high) {
                        guard i + 6 <= end, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                              let low = hex4(at: i + 2, end: end), (0xDC00..<0xE000).contains(low) else { return nil }
                        i += 6
                        scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
                    } else {
                        guard let s = Unicode.Scalar(high) else { return nil }
                        scalar = s
                    }
                default: return nil
                }
                guard add(scalar) else { return nil }
                continue
            }
            // A stretch of literal bytes, cut where the current run ends.
            var j = i
            var units = 0
            while j < end {
                let c = bytes[j]
                if c == UInt8(ascii: "\\") { break }
                if c < 0x80 {
                    if units == left { break }
                    units += 1
                } else if c & 0xC0 != 0x80 {
                    let width = c >= 0xF0 ? 2 : 1
                    if units + width > left { break }
                    units += width
                }
                j += 1
            }
            guard j > i else { return nil }  // a run would end inside a surrogate pair
            piece.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<j]))
            left -= units
            i = j
            if left == 0, lengths != nil, !finishRun() { return nil }
        }
        if lengths == nil {
            if !piece.isEmpty, !finishRun() { return nil }
        } else if run != lengths!.count || !piece.isEmpty {
            return nil
        }
        return builder.finish()
    }

    func hex4(at i: Int, end: Int) -> UInt32? {
        guard i + 4 <= end else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[i + k]
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x41...0x46: digit = UInt32(c - 0x37)
            case 0x61...0x66: digit = UInt32(c - 0x57)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
