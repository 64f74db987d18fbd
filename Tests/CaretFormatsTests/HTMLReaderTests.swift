import CaretCore
import Testing
@testable import CaretFormats

/// The HTML reader: each element and style, messy real-world HTML, white space, offsets.
@Suite struct HTMLReaderTests {
    /// The markup of what `html` reads as, and the names of what reading lost.
    func read(_ html: String) throws -> (String, [String]) {
        let (state, losses) = try HTML.parse(html)
        return (Markup.print(state.text), losses.map(\.what))
    }

    /// Expects `html` to read as markup `expected` with no loss.
    func expectReads(_ html: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (got, losses) = try read(html)
        let want = Markup.print(try Markup.parseText(expected))
        #expect(got == want, "\(html.debugDescription)", sourceLocation: sourceLocation)
        #expect(losses == [], "\(html.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func paragraphsAndEmptyInput() throws {
        try expectReads("", "")
        try expectReads("   \n ", "")
        try expectReads("<p>a</p><p>b</p>", "a\nb")
        try expectReads("<p>a</p><p><br></p>", "a\n")
        try expectReads("<p></p><p>a</p><div></div>", "a")
        try expectReads("plain text", "plain text")
        try expectReads("<!DOCTYPE html><html><head><title>T</title><style>p{}</style><script>x()</script></head><body><p>a</p></body></html>\n", "a")
        try expectReads("<div>a<div>b</div>c</div>", "a\nb\nc")
        try expectReads("<p>a<br>b</p><p>c<br></p><p>d<br><br></p>", "a\nb\nc\nd\n")
        try expectReads("<p>a<!-- comment -->b</p>", "ab")
    }

    @Test func whiteSpaceCollapses() throws {
        try expectReads("<p>  a \n\t b  </p>", "a b")
        try expectReads("<p>a <b> b</b></p>", "a {bold:b}")
        try expectReads("<p><b>a </b> b</p>", "{bold:a }b")
        try expectReads("<p>a</p>\n  <p>b</p>\n", "a\nb")
        try expectReads("<p style=\"white-space:pre-wrap\">  a  b </p>", "  a  b ")
        try expectReads("<p>a&nbsp;&nbsp;b</p>", "a\u{A0}\u{A0}b")
        try expectReads("<p style=\"white-space:pre-line\">a  b\nc</p>", "a b\nc")
        try expectReads("<p>a&#13;b</p>", "a b")
        try expectReads("<p style=\"white-space:pre-wrap\">a&#13;b\tc</p>", "a\rb\tc")
        try expectReads("a\r\nb\rc", "a b c")
    }

    @Test func inlineElements() throws {
        try expectReads("<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins>", "{bold:bs}{italic:ie}{underline:un}")
        try expectReads("<s>s</s><strike>t</strike><del>d</del><code>c</code><tt>t</tt><kbd>k</kbd>", "{strikethrough:std}{code:ctk}")
        try expectReads("<a href=\"https://a.b/?x=1&amp;y=&quot;2&quot;\">l</a><a name=\"n\">m</a>", "{link=\"https://a.b/?x=1&y=\\\"2\\\"\":l}m")
        try expectReads("<b>a<i>b<u>c</u></i></b>", "{bold:a}{bold italic:b}{bold italic underline:c}")
        try expectReads("<font color=\"red\" face=\"Times, serif\" size=\"5\">f</font>", "{fontSize=18 fontFamily=\"Times\" foregroundColor=\"#ff0000\":f}")
    }

