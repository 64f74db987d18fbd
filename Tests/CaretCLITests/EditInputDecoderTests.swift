import CaretCore
import Foundation
import Testing
@testable import CaretCLI

@Suite struct EditInputDecoderTests {
    func decode(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flushPending()
    }

    func key(_ text: String) -> InputEvent { .key(try! KeyChord(parsing: text)) }

    @Test func textAndControlKeys() {
        #expect(decode("héllo 日本😀") == [.text("héllo 日本😀")])
        #expect(decode("a\u{02}b") == [.text("a"), key("ctrl+b"), .text("b")])
        #expect(decode("\r\u{7F}\t") == [key("return"), key("backspace"), key("tab")])
        #expect(decode("\u{11}\u{13}\u{1A}") == [key("ctrl+q"), key("ctrl+s"), key("ctrl+z")])
    }

    @Test func xtermKeysWithModifiers() {
        #expect(decode("\u{1B}[A\u{1B}[1;2C\u{1B}[1;3D\u{1B}[1;5H\u{1B}[1;6F") ==
                [key("up"), key("shift+right"), key("alt+left"), key("ctrl+home"), key("ctrl+shift+end")])
        #expect(decode("\u{1B}[3~\u{1B}[5;2~\u{1B}[6~\u{1B}OA\u{1B}OH\u{1B}[Z") ==
                [key("forwarddelete"), key("shift+pageup"), key("pagedown"), key("up"), key("home"), key("shift+tab")])
        #expect(decode("\u{1B}[1;9A") == [key("cmd+up")])
    }

    @Test func altPrefixAndTheLoneEscape() {
        #expect(decode("\u{1B}b\u{1B}\u{7F}") == [key("alt+b"), key("alt+backspace")])
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [key("escape")])
        #expect(!decoder.hasPending)
    }

    @Test func kittyKeyboardProtocol() {
        // ctrl+i, ctrl+shift+z and super+b reach the keymap; a release is ignored.
        #expect(decode("\u{1B}[105;5u\u{1B}[122;6u\u{1B}[98;9u") == [key("ctrl+i"), key("ctrl+shift+z"), key("cmd+b")])
        #expect(decode("\u{1B}[97;1:3u") == [])
        #expect(decode("\u{1B}[13u\u{1B}[127;3u\u{1B}[97u") == [key("return"), key("alt+backspace"), .text("a")])
        #expect(decode("\u{1B}[?1u") == [.keyboardFlags(1)])
        // xterm modifyOtherKeys.
        #expect(decode("\u{1B}[27;5;105~") == [key("ctrl+i")])
    }

    @Test func bracketedPasteIsOneEvent() {
        #expect(decode("x\u{1B}[200~line 1\r\nline 2\rend 😀\u{1B}[201~y") == [.text("x"), .paste("line 1\nline 2\nend 😀"), .text("y")])
        // Escape sequences inside a paste are text, not keys.
        #expect(decode("\u{1B}[200~a\u{1B}[Ab\u{1B}[201~") == [.paste("a\u{1B}[Ab")])
    }

    @Test func sgrMouse() {
        #expect(decode("\u{1B}[<0;5;3M\u{1B}[<32;7;3M\u{1B}[<0;7;3m\u{1B}[<4;1;1M\u{1B}[<64;1;1M\u{1B}[<65;1;1M") == [
            .mouse(MouseEvent(kind: .press, button: 0, column: 4, row: 2)),
            .mouse(MouseEvent(kind: .drag, button: 0, column: 6, row: 2)),
            .mouse(MouseEvent(kind: .release, button: 0, column: 6, row: 2)),
            .mouse(MouseEvent(kind: .press, button: 0, column: 0, row: 0, shift: true)),
            .mouse(MouseEvent(kind: .wheelUp, button: 0, column: 0, row: 0)),
            .mouse(MouseEvent(kind: .wheelDown, button: 1, column: 0, row: 0)),
        ])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x61, 0xFF, 0x62, 0xC3, 0x28]) == [.text("a\u{FFFD}b\u{FFFD}(")])
    }

    /// Bytes split anywhere decode to the same events as bytes that arrive at once (text events
    /// may be split where the bytes were, so texts are compared joined).
    @Test func splitAnywhereGivesTheSameEvents() {
        let input = "ab\u{1B}[1;5Cé😀\u{1B}[200~p\r\nq\u{1B}[201~\u{1B}[<0;3;4M\u{1B}[105;5u日本\u{1B}OB\u{1B}[3~z"
        let bytes = Array(input.utf8)
        let expected = normalized(decode(input))
        for seed in seeds(default: [1, 2, 3, 4, 5, 6, 7, 8]) {
            var random = SeededRandom(seed: seed)
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            var index = 0
            while index < bytes.count {
                let length = random.int(in: 1...4)
                events += decoder.feed(bytes[index..<min(index + length, bytes.count)])
                index += length
            }
            #expect(normalized(events) == expected, "seed \(seed)")
        }
    }

    func normalized(_ events: [InputEvent]) -> [InputEvent] {
        var out: [InputEvent] = []
        for event in events {
            if case .text(let b) = event, case .text(let a)? = out.last {
                out[out.count - 1] = .text(a + b)
            } else {
                out.append(event)
            }
        }
        return out
    }
}

/// The seeds a randomized test of this target runs: `CARET_SEED` when set, else `defaults`;
/// printed either way so that a failure can be replayed.
func seeds(_ test: String = #function, default defaults: [UInt64]) -> [UInt64] {
    if let text = ProcessInfo.processInfo.environment["CARET_SEED"], let seed = UInt64(text) {
        print("\(test): seed \(seed) (from CARET_SEED)")
        return [seed]
    }
    print("\(test): seeds \(defaults.map(String.init).joined(separator: ", ")) (replay one with CARET_SEED=N)")
    return defaults
}
