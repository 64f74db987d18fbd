import Testing
import CaretCore

// Before → after, in the marked-text notation of Support/MarkupShim.swift.
// Abbreviations: 😀 astral (2 units), family = 👩‍👩‍👧 (ZWJ, 8 units), é = e + U+0301, flags 🇺🇸🇫🇷.
let family = "👩\u{200D}👩\u{200D}👧"
let eAcute = "e\u{301}"

@Suite struct EditorInsertTests {
    @Test func insertTextReplacesTheSelectionInTypingAttributes() throws {
        try check("{bold:he|llo}", .insertText("X"), "{bold:heX|llo}")
        try check("|", .insertText("hi"), "hi|")
        try check("", .insertText("hi"), "hi|")
        try check("a^bc|d", .insertText("X"), "aX|d")
        try check("a|bc^d", .insertText("X"), "aX|d")
        try check("^abcd|", .insertText("X"), "X|")
        try check("{bold:ab}|<>cd", .insertText("X"), "{bold:ab}X|cd")
        try check("|{italic:ab}", .insertText("X"), "{italic:X|ab}")
    }

    @Test func insertTextAroundClusters() throws {
        try check("😀|", .insertText("x"), "😀x|")
        try check("a|b", .insertText("😀"), "a😀|b")
        try check("\(family)|", .insertText(family), "\(family)\(family)|")
        try check("e|x", .insertText("\u{301}"), "\(eAcute)|x")
        try check("^🇺🇸|🇫🇷", .insertText("x"), "x|🇫🇷")
        // A regional indicator typed before a flag pairs with its first half: the caret leaves the new cluster.
        try check("🇺🇸|🇫🇷", .insertText("🇦"), "🇺🇸🇦🇫|🇷")
    }

    @Test func newlineTabAndOpenLine() throws {
        try check("ab|cd", .insertNewline, "ab\n|cd")
        try check("ab|cd", .insertTab, "ab\t|cd")
        try check("ab|cd", .openLine, "ab|\ncd")
        try check("a^b|c", .openLine, "a|\nc")
        try check("a\u{D}|b", .openLine, "a|\\u{D}\nb")
        try check("|", .insertNewline, "\n|")
    }

    @Test func typedTextNeverInheritsLinks() throws {
        try check("{link=\"https://x\":ab}|", .insertText("c"), "{link=\"https://x\":ab}c|")
        try check("|{link=\"https://x\":ab}", .insertText("c"), "c|{link=\"https://x\":ab}")
    }
}

@Suite struct EditorDeleteTests {
    @Test func deleteBackwardByCluster() throws {
        try check("ab|", .deleteBackward, "a|")
        try check("|ab", .deleteBackward, "|ab")
        try check("|", .deleteBackward, "|")
        try check("a😀|", .deleteBackward, "a|")
        try check("a\(family)|b", .deleteBackward, "a|b")
        try check("\(eAcute)|", .deleteBackward, "|")
        try check("🇺🇸🇫🇷|", .deleteBackward, "🇺🇸|")
        try check("a\r\n|b", .deleteBackward, "a|b")
        try check("a^bc|d", .deleteBackward, "a|d")
        try check("a|bc^d", .deleteBackward, "a|d")
        try check("{bold:a}|{italic:b}", .deleteBackward, "|{italic:b}")
    }

    @Test func deleteForwardByCluster() throws {
        try check("|ab", .deleteForward, "|b")
        try check("ab|", .deleteForward, "ab|")
        try check("|😀b", .deleteForward, "|b")
        try check("|\(family)", .deleteForward, "|")
        try check("a|\(eAcute)b", .deleteForward, "a|b")
        try check("|🇺🇸🇫🇷", .deleteForward, "|🇫🇷")
        try check("^ab|", .deleteForward, "|")
        try check("|ab^", .deleteForward, "|")
    }