    @Test func inlineStyles() throws {
        try expectReads("<span style=\"font-weight:bold; font-style:italic; text-decoration:underline line-through\">x</span>",
                        "{bold italic underline strikethrough:x}")
        try expectReads("<b><span style=\"font-weight:normal\">x</span>y</b>", "x{bold:y}")
        try expectReads("<span style=\"font-weight:700\">x</span><span style=\"font-weight:400\">y</span>", "{bold:x}y")
        try expectReads("<span style=\"font-size:14pt\">a</span><span style=\"font-size:16px\">b</span><span style=\"font-size:1.5em\">c</span>",
                        "{fontSize=14:a}{fontSize=12:b}{fontSize=18:c}")
        try expectReads("<span style=\"font-size:20pt\"><span style=\"font-size:50%\">a</span></span>", "{fontSize=10:a}")
        try expectReads("<span style=\"font-family: 'Helvetica Neue', Arial\">a</span><span style='font-family:Comic   Sans MS'>b</span>",
                        "{fontFamily=\"Helvetica Neue\":a}{fontFamily=\"Comic Sans MS\":b}")
        try expectReads("<span style=\"font-family:'a\\'b\\\\c\\a d'\">x</span>", "{fontFamily=\"a'b\\\\c\\u{a}d\":x}")
        try expectReads("<span style=\"color:#F00\">a</span><span style=\"color:#00ff0080\">b</span><span style=\"color:rgb(1, 2, 255)\">c</span>",
                        "{foregroundColor=\"#ff0000\":a}{foregroundColor=\"#00ff0080\":b}{foregroundColor=\"#0102ff\":c}")
        try expectReads("<span style=\"color:rgba(255,0,0,0.5);background-color:navy\">a</span><span style=\"background:yellow\">b</span>",
                        "{foregroundColor=\"#ff000080\" backgroundColor=\"#000080\":a}{backgroundColor=\"#ffff00\":b}")
        try expectReads("<span style=\"color: BLUE !important; /* c */ unknown: x\">a</span>", "{foregroundColor=\"#0000ff\":a}")
        try expectReads("<span style=\"display:none\">hidden</span><p hidden>no</p>v", "v")
        try expectReads("<font size=\"+1\">a</font><font size=\"1\">b</font><span style=\"font-size:2rem\">c</span><span style=\"font-size:medium\">d</span>",
                        "{fontSize=13.5:a}{fontSize=7.5:b}{fontSize=24:c}{fontSize=12:d}")
    }

    @Test func paragraphElements() throws {
        try expectReads("<h1>a</h1><h6>b</h6><p>c</p>", "{heading=1:a\n}{heading=6:b\n}c")
        try expectReads("<p align=\"center\">a</p><div style=\"text-align:justify\"><p>b</p></div><center>c</center>",
                        "{alignment=\"center\":a\n}{alignment=\"justified\":b\n}{alignment=\"center\":c}")
        try expectReads("<blockquote><p>a</p>b</blockquote>c", "{blockQuote=true:a\nb\n}c")
        try expectReads("<pre><code>a\n  b\n</code></pre><pre>\nc</pre>", "{codeBlock=true:a\n  b\nc}")
        try expectReads("<pre>a <b>b</b>\n\n</pre>x", "{codeBlock=true:a }{codeBlock=true bold:b\n}{codeBlock=true:\n}x")
    }

    @Test func lists() throws {
        try expectReads("<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul><ol><li>d</li></ol>",
                        "{listStyle=\"bullet\" listLevel=1:a\nb\n}{listStyle=\"bullet\" listLevel=2:c\n}{listStyle=\"ordered\" listLevel=1:d}")
        // Unclosed items, as HTML allows.
        try expectReads("<ul><li>a<li>b</ul>", "{listStyle=\"bullet\" listLevel=1:a\nb}")
        try expectReads("<ul><li><p>a</p><p>b</p></li></ul>", "{listStyle=\"bullet\" listLevel=1:a\nb}")
    }

    @Test func messyHTML() throws {
        // Misnested and unclosed tags follow libxml2's recovery: formatting ends with its block.
        try expectReads("<p>a<b>b<i>c</p><p>d", "a{bold:b}{bold italic:c\n}d")
        try expectReads("<b>a<i>b</b>c</i>", "{bold:a}{bold italic:b}c")
        try expectReads("<p>&amp; &lt;&gt; &quot; &eacute; &#x1F600; &#233; &copy; &copy</p>", "& <> \" é 😀 é © &copy")
        try expectReads("<P CLASS=x>Upper <B>case</B></P>", "Upper {bold:case}")
        try expectReads("<p>a</b></i></span>b</p></div>", "ab")
        #expect(try read("<table><tr><td>a</td><td>b</td></tr></table>").0 == "a\nb")
    }

