/// Finds where a value named by a path (`runs[3].attributes.fontSize`, `a["my key"]`, the form
/// `DocumentJSONError.path` uses) stands in a JSON text, so that an error about the value can be
/// reported at `line:col` of the file it came from.
///
/// A member is located at its name (where a reader looks for a key to fix), an array element at
/// its first character, the empty path at the first value. When a name repeats in an object the
/// last occurrence is taken, as `JSONObject` lookups do.
public enum JSONLocator {
    /// The 1-based line (lines end at LF) and column (in Unicode scalars) of `path` in `text`,
    /// or of the deepest part of it that exists; nil when `text` is not JSON.
    /// - Complexity: O(n) in the length of the text.
    public static func position(of path: String, in text: String) -> (line: Int, column: Int)? {
        position(of: components(path), in: Array(text.utf8))
    }

    /// The same for a text as UTF-8 bytes and a path already split into components.
    public static func position(of path: [Component], in bytes: [UInt8]) -> (line: Int, column: Int)? {
        place(of: path, in: bytes).map { lineAndColumn($0.reported, in: bytes) }
    }

    /// Where a path leads in a JSON text.
    public struct Place: Equatable, Sendable {
        /// The byte offset to report: a member's name, an element's first byte.
        public var reported: Int
        /// The byte offset of the value itself.
        public var value: Int
        /// How many components of the path were found (all of them, or the deepest part that exists).
        public var matched: Int
    }

    /// Where `path` (or the deepest part of it that exists) is in `bytes`; nil when empty.
    public static func place(of path: [Component], in bytes: [UInt8]) -> Place? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.index < bytes.count else { return nil }
        var place = Place(reported: scanner.index, value: scanner.index, matched: 0)
        for component in path {
            guard let found = scanner.find(component) else { break }
            place = Place(reported: found.reported, value: found.value, matched: place.matched + 1)
            scanner.index = found.value
        }
        return place
    }

    /// The byte offset of the `scalar`-th Unicode scalar (0-based) of the contents of the JSON
    /// string whose opening quote is at `offset`, escapes counted as the scalars they stand for
    /// (a `\uD83D\uDE00` pair as one); the closing quote when the string is shorter.
    public static func offset(ofScalar scalar: Int, inStringAt offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset + 1
        var remaining = scalar
        while remaining > 0, index < bytes.count, bytes[index] != 0x22 {
            if bytes[index] == 0x5C {
                let isPair = index + 1 < bytes.count && bytes[index + 1] == 0x75 && index + 11 < bytes.count
                    && bytes[index + 6] == 0x5C && bytes[index + 7] == 0x75
                    && [0x64, 0x44].contains(bytes[index + 2]) && [0x38, 0x39, 0x61, 0x62, 0x41, 0x42].contains(bytes[index + 3])
                index += bytes.count > index + 1 && bytes[index + 1] == 0x75 ? (isPair ? 12 : 6) : 2
            } else {
                let lead = bytes[index]
                index += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            }
            remaining -= 1
        }
        return min(index, bytes.count)
    }

    /// One step of a path.
    public enum Component: Equatable, Sendable {
        /// An object member.
        case key(String)
        /// An array element (0-based).
        case index(Int)
    }

    /// `runs[3].attributes["my key"]` as `[.key("runs"), .index(3), .key("attributes"), .key("my key")]`.
    public static func components(_ path: String) -> [Component] {
        var result: [Component] = []
        let scalars = Array(path.unicodeScalars)
        var i = 0
        var name = ""
        func flush() {
            if !name.isEmpty { result.append(.key(name)) }
            name = ""
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "." {
                flush()
                i += 1
            } else if c == "[" {
                flush()
                i += 1
                if i < scalars.count, scalars[i] == "\"" {
                    // A JSON string: read it up to its closing quote, escapes included.
                    var j = i + 1
                    while j < scalars.count, scalars[j] != "\"" { j += scalars[j] == "\\" ? 2 : 1 }
                    let literal = String(String.UnicodeScalarView(scalars[i..<min(j + 1, scalars.count)]))
                    if case .string(let key)? = try? JSONValue.parse(literal) { result.append(.key(key)) }
                    i = j + 1
                } else {
                    var digits = ""
                    while i < scalars.count, scalars[i] != "]" { digits.unicodeScalars.append(scalars[i]); i += 1 }
                    if let n = Int(digits) { result.append(.index(n)) }
                }
                if i < scalars.count, scalars[i] == "]" { i += 1 }
            } else {
                name.unicodeScalars.append(c)
                i += 1
            }
        }
        flush()
        return result
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`.
    public static func lineAndColumn(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// A forgiving walk over JSON bytes: it skips values without building them.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// Where `component` of the value at `index` is: the offset to report and the offset of
        /// its value.
        mutating func find(_ component: Component) -> (reported: Int, value: Int)? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch (component, bytes[index]) {
            case (.key(let key), 0x7B):
                index += 1
                var found: (Int, Int)?
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == 0x22 else { return found }
                    let nameStart = index
                    let name = readString()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == 0x3A else { return found }
                    index += 1
                    skipWhitespace()
                    if name == key { found = (nameStart, index) }
                    skipValue()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == 0x2C else { return found }
                    index += 1
                }
            case (.index(let n), 0x5B):
                index += 1
                var element = 0
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] != 0x5D else { return nil }
                    if element == n { return (index, index) }
                    skipValue()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == 0x2C else { return nil }
                    index += 1
                    element += 1
                }
            default:
                return nil
            }
        }

        /// Reads the string at `index` (which holds its opening quote) and steps past it.
        mutating func readString() -> String? {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != 0x22 { index += bytes[index] == 0x5C ? 2 : 1 }
            index = min(index + 1, bytes.count)
            if case .string(let s)? = try? JSONValue.parse(Array(bytes[start..<index])) { return s }
            return nil
        }

        mutating func skipValue() {
            skipWhitespace()
            guard index < bytes.count else { return }
            switch bytes[index] {
            case 0x22: _ = readString()
            case 0x7B, 0x5B:
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case 0x22: _ = readString(); continue
                    case 0x7B, 0x5B: depth += 1
                    case 0x7D, 0x5D:
                        depth -= 1
                        if depth == 0 { index += 1; return }
                    default: break
                    }
                    index += 1
                }
            default:
                while index < bytes.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            }
        }
    }
}
