import CaretCore
import Testing
@testable import CaretFormats

/// Underline and strikethrough styles (`TextLineStyle`) through markup, JSON and every format.
@Suite struct LineStyleFormatTests {
    @Test func valuesAreCanonical() throws {
        func stored(_ value: AttributeValue) throws -> AttributeValue? { try Attributes([(.underline, value)])[.underline] }
        #expect(try stored(.bool(true)) == .bool(true))
        #expect(try stored(.bool(false)) == nil)
        #expect(try stored(.string("single")) == .bool(true))
        #expect(try stored(.string("solid")) == .bool(true))
        #expect(try stored(.string("none")) == nil)
        #expect(try stored(.string("double")) == .string("double"))
        #expect(try stored(.string("byWord dash thick")) == .string("thick dash byWord"))
        #expect(try stored(.string("dot")) == .string("single dot"))
        #expect(try stored(.number(9)) == .string("double"))
        #expect(try stored(.number(0x8101)) == .string("single dot byWord"))
        #expect(try stored(.number(0)) == nil)
        #expect(throws: AttributeError.self) { try stored(.string("wavy")) }
        #expect(throws: AttributeError.self) { try stored(.string("double thick")) }
        #expect(throws: AttributeError.self) { try stored(.number(3)) }
        do {
            _ = try stored(.string("wavy"))
        } catch {
            #expect("\(error)" == "attribute 'underline': unknown style word 'wavy' in 'wavy' (expected single, double, thick, solid, dot, dash, dashDot, dashDotDot, byWord)")
        }
        for raw in [1, 2, 9, 0x101, 0x202, 0x309, 0x401, 0x8001, 0x8209] {
            #expect(TextLineStyle(rawValue: raw)?.rawValue == raw, "\(raw)")
        }
        #expect(throws: AttributeError.self) { try Attributes([(.bold, .string("double"))]) }
    }

    @Test func markupCarriesStyles() throws {
        let markup = "{underline=\"double\":a}{strikethrough=\"thick dash\":b}{underline:c}{underline=\"single byWord\" strikethrough:d}"
        let state = try Markup.parse(markup)
        #expect(Markup.print(state) == markup)
        #expect(Markup.print(try Markup.parse("{underline=\"single\":a}{u:b}{underline=true:c}")) == "{underline:abc}")
        #expect(Markup.print(try Markup.parse("{underline=9:a}")) == "{underline=\"double\":a}")
        #expect(throws: (any Error).self) { try Markup.parse("{underline=\"wavy\":a}") }
    }