    @Test func deleteWords() throws {
        try check("hello world|", .deleteWordBackward, "hello |")
        try check("hello wor|ld", .deleteWordBackward, "hello |ld")
        try check("hello   |", .deleteWordBackward, "|")
        try check("|hello", .deleteWordBackward, "|hello")
        try check("😀 ab😀|", .deleteWordBackward, "😀 |")
        try check("|hello world", .deleteWordForward, "| world")
        try check("hello| world", .deleteWordForward, "hello|")
        try check("hello|", .deleteWordForward, "hello|")
        try check("caf\(eAcute)| x", .deleteWordBackward, "| x")
        try check("a^bc d|e", .deleteWordForward, "a|e")
        try check("", .deleteWordBackward, "|")
    }

    @Test func deleteToLineEdges() throws {
        try check("ab\ncd|ef", .deleteToLineStart, "ab\n|ef")
        try check("ab\n|cd", .deleteToLineStart, "ab|cd")
        try check("ab\r\n|cd", .deleteToLineStart, "ab|cd")
        try check("|ab", .deleteToLineStart, "|ab")
        try check("ab|cd\nef", .deleteToLineEnd, "ab|\nef")
        try check("ab|\nef", .deleteToLineEnd, "ab|ef")
        try check("ab|\r\nef", .deleteToLineEnd, "ab|ef")
        try check("ab|", .deleteToLineEnd, "ab|")
        try check("😀|\(family)", .deleteToLineEnd, "😀|")
        try check("a^b\nc|d", .deleteToLineEnd, "a|d")
    }

    @Test func transposeSwapsClusters() throws {
        try check("ab|cd", .transpose, "acb|d")
        try check("abc|", .transpose, "acb|")
        try check("ab|\ncd", .transpose, "ba|\ncd")
        try check("|ab", .transpose, "|ab")
        try check("a\n|b", .transpose, "a\n|b")
        try check("a|😀", .transpose, "😀a|")
        try check("\(eAcute)|\(family)", .transpose, "\(family)\(eAcute)|")
        try check("{bold:a}|b", .transpose, "b{bold:a}|")
        try check("a^b|c", .transpose, "a^b|c")
    }
}

@Suite struct EditorReplaceAndClipboardTests {
    @Test func replaceRangeMapsTheSelection() throws {
        try check("hello |world", .replaceRange(0..<5, with: "HI"), "HI |world")
        try check("{bold:hello} |world", .replaceRange(0..<5, with: "X"), "{bold:X} |world")
        try check("ab|cd", .replaceRange(2..<2, with: "X"), "abX|cd")
        try check("a^bcd|e", .replaceRange(2..<3, with: "XY"), "a^bXYd|e")
        try check("a|bcd^e", .replaceRange(2..<3, with: "XY"), "a|bXYd^e")
        try check("a^bc|d", .replaceRange(0..<4, with: "Z"), "Z|")
        try check("ab|", .replaceRange(0..<0, with: "😀"), "😀ab|")
        try check("|", .replaceRange(0..<0, with: "x"), "x|")
    }

    @Test func replaceRangeRejectsBadPositions() throws {
        try checkThrows("😀|", .replaceRange(1..<1, with: "x"), "invalid position: offset 1 is inside a surrogate pair (valid 0...2, UTF-16)")
        try checkThrows("ab|", .replaceRange(1..<5, with: "x"), "invalid position: offset 5 is past the end (length 2, UTF-16)")
    }

    @Test func cutCopyPaste() throws {
        try check("a^bc|d", [.cut, .move(.documentEnd, extend: false), .paste], "adbc|")
        try check("a|bc^d", [.cut, .move(.documentStart, extend: false), .paste], "bc|ad")
        try check("{bold:a^b}c|d", [.cut, .move(.documentEnd, extend: false), .paste], "{bold:a}d{bold:b}c|")
        try check("{bold:^ab|}c", [.copy, .move(.documentEnd, extend: false), .pasteAsPlainText], "{bold:ab}cab|")
        try check("^😀\(family)|", [.copy, .paste, .paste], "😀\(family)😀\(family)|")
        try check("ab|", .paste, "ab|")
        try check("ab|", [.copy, .paste], "ab|")
        try check("ab|", [.cut, .paste], "ab|")
        try check("^ab|", [.cut], "|")
    }

    @Test func clipboardHoldsAttributedText() throws {
        let editor = try makeEditor("{italic:^x😀|}y")
        try editor.perform(.copy)
        #expect(editor.clipboard == AttributedText("x😀", attributes: .traits(.italic)))
    }
}
