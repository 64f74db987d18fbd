import CaretCore
import Foundation
import Testing
@testable import CaretFormats

/// Other Markdown tools and Caret's Markdown: cmark-gfm's own HTML of what Caret writes, and
/// Caret reading what pandoc writes. scripts/setup.sh installs both; a machine without them
/// skips these tests with a message saying so.
@Suite struct MarkdownInteropTests {
    /// Caret's Markdown of canonical markup, and the HTML fragments cmark-gfm must render for it.
    static let corpus: [(markup: String, html: [String])] = [
        ("{bold:b} {italic:i} {code:c} {strikethrough:s} {underline:u} {link=\"https://a.b/c\":l}",
         ["<strong>b</strong>", "<em>i</em>", "<code>c</code>", "<del>s</del>", "<u>u</u>", "<a href=\"https://a.b/c\">l</a>"]),
        ("un{bold:believ}able, {bold italic:both}", ["un<strong>believ</strong>able", "<em><strong>both</strong></em>"]),
        ("{bold:a}{italic:b} x{bold:!}y {bold:a }b", ["<strong>a</strong><em>b</em>", "x<strong>!</strong>y", "<strong>a </strong>b"]),
        ("{link=\"https://x.y\":see }{bold link=\"https://x.y\":here}", ["<a href=\"https://x.y\">see <strong>here</strong></a>"]),
        ("{code:a`b} {bold code:x}", ["<code>a`b</code>", "<strong><code>x</code></strong>"]),
        ("{link=\"a b(c)\":l}", ["<a href=\"a%20b(c)\">l</a>"]),
        ("2 * 3 _x_ [y] <z> a~b #1 \\\\ &amp;", ["2 * 3 _x_ [y] &lt;z&gt; a~b #1 \\ &amp;amp;"]),
        ("# not a heading\n1. not a list\n> not a quote", ["<p># not a heading</p>", "<p>1. not a list</p>", "<p>&gt; not a quote</p>"]),
        ("one\ntwo\n\nafter an empty line", ["<p>one</p>", "<p>two<br />\n<br />\nafter an empty line</p>"]),
        ("www.a.bc a@b.cd http://e.fg", ["www.a.bc a", "@b.cd http://e.fg"]),
    ]

