import CaretCore
import Testing
@testable import CaretFormats

/// Paragraph attributes through canonical markup and JSON: printed, parsed back, uniform.
@Suite struct ParagraphAttributeFormatTests {
    static let documents = [
        "{heading=1:T😀tle\n}Body",
        "{bold heading=2:Bold \u{301}title\n}{heading=2:rest\n}",
        "{listStyle=\"ordered\" listLevel=1:first\nsecond\n}{listStyle=\"ordered\" listLevel=2:👩\u{200D}👩\u{200D}👧 nested\n}{listStyle=\"bullet\" listLevel=1:b}",
        "{blockQuote=true:quoted\n}{codeBlock=true:let x = 1\n\n}{italic alignment=\"center\":centred}",
        "^{heading=3 alignment=\"right\":🇺🇸🇫🇷\n}|",
        "a\n|<heading=1>",
    ]

    @Test(arguments: documents)
    func markupRoundTrips(markup: String) throws {
        let state = try Markup.parse(markup)
        try state.text.checkInvariants()
        #expect(Markup.print(state) == markup)
        #expect(try Markup.parse(Markup.print(state)) == state)
    }

    @Test(arguments: documents)
    func jsonRoundTrips(markup: String) throws {
        let state = try Markup.parse(markup)
        let json = DocumentJSON.encodeString(state)
        let back = try DocumentJSON.decode(json)
        #expect(back == state, "\(json)")
        try back.text.checkInvariants()
        #expect(DocumentJSON.encodeString(back) == json)
    }

    @Test func jsonSpellsParagraphKeysByName() throws {
        let json = DocumentJSON.encodeString(try Markup.parse("{heading=1 listStyle=\"bullet\" listLevel=2 blockQuote=true codeBlock=true alignment=\"justified\":x}"))
        #expect(json == #"{"text":"x","runs":[{"length":1,"attributes":{"heading":1,"listStyle":"bullet","listLevel":2,"blockQuote":true,"codeBlock":true,"alignment":"justified"}}]}"#)
    }

    @Test func badParagraphValuesAreMarkupErrors() {
        #expect(throws: (any Error).self) { try Markup.parse("{heading=7:x}") }
        #expect(throws: (any Error).self) { try Markup.parse("{listStyle=\"dash\":x}") }
    }
}
