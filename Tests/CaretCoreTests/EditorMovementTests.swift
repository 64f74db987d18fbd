import Testing
import CaretCore

@Suite struct EditorMovementTests {
    @Test func leftAndRightByCluster() throws {
        try check("ab|", .moveLeft, "a|b")
        try check("|ab", .moveLeft, "|ab")
        try check("|", .moveLeft, "|")
        try check("a😀|", .moveLeft, "a|😀")
        try check("a\(family)|", .moveLeft, "a|\(family)")
        try check("a\(eAcute)|", .moveLeft, "a|\(eAcute)")
        try check("🇺🇸🇫🇷|", .moveLeft, "🇺🇸|🇫🇷")
        try check("|😀a", .moveRight, "😀|a")
        try check("|\(family)", .moveRight, "\(family)|")
        try check("|\(eAcute)", .moveRight, "\(eAcute)|")
        try check("|🇺🇸🇫🇷", .moveRight, "🇺🇸|🇫🇷")
        try check("ab|", .moveRight, "ab|")
        try check("a\r\n|b", .moveLeft, "a|\\u{D}\nb")
    }

    @Test func aSelectionCollapsesFirst() throws {
        try check("a^bc|d", .moveLeft, "a|bcd")
        try check("a|bc^d", .moveLeft, "a|bcd")
        try check("a^bc|d", .moveRight, "abc|d")
        try check("a|bc^d", .moveRight, "abc|d")
        try check("^😀|", .moveLeft, "|😀")
    }

    @Test func extendMovesOnlyTheHead() throws {
        try check("ab|", .extendLeft, "a|b^")
        try check("a^b|c", .extendLeft, "a|bc")
        try check("a^b|c", .extendRight, "a^bc|")
        try check("a|b^c", .extendLeft, "|ab^c")
        try check("|😀\(family)", [.extendRight, .extendRight], "^😀\(family)|")
        try check("\(eAcute)🇺🇸|", [.extendLeft, .extendLeft], "|\(eAcute)🇺🇸^")
        try check("|", .extendRight, "|")
    }

    @Test func wordMovement() throws {
        try check("hello wo|rld", .move(.wordLeft, extend: false), "hello |world")
        try check("hello |world", .move(.wordLeft, extend: false), "|hello world")
        try check("hello wo|rld", .move(.wordRight, extend: false), "hello world|")
        try check("hello| world", .move(.wordRight, extend: false), "hello world|")
        try check("|  hi", .move(.wordRight, extend: false), "  hi|")
        try check("a|", .move(.wordLeft, extend: false), "|a")
        try check("hi  |", .move(.wordRight, extend: false), "hi  |")
        try check("😀 ab|", .move(.wordLeft, extend: false), "😀 |ab")
        try check("|caf\(eAcute) x", .move(.wordRight, extend: false), "caf\(eAcute)| x")
        try check("one two^ three|", .move(.wordLeft, extend: true), "one two^ |three")
        try check("on^e two|", .move(.wordLeft, extend: false), "|one two")
        try check("on^e two|", .move(.wordRight, extend: false), "one two|")
        try check("|", .move(.wordRight, extend: false), "|")
    }

    @Test func wordMovementAcrossLongRuns() throws {
        let spaces = String(repeating: " ", count: 1000)
        try check("ab\(spaces)|", .move(.wordLeft, extend: false), "|ab\(spaces)")
        try check("|\(spaces)ab", .move(.wordRight, extend: false), "\(spaces)ab|")
        let word = String(repeating: "x", count: 700)
        try check("a \(word)|", .move(.wordLeft, extend: false), "a |\(word)")
    }

    @Test func lineStartAndEnd() throws {
        try check("ab\ncd|ef", .move(.lineStart, extend: false), "ab\n|cdef")
        try check("ab\ncd|ef", .move(.lineEnd, extend: false), "ab\ncdef|")
        try check("ab|\ncd", .move(.lineEnd, extend: false), "ab|\ncd")
        try check("a|b\r\ncd", .move(.lineEnd, extend: false), "ab|\\u{D}\ncd")
        try check("ab\ncd|ef", .move(.lineStart, extend: true), "ab\n|cd^ef")
        try check("a^b\nc|d", .move(.lineStart, extend: false), "|ab\ncd")
        try check("a^b\nc|d", .move(.lineEnd, extend: false), "ab\ncd|")
        try check("😀|\(family)", .move(.lineEnd, extend: false), "😀\(family)|")
        try check("|", .move(.lineEnd, extend: false), "|")
    }

