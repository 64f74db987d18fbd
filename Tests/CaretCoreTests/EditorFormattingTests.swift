import Testing
import CaretCore

@Suite struct EditorToggleTests {
    @Test func uniformToggleAddsUnlessAllHaveIt() throws {
        try check("he^ll|o", .toggleBold, "he^{bold:ll}|o")
        try check("{bold:h^el|lo}", .toggleBold, "{bold:h}^el|{bold:lo}")
        try check("{bold:h^e}l|lo", .toggleBold, "{bold:h^el}|lo")
        try check("{bold:h|e}l^lo", .toggleBold, "{bold:h|el}^lo")
        try check("^😀\(family)|", .toggleItalic, "^{italic:😀\(family)}|")
        try check("^\(eAcute)🇺🇸|", .toggleUnderline, "^{underline:\(eAcute)🇺🇸}|")
        try check("a|b^", .toggleStrikethrough, "a|{strikethrough:b}^")
        try check("^ab|", .toggleCode, "^{code:ab}|")
        try check("^{bold italic:ab}|", .toggleItalic, "^{bold:ab}|")
    }

    @Test func perRunFlipPolicy() throws {
        let flip = EditorOptions(traitToggle: .perRunFlip)
        try check("{bold:h^e}l|lo", .toggleBold, "{bold:h}^e{bold:l}|lo", options: flip)
        try check("h^el|lo", .toggleBold, "h^{bold:el}|lo", options: flip)
        try check("ab|", .toggleBold, "ab|<bold>", options: flip)
    }

    @Test func aCaretTogglesOnlyTypingAttributes() throws {
        try check("ab|", .toggleBold, "ab|<bold>")
        try check("ab|", [.toggleBold, .insertText("c")], "ab{bold:c}|")
        try check("ab|", [.toggleBold, .toggleBold], "ab|")
        try check("{bold:ab}|", .toggleBold, "{bold:ab}|<>")
        try check("{bold:ab}|", [.toggleBold, .insertText("c")], "{bold:ab}c|")
        try check("|", [.toggleItalic, .insertText("😀")], "{italic:😀}|")
        try check("|{bold:ab}", .toggleBold, "|<>{bold:ab}")
    }

    @Test func triStateForToolbars() throws {
        let mixed = try makeEditor("{bold:h^e}l|lo")
        #expect(mixed.traitState(.bold) == .mixed)
        #expect(mixed.traitState(.italic) == .off)
        let all = try makeEditor("{bold:h^el|lo}")
        #expect(all.traitState(.bold) == .on)
        let caret = try makeEditor("{bold:ab}|<>")
        #expect(caret.traitState(.bold) == .off)
        try caret.perform(.toggleBold)
        #expect(caret.traitState(.bold) == .on)
        let empty = try makeEditor("|")
        #expect(empty.traitState(.bold) == .off)
    }

    @Test func onlyTraitsToggle() throws {
        try checkThrows("^ab|", .toggleTrait(.fontSize), "command 'toggleTrait', argument 'key': 'fontSize' is not a trait (bold, italic, underline, strikethrough, code)")
    }
}

@Suite struct EditorAttributeTests {
    @Test func setAndRemoveAttributes() throws {
        try check("^ab|", .setAttribute(.foregroundColor, .string("#FF0000")), "^{foregroundColor=#ff0000:ab}|")
        try check("ab|", .setAttribute(.fontSize, .number(14)), "ab|<fontSize=14>")
        try check("a^b😀|", .setAttribute(.custom("note"), .string("v")), "a^{note=\"v\":b😀}|")
        try check("^{bold italic:ab}|", .removeAttribute(.bold), "^{italic:ab}|")
        try check("{bold:ab}|", .removeAttribute(.bold), "{bold:ab}|<>")
        try checkThrows("^ab|", .setAttribute(.fontSize, .string("x")), "attribute 'fontSize': expected a number of points, got a string")
        try checkThrows("^ab|", .setAttribute(.foregroundColor, .string("red")), "attribute 'foregroundColor': expected a colour '#rrggbb' or '#rrggbbaa', got red")
    }

    @Test func fontSizes() throws {
        try check("^ab|", .setFontSize(20), "^{fontSize=20:ab}|")
        try check("^{fontSize=20 bold:ab}c|", .increaseFontSize, "^{bold fontSize=21:ab}{fontSize=18:c}|")
        try check("^{fontSize=1.5:a}b|", .decreaseFontSize, "^{fontSize=1:a}{fontSize=16:b}|")
        try check("{italic:a|}", .increaseFontSize, "{italic:a}|<italic fontSize=18>")
        try check("|", [.decreaseFontSize, .insertText("x")], "{fontSize=16:x}|")
        try checkThrows("^ab|", .setFontSize(0), "attribute 'fontSize': font size 0 is not in 0<size<=10000")
    }

