import CaretCore
import Testing
@testable import CaretFormats

/// Writing Markdown: the delimiters chosen, escaping, newlines, and the losses reported. Every
/// case also reads back to the document it came from.
@Suite struct MarkdownWriterTests {
    /// The Markdown of the document that canonical `markup` denotes, checked to read back.
    private func write(_ markup: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let text = try Markup.parseText(markup)
        let (markdown, losses) = Markdown.print(text)
        #expect(losses.isEmpty, "\(losses)", sourceLocation: sourceLocation)
        let (back, readLosses) = try Markdown.parse(markdown)
        #expect(Markup.print(back.text) == Markup.print(text), "\(markdown.debugDescription)", sourceLocation: sourceLocation)
        #expect(readLosses.isEmpty, sourceLocation: sourceLocation)
        return markdown
    }

    @Test(arguments: [
        ("Hello {bold:world} and {italic:it}.", "Hello **world** and *it*.\n"),
        ("un{bold:believ}able and un{italic:believ}able", "un**believ**able and un*believ*able\n"),
        ("a {bold italic:b} c", "a ***b*** c\n"),
        ("{bold:a }{bold italic:b}", "**a *b***\n"),
        ("{bold:Hello}, {italic:world}!", "**Hello**, *world*!\n"),
        ("{bold:(a)} caf{bold:é}", "**(a)** caf**é**\n"),
        ("{strikethrough:gone}! {underline:u}", "~~gone~~! <u>u</u>\n"),
        ("{link=\"https://x.y\":here} now", "[here](https://x.y) now\n"),
        ("{bold link=\"u\":b}{link=\"u\": c}", "[**b** c](u)\n"),
        ("{code:a`b} {code:`} {code: x } {code:  }", "``a`b`` `` ` `` `  x  ` `  `\n"),
        ("{bold code:x} {underline strikethrough:y}", "**`x`** <u>~~y~~</u>\n"),
    ])
    func delimiters(markup: String, expected: String) throws {
        let markdown = try write(markup)
        #expect(markdown == expected)
    }

    /// Where `**`, `*` or `~~` would not pair back to the same runs, HTML tags carry the run.
    @Test(arguments: [
        ("{bold:a}{italic:b}", "**a**<em>b</em>\n"),
        ("{italic:a}{bold:b}", "*a*<strong>b</strong>\n"),
        ("{bold:a }b", "<strong>a </strong>b\n"),
        ("a{bold: b}", "a<strong> b</strong>\n"),
        ("x{bold:!}y", "x<strong>!</strong>y\n"),
        ("x{strikethrough:.}y", "x<del>.</del>y\n"),
        ("{bold:😀}x", "<strong>😀</strong>x\n"),
    ])
    func htmlTagsWhereDelimitersWouldNotPair(markup: String, expected: String) throws {
        let markdown = try write(markup)
        #expect(markdown == expected)
    }

    @Test(arguments: [
        ("2 * 3 * 4 = _x_ `y` [z] <w> a~b a\\|b \\\\* \\\\ a\\\\b", "2 \\* 3 \\* 4 = \\_x\\_ \\`y\\` \\[z\\] \\<w> a\\~b a\\|b \\\\\\* \\\\ a\\b\n"),
        ("snake_case __init__ x_", "snake_case \\_\\_init\\_\\_ x\\_\n"),
        ("# h", "\\# h\n"), ("#tag ###### h", "#tag ###### h\n"), ("#", "\\#\n"), ("+x", "+x\n"), ("> q", "\\> q\n"), ("- l", "\\- l\n"), ("+ l", "\\+ l\n"), ("= s", "\\= s\n"),
        (":-", "\\:-\n"), ("1. a", "1\\. a\n"), ("12) b", "12\\) b\n"), ("1.5 and 2. c", "1.5 and 2. c\n"),
        ("a # b > c - d 1. e", "a # b > c - d 1. e\n"),
        ("Tom & Jerry &amp; &#35; &x", "Tom & Jerry \\&amp; \\&#35; &x\n"),
        ("!{link=\"u\":l} !", "\\![l](u) !\n"),
        ("    code", "&#32;   code\n"), ("\tx", "&#9;x\n"), ("trail  ", "trail &#32;\n"),
        ("www.a.bc http://d.ef a@b.cd", "www\\.a.bc http\\://d.ef a<!---->@b.cd\n"),
        ("***", "\\*\\*\\*\n"), ("---", "\\---\n"), ("```", "\\`\\`\\`\n"), ("~~~", "\\~\\~\\~\n"),
        ("\\|a\\|b\\|", "\\|a\\|b\\|\n"), ("<!-- c -->", "\\<!-- c -->\n"), ("[x]: y", "\\[x\\]: y\n"),
    ])
    func escaping(markup: String, expected: String) throws {
        let markdown = try write(markup)
        #expect(markdown == expected)
    }