    @Test func upAndDownKeepTheGoalColumn() throws {
        try check("abc\nd|ef", .move(.up, extend: false), "a|bc\ndef")
        try check("a|bc\ndef", .move(.down, extend: false), "abc\nd|ef")
        try check("abcd\nx\nab|cd", [.move(.up, extend: false), .move(.up, extend: false)], "ab|cd\nx\nabcd")
        try check("ab|cd\nx\nabcd", [.move(.down, extend: false), .move(.down, extend: false)], "abcd\nx\nab|cd")
        try check("ab|c", .move(.up, extend: false), "|abc")
        try check("ab|c", .move(.down, extend: false), "abc|")
        try check("\(eAcute)x\nab|", .move(.up, extend: false), "\(eAcute)x|\nab")
        try check("😀\(family)|\nabc", .move(.down, extend: false), "😀\(family)\nab|c")
        try check("ab\r\ncd|", .move(.up, extend: false), "ab|\\u{D}\ncd")
        try check("ab\nc|d", .move(.up, extend: true), "a|b\nc^d")
        try check("a^b\nc|d", .move(.up, extend: false), "|ab\ncd")
        try check("a|b^\ncd", .move(.down, extend: false), "ab\ncd|")
        // Another command forgets the goal column.
        try check("abcd\nx\nab|cd", [.move(.up, extend: false), .moveLeft, .move(.up, extend: false)], "|abcd\nx\nabcd")
    }

    @Test func documentStartAndEnd() throws {
        try check("ab\nc|d", .move(.documentStart, extend: false), "|ab\ncd")
        try check("a|b\ncd", .move(.documentEnd, extend: false), "ab\ncd|")
        try check("a|b\ncd", .move(.documentEnd, extend: true), "a^b\ncd|")
        try check("a|b^", .move(.documentStart, extend: true), "|ab^")
        try check("|", .move(.documentEnd, extend: false), "|")
    }

    @Test func selectCommands() throws {
        try check("a|b\ncd", .selectAll, "^ab\ncd|")
        try check("|", .selectAll, "|")
        try check("hel|lo world", .selectWord, "^hello| world")
        try check("hello| world", .selectWord, "^hello| world")
        try check("hello |world", .selectWord, "hello ^world|")
        // UAX #29 keeps "a.b" together (a full stop between letters, WB6/WB7).
        try check("a|.b", .selectWord, "^a.b|")
        try check("a|, b", .selectWord, "^a|, b")
        try check("a.|", .selectWord, "a^.|")
        try check("he^l|lo wo", .selectWord, "^hello| wo")
        try check("he|llo wo^rld", .selectWord, "|hello world^")
        try check("😀|", .selectWord, "^😀|")
        try check("|", .selectWord, "|")
        try check("ab\nc|d\nef", .selectLine, "ab\n^cd|\nef")
        try check("ab\nc|d\nef", .selectParagraph, "ab\n^cd\n|ef")
        try check("a^b\nc|d\nef", .selectParagraph, "^ab\ncd\n|ef")
        try check("a^b\n|cd", .selectLine, "^ab|\ncd")
        try check("ab\r\nc|d", .selectLine, "ab\\u{D}\n^cd|")
        try check("a|b\r\ncd", .selectLine, "^ab|\\u{D}\ncd")
        try check("|", .selectParagraph, "|")
    }

    @Test func setSelection() throws {
        try check("abc", .setSelection(anchor: 3, head: 1), "a|bc^")
        try check("abc", .setSelection(anchor: 0, head: 0), "|abc")
        try check("😀x", .setSelection(anchor: 2, head: 3), "😀^x|")
        try checkThrows("😀", .setSelection(anchor: 1, head: 1), "invalid position: offset 1 is inside a surrogate pair (valid 0...2, UTF-16)")
        try checkThrows("ab", .setSelection(anchor: 0, head: -1), "invalid position: offset -1 is negative (valid 0...2, UTF-16)")
    }

    @Test func selectionChangeResetsTypingAttributes() throws {
        try check("{bold:ab}|cd", [.toggleBold, .moveRight], "{bold:ab}c|d")
        try check("{bold:ab}|cd", [.toggleBold, .moveLeft], "{bold:a|b}cd")
        try check("|{bold:ab}", .moveRight, "{bold:a|b}")
        try check("ab|", [.toggleBold, .moveRight], "ab|<bold>")
    }
}

@Suite struct EditorPositionAdjustmentTests {
    @Test func clampAndSnapOnlyWhenAsked() throws {
        let editor = try makeEditor("a😀\(eAcute)|")
        #expect(try editor.position(2, adjusting: .clamp) == 1)
        #expect(try editor.position(-3, adjusting: .clamp) == 0)
        #expect(try editor.position(99, adjusting: .clamp) == 5)
        #expect(try editor.position(4, adjusting: .clamp) == 4)
        #expect(try editor.position(4, adjusting: .snap) == 3)
        #expect(try editor.position(3, adjusting: .exact) == 3)
        #expect(throws: EditorError.self) { try editor.position(2, adjusting: .exact) }
    }
}
