import CaretCore
import Testing
@testable import CaretFormats

/// Shorthand for attribute sets in expectations.
func attrs(_ pairs: (AttributeKey, AttributeValue)...) -> Attributes {
    try! Attributes(pairs)
}

@Suite struct MarkupExampleTests {
    @Test func plainTextIsLiteral() throws {
        let state = try Markup.parse("Hello, world.\nSecond line\t!")
        #expect(state == DocumentState(text: AttributedText("Hello, world.\nSecond line\t!")))
        #expect(Markup.print(state) == "Hello, world.\nSecond line\t!")
    }

    @Test func runsWithTraitsAndValues() throws {
        let markup = #"Hello {bold:big \{\}world} and {italic fontSize=14 link="https://a.b/c":this}."#
        let state = try Markup.parse(markup)
        let expected = AttributedText(runs: [
            ("Hello ", Attributes()),
            ("big {}world", .traits(.bold)),
            (" and ", Attributes()),
            ("this", attrs((.italic, .bool(true)), (.fontSize, .number(14)), (.link, .string("https://a.b/c")))),
            (".", Attributes()),
        ])
        #expect(state.text == expected)
        #expect(state.selection == nil)
        #expect(Markup.print(state) == markup)
    }

    @Test func headerItemsPrintInCanonicalOrder() throws {
        let state = try Markup.parse(#"{x=1 link="l" u fontSize=12.5 "my key"=true b foregroundColor=#FF00AA backgroundColor=#00000080 fontFamily="Times":t}"#)
        #expect(Markup.print(state) == #"{bold underline fontSize=12.5 fontFamily="Times" foregroundColor=#ff00aa backgroundColor=#00000080 link="l" "my key"=true x=1:t}"#)
    }

    @Test func traitAliases() throws {
        let state = try Markup.parse("{b i u s code:x}")
        #expect(state.text == AttributedText("x", attributes: .traits(.bold, .italic, .underline, .strikethrough, .code)))
        #expect(Markup.print(state) == "{bold italic underline strikethrough code:x}")
    }

    @Test func customValues() throws {
        let state = try Markup.parse(#"{flag=true off=false n=-3 f=0.25 s="a \"q\" \\ \u{1F600}" c=#abc:x}"#)
        let a = state.text.runs[0].attributes
        #expect(a[.custom("flag")] == .bool(true))
        #expect(a[.custom("off")] == .bool(false))
        #expect(a[.custom("n")] == .number(-3))
        #expect(a[.custom("f")] == .number(0.25))
        #expect(a[.custom("s")] == .string("a \"q\" \\ 😀"))
        #expect(a[.custom("c")] == .string("#abc"))
        #expect(Markup.print(state) == ##"{c="#abc" f=0.25 flag=true n=-3 off=false s="a \"q\" \\ 😀":x}"##)
    }

    @Test func caretAndDirectedSelections() throws {
        #expect(try Markup.parse("hel|lo").selection == Selection(caret: 3))
        #expect(try Markup.parse("he^llo|").selection == Selection(anchor: 2, head: 5))
        #expect(try Markup.parse("he|llo^").selection == Selection(anchor: 5, head: 2))
        #expect(Markup.print(DocumentState(text: AttributedText("hello"), selection: Selection(anchor: 5, head: 2))) == "he|llo^")
        #expect(Markup.print(DocumentState(text: AttributedText(""), selection: Selection(caret: 0))) == "|")
    }

    @Test func selectionOffsetsAreUTF16() throws {
        let state = try Markup.parse("😀^a𝔸|")
        #expect(state.selection == Selection(anchor: 2, head: 5))
    }

    @Test func markersInsideAndAtTheEdgesOfRuns() throws {
        let inside = try Markup.parse("{bold:wo|rld}")
        #expect(inside.selection == Selection(caret: 2))
        #expect(Markup.print(inside) == "{bold:wo|rld}")
        // A marker on a run boundary is printed outside the runs; the parser accepts both.
        let edge = try Markup.parse("a{bold:|b^}c")
        #expect(edge.selection == Selection(anchor: 2, head: 1))
        #expect(Markup.print(edge) == "a|{bold:b}^c")
    }

    @Test func typingAttributesAfterTheHead() throws {
        let state = try Markup.parse("{bold:ab}|<italic>cd")
        #expect(state.selection == Selection(caret: 2))
        #expect(state.typingAttributes == .traits(.italic))
        #expect(Markup.print(state) == "{bold:ab}|<italic>cd")
        let none = try Markup.parse("{bold:ab}|<>")
        #expect(none.typingAttributes == Attributes())
        #expect(Markup.print(none) == "{bold:ab}|<>")
    }

    @Test func typingAttributesEqualToInheritedAreNil() throws {
        let state = try Markup.parse("{bold:ab}|<bold>")
        #expect(state.typingAttributes == nil)
        #expect(Markup.print(state) == "{bold:ab}|")
        let printed = Markup.print(DocumentState(text: AttributedText("ab", attributes: .traits(.bold)), selection: Selection(caret: 2), typingAttributes: .traits(.bold)))
        #expect(printed == "{bold:ab}|")
        // link is never inherited, so typing attributes holding it are printed.
        let link = attrs((.link, .string("x")))
        let linked = DocumentState(text: AttributedText("ab", attributes: link), selection: Selection(caret: 2), typingAttributes: link)
        #expect(Markup.print(linked) == #"{link="x":ab}|<link="x">"#)
        #expect(try Markup.parse(Markup.print(linked)) == linked)
    }

    @Test func literalLessThanAfterTheHeadIsEscaped() throws {
        let state = DocumentState(text: AttributedText("a<b"), selection: Selection(caret: 1))
        #expect(Markup.print(state) == "a|\\<b")
        #expect(try Markup.parse("a|\\<b") == state)
        #expect(try Markup.parse("\\<a<b") == DocumentState(text: AttributedText("<a<b")))
        #expect(Markup.print(AttributedText("<a<b")) == "<a<b")
    }

    @Test func escapesMarkersAndControls() throws {
        let text = AttributedText("{}|^\\ \u{0}\u{1B}\u{7F}\r\n\t<:\"=")
        let markup = Markup.print(text)
        #expect(markup == "\\{\\}\\|\\^\\\\ \\u{0}\\u{1B}\\u{7F}\\u{D}\n\t<:\"=")
        #expect(try Markup.parseText(markup) == text)
        #expect(try Markup.parseText("\\u{1F600}\\u{000041}") == AttributedText("😀A"))
    }

    @Test func unicodeIsLiteral() throws {
        let text = AttributedText(runs: [("👩‍👩‍👧 e\u{301} ", Attributes()), ("𝔸😀", .traits(.italic))])
        #expect(Markup.print(text) == "👩‍👩‍👧 e\u{301} {italic:𝔸😀}")
        #expect(try Markup.parseText(Markup.print(text)) == text)
    }

    @Test func quotedCustomKeys() throws {
        let state = try Markup.parse(#"{"has space"=1 "q\"k"="v" a.b-c_d=true:x}"#)
        #expect(Markup.print(state) == #"{a.b-c_d=true "has space"=1 "q\"k"="v":x}"#)
        #expect(state.text.runs[0].attributes[.custom("q\"k")] == .string("v"))
    }

    @Test func adjacentEqualRunsCoalesce() throws {
        let state = try Markup.parse("{bold:a}{b:b}c")
        #expect(Markup.print(state) == "{bold:ab}c")
    }

    @Test func headerCornerCases() throws {
        #expect(Markup.print(try Markup.parse("{ bold  italic :x}")) == "{bold italic:x}")
        #expect(try Markup.parse("{:x}{bold:}y") == DocumentState(text: AttributedText("xy")))
        #expect(try Markup.parse("{bold=false italic=true:x}") == DocumentState(text: AttributedText("x", attributes: .traits(.italic))))
        #expect(try Markup.parse("a{bold:|}b").selection == Selection(caret: 1))
    }

    @Test func conveniencesOnTheCoreTypes() throws {
        let state = try DocumentState(markup: "{bold:he^l}lo|")
        #expect(state.markup == "{bold:he^l}lo|")
        #expect(try AttributedText(markup: "a {i:b}").markup == "a {italic:b}")
    }

    @Test func headerHelperPrintsItems() {
        #expect(Markup.header(attrs((.bold, .bool(true)), (.fontSize, .number(14)))) == "bold fontSize=14")
        #expect(Markup.header(Attributes()) == "")
    }
}
