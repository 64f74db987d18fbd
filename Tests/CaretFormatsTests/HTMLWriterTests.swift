import CaretCore
import Testing
@testable import CaretFormats

/// The HTML writer: structure for each paragraph kind, inline elements for each attribute,
/// escaping, white space and the losses it reports.
@Suite struct HTMLWriterTests {
    /// The fragment HTML of markup `m`, and the names of what it lost.
    func html(_ m: String) throws -> (String, [String]) {
        let (out, losses) = HTML.print(DocumentState(text: try Markup.parseText(m)), fragment: true)
        return (out, losses.map(\.what))
    }

    @Test func wholeDocumentAndEmpty() throws {
        #expect(HTML.print(DocumentState(text: AttributedText())).0
            == "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body></body></html>\n")
        #expect(try html("") == ("", []))
        #expect(try html("a") == ("<p>a</p>", []))
        #expect(try html("a\nb") == ("<p>a</p><p>b</p>", []))
        #expect(try html("a\n") == ("<p>a</p><p><br></p>", []))
        #expect(try html("\n\n") == ("<p><br></p><p><br></p><p><br></p>", []))
    }

    @Test func inlineElements() throws {
        #expect(try html("{bold:b}{italic:i}{underline:u}{strikethrough:s}{code:c}").0
            == "<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code></p>")
        #expect(try html("{bold:a}{bold italic:b}c").0 == "<p><strong>a<em>b</em></strong>c</p>")
        #expect(try html("{link=\"https://x.y/?a=1&b=\\\"2\\\"\":l}").0
            == "<p><a href=\"https://x.y/?a=1&amp;b=&quot;2&quot;\">l</a></p>")
        #expect(try html("{fontSize=14 fontFamily=\"Helvetica Neue\" foregroundColor=\"#ff0000\" backgroundColor=\"#00ff0080\":x}").0
            == "<p><span style=\"font-size:14pt;font-family:'Helvetica Neue';color:#ff0000;background-color:#00ff0080\">x</span></p>")
        #expect(try html("{fontFamily=\"a'b\\\"c\\\\d\":x}").0
            == "<p><span style=\"font-family:'a\\'b&quot;c\\\\d'\">x</span></p>")
        #expect(try html("{fontSize=12.5:x}").0 == "<p><span style=\"font-size:12.5pt\">x</span></p>")
    }

    @Test func escapingText() throws {
        #expect(try html("<a & b> \"c\" 'd'").0 == "<p>&lt;a &amp; b&gt; \"c\" 'd'</p>")
        #expect(try html("&amp;").0 == "<p>&amp;amp;</p>")
        #expect(try html("😀e\u{301}\u{A0}").0 == "<p>😀e\u{301}\u{A0}</p>")
    }

    @Test func whiteSpaceIsPreservedWhereItWouldCollapse() throws {
        #expect(try html("a b").0 == "<p>a b</p>")
        #expect(try html(" a").0 == "<p style=\"white-space:pre-wrap\"> a</p>")
        #expect(try html("a ").0 == "<p style=\"white-space:pre-wrap\">a </p>")
        #expect(try html("a  b").0 == "<p style=\"white-space:pre-wrap\">a  b</p>")
        #expect(try html("a\tb").0 == "<p style=\"white-space:pre-wrap\">a\tb</p>")
        #expect(try html("a\rb").0 == "<p style=\"white-space:pre-wrap\">a&#13;b</p>")
    }

    @Test func paragraphKinds() throws {
        #expect(try html("{heading=1:T\n}{heading=6:s}").0 == "<h1>T</h1><h6>s</h6>")
        #expect(try html("{alignment=\"center\":c\n}{alignment=\"justified\":j}").0
            == "<p style=\"text-align:center\">c</p><p style=\"text-align:justify\">j</p>")
        #expect(try html("{blockQuote=true:a\nb\n}c").0 == "<blockquote><p>a</p><p>b</p></blockquote><p>c</p>")
        #expect(try html("{codeBlock=true:a\n\n b\n}c").0 == "<pre><code>a\n\n b</code></pre><p>c</p>")
        #expect(try html("{codeBlock=true:a\n}{codeBlock=true:}").0 == "<pre><code>a</code></pre><p><br></p>")
        #expect(try html("{codeBlock=true:a\n\n}").0 == "<pre><code>a\n\n</code></pre><p><br></p>")
        #expect(try html("{codeBlock=true:<&>}").0 == "<pre><code>&lt;&amp;&gt;</code></pre>")
    }

    @Test func lists() throws {
        let bullets = "{listStyle=\"bullet\" listLevel=1:a\nb\n}{listStyle=\"bullet\" listLevel=2:c\n}{listStyle=\"bullet\" listLevel=1:d}"
        #expect(try html(bullets).0 == "<ul><li>a</li><li>b<ul><li>c</li></ul></li><li>d</li></ul>")
        let mixed = "{listStyle=\"ordered\" listLevel=1:a\n}{listStyle=\"bullet\" listLevel=1:b\n}c"
        #expect(try html(mixed).0 == "<ol><li>a</li></ol><ul><li>b</li></ul><p>c</p>")
        let skip = "{listStyle=\"bullet\" listLevel=3:deep}"
        #expect(try html(skip).0 == "<ul><li><ul><li><ul><li>deep</li></ul></li></ul></li></ul>")
        let styled = "{listStyle=\"bullet\" listLevel=1 alignment=\"right\":r\n}{listStyle=\"bullet\" listLevel=1 heading=2:h\n}{listStyle=\"bullet\" listLevel=1:\n}{listStyle=\"bullet\" listLevel=1 codeBlock=true: x}"
        #expect(try html(styled).0
            == "<ul><li><p style=\"text-align:right\">r</p></li><li><h2>h</h2></li><li><br></li><li><pre><code> x</code></pre></li></ul>")
        let quoted = "{blockQuote=true listStyle=\"ordered\" listLevel=1:q}"
        #expect(try html(quoted).0 == "<blockquote><ol><li>q</li></ol></blockquote>")
    }

    @Test func losses() throws {
        #expect(try html("{x.y=true:a}").1 == ["x.y"])
        #expect(try html("a\u{1}b").1 == ["control character"])
        #expect(try html("a\u{1}b").0 == "<p>ab</p>")
        #expect(try html("{codeBlock=true heading=1:a}").1 == ["heading"])
        #expect(try html("{codeBlock=true code:a}").1 == ["code"])
        #expect(try html("{listLevel=2:a}").1 == ["listLevel"])
        // A line break formatted apart from the text before it.
        #expect(try html("a{bold:\n}b").1 == ["bold"])
        #expect(try html("{bold:a\n}b").1 == [])
        #expect(try html("{link=\"u\":a\n}b").1 == ["link"])
        #expect(try html("{link=\"u\":a}\nb").1 == [])
        #expect(try html("{heading=1:a}b").1 == ["heading"])
        let split = "{listStyle=\"ordered\" listLevel=1:a\n}{blockQuote=true listStyle=\"ordered\" listLevel=1:b}"
        #expect(try html(split) == ("<ol><li>a</li></ol><blockquote><ol start=\"2\"><li>b</li></ol></blockquote>", []))
        // An item after one that only held a deeper list says its number.
        let skipped = "{listStyle=\"ordered\" listLevel=2:deep\n}{listStyle=\"ordered\" listLevel=1:one}"
        #expect(try html(skipped) == ("<ol><li><ol><li>deep</li></ol></li><li value=\"1\">one</li></ol>", []))
        let newList = "{listStyle=\"bullet\" listLevel=1:a\n}{blockQuote=true listStyle=\"ordered\" listLevel=1:b}"
        #expect(try html(newList).1 == [])
        let (_, lost) = HTML.print(DocumentState(text: try Markup.parseText("ab{zz=true:c}")))
        #expect(lost == [FormatLoss(what: "zz", offset: 2, reason: "HTML has no place for a custom attribute")])
    }

    @Test func outputIsDeterministic() throws {
        let text = try Markup.parseText("{bold x=1 y=2 fontSize=3:a}{italic:b}")
        #expect(HTML.print(DocumentState(text: text)).0 == HTML.print(DocumentState(text: text)).0)
    }
}
