import Testing
import CaretCore

@Suite struct EditorKeymapTests {
    @Test func chordsParseAndPrintCanonically() throws {
        #expect(try KeyChord(parsing: "shift+alt+left").description == "alt+shift+left")
        #expect(try KeyChord(parsing: "Cmd+B").description == "cmd+b")
        #expect(try KeyChord(parsing: "shift+cmd+z").description == "shift+cmd+z")
        #expect(try KeyChord(parsing: "cmd+shift+z") == KeyChord(parsing: "shift+cmd+z"))
        #expect(try KeyChord(parsing: "option+command+control+shift+a").description == "ctrl+alt+shift+cmd+a")
        #expect(try KeyChord(parsing: "backspace").description == "backspace")
        #expect(try KeyChord(parsing: "enter").description == "return")
        #expect(try KeyChord(parsing: "cmd+=").description == "cmd+=")
        #expect(try KeyChord(parsing: "cmd+plus").description == "cmd+plus")
        #expect(try KeyChord(key: "Left", modifiers: [.shift, .ctrl]).description == "ctrl+shift+left")
    }

    @Test func chordErrorsNameTheBadPart() {
        func message(_ text: String) -> String {
            do {
                _ = try KeyChord(parsing: text)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("shift+lefft") == "unknown key 'lefft' in 'shift+lefft'; did you mean 'left'?")
        #expect(message("hyper+a") == "unknown modifier 'hyper' in 'hyper+a'")
        #expect(message("cmd+cmd+a") == "duplicate modifier 'cmd' in 'cmd+cmd+a'")
        #expect(message("cmd+") == "missing key in 'cmd+'")
        #expect(message("") == "empty key chord")
        #expect(message("+a") == "empty modifier in '+a'")
    }

    @Test func standardKeymapFollowsMacOS() throws {
        let map = Keymap.standard
        func command(_ chord: String) throws -> EditorCommand? { map[try KeyChord(parsing: chord)] }
        #expect(try command("cmd+b") == .toggleBold)
        #expect(try command("alt+backspace") == .deleteWordBackward)
        #expect(try command("shift+cmd+z") == .redo)
        #expect(try command("shift+alt+left") == .move(.wordLeft, extend: true))
        #expect(try command("ctrl+a") == .move(.lineStart, extend: false))
        #expect(try command("ctrl+k") == .deleteToLineEnd)
        #expect(try command("ctrl+t") == .transpose)
        #expect(try command("ctrl+q") == nil)
        // Every bound command has a name scripts can use.
        for (_, bound) in map.sortedBindings { #expect(EditorCommand.allNames.contains(bound.name)) }
    }

    @Test func keysDriveTheEditor() throws {
        let editor = try makeEditor("hello wor|ld")
        for chord in ["alt+backspace", "shift+alt+left", "cmd+b", "cmd+z", "cmd+z", "shift+cmd+z"] {
            #expect(try editor.handle(KeyChord(parsing: chord)))
        }
        #expect(printMarkup(editor.state) == "hello |ld")
        #expect(try !editor.handle(KeyChord(parsing: "ctrl+q")))
    }

    @Test func usersReplaceOrExtendTheKeymap() throws {
        let editor = try makeEditor("ab|")
        try editor.keymap.bind("ctrl+y", to: .paste)
        try editor.keymap.unbind("cmd+b")
        #expect(try !editor.handle(KeyChord(parsing: "cmd+b")))
        try editor.perform(.selectAll)
        try editor.perform(.copy)
        try editor.perform(.move(.documentEnd, extend: false))
        #expect(try editor.handle(KeyChord(parsing: "ctrl+y")))
        #expect(printMarkup(editor.state) == "abab|")
        editor.keymap = try Keymap([("x", .insertText("y"))])
        #expect(try editor.handle(KeyChord(parsing: "x")))
        #expect(try !editor.handle(KeyChord(parsing: "backspace")))
        #expect(printMarkup(editor.state) == "ababy|")
        let merged = Keymap.standard.merging(try Keymap([("cmd+b", .toggleCode)]))
        #expect(merged[try KeyChord(parsing: "cmd+b")] == .toggleCode)
    }
}