    @Test func removeFormattingKeepsLinksAndCustomKeys() throws {
        try check("^{bold italic link=\"u\" custom=\"v\":ab}|", .removeFormatting, "^{link=\"u\" custom=\"v\":ab}|")
        try check("{bold fontSize=3:ab}|", .removeFormatting, "{bold fontSize=3:ab}|<>")
        try check("a^{code:b}c|", .removeFormatting, "a^bc|")
    }

    @Test func links() throws {
        try check("^ab|c", .setLink("https://x"), "^{link=\"https://x\":ab}|c")
        try check("{link=\"a\":ab|cd}e", .setLink("b"), "{link=\"b\":ab|cd}e")
        try check("{link=\"a\":ab}|e", .setLink("b"), "{link=\"b\":ab}|e")
        try check("{link=\"a\":ab|cd}e", .removeLink, "ab|cde")
        try check("{link=\"a\":a}{link=\"a\" bold:b|}", .removeLink, "a{bold:b}|")
        try check("ab|", .setLink("x"), "ab|")
        try check("^{link=\"a\" bold:ab}|", .removeLink, "^{bold:ab}|")
        try check("^ab|", .setAttribute(.link, .string("u")), "^{link=\"u\":ab}|")
        try check("^{link=\"u\":ab}|", .removeAttribute(.link), "^ab|")
        try checkThrows("^ab|", .setLink(""), "command 'setLink', argument 'url': must not be empty")
    }
}

@Suite struct EditorFindTests {
    @Test func findNextAndPrevious() throws {
        try check("|hello Hello", .findNext(FindQuery("hello")), "^hello| Hello")
        try check("^hello| Hello", .findNext(FindQuery("hello")), "^hello| Hello")
        try check("^hello| Hello", .findNext(FindQuery("hello", caseInsensitive: true)), "hello ^Hello|")
        try check("hello ^Hello|", .findNext(FindQuery("hello", caseInsensitive: true)), "^hello| Hello")
        try check("hello Hello|", .findPrevious(FindQuery("HELLO", caseInsensitive: true)), "hello ^Hello|")
        try check("hello ^Hello|", .findPrevious(FindQuery("HELLO", caseInsensitive: true)), "^hello| Hello")
        try check("ab|", .findNext(FindQuery("zz")), "ab|")
        try check("|a1 b22", .findNext(FindQuery("\\d+", isRegex: true)), "a^1| b22")
        try check("😀a😀a|", .findNext(FindQuery("a")), "😀^a|😀a")
        try check("|\(family)x\(family)", .findNext(FindQuery(family)), "^\(family)|x\(family)")
        try check("|e\(eAcute)", .findNext(FindQuery("e")), "^e|\(eAcute)")
        try check("|a.b", .findNext(FindQuery(".")), "a^.|b")
        try check("|", .findNext(FindQuery("a")), "|")
    }

    @Test func matchesAreUTF16Ranges() throws {
        let editor = try makeEditor("😀a1 b22 🇺🇸3")
        #expect(try editor.matches(of: FindQuery("[0-9]+", isRegex: true)) == [3..<4, 6..<8, 13..<14])
        #expect(try editor.matches(of: FindQuery("x*", isRegex: true)) == [])
    }

    @Test func replace() throws {
        try check("a-b-c|", .replaceAll(FindQuery("-"), with: "+"), "a+b+c|")
        try check("a^-b|-c", .replaceAll(FindQuery("-"), with: "--"), "a^--b|--c")
        try check("|john smith", .replaceAll(FindQuery("(\\w+) (\\w+)", isRegex: true), with: "$2 $1 $$"), "|smith john $")
        try check("{bold:ab}ab|", .replaceAll(FindQuery("b"), with: "😀"), "{bold:a😀}a😀|")
        try check("^foo| foo", .replaceNext(FindQuery("foo"), with: "bar"), "bar ^foo|")
        try check("|foo foo", .replaceNext(FindQuery("foo"), with: "bar"), "^foo| foo")
        try check("^foo|", .replaceNext(FindQuery("foo"), with: "bar"), "bar|")
        try check("^Foo| foo", .replaceNext(FindQuery("foo", caseInsensitive: true), with: "x"), "x ^foo|")
    }

    @Test func badPatterns() throws {
        let editor = try makeEditor("ab|")
        #expect(throws: EditorError.self) { try editor.perform(.findNext(FindQuery("(", isRegex: true))) }
        try checkThrows("ab|", .findNext(FindQuery("")), "bad regular expression '': empty pattern")
    }
}

@Suite struct EditorReplaceMappingTests {
    @Test func unchangedMatchesKeepTheSelection() throws {
        try check("a^a|b", .replaceAll(FindQuery("a"), with: "a"), "a^a|b")
        try check("xa^a|b", .replaceAll(FindQuery("[ab]", isRegex: true), with: "a"), "xa^a|a")
    }
}