    @Test func losses() throws {
        #expect(try read("<p>a<img src=x alt=\"the alt\">b</p>") == ("athe altb", ["image"]))
        #expect(try read("<table><tr><td>a</td><td>b</td></tr></table>").1 == ["table"])
        #expect(try read("<p>a<sub>2</sub><sup>3</sup></p>").1 == ["subscript", "superscript"])
        #expect(try read("a<hr>b").0 == "a\nb")
        #expect(try read("<span style=\"color:hsl(1,2%,3%)\">a</span>").1 == ["foregroundColor"])
        #expect(try read("<span style=\"font-size:0pt\">a</span>").1 == ["fontSize"])
        #expect(try read("<h1><pre>x</pre></h1>").1 == ["heading"])
        #expect(try read("<video>v</video>a").1 == ["embedded content"])
        #expect(try read("<ol start=\"3\"><li>c</li></ol>").1 == ["list numbering"])
        #expect(try read("<ol type=\"a\"><li>c</li></ol>").1 == ["list numbering"])
        #expect(try read("<ol><li>a</li><li value=\"5\">b</li></ol>").1 == ["list numbering"])
        #expect(try read("<ol start=\"1\"><li>a</li><li value=\"2\">b</li></ol><ul><li value=\"4\">c</li></ul>").1 == [])
        // Caret counts on across a block quote's edge; HTML does where `start` says so.
        #expect(try read("<ol><li>a</li></ol><blockquote><ol start=\"2\"><li>b</li></ol></blockquote>").1 == [])
        #expect(try read("<ol><li>a</li></ol><blockquote><ol><li>b</li></ol></blockquote>").1 == ["list numbering"])
        // Each paragraph of an item is an item in Caret.
        #expect(try read("<ol><li><p>a</p><p>b</p></li></ol>").1 == ["list numbering"])
        #expect(try read("<ol><li>a<ol><li>b</li></ol></li><li>c</li></ol>").1 == [])
    }

    @Test func offsetsCountUTF16() throws {
        let (state, losses) = try HTML.parse("<p>😀e\u{301}<b>𝔸</b><img alt=\"\"></p>")
        #expect(Markup.print(state.text) == Markup.print(try Markup.parseText("😀e\u{301}{bold:𝔸}")))
        #expect(state.text.utf16Count == 6)
        #expect(losses == [FormatLoss(what: "image", offset: 6, reason: "Caret keeps an image's alt text only")])
    }

    @Test func wholeDocumentsAndFragmentsReadAlike() throws {
        let text = try Markup.parseText("{heading=1:T\n}{bold:b} c")
        let whole = HTML.print(DocumentState(text: text)).0
        let fragment = HTML.print(DocumentState(text: text), fragment: true).0
        #expect(try HTML.parse(whole).0.text == text)
        #expect(try HTML.parse(fragment).0.text == text)
        // A <meta charset> naming another encoding does not change how the UTF-8 text reads.
        #expect(try read("<meta charset=\"iso-8859-1\"><p>é😀</p>").0 == "é😀")
    }

    @Test func longTextNodesAreReadWhole() throws {
        // Past libxml2's default 10 MB limit for one text node, which it would cut silently.
        let long = String(repeating: "abcdefghij", count: 1_100_000)
        #expect(try HTML.parse("<pre>" + long + "</pre>").0.text.utf16Count == long.utf16.count)
    }

    @Test func errors() throws {
        #expect(throws: HTMLError(line: 2, column: 3, message: "HTML cannot hold U+0000 (NUL)")) {
            try HTML.parse("<p>\nab\u{0}</p>")
        }
        // Deep nesting is read whole (libxml2 stops at 256 levels unless told otherwise).
        let deep = String(repeating: "<div><b>", count: 20_000) + "x" + String(repeating: "</b></div>", count: 20_000) + "y"
        let nested = try HTML.parse(deep).0.text
        #expect(Markup.print(nested) == Markup.print(try Markup.parseText("{bold:x\n}y")))
        // libxml2 recovers from anything else, silently.
        _ = try HTML.parse("<<<>>></p></p><p <a href=\"\u{1}\">&#xD800;&#0;&bogus;</a")
    }
}