    @Test(.enabled(if: ExternalTool.cmark != nil, "cmark-gfm is not installed; scripts/setup.sh installs it"))
    func cmarkRendersCaretsMarkdownAsMeant() throws {
        let cmark = try #require(ExternalTool.cmark)
        for (markup, fragments) in MarkdownInteropTests.corpus {
            let (markdown, losses) = Markdown.print(try Markup.parseText(markup))
            #expect(losses.isEmpty)
            let html = try ExternalTool.run(cmark, ["--unsafe", "-e", "strikethrough", "-e", "autolink"], input: markdown)
            for fragment in fragments {
                #expect(html.contains(fragment), "\(markup): \(markdown.debugDescription) gave \(html.debugDescription)")
            }
            #expect(!html.contains("<h1>") && !html.contains("<ol>") && !html.contains("<blockquote>"), "\(html)")
            if !markup.contains("link") { #expect(!html.contains("<a "), "\(html)") }
        }
    }

    @Test(.enabled(if: ExternalTool.pandoc != nil, "pandoc is not installed; scripts/setup.sh installs it"))
    func readsWhatPandocWrites() throws {
        let pandoc = try #require(ExternalTool.pandoc)
        let html = """
            <p>Hello <strong>bold</strong> <em>it</em> <code>c`d</code> <del>gone</del> \
            <a href="https://x.y/?a=1&amp;b=2">link</a> 2 * 3_4 &lt;tag&gt;</p><h1>Title</h1><p>Second<br>line</p>
            """
        for target in ["gfm", "commonmark"] {
            let markdown = try ExternalTool.run(pandoc, ["-f", "html", "-t", target, "--wrap=none"], input: html)
            let (state, losses) = try Markdown.parse(markdown)
            #expect(Markup.print(state.text) == """
                Hello {bold:bold} {italic:it} {code:c`d} {strikethrough:gone} {link="https://x.y/?a=1&b=2":link} 2 * 3_4 <tag>
                {heading=1:Title
                }Second
                line
                """, "\(target): \(markdown.debugDescription)")
            #expect(losses.isEmpty, "\(target): \(losses)")
        }
    }

    /// Caret's Markdown of paragraph attributes, and the HTML cmark-gfm must render for it.
    static let paragraphCorpus: [(markup: String, html: [String])] = [
        ("{heading=1:Title\n}{heading=3:Sub\n}body", ["<h1>Title</h1>", "<h3>Sub</h3>", "<p>body</p>"]),
        ("{listStyle=\"bullet\" listLevel=1:a\n}{listStyle=\"bullet\" listLevel=2:b\n}{listStyle=\"bullet\" listLevel=1:c}",
         ["<ul>", "<li>", "a", "<ul>\n<li>", "b", "c"]),
        ("{listStyle=\"ordered\" listLevel=1:one\ntwo\n}after", ["<ol>", "<li>", "one", "two", "</ol>", "<p>after</p>"]),
        ("{blockQuote=true:said\n}{blockQuote=true listStyle=\"bullet\" listLevel=1:item\n}out",
         ["<blockquote>", "said", "<ul>", "item", "</blockquote>", "<p>out</p>"]),
        ("{codeBlock=true:let x = \"```\"\n  y\n}z", ["<pre><code>let x = &quot;```&quot;\n  y\n</code></pre>", "<p>z</p>"]),
        ("{heading=2 blockQuote=true:q\n}{listStyle=\"ordered\" listLevel=1 codeBlock=true:c}",
         ["<blockquote>\n<h2>q</h2>\n</blockquote>", "<ol>\n<li>\n<pre><code>c\n</code></pre>"]),
    ]

    @Test(.enabled(if: ExternalTool.cmark != nil, "cmark-gfm is not installed; scripts/setup.sh installs it"))
    func cmarkRendersParagraphAttributesAsMeant() throws {
        let cmark = try #require(ExternalTool.cmark)
        for (markup, fragments) in MarkdownInteropTests.paragraphCorpus {
            let (markdown, losses) = Markdown.print(try Markup.parseText(markup))
            #expect(losses.isEmpty, "\(markup): \(losses)")
            let html = try ExternalTool.run(cmark, ["--unsafe", "-e", "strikethrough", "-e", "autolink"], input: markdown)
            for fragment in fragments {
                #expect(html.contains(fragment), "\(markup): \(markdown.debugDescription) gave \(html.debugDescription)")
            }
        }
    }

    @Test(.enabled(if: ExternalTool.pandoc != nil, "pandoc is not installed; scripts/setup.sh installs it"))
    func readsPandocsHeadingsListsQuotesAndCode() throws {
        let pandoc = try #require(ExternalTool.pandoc)
        let html = """
            <h2>Part</h2><ul><li>a<ul><li>b</li></ul></li><li>c</li></ul><ol><li>one</li><li>two</li></ol>\
            <blockquote><p>q</p></blockquote><pre><code>x = 1
              y</code></pre><p>end</p>
            """
        let markdown = try ExternalTool.run(pandoc, ["-f", "html", "-t", "gfm", "--wrap=none"], input: html)
        let (state, losses) = try Markdown.parse(markdown)
        #expect(Markup.print(state.text) == """
            {heading=2:Part
            }{listStyle="bullet" listLevel=1:a
            }{listStyle="bullet" listLevel=2:b
            }{listStyle="bullet" listLevel=1:c
            }{listStyle="ordered" listLevel=1:one
            two
            }{blockQuote=true:q
            }{codeBlock=true:x = 1
              y
            }end
            """, "\(markdown.debugDescription)")
        #expect(losses.isEmpty, "\(losses)")
    }
}
