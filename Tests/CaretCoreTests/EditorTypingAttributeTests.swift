import Testing
import CaretCore

/// The typing-attribute rule of Apple's text system (docs/editor.md, Semantics): the character
/// before a caret, the paragraph's first character at a paragraph start, the first selected
/// character for a range; never `link`.
@Suite struct EditorTypingAttributeTests {
    @Test func aCaretInsideAParagraphTakesTheCharacterBefore() throws {
        try check("{bold:ab}|{italic:c}", .insertText("X"), "{bold:abX}|{italic:c}")
        try check("{bold:😀}|{italic:c}", .insertText("X"), "{bold:😀X}|{italic:c}")
        try check("{bold:e\u{301}}|{italic:c}", .insertText("X"), "{bold:e\u{301}X}|{italic:c}")
    }

    @Test func aCaretAtAParagraphStartTakesTheParagraphsFirstCharacter() throws {
        try check("{bold:Title}\n|{italic:body}", .insertText("X"), "{bold:Title}\n{italic:X|body}")
        try check("{bold:Title\n}|{italic:😀}", .insertText("X"), "{bold:Title\n}{italic:X|😀}")
        try check("{bold:a\u{D}\n}|{italic:b}", .insertText("X"), "{bold:a\\u{D}\n}{italic:X|b}")
        // The document start is a paragraph start.
        try check("|{italic:ab}", .insertText("X"), "{italic:X|ab}")
        try check("|{italic:😀}b", .insertText("X"), "{italic:X|😀}b")
    }

    @Test func emptyParagraphsAndTheDocumentEnd() throws {
        // An empty paragraph between others: its own line break is its first character.
        try check("{bold:a\n}|{italic:\n}b", .insertText("X"), "{bold:a\n}{italic:X|\n}b")
        // The empty last paragraph has no characters: the line break before it.
        try check("{bold:a\n}|", .insertText("X"), "{bold:a\nX}|")
        try check("{italic:a}{bold:\n}|", .insertText("X"), "{italic:a}{bold:\nX}|")
        // An empty document: nothing.
        try check("|", .insertText("X"), "X|")
    }

    @Test func aRangeSelectionTakesItsFirstCharacter() throws {
        try check("hello ^{bold:world}|", .insertText("X"), "hello {bold:X}|")
        try check("hello |{bold:world}^", .insertText("X"), "hello {bold:X}|")
        try check("Dear ^{bold:NAME}|,", .insertText("Ann"), "Dear {bold:Ann}|,")
        try check("{italic:a^b}{bold:c}|d", .insertText("X"), "{italic:aX}|d")
        // A selection starting with a line break takes the line break's.
        try check("a^\n|{italic:b}", .insertText("X"), "aX|{italic:b}")
        try check("^{bold:😀}x|", .insertText("X"), "{bold:X}|")
    }

    @Test func aTemplateOverABoldPlaceholderComesOutBold() throws {
        let editor = try makeEditor("To: ^{bold:<name>}|\n")
        #expect(editor.typingAttributes == .traits(.bold))
        try editor.perform(.insertText("Ann Lee"))
        #expect(printMarkup(editor.state) == "To: {bold:Ann Lee}|\n")
    }

    @Test func linksAreNeverInherited() throws {
        try check("{link=\"https://a.b\":ab}|", .insertText("X"), "{link=\"https://a.b\":ab}X|")
        try check("a\n|{bold link=\"https://a.b\":bc}", .insertText("X"), "a\n{bold:X}|{bold link=\"https://a.b\":bc}")
        try check("^{bold link=\"https://a.b\":ab}|c", .insertText("X"), "{bold:X}|c")
        try check("|{link=\"https://a.b\":ab}", .insertText("X"), "X|{link=\"https://a.b\":ab}")
    }

    @Test func paragraphAttributesComeWithTheParagraphsFirstCharacter() throws {
        let editor = try makeEditor("{heading=1:Title\n}|{listStyle=\"bullet\" listLevel=1:item}")
        #expect(editor.typingAttributes[.listStyle] == .string("bullet"))
        #expect(editor.typingAttributes[.heading] == nil)
        try editor.perform(.insertText("X"))
        #expect(printMarkup(editor.state) == "{heading=1:Title\n}{listStyle=\"bullet\" listLevel=1:X|item}")
    }

    @Test func theInheritedSetIsWhatMarkupLeavesOut() throws {
        let caret = try makeEditor("{bold:Title}\n|{italic:body}")
        #expect(caret.typingAttributes == .traits(.italic))
        #expect(caret.state.typingAttributes == nil)
        let text = try parseMarkup("{bold:Title}\n{italic:body}").text
        #expect(try text.inheritedTypingAttributes(at: 6) == .traits(.italic))
        #expect(try text.inheritedTypingAttributes(at: 5) == .traits(.bold))
        #expect(try text.inheritedTypingAttributes(for: Selection(anchor: 3, head: 8)) == .traits(.bold))
        #expect(try text.inheritedTypingAttributes(for: Selection(anchor: 8, head: 6)) == .traits(.italic))
        #expect(throws: TextError.self) { try text.inheritedTypingAttributes(for: Selection(anchor: 0, head: 99)) }
    }

    @Test func returnBeforeStyledTextStartsAParagraphThatTypesLikeIt() throws {
        // After Return the caret is at the start of the paragraph holding "body".
        try check("{bold:Title}|{italic:body}", [.insertNewline, .insertText("X")], "{bold:Title\n}{italic:X|body}")
        try check("{bold:Title}|", [.insertNewline, .insertText("X")], "{bold:Title\nX}|")
    }
}