    @Test func jsonCarriesStyles() throws {
        let state = try Markup.parse("{underline=\"double\":a}{underline:b}")
        let json = DocumentJSON.encodeString(state)
        #expect(json == #"{"text":"ab","runs":[{"length":1,"attributes":{"underline":"double"}},{"length":1,"attributes":{"underline":true}}]}"#)
        #expect(try DocumentJSON.decode(json) == state)
        #expect(try DocumentJSON.decode(#"{"text":"x","runs":[{"length":1,"attributes":{"strikethrough":"dot thick"}}]}"#)
            == Markup.parse("{strikethrough=\"thick dot\":x}"))
    }

    @Test func rtfWritesEveryStyleItHasAndReportsTheRest() throws {
        func body(_ markup: String) throws -> (String, [String]) {
            let (rtf, losses) = RTF.print(try Markup.parse(markup))
            let line = rtf.split(separator: "\n").first { $0.hasPrefix("\\pard") }.map(String.init) ?? ""
            return (line, losses.map { "\($0.what)@\($0.offset)" })
        }
        #expect(try body("{underline=\"double\":a}{underline=\"thick dash\":b}{underline=\"single byWord\":c}{strikethrough=\"double\":d}")
            == (#"\pard{\uldb a}{\ulthdash b}{\ulw c}{\striked1 d}"#, []))
        #expect(try body("{underline=\"single dot\":a}{underline=\"thick dashDotDot\":b}") == (#"\pard{\uld a}{\ulthdashdd b}"#, []))
        #expect(try body("x{underline=\"double dot\":a}") == (#"\pard x{\uldb a}"#, ["underline@1"]))
        #expect(try body("{strikethrough=\"thick\":a}") == (#"\pard{\strike a}"#, ["strikethrough@0"]))
        // Everything RTF has reads back as written.
        let markup = "{underline=\"double\":a}{underline=\"thick dashDot\":b}{underline=\"single byWord\":c}{strikethrough=\"double\":d}{underline strikethrough:e}"
        let (rtf, _) = RTF.print(try Markup.parse(markup))
        #expect(Markup.print(try RTF.parse(rtf).0) == markup)
    }

    @Test func rtfReadsStyledUnderlines() throws {
        #expect(try rtfMarkup(#"\uldb d\ulnone  \ulw w\ul0 x\ulthd t\ulnone \striked1 s\striked0 e"#)
            == "{underline=\"double\":d} {underline=\"single byWord\":w}x{underline=\"thick dot\":t}{strikethrough=\"double\":s}e")
        #expect(try rtfLosses(#"{\rtf1 a\ulwave b}"#) == ["underlineStyle@1"])
        #expect(try rtfLosses(#"{\rtf1 a\uldb b}"#) == [])
    }

    @Test func htmlWritesCSSLineStylesAndReportsTheRest() throws {
        func html(_ m: String) throws -> (String, [String]) {
            let (out, losses) = HTML.print(DocumentState(text: try Markup.parseText(m)), fragment: true)
            return (out, losses.map(\.what))
        }
        #expect(try html("{underline=\"double\":a}{strikethrough=\"single dot\":b}{underline=\"single dash\":c}")
            == ("<p><u style=\"text-decoration-style:double\">a</u><s style=\"text-decoration-style:dotted\">b</s><u style=\"text-decoration-style:dashed\">c</u></p>", []))
        #expect(try html("{underline:a}") == ("<p><u>a</u></p>", []))
        #expect(try html("{underline=\"thick\":a}") == ("<p><u>a</u></p>", ["underline"]))
        #expect(try html("{strikethrough=\"single byWord\":a}") == ("<p><s>a</s></p>", ["strikethrough"]))
        #expect(try html("{underline=\"double dash\":a}").1 == ["underline"])
        let markup = "{underline=\"double\":a}{underline=\"single dot\" strikethrough=\"single dash\":b}{underline strikethrough=\"double\":c}"
        let (out, losses) = HTML.print(try Markup.parse(markup))
        #expect(losses.isEmpty)
        #expect(Markup.print(DocumentState(text: try HTML.parse(out).0.text)) == markup)
    }

    @Test func htmlReadsTextDecorationStyles() throws {
        func read(_ html: String) throws -> (String, [String]) {
            let (state, losses) = try HTML.parse(html)
            return (Markup.print(DocumentState(text: state.text)), losses.map(\.what))
        }
        #expect(try read("<p><span style=\"text-decoration: underline dotted\">a</span></p>") == ("{underline=\"single dot\":a}", []))
        #expect(try read("<p><span style=\"text-decoration-style: double; text-decoration-line: line-through\">a</span></p>") == ("{strikethrough=\"double\":a}", []))
        #expect(try read("<p><u style=\"text-decoration-style:wavy\">a</u></p>") == ("{underline:a}", ["text-decoration-style"]))
        // A style on an inner element does not restyle a line drawn outside it.
        #expect(try read("<p><u>a<span style=\"text-decoration-style:double\">b</span></u></p>") == ("{underline:ab}", []))
    }

    @Test func markdownWritesSingleLinesAndReportsStyles() throws {
        let (md, losses) = Markdown.print(try Markup.parseText("a {underline=\"double\":b} {strikethrough=\"double\":c}"))
        #expect(md == "a <u>b</u> ~~c~~\n")
        #expect(losses.map(\.what) == ["underline", "strikethrough"])
        #expect(Markdown.print(try Markup.parseText("{underline:b}")).1.isEmpty)
    }
}
