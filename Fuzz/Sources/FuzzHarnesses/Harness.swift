#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One fuzz target: a name (`fuzz-<name>`, the corpus folder `Fuzz/Corpus/<name>`) and a function
/// that takes any bytes and traps (through `Harness.fail`) when a property breaks. A harness never
/// traps on an input the code under test rejects cleanly: a clean rejection is a located error.
public struct Harness: Sendable {
    /// The target's name.
    public let name: String
    /// What the target checks, for `scripts/fuzz.sh --help` and docs/fuzzing.md.
    public let summary: String
    /// Runs one input.
    public let run: @Sendable ([UInt8]) -> Void

    /// Every harness, in the order docs/fuzzing.md lists them.
    public static let all: [Harness] = [
        Harness(name: "markup", summary: "canonical markup: located errors, parse(print(x)) == x, print idempotent", run: MarkupHarness.run),
        Harness(name: "document-json", summary: "document JSON: located errors, decode(encode(x)) == x", run: DocumentJSONHarness.run),
        Harness(name: "trace", summary: "trace JSON Lines: located errors, read(write(t)) == t, replay keeps the text's invariants", run: TraceHarness.run),
        Harness(name: "record", summary: "`caret record` lines: located errors, what a line records reads back from the trace, applies cleanly", run: RecordHarness.run),
        Harness(name: "key-chord", summary: "key chords: short errors, parse(description) == chord", run: KeyChordHarness.run),
        Harness(name: "editing-trace", summary: "editing-trace import: located errors, imported patches replay without a refusal", run: EditingTraceHarness.run),
        Harness(name: "markdown", summary: "Markdown: never traps; loss-free prints read back to the same text", run: MarkdownHarness.run),
        Harness(name: "rtf", summary: "RTF: located errors; loss-free prints read back to the same text", run: RTFHarness.run),
        Harness(name: "html", summary: "HTML: located errors; loss-free prints read back to the same document", run: HTMLHarness.run),
        Harness(name: "foundation-json", summary: "AttributedString JSON: located errors; loss-free encodings decode to the same text", run: FoundationJSONHarness.run),
        Harness(name: "editor", summary: "random commands on random documents against a naive model, invariants, undo to the start", run: EditorHarness.run),
        Harness(name: "replay", summary: "a random trace replays twice to identical output; its Lua conversion ends the same", run: ReplayHarness.run),
    ]

    /// The harness called `name`, nil when there is none.
    public static func named(_ name: String) -> Harness? { all.first { $0.name == name } }

    /// Reports a broken property on stderr and traps, so libFuzzer saves the input.
    public static func fail(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        let text = "fuzz property failed (\(file):\(line)): \(message())\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        fatalError("fuzz property failed", file: file, line: line)
    }

    /// `fail` unless `condition` holds.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        if !condition { fail(message(), file: file, line: line) }
    }
}

/// Fuzz bytes read as a stream of choices; past the end every choice is 0, so every input is a
/// complete run.
struct ByteStream {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<count` (count ≤ 65536).
    mutating func below(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        let value = count > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return value % count
    }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func bool() -> Bool { byte() & 1 == 1 }
}

/// Text the harnesses draw from: ASCII, blanks, line breaks, astral characters, a ZWJ family,
/// combining marks (alone too), flags and a lone regional indicator.
let textPieces = ["a", "b", "xy", "Hello", " ", "  ", "\n", "\r\n", "\t", ".", ",", "😀", "👨‍👩‍👧", "e\u{301}", "\u{301}", "🇺🇸", "🇫", "é", "ß", "İ", "\u{FEFF}", "\u{200B}"]

/// Strings the error checks use: at most `limit` UTF-8 bytes is "short".
func isShort(_ text: String, limit: Int = 600) -> Bool { text.utf8.count <= limit }
