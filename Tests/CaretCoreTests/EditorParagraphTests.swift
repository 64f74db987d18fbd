import Testing
import CaretCore

// Paragraph attributes through the editor, in the marked-text notation (Support/MarkupShim.swift).
// `B` abbreviates a level-1 bullet item's header, `O` an ordered one's.
private let B = "listStyle=\"bullet\" listLevel=1"
private let O = "listStyle=\"ordered\" listLevel=1"

/// Runs `commands`, checks the result, the paragraph invariants, and that one undo restores the
/// start exactly and redo the result.
private func checkUndoable(
    _ before: String, _ commands: [EditorCommand], _ after: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let editor = try makeEditor(before)
    let start = editor.state
    for command in commands { try editor.perform(command) }
    let end = editor.state
    #expect(printMarkup(end) == after, "\(before) → \(commands)", sourceLocation: sourceLocation)
    try editor.text.checkInvariants()
    guard end.text != start.text else { return }
    while editor.canUndo { try editor.perform(.undo) }
    #expect(editor.state == start, "undo of \(commands) on \(before)", sourceLocation: sourceLocation)
    while editor.canRedo { try editor.perform(.redo) }
    #expect(editor.state == end, "redo of \(commands) on \(before)", sourceLocation: sourceLocation)
}

private func checkUndoable(
    _ before: String, _ command: EditorCommand, _ after: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try checkUndoable(before, [command], after, sourceLocation: sourceLocation)
}

@Suite struct EditorParagraphReturnTests {
    @Test func returnAtTheEndOfAHeadingStartsAPlainParagraph() throws {
        try checkUndoable("{heading=1:Title|\n}Body", .insertNewline, "{heading=1:Title\n}|\nBody")
        try checkUndoable("{heading=1:Title}|", .insertNewline, "{heading=1:Title\n}|<>")
        try checkUndoable("{heading=1:Title}|", [.insertNewline, .insertText("x")], "{heading=1:Title\n}x|")
        try checkUndoable("{heading=2 bold:Title}|", [.insertNewline, .insertText("x")], "{bold heading=2:Title\n}{bold:x}|")
    }

    @Test func returnInsideAHeadingSplitsItIntoTwoHeadings() throws {
        try checkUndoable("{heading=1:Ti|tle\n}Body", .insertNewline, "{heading=1:Ti\n|tle\n}Body")
        try checkUndoable("|{heading=1:Title}", .insertNewline, "{heading=1:\n|Title}")
    }

    @Test func returnInANonEmptyListItemStartsTheNextItem() throws {
        try checkUndoable("{\(B):one|\n}", .insertNewline, "{\(B):one\n|\n}")
        try checkUndoable("{\(B):one}|", [.insertNewline, .insertText("two")], "{\(B):one\ntwo}|")
        try checkUndoable("{\(O):o|ne}", .insertNewline, "{\(O):o\n|ne}")
    }

    @Test func returnInAnEmptyListItemEndsTheList() throws {
        // The empty item is a "\n" paragraph: it loses its list attributes, nothing is inserted.
        try checkUndoable("{\(B):one\n|\n}after", .insertNewline, "{\(B):one\n}|\nafter")
        // The empty last paragraph holds its attributes in the typing attributes only.
        try checkUndoable("{\(B):one\n}|", .insertNewline, "{\(B):one\n}|<>")
        // A nested empty item outdents one level first.
        let nested = "listStyle=\"bullet\" listLevel=2"
        try checkUndoable("{\(B):one\n}{\(nested):|\n}x", .insertNewline, "{\(B):one\n|\n}x")
    }

    @Test func returnInACodeBlockStaysInIt() throws {
        try checkUndoable("{codeBlock=true:let x|\n}", .insertNewline, "{codeBlock=true:let x\n|\n}")
        try checkUndoable("{codeBlock=true:let x\n|\n}", .insertNewline, "{codeBlock=true:let x\n\n|\n}")
    }

    @Test func returnInAnEmptyBlockQuoteParagraphEndsTheQuote() throws {
        try checkUndoable("{blockQuote=true:said\n|\n}", .insertNewline, "{blockQuote=true:said\n}|\n")
        try checkUndoable("{blockQuote=true:sa|id}", .insertNewline, "{blockQuote=true:sa\n|id}")
    }