    /// Labels of link reference definitions ignore backticks: `[`+]: x`](u)` would be one.
    @Test func codeWithABracketInLinkTextIsATag() throws {
        let markdown = try write("{code link=\"(x)\":+]:***} {code link=\"u\":a`b}")
        #expect(markdown == "[<code>+\\]:\\*\\*\\*</code>](<(x)>) [``a`b``](u)\n")
    }

    /// cmark-gfm takes no backtick string longer than 80 for a code span's delimiter: code with a
    /// run of 80 or more gets the shortest fence that no run inside matches, and code with runs of
    /// every length from 1 to 80 is a tag around escaped text. (Found by the markdown fuzzer: a
    /// span around a run of 114 backticks was fenced with 115 and read back as plain text.)
    @Test func codeWithRunsOfEightyBackticksOrMoreKeepsAFenceTheReaderTakes() throws {
        let eighty = String(repeating: "`", count: 80)
        #expect(try write("{code:a\(eighty)b}") == "`a\(eighty)b`\n")
        let long = String(repeating: "`", count: 114)
        #expect(try write("x {code:`y\(long)z} w") == "x `` `y\(long)z `` w\n")
        #expect(try write("{code:\(long)}") == "` \(long) `\n")
        // Runs of every length a fence can have: no fence is left.
        let every = (1...80).map { "x" + String(repeating: "`", count: $0) }.joined() + "x"
        let markdown = try write("a {code:\(every)} b")
        #expect(markdown.hasPrefix("a <code>x\\`x\\`\\`x"), "\(markdown.prefix(40))")
        #expect(markdown.hasSuffix("x</code> b\n"), "\(markdown.suffix(40))")
    }

    @Test func textFullOfMetacharactersReadsBack() throws {
        let line = "*_`[]()#>+-!<&~|\\ 1. 2) #x >y -z +w =v !*[a]* &amp; \\*"
        let text = AttributedText([line, "1.", "#", ">", "-", "+", "10. x", " ", "\\"].joined(separator: "\n"))
        let (markdown, losses) = Markdown.print(text)
        #expect(losses.isEmpty)
        #expect(try Markdown.parse(markdown).0.text == text, "\(markdown.debugDescription)")
    }

    @Test(arguments: [
        ("a\nb", "a\n\nb\n"),
        ("a\n\nb", "a\\\n\\\nb\n"),
        ("a\n", "a&#10;\n"),
        ("\na", "\\\na\n"),
        ("\n", "&#10;\n"),
        ("a\n\n", "a\\\n&#10;\n"),
        ("{bold:a}\n{bold:b}", "**a**\n\n**b**\n"),
        ("{bold:a\nb}", "**a\\\nb**\n"),
        ("cr\u{D}lf\u{D}\n", "cr&#13;lf&#13;&#10;\n"),
        ("", ""),
    ])
    func newlines(markup: String, expected: String) throws {
        let markdown = try write(markup)
        #expect(markdown == expected)
    }

    @Test(arguments: [
        ("https://a.b/c?x=1&y=2", "https://a.b/c?x=1&y=2"),
        ("a b", "<a b>"),
        ("(x)", "<(x)>"),
        ("<y>\\z", "<\\<y\\>\\\\z>"),
        ("&amp;", "<&amp;amp;>"),
        (" e ", "<&#32;e&#32;>"),
        ("x\ny", "<x&#10;y>"),
    ])
    func linkDestinations(url: String, expected: String) throws {
        var text = AttributedText("l")
        try text.setAttributes(Attributes([(.link, .string(url))]), in: 0..<1)
        let (markdown, _) = Markdown.print(text)
        #expect(markdown == "[l](\(expected))\n")
        #expect(try Markdown.parse(markdown).0.text == text)
    }

    @Test func lossesNameTheAttributeAndItsFirstOffset() throws {
        let text = try Markup.parseText(
            "😀a{fontSize=14:b}{foregroundColor=\"#ff0000\":c}{fontSize=12 backgroundColor=\"#00ff00\":d}{fontFamily=\"X\" note=1:e}")
        let (markdown, losses) = Markdown.print(text)
        #expect(markdown == "😀abcde\n")
        #expect(losses.map { "\($0.what)@\($0.offset)" } == ["fontSize@3", "foregroundColor@4", "backgroundColor@5", "fontFamily@6", "note@6"])
    }

    @Test func codeOnALineBreakAndNulAreLosses() throws {
        let text = try Markup.parseText("{code:a\nb\u{D}c}\u{0}")
        let (markdown, losses) = Markdown.print(text)
        #expect(markdown == "`a`\n\n`b`&#13;`c`\u{FFFD}\n")
        #expect(losses.map { "\($0.what)@\($0.offset)" } == ["code@1", "U+0000@5"])
    }

