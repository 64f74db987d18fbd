import CaretCore
import Testing
@testable import CaretFormats

/// Reading Markdown: each construct, entities, non-ASCII offsets, and the losses for what
/// Caret has no place for.
@Suite struct MarkdownReaderTests {
    /// The canonical markup of what `markdown` reads as, and its losses as `what@offset`.
    private func read(_ markdown: String) throws -> (String, [String]) {
        let (state, losses) = try Markdown.parse(markdown)
        #expect(state.selection == nil && state.typingAttributes == nil)
        try state.text.checkInvariants()
        return (Markup.print(state.text), losses.map { "\($0.what)@\($0.offset)" })
    }

    @Test(arguments: [
        ("*it* _it_ **b** __b__ ***bi***", "{italic:it} {italic:it} {bold:b} {bold:b} {bold italic:bi}"),
        ("`code` `` a`b `` ` `` `", "{code:code} {code:a`b} {code:``}"),
        ("~~gone~~ ~one~", "{strikethrough:gone} {strikethrough:one}"),
        ("[text](https://a.b/c) [ref][r]\n\n[r]: https://r.s", "{link=\"https://a.b/c\":text} {link=\"https://r.s\":ref}"),
        ("[**bold** link](u)", "{bold link=\"u\":bold}{link=\"u\": link}"),
        ("<https://a.b> <me@x.y>", "{link=\"https://a.b\":https://a.b} {link=\"mailto:me@x.y\":me@x.y}"),
        ("see www.a.bc or https://d.ef/g.", "see {link=\"http://www.a.bc\":www.a.bc} or {link=\"https://d.ef/g\":https://d.ef/g}."),
        ("<u>under</u> <U>too</U> <ins>ins</ins>", "{underline:under} {underline:too} {underline:ins}"),
        ("<strong>s</strong><b>b</b><em>e</em><i>i</i><del>d</del><s>s</s><code>c</code>",
         "{bold:sb}{italic:ei}{strikethrough:ds}{code:c}"),
        ("<u>**both**</u>", "{bold underline:both}"),
        ("a<br>b<br/>c", "a\nb\nc"),
        ("<u>unclosed\n\nnext", "{underline:unclosed}\nnext"),
        ("a <!----> b", "a  b"),
    ])
    func inlineConstructs(markdown: String, expected: String) throws {
        #expect(try read(markdown) == (expected, []))
    }

    @Test(arguments: [
        ("one\ntwo", "one two"),
        ("one  \ntwo", "one\ntwo"),
        ("one\\\ntwo", "one\ntwo"),
        ("one\n\ntwo\n\n\n\nthree", "one\ntwo\nthree"),
        ("\\\nafter an empty line", "\nafter an empty line"),
        ("**a\\\nb**", "{bold:a\nb}"),
        ("end&#10;", "end\n"),
        ("cr&#13;here", "cr\\u{D}here"),
        ("", ""),
    ])
    func lineBreaksAndParagraphs(markdown: String, expected: String) throws {
        #expect(try read(markdown).0 == expected)
    }

    @Test func entitiesAreDecodedByCmark() throws {
        #expect(try read("&amp; &lt; &copy; &#35; &#x1F600; &bogus; &#0; \\* \\\\ \\a").0 == "& < © # 😀 &bogus; \u{FFFD} * \\\\ \\\\a")
    }

    @Test func astralCharactersCountTwoUTF16Units() throws {
        let (state, _) = try Markdown.parse("😀 **𝔸👩‍👩‍👧** e\u{301} *中*")
        let runs = state.text.runs.map { ($0.range, Markup.header($0.attributes)) }
        // 😀 is 2 units, the space 1; 𝔸 2, the family emoji 2+1+2+1+2; e + U+0301 2, space 1.
        #expect(runs.map(\.0) == [0..<3, 3..<13, 13..<17, 17..<18])
        #expect(runs.map(\.1) == ["", "bold", "", "italic"])
        #expect(state.text.string == "😀 𝔸👩‍👩‍👧 e\u{301} 中")
    }

