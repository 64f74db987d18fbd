import Testing
import CaretCore

/// Backspace as Apple's text system does it (docs/editor.md, "Backspace"): one code point inside a
/// cluster of a Brahmic script, the whole cluster otherwise; forward delete and movement by cluster.
@Suite struct EditorBackspaceTests {
    @Test func brahmicClustersLoseOneCodePoint() throws {
        // Devanagari: कि is क + vowel sign I.
        try check("कि|", .deleteBackward, "क|")
        try check("नमस्ते|", .deleteBackward, "नमस्त|")
        try check("नमस्ते|", [.deleteBackward, .deleteBackward], "नमस्|")
        try check("नमस्ते|", [.deleteBackward, .deleteBackward, .deleteBackward], "नमस|")
        try check("क्षि|", [.deleteBackward, .deleteBackward, .deleteBackward], "क|")
        // Bengali কি, Tamil கோ and க், Thai กี่ (two marks) and กำ.
        try check("কি|", .deleteBackward, "ক|")
        try check("கோ|", .deleteBackward, "க|")
        try check("க்|", .deleteBackward, "க|")
        try check("กี่|", .deleteBackward, "กี|")
        try check("กี่|", [.deleteBackward, .deleteBackward], "ก|")
        try check("กำ|", .deleteBackward, "ก|")
        // In the middle of text, with attributes.
        try check("{bold:कि}|x", .deleteBackward, "{bold:क}|x")
    }

    @Test func otherClustersGoWhole() throws {
        try check("a👩‍👩‍👧|", .deleteBackward, "a|")
        try check("a🇺🇸|", .deleteBackward, "a|")
        try check("a1️⃣|", .deleteBackward, "a|")
        try check("a👍🏽|", .deleteBackward, "a|")
        try check("a한|", .deleteBackward, "a|")
        try check("a\u{1112}\u{1161}\u{11AB}|", .deleteBackward, "a|")
        try check("ae\u{301}|", .deleteBackward, "a|")
        try check("a😀|", .deleteBackward, "a|")
        try check("a𝒜|b", .deleteBackward, "a|b")
        try check("a\r\n|", .deleteBackward, "a|")
        // A Devanagari sign on a Latin letter is not a Brahmic cluster.
        try check("ae\u{901}|", .deleteBackward, "a|")
        // A digit has an Indic_Syllabic_Category (Number), the keycap mark does not.
        try check("1\u{20E3}|", .deleteBackward, "|")
    }

    @Test func forwardDeleteAndMovementStayByCluster() throws {
        try check("|कि", .deleteForward, "|")
        try check("|กี่x", .deleteForward, "|x")
        try check("कि|", .moveLeft, "|कि")
        try check("|कि", .moveRight, "कि|")
        try check("^कि|", .deleteBackward, "|")
    }

    @Test func backspacesCoalesceAndUndo() throws {
        let editor = try makeEditor("नमस्ते|")
        try editor.perform(.deleteBackward)
        try editor.perform(.deleteBackward)
        #expect(printMarkup(editor.state) == "नमस्|")
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "नमस्ते|")
    }

    @Test func decomposingDeleteRemovesTheLastPartOfTheCharacter() throws {
        try check("\u{E9}|", .deleteBackwardByDecomposing, "e|")
        try check("e\u{301}|", .deleteBackwardByDecomposing, "e|")
        try check("{bold:x\u{E9}}|y", .deleteBackwardByDecomposing, "{bold:xe}|y")
        try check("\u{1EC5}|", .deleteBackwardByDecomposing, "e\u{302}|")
        try check("\u{D55C}|", .deleteBackwardByDecomposing, "\u{D558}|")
        try check("\u{D558}|", .deleteBackwardByDecomposing, "\u{1112}|")
        try check("कि|", .deleteBackwardByDecomposing, "क|")
        try check("a😀|", .deleteBackwardByDecomposing, "a|")
        try check("🇺🇸|", .deleteBackwardByDecomposing, "🇺|")
        try check("ab|", .deleteBackwardByDecomposing, "a|")
        try check("a\r\n|b", .deleteBackwardByDecomposing, "a|b")
        try check("^ab|c", .deleteBackwardByDecomposing, "|c")
        try check("|ab", .deleteBackwardByDecomposing, "|ab")
        let editor = try makeEditor("\u{E9}|")
        try editor.perform(.deleteBackwardByDecomposing)
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "\u{E9}|")
    }

    @Test func decomposingDeleteIsANamedCommand() throws {
        #expect(EditorCommand.allNames.contains("deleteBackwardByDecomposing"))
        #expect(try EditorCommand(name: "deleteBackwardByDecomposing") == .deleteBackwardByDecomposing)
        #expect(EditorCommand.deleteBackwardByDecomposing.name == "deleteBackwardByDecomposing")
        #expect(try Keymap.standard[KeyChord(parsing: "ctrl+backspace")] == .deleteBackwardByDecomposing)
    }
}

@Suite struct MacKeyNameTests {
    @Test func deleteIsBackwardAndForwardDeleteIsForward() throws {
        #expect(try KeyChord(parsing: "delete").description == "backspace")
        #expect(try KeyChord(parsing: "backspace").description == "backspace")
        #expect(try KeyChord(parsing: "forwarddelete").description == "forwarddelete")
        #expect(try KeyChord(parsing: "fn+delete").description == "forwarddelete")
        #expect(try KeyChord(parsing: "fn+backspace").description == "forwarddelete")
        #expect(try KeyChord(parsing: "del").description == "forwarddelete")
        #expect(try KeyChord(parsing: "alt+fn+delete").description == "alt+forwarddelete")
        #expect(try KeyChord(parsing: "fn+shift+left").description == "shift+home")
        #expect(try KeyChord(parsing: "fn+right").description == "end")
        #expect(try KeyChord(parsing: "fn+up").description == "pageup")
        #expect(try KeyChord(parsing: "fn+down").description == "pagedown")
        #expect(try KeyChord(key: "delete").description == "backspace")
    }

    @Test func fnGoesOnlyWithDeleteAndArrows() {
        func message(_ text: String) -> String {
            do {
                _ = try KeyChord(parsing: text)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("fn+a") == "'fn' goes only with delete and the arrow keys, not 'a', in 'fn+a'")
        #expect(message("fn+fn+delete") == "duplicate modifier 'fn' in 'fn+fn+delete'")
    }

    @Test func theStandardKeymapReadsBothSpellings() throws {
        func command(_ chord: String) throws -> EditorCommand? { Keymap.standard[try KeyChord(parsing: chord)] }
        #expect(try command("delete") == .deleteBackward)
        #expect(try command("backspace") == .deleteBackward)
        #expect(try command("fn+delete") == .deleteForward)
        #expect(try command("forwarddelete") == .deleteForward)
        #expect(try command("alt+delete") == .deleteWordBackward)
        #expect(try command("alt+fn+delete") == .deleteWordForward)
        #expect(try command("cmd+delete") == .deleteToLineStart)
        #expect(try command("cmd+fn+delete") == .deleteToLineEnd)
        let editor = try makeEditor("ab|cd")
        try editor.handle(KeyChord(parsing: "delete"))
        try editor.handle(KeyChord(parsing: "fn+delete"))
        #expect(printMarkup(editor.state) == "a|d")
    }
}