    @Test(arguments: [
        ("{heading=1:Title\n}body", "# Title\n\nbody\n"),
        ("{heading=2:a #\n}{heading=1:\n}x", "## a \\#\n\n#\n\nx\n"),
        ("{heading=3:# x\n}y", "### \\# x\n\ny\n"),
        ("{heading=1:h\n}", "# h&#10;\n"),
        ("{bold heading=1:a}{heading=1:\n}b", "# **a**\n\nb\n"),
        ("{listStyle=\"bullet\" listLevel=1:a\n}{listStyle=\"bullet\" listLevel=2:b\n}{listStyle=\"bullet\" listLevel=1:c}",
         "- a\n\n  - b\n\n- c\n"),
        ("{listStyle=\"ordered\" listLevel=1:a\nb\n}{listStyle=\"ordered\" listLevel=2:c\n}{listStyle=\"ordered\" listLevel=1:d}",
         "1. a\n\n2. b\n\n   1. c\n\n3. d\n"),
        ("{listStyle=\"bullet\" listLevel=1:a\n}{listStyle=\"ordered\" listLevel=1:b}", "- a\n\n1. b\n"),
        ("{listStyle=\"bullet\" listLevel=3:deep}", "+ + - deep\n"),
        ("{listStyle=\"bullet\" listLevel=1:\n}x", "-\n\nx\n"),
        ("{listStyle=\"bullet\" listLevel=1:- not a marker}", "- \\- not a marker\n"),
        ("{listStyle=\"bullet\" listLevel=1 heading=2:h}", "- ## h\n"),
        ("{blockQuote=true:a\nb\n\nc}", "> a\n>\n> b\\\n> \\\n> c\n"),
        ("{blockQuote=true:a\n\n}b", "> a&#10;\n\nb\n"),
        ("{blockQuote=true listStyle=\"bullet\" listLevel=1:a\n}{blockQuote=true:b}", "> - a\n>\n> b\n"),
        ("{codeBlock=true:a ``` b\n\n\ty}", "````\na ``` b\n\n\ty\n````\n"),
        ("{codeBlock=true:x\n}", "```\nx\n\n```\n"),
        ("{codeBlock=true:*not* <b>\n}{codeBlock=true blockQuote=true:q}", "```\n*not* <b>\n```\n\n> ```\n> q\n> ```\n"),
        ("{blockQuote=true listStyle=\"ordered\" listLevel=1 codeBlock=true:c\nd\n}e", "> 1. ```\n>    c\n>    d\n>    ```\n\ne\n"),
        ("{heading=1:a\n}\n\nb", "# a\n\n\\\n\\\nb\n"),
    ])
    func paragraphAttributes(markup: String, expected: String) throws {
        let markdown = try write(markup)
        #expect(markdown == expected)
    }

    /// Item 10's content column is 4: its nested item is indented that far.
    @Test func nestedItemsIndentToAWideOrdinalsContent() throws {
        let items = (1...10).map(String.init).joined(separator: "\n")
        let markdown = try write("{listStyle=\"ordered\" listLevel=1:\(items)\n}{listStyle=\"ordered\" listLevel=2:x\n}{listStyle=\"bullet\" listLevel=3:y}")
        let expected = (1...10).map { "\($0). \($0)\n\n" }.joined() + "    1. x\n\n       - y\n"
        #expect(markdown == expected)
    }

    @Test(arguments: [
        ("{heading=1:h\n}\n{heading=1:i}", ["emptyParagraph@2"]),
        ("\n{heading=1:i}", ["emptyParagraph@0"]),
        ("{listStyle=\"bullet\" listLevel=1:\n}{listStyle=\"bullet\" listLevel=2:b}", ["emptyListItem@0"]),
        ("{alignment=\"center\":a}", ["alignment@0"]),
        ("{codeBlock=true bold:a}{codeBlock=true link=\"u\":b}", ["bold@0", "link@1"]),
        ("{codeBlock=true:a\u{D}b}", ["codeBlock@0"]),
        ("{heading=1 bold:a\n}b", ["bold@1"]),
        ("a{heading=1:b}", ["heading@1"]),
        ("{listLevel=1:a\n}{listStyle=\"bullet\":b}", ["listLevel@0", "listStyle@2"]),
        ("{heading=1 codeBlock=true:a}", ["heading@0"]),
    ])
    func paragraphAttributeLosses(markup: String, losses: [String]) throws {
        let (_, found) = Markdown.print(try Markup.parseText(markup))
        #expect(found.map { "\($0.what)@\($0.offset)" } == losses)
    }

    @Test func selectionAndTypingAttributesAreNotPartOfTheFile() throws {
        let state = DocumentState(text: AttributedText("ab"), selection: Selection(anchor: 0, head: 2),
                                  typingAttributes: .traits(.bold))
        #expect(Markdown.print(state) == ("ab\n", []))
    }
}