    @Test func theRuleStepsUndoAloneAfterTyping() throws {
        let editor = try makeEditor("{\(B):one}|")
        try editor.perform(.insertNewline)
        try editor.perform(.insertNewline)
        #expect(printMarkup(editor.state) == "{\(B):one\n}|<>")
        try editor.perform(.insertText("x"))
        #expect(printMarkup(editor.state) == "{\(B):one\n}x|")
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "{\(B):one\n}|<>")
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "{\(B):one}|")
    }
}

@Suite struct EditorParagraphDeleteTests {
    @Test func backspaceAtTheStartOfAListItemRemovesItsListAttributes() throws {
        try checkUndoable("{\(B):one\n|two}", .deleteBackward, "{\(B):one\n}|two")
        try checkUndoable("|{\(B):one}", .deleteBackward, "|one")
        // Then a second backspace joins as usual.
        try checkUndoable("{\(B):one\n|two}", [.deleteBackward, .deleteBackward], "{\(B):one|two}")
    }

    @Test func deletingTheBreakGivesTheMergedParagraphTheFirstOnesAttributes() throws {
        try checkUndoable("{heading=1:Title\n}|Body", .deleteBackward, "{heading=1:Title|Body}")
        try checkUndoable("Body|{heading=1:\nTitle}", .deleteForward, "Body|Title")
        try checkUndoable("{heading=1:Ti^tle\n}Bo|dy", .deleteBackward, "{heading=1:Ti|dy}")
    }

    @Test func typingKeepsParagraphsUniform() throws {
        try checkUndoable("{heading=1:|Title}", .insertText("A"), "{heading=1:A|Title}")
        try checkUndoable("{heading=1:Title\n}|Body", .insertText("😀"), "{heading=1:Title\n}😀|Body")
        try checkUndoable("{\(B):a\(family)|}", .insertText("\u{301}"), "{\(B):a\(family)\u{301}}|")
        try checkUndoable("{heading=1:Ti^tle\n}Bo|dy", .insertText("\(eAcute)"), "{heading=1:Ti\(eAcute)|dy}")
    }

    @Test func findReplaceAndSuggestionsKeepParagraphsUniform() throws {
        // Joining paragraphs by replacing their breaks: each merged paragraph takes the first one's.
        try checkUndoable("{heading=1:a\n}b\n{\(B):c}|", .replaceAll(FindQuery("\n"), with: " "), "{heading=1:a b c}|")
        // Splitting a list item by replacing text with a line break: both halves stay items.
        try checkUndoable("{\(B):a-b}|", .replaceAll(FindQuery("-"), with: "\n"), "{\(B):a\nb}|")
        try checkUndoable("{heading=2:helo\n}|x", .applySuggestion("hello", range: 0..<4), "{heading=2:hello|\n}x")
    }

    @Test func pasteTakesTheHostParagraphsAttributes() throws {
        let editor = try makeEditor("{\(B):ab|cd}")
        editor.clipboard = try parseMarkup("{heading=1:H\n}X").text
        try editor.perform(.paste)
        #expect(printMarkup(editor.state) == "{\(B):abH\n}X|cd")
        try editor.text.checkInvariants()
    }
}

@Suite struct EditorParagraphCommandTests {
    @Test func paragraphKeysCoverWholeParagraphs() throws {
        try checkUndoable("a^b\ncd|\nef", .setAttribute(.heading, .number(2)), "{heading=2:a^b\ncd|\n}ef")
        try checkUndoable("a^b\n|cd", .setParagraphAttribute(.alignment, .string("center")), "{alignment=\"center\":a^b\n}|cd")
        try checkUndoable("ab|\ncd", .setParagraphAttribute(.blockQuote, .bool(true)), "{blockQuote=true:ab|\n}cd")
        try checkUndoable("{heading=2:a^b\ncd|\n}ef", .removeAttribute(.heading), "a^b\ncd|\nef")
        try checkUndoable("{bold:a|b}", .setHeading(1), "{bold heading=1:a|b}")
        try checkUndoable("{heading=1:a|b}", .setHeading(0), "a|b")
    }

    @Test func headingsInTheEmptyLastParagraphLiveInTheTypingAttributes() throws {
        try check("a\n|", .setHeading(1), "a\n|<heading=1>")
        try check("a\n|", [.setHeading(1), .insertText("T")], "a\n{heading=1:T}|")
    }

