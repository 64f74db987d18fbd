import CaretCore
import CaretFormats
import Testing
@testable import CaretCLI

@Suite struct EditLayoutTests {
    @Test func widthsOfClusters() {
        #expect(TerminalWidth.columns("a" as Character) == 1)
        #expect(TerminalWidth.columns("e\u{301}" as Character) == 1)
        #expect(TerminalWidth.columns("日" as Character) == 2)
        #expect(TerminalWidth.columns("😀" as Character) == 2)
        #expect(TerminalWidth.columns("👨‍👩‍👧" as Character) == 2)
        #expect(TerminalWidth.columns("❤" as Character) == 1)
        #expect(TerminalWidth.columns("❤\u{FE0F}" as Character) == 2)
        #expect(TerminalWidth.columns("🇫🇷" as Character) == 2)
        #expect(TerminalWidth.columns("\u{200B}" as Character) == 0)
        #expect(TerminalWidth.columns("\u{0301}" as Character) == 0)
        #expect(TerminalWidth.columns("ｱ" as Character) == 1) // halfwidth katakana
        #expect(TerminalWidth.columns("Ａ" as Character) == 2) // fullwidth A
        #expect(TerminalWidth.columns("한" as Character) == 2)
        #expect(TerminalWidth.columns("\u{1100}\u{1161}\u{11A8}" as Character) == 2) // conjoining jamo
        #expect(TerminalWidth.columns("\u{4DB6}" as Character) == 2) // CJK Extension A
        #expect(TerminalWidth.columns("\u{3FFFD}" as Character) == 2) // unassigned, W by default
        #expect(TerminalWidth.tableUnicodeVersion == "15.0.0")
    }

    func text(_ markup: String) throws -> AttributedText { try Markup.parseText(markup) }

    func texts(_ rows: [LayoutRow]) -> [String] { rows.map { $0.cells.map(\.text).joined() } }

    @Test func softWrapsAtSpacesAndKeepsOffsets() throws {
        let t = try text("one two three four")
        let rows = TextLayout(width: 8).rows(of: t, line: 0)
        #expect(texts(rows) == ["one two ", "three ", "four"])
        #expect(rows.map(\.start) == [0, 8, 14])
        #expect(rows.map(\.isLast) == [false, false, true])
        // The caret after "two " is at the start of the second row, not the end of the first.
        #expect(!rows[0].holdsCaret(8) && rows[1].holdsCaret(8))
        #expect(rows[2].holdsCaret(18))
    }

    @Test func longWordsBreakBetweenClustersAndWideOnesMoveDown() throws {
        let rows = TextLayout(width: 5).rows(of: try text("abcdefgh"), line: 0)
        #expect(texts(rows) == ["abcde", "fgh"])
        // A wide cluster that does not fit in the last column moves to the next row.
        let wide = TextLayout(width: 5).rows(of: try text("ab日本c"), line: 0)
        #expect(texts(wide) == ["ab日", "本c"])
        #expect(wide[0].width == 4)
        #expect(wide[1].cells.map(\.offset) == [3, 4])
    }

    @Test func surrogatePairsAndCombiningMarksInOffsets() throws {
        let rows = TextLayout(width: 20).rows(of: try text("😀e\u{301}x"), line: 1 - 1)
        #expect(rows[0].cells.map(\.offset) == [0, 2, 4])
        #expect(rows[0].cells.map(\.width) == [2, 1, 1])
        #expect(rows[0].column(of: 4) == 3)
        #expect(rows[0].offset(atColumn: 1) == 2) // right half of the emoji: after it
        #expect(rows[0].offset(atColumn: 0) == 0)
        #expect(rows[0].offset(atColumn: 9) == 5)
    }

    @Test func aFullLastRowGetsARowForTheCaret() throws {
        let rows = TextLayout(width: 4).rows(of: try text("abcd\nx"), line: 0)
        #expect(texts(rows) == ["abcd", ""])
        #expect(rows[1].start == 4 && rows[1].isLast && rows[1].holdsCaret(4))
        #expect(TextLayout(width: 4).rows(of: try text("\n"), line: 1).count == 1)
    }

    @Test func tabsAndControlCharacters() throws {
        let rows = TextLayout(width: 20).rows(of: try text("a\tb\u{1}"), line: 0)
        #expect(texts(rows) == ["a   b^A"])
        #expect(rows[0].cells.map(\.width) == [1, 3, 1, 2])
    }

    @Test func attributesFollowRuns() throws {
        let rows = TextLayout(width: 20).rows(of: try text("a{bold:bc}d"), line: 0)
        #expect(rows[0].cells.map { $0.attributes.has(.bold) } == [false, true, true, false])
    }
}

@Suite struct EditScreenTests {
    @Test func stylesBecomeSGR() throws {
        let attributes = try Markup.parseText("{bold italic underline=\"double\" strikethrough foregroundColor=#ff0080:x}").attributes(at: 0)
        let style = CellStyle(attributes, paragraph: Attributes())
        #expect(style.sgr == "\u{1B}[0;1;3;4:2;9;38;2;255;0;128m")
        let link = CellStyle(try Markup.parseText("{link=\"https://e.x\":x}").attributes(at: 0), paragraph: Attributes())
        #expect(link.link == "https://e.x" && link.underline == 1)
        let code = CellStyle(try Markup.parseText("{code:x}").attributes(at: 0), paragraph: Attributes())
        #expect(code.sgr == "\u{1B}[0;38;5;216;48;5;236m")
    }

    @Test func theRendererRedrawsOnlyWhatChanged() {
        var old = ScreenFrame(columns: 10, rows: 3)
        old.write("hello", style: .plain, row: 0, column: 0)
        old.write("world", style: .plain, row: 1, column: 0)
        var new = old
        new.write("X", style: CellStyle(bold: true), row: 1, column: 2)
        new.cursor = (1, 3)
        let out = ScreenRenderer.render(from: old, to: new)
        #expect(out == "\u{1B}[?25l\u{1B}[2;3H\u{1B}[0;1mX\u{1B}[0m\u{1B}[2;4H\u{1B}[?25h")
        #expect(!ScreenRenderer.render(from: new, to: new).contains("X"))
        // A first frame clears and draws everything.
        #expect(ScreenRenderer.render(from: nil, to: new).contains("\u{1B}[2J"))
    }

    @Test func wideClustersAreRedrawnWhole() {
        var old = ScreenFrame(columns: 6, rows: 1)
        old.put("日", width: 2, style: .plain, row: 0, column: 2)
        var new = ScreenFrame(columns: 6, rows: 1)
        new.put("a", width: 1, style: .plain, row: 0, column: 3)
        let out = ScreenRenderer.render(from: old, to: new)
        #expect(out.contains("\u{1B}[1;3H\u{1B}[0m a"))
    }

    @Test func linksAreOSC8() {
        var new = ScreenFrame(columns: 4, rows: 1)
        new.write("ab", style: CellStyle(underline: 1, link: "https://e.x"), row: 0, column: 0)
        let out = ScreenRenderer.render(from: ScreenFrame(columns: 4, rows: 1), to: new)
        #expect(out.contains("\u{1B}]8;;https://e.x\u{1B}\\ab") && out.contains("\u{1B}]8;;\u{1B}\\"))
    }
}
