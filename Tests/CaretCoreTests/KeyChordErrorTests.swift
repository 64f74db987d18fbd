import Testing
import CaretCore

/// A chord error names the part at fault and quotes the chord, but never more than a short
/// prefix of it: a 3 MB chord is not echoed back (twice).
@Suite struct KeyChordErrorTests {
    func message(_ text: String) -> String {
        do { _ = try KeyChord(parsing: text) } catch { return "\(error)" }
        return "<parsed>"
    }

    @Test func longChordsAreQuotedShort() {
        let long = String(repeating: "x", count: 3_000_000)
        for text in ["shift+" + long, long + "+a", "cmd+cmd+" + long, long, "shift++" + long, "😀" + long + "+b"] {
            let error = message(text)
            #expect(error != "<parsed>")
            #expect(error.utf8.count < 4 * KeyChord.maximumQuotedBytes + 100, "\(error.utf8.count) bytes")
            #expect(error.contains("bytes)"), "\(error.prefix(200))")
        }
    }

    @Test func shortChordsAreQuotedWhole() {
        #expect(message("shift+lefft") == "unknown key 'lefft' in 'shift+lefft'; did you mean 'left'?")
        #expect(message("hyper+a") == "unknown modifier 'hyper' in 'hyper+a'")
        // A cut never splits a character: 64 bytes of "😀" is 16 of them.
        let emoji = message(String(repeating: "😀", count: 40) + "+a")
        #expect(emoji.hasPrefix("unknown modifier '" + String(repeating: "😀", count: 16) + "… (160 bytes)'"))
    }
}