    @Test(arguments: [
        ("# Title\n\nbody", "{heading=1:Title\n}body"),
        ("intro\n\n## Sub", "intro\n{heading=2:Sub}"),
        ("Setext\n======\n\nTwo\n---", "{heading=1:Setext\n}{heading=2:Two}"),
        // An empty last paragraph has no character to carry attributes.
        ("#", ""),
        ("# a\n#\nb", "{heading=1:a\n\n}b"),
        ("- one\n- two", "{listStyle=\"bullet\" listLevel=1:one\ntwo}"),
        ("1. a\n2. b", "{listStyle=\"ordered\" listLevel=1:a\nb}"),
        ("- a\n\n- b", "{listStyle=\"bullet\" listLevel=1:a\nb}"),
        ("- a\n  - b\n    1. c\n- d", "{listStyle=\"bullet\" listLevel=1:a\n}{listStyle=\"bullet\" listLevel=2:b\n}{listStyle=\"ordered\" listLevel=3:c\n}{listStyle=\"bullet\" listLevel=1:d}"),
        ("- - a", "{listStyle=\"bullet\" listLevel=2:a}"),
        ("-\n- b", "{listStyle=\"bullet\" listLevel=1:\nb}"),
        ("* a\n+ b\n\n1) c", "{listStyle=\"bullet\" listLevel=1:a\nb\n}{listStyle=\"ordered\" listLevel=1:c}"),
        ("> quote\n>\n> two", "{blockQuote=true:quote\ntwo}"),
        ("> - a\n\n- > b", "{listStyle=\"bullet\" listLevel=1 blockQuote=true:a\nb}"),
        ("> # h", "{heading=1 blockQuote=true:h}"),
        ("text\n\n```\nlet x = 1\n\n  y\n```", "text\n{codeBlock=true:let x = 1\n\n  y}"),
        ("    indented\n    two", "{codeBlock=true:indented\ntwo}"),
        ("```\n```", ""),
        ("```\n```\n\nx", "{codeBlock=true:\n}x"),
        ("- ```\n  a\n  b\n  ```", "{listStyle=\"bullet\" listLevel=1 codeBlock=true:a\nb}"),
        ("# **b** *i*", "{bold heading=1:b}{heading=1: }{italic heading=1:i}"),
        ("# h&#10;", "{heading=1:h\n}"),
    ])
    func paragraphAttributes(markdown: String, expected: String) throws {
        #expect(try read(markdown) == (expected, []))
    }

    @Test(arguments: [
        ("3. a\n4. b", "{listStyle=\"ordered\" listLevel=1:a\nb}", ["listStart@0"]),
        ("> > deep", "{blockQuote=true:deep}", ["blockQuoteDepth@0"]),
        ("```swift\nlet x = 1\n```", "{codeBlock=true:let x = 1}", ["codeInfo@0"]),
        ("- a\n\n  b", "{listStyle=\"bullet\" listLevel=1:a\nb}", ["listContinuation@2"]),
        ("- a\\\n  b", "{listStyle=\"bullet\" listLevel=1:a\nb}", ["listContinuation@1"]),
        ("# a<br>b", "{heading=1:a\nb}", ["headingLineBreak@1"]),
    ])
    func structuresCaretKeepsWithALoss(markdown: String, expected: String, losses: [String]) throws {
        let (text, found) = try read(markdown)
        #expect(text == expected)
        #expect(found == losses)
    }

    @Test(arguments: [
        ("<div>\nhi\n</div>", "<div>\nhi\n</div>", ["html@0"]),
        ("x <span>y</span>", "x <span>y</span>", ["html@2"]),
        ("x </u>", "x </u>", ["html@2"]),
        ("😀 ![alt *t*](i.png)", "😀 alt {italic:t}", ["image@3"]),
        ("| a | b |\n|---|---|\n| 1 | 2 |", "a\tb\n1\t2", ["table@0"]),
        ("a\n\n---\n\nb", "a\nb", ["thematicBreak@2"]),
        ("[none]()", "none", ["link@0"]),
        ("a [t](u \"title\")", "a {link=\"u\":t}", ["linkTitle@2"]),
    ])
    func structuresCaretCannotHoldAreReported(markdown: String, expected: String, losses: [String]) throws {
        let (text, found) = try read(markdown)
        #expect(text == expected)
        #expect(found == losses)
    }

    /// cmark-gfm changes a global table of special characters around each parse; parses on
    /// several threads at once must still all see strikethrough.
    @Test func parsesOnSeveralThreadsAtOnceAgree() async throws {
        let markdown = "a ~~b~~ **c** ~d~\n\n- ~~e~~"
        let expected = try read(markdown).0
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    (0..<2000).map { _ in (try? Markdown.parse(markdown)).map { Markup.print($0.0.text) } ?? "error" }
                }
            }
            var all: [String] = []
            for await batch in group { all += batch }
            return all
        }
        #expect(results.count == 8000)
        #expect(results.allSatisfy { $0 == expected }, "\(Set(results))")
    }

    @Test func eachKindOfLossIsReportedOnceAtItsFirstOffset() throws {
        let (_, losses) = try read("> > one\n\n> > two\n\n<span>x</span>")
        #expect(losses == ["blockQuoteDepth@0", "html@8"])
    }
}
