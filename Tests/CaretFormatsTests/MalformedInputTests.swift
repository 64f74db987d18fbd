import CaretCore
import Testing
@testable import CaretFormats

/// Seeded random inputs that are mostly invalid (fixed default seeds; `CARET_SEED` replays one):
/// the parsers throw errors located inside the input — for JSON, never before the token holding
/// the first byte that was changed, since the text up to there is a valid prefix — and whatever
/// they accept prints and parses back to the same value.
@Suite struct MalformedInputTests {
    static let markupAlphabet: [String] = [
        "a", " ", "{", "}", "|", "^", "\\", "<", ">", ":", "=", "\"", "#", "\n", "b", "bold", "i", "x",
        "fontSize", "=14", "=#ff0000", "u{41}", "u{", "😀", "e\u{301}", "-", ".", "true", "\"k\"", "link=\"l\"",
    ]

    /// Whether `line`:`column` (1-based, the column in Unicode scalars) is inside `text` or just
    /// past the end of one of its lines.
    static func isInside(_ line: Int, _ column: Int, _ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, column >= 1 else { return false }
        return column <= lines[line - 1].unicodeScalars.count + 1
    }

    /// The byte offset of `line`:`column` in valid UTF-8 `bytes`.
    static func byteOffset(_ line: Int, _ column: Int, _ bytes: [UInt8]) -> Int {
        var offset = 0
        var currentLine = 1
        while currentLine < line, offset < bytes.count {
            if bytes[offset] == 0x0A { currentLine += 1 }
            offset += 1
        }
        var scalars = 1
        while scalars < column, offset < bytes.count {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            scalars += 1
        }
        return offset
    }

    @Test func markupErrorsAreLocatedInsideTheInput() throws {
        var rng = SeededRandom.fromEnvironment(label: "markup malformed input")
        var accepted = 0
        var rejected = 0
        for _ in 0..<5000 {
            let input = (0..<rng.int(in: 0..<14)).map { _ in rng.element(of: Self.markupAlphabet)! }.joined()
            let state: DocumentState
            do {
                state = try Markup.parse(input)
            } catch {
                rejected += 1
                #expect(Self.isInside(error.line, error.column, input), "seed \(rng.seed): \(input.debugDescription) → \(error)")
                #expect(!error.message.isEmpty)
                continue
            }
            accepted += 1
            let printed = Markup.print(state)
            #expect(try Markup.parse(printed) == state, "seed \(rng.seed): \(input.debugDescription) printed \(printed.debugDescription)")
        }
        #expect(accepted > 100 && rejected > 1000)
    }

    @Test func jsonErrorsAreLocatedAtOrAfterTheChangedToken() throws {
        var rng = SeededRandom.fromEnvironment(label: "JSON malformed input")
        let seeds: [[UInt8]] = [
            Array(#"{"a":[1,-2.5e3,true,false,null,"x\u00e9\ud83d\ude00\n"],"b":{}}"#.utf8),
            Array(#"[0,{"":""},[[]],"\\\"",1E+2]"#.utf8),
            Array("{\"é😀\":\n [\"e\u{301}\", 12]}".utf8),
        ]
        // ASCII noise only, so every mutated text is valid UTF-8 and columns can be checked.
        let noise: [UInt8] = Array(#"{}[]":,\u0123456789.eE+-tfnrl "#.utf8) + [0x00, 0x0A]
        var accepted = 0
        var rejected = 0
        for _ in 0..<5000 {
            let original = rng.element(of: seeds)!
            var bytes = original
            for _ in 0..<rng.int(in: 1...3) {
                // Change whole scalars: never the middle of a multi-byte sequence.
                var i = rng.int(in: 0..<bytes.count)
                while i > 0, bytes[i] & 0xC0 == 0x80 { i -= 1 }
                var end = i + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                switch rng.int(in: 0..<3) {
                case 0: bytes.replaceSubrange(i..<end, with: [rng.element(of: noise)!])
                case 1: bytes.insert(rng.element(of: noise)!, at: i)
                default: if bytes.count > end - i { bytes.removeSubrange(i..<end) }
                }
            }
            let firstChange = (0..<min(bytes.count, original.count)).first { bytes[$0] != original[$0] } ?? min(bytes.count, original.count)
            // The token holding the change starts after the last separator before it (the seeds'
            // strings hold no separators, so no string needs skipping).
            let tokenStart = (original[..<firstChange].lastIndex { "{[,:".utf8.contains($0) } ?? -1) + 1
            let value: JSONValue
            do {
                value = try JSONValue.parse(bytes)
            } catch {
                rejected += 1
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(Self.isInside(error.line, error.column, text), "seed \(rng.seed): \(text.debugDescription) → \(error)")
                #expect(Self.byteOffset(error.line, error.column, bytes) >= tokenStart,
                        "seed \(rng.seed): \(text.debugDescription) → \(error), first change at byte \(firstChange)")
                continue
            }
            accepted += 1
            #expect(try JSONValue.parse(value.serialized()) == value, "seed \(rng.seed): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(accepted > 50 && rejected > 1000)
    }
}