    @Test func listsToggleIndentAndOutdent() throws {
        try checkUndoable("a|\nb", .toggleList("bullet"), "{\(B):a|\n}b")
        try checkUndoable("^a\nb|", .toggleList("bullet"), "^{\(B):a\nb}|")
        try checkUndoable("{\(B):^a\n}b|", .toggleList("bullet"), "^{\(B):a\nb}|")
        try checkUndoable("{\(B):^a\nb|}", .toggleList("bullet"), "^a\nb|")
        try checkUndoable("{\(B):^a\nb|}", .toggleList("ordered"), "^{\(O):a\nb}|")
        try checkUndoable("{\(B):a|}", .indentList, "{listStyle=\"bullet\" listLevel=2:a}|")
        try checkUndoable("{listStyle=\"bullet\" listLevel=2:a|}", .outdentList, "{\(B):a}|")
        try checkUndoable("{\(B):a|}", .outdentList, "a|")
        try checkUndoable("plain|", .indentList, "plain|")
        try checkUndoable("plain|", .setParagraphAttribute(.listLevel, .number(3)), "plain|")
    }

    @Test func badParagraphArguments() throws {
        try checkThrows("a|", .setParagraphAttribute(.bold, .bool(true)),
                        "command 'setParagraphAttribute', argument 'key': 'bold' is not a paragraph attribute (heading, listStyle, listLevel, blockQuote, codeBlock, alignment)")
        try checkThrows("a|", .setHeading(7), "command 'setHeading', argument 'level': expected 0 (none) or a level in 1...6, got 7")
        try checkThrows("a|", .toggleList("dashed"), "command 'toggleList', argument 'style': expected one of bullet, ordered, got dashed")
    }

    @Test func typingAttributesCarryTheCaretParagraphs() throws {
        let editor = try makeEditor("{heading=1:Title\n}|Body")
        #expect(editor.typingAttributes.isEmpty)
        try editor.perform(.setSelection(anchor: 0, head: 0))
        #expect(editor.typingAttributes[.heading] == .number(1))
        #expect(try editor.paragraphAttributes(at: 6) == Attributes())
        #expect(try editor.paragraphAttributes(at: 5) == Attributes([(.heading, .number(1))]))
    }
}

@Suite struct ParagraphQueryTests {
    @Test func paragraphRanges() throws {
        let text = try parseMarkup("ab\n\ncd").text
        #expect(try text.paragraphRange(containing: 0) == 0..<3)
        #expect(try text.paragraphRange(containing: 2) == 0..<3)
        #expect(try text.paragraphRange(containing: 3) == 3..<4)
        #expect(try text.paragraphRange(containing: 4) == 4..<6)
        #expect(try text.paragraphRange(containing: 6) == 4..<6)
        #expect(try parseMarkup("ab\n").text.paragraphRange(containing: 3) == 3..<3)
        #expect(try text.paragraphRange(covering: 1..<3) == 0..<3)
        #expect(try text.paragraphRange(covering: 1..<4) == 0..<4)
    }

    @Test func listOrdinals() throws {
        let nested = "listStyle=\"ordered\" listLevel=2"
        let text = try parseMarkup("{\(O):a\nb\n}{\(nested):x\ny\n}{\(O):c\n}{\(B):d\n}{\(O):e\n}p\n{\(O):f}").text
        let starts = [0, 2, 4, 6, 8, 10, 12, 14, 16]
        let ordinals = try starts.map { try text.listOrdinal(ofParagraphAt: $0) }
        #expect(ordinals == [1, 2, 1, 2, 3, 1, 1, nil, 1])
    }

    @Test func invariantsFindNonUniformParagraphs() throws {
        var text = try parseMarkup("{heading=1:ab\n}cd").text
        try text.checkInvariants()
        try text.setAttributes(Attributes(), in: 1..<2)
        #expect(throws: InvariantViolation.self) { try text.checkInvariants() }
        let orphan = try parseMarkup("{listLevel=2:ab}").text
        #expect(throws: InvariantViolation.self) { try orphan.checkParagraphInvariants() }
    }
}

@Suite struct EditorParagraphSelectionTests {
    @Test func returnOverASelectionEndingAtAParagraphStart() throws {
        // The caret lands at the start of the list item: its typing attributes are the item's.
        try checkUndoable("{heading=1:le^\n}|{\(O):\n}x", .insertNewline, "{heading=1:le\n}|{\(O):\n}x")
        try checkUndoable("{heading=1:le^\n}|{\(O):\n}x", .insertText("a\n"), "{heading=1:lea\n}|{\(O):\n}x")
    }
}
