import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretFoundation

@Suite struct FoundationJSONTests {
    @Test func plainTextIsABareString() throws {
        #expect(try FoundationJSON.encode(AttributedText("plain \"text\"")) == #""plain \"text\"""#)
        let (text, losses) = try FoundationJSON.decode(#""plain""#)
        #expect(text == AttributedText("plain") && losses.isEmpty)
    }

    @Test func fewRunsAreAnArrayOfTextAndAttributes() throws {
        let json = try FoundationJSON.encode(try markup("a{bold link=\"https://x.org/p\":b}{underline fontSize=14:c}"))
        #expect(json == #"["a",{},"b",{"NSInlinePresentationIntent":2,"NSLink":{"relative":"https://x.org/p"}},"c",{"NSUnderline":1,"caret.fontSize":14}]"#)
    }

    @Test func headingsAndListsAreNSPresentationIntent() throws {
        let json = try FoundationJSON.encode(try markup("{heading=1:T\n}{listStyle=\"bullet\" listLevel=1:i}"))
        #expect(json == #"["T\n",{"NSPresentationIntent":{"components":[{"identity":1,"kind":["header",1]}]}},"i",{"NSPresentationIntent":{"components":[{"identity":4,"kind":["paragraph"]},{"identity":3,"kind":["listItem",1]},{"identity":2,"kind":["unorderedList"]}]}}]"#)
    }

    @Test func moreThanTenRunsUseAnAttributeTable() throws {
        var source = ""
        for i in 0..<6 { source += "{bold:b\(i)}p\(i)" }
        let json = try FoundationJSON.encode(try markup(source))
        #expect(json.hasPrefix(#"{"attributeTable":[{"NSInlinePresentationIntent":2}],"runs":["b0",0,"p0",{},"b1",0,"p1",{},"#))
        #expect(try FoundationJSON.decode(json).0 == (try markup(source)))
    }

    @Test func foundationsEncoderOutputDecodesToTheSameText() throws {
        // Built with Foundation's API, encoded by Foundation's JSONEncoder.
        var string = AttributedString("Title\n")
        string[Caret.PresentationIntentAttribute.self] = PresentationIntent(.header(level: 2), identity: 1)
        var body = AttributedString("see ")
        body.append(AttributedString("this", attributes: AttributeContainer().link(URL(string: "https://example.com/")!)))
        let item = PresentationIntent(.paragraph, identity: 4, parent: PresentationIntent(.listItem(ordinal: 1), identity: 3, parent: PresentationIntent(.orderedList, identity: 2)))
        body[Caret.PresentationIntentAttribute.self] = item
        var strong = AttributedString(" 😀e\u{301}")
        strong[Caret.InlinePresentationIntentAttribute.self] = [.stronglyEmphasized, .emphasized]
        strong[Caret.PresentationIntentAttribute.self] = item
        string.append(body)
        string.append(strong)
        let data = try JSONEncoder().encode(AttributedStringJSONCoding(string))
        let (text, losses) = try FoundationJSON.decode(String(decoding: data, as: UTF8.self))
        #expect(losses.isEmpty, "\(losses)")
        #expect(text == (try markup("{heading=2:Title\n}{listStyle=\"ordered\" listLevel=1:see }{listStyle=\"ordered\" listLevel=1 link=\"https://example.com/\":this}{bold italic listStyle=\"ordered\" listLevel=1: 😀e\u{301}}")))
    }

    @Test func caretJSONDecodesWithFoundationsDecoderToTheSameRuns() throws {
        let text = try markup("{heading=1:Notes\n}plain {bold underline:words} {foregroundColor=#336699 flag=true:tinted}\n{blockQuote=true alignment=\"right\":quoted 𝔸\n}{codeBlock=true:let x = 1}")
        let json = try FoundationJSON.encode(text)
        let decoded = try JSONDecoder().decode(AttributedStringJSONCoding.self, from: Data(json.utf8))
        let expected = try AttributedString(text)
        #expect(decoded.attributedString == expected)
        #expect(decoded.losses.isEmpty)
        #expect(decoded.attributedString.runs.count == expected.runs.count)
        #expect(try AttributedText(decoded.attributedString) == text)
    }

    @Test func jsonInTheFormApplesEncoderWritesForMarkdown() throws {
        // Keys unsorted, slashes escaped, blocks told apart by identity without line breaks:
        // the shape of Apple's `JSONEncoder().encode(AttributedString(markdown:))` output.
        let json = #"""
        ["Hello",{"NSPresentationIntent":{"components":[{"kind":["header",1],"identity":1}]}},
         "Some ",{"NSPresentationIntent":{"components":[{"kind":["paragraph"],"identity":2}]}},
         "bold",{"NSPresentationIntent":{"components":[{"kind":["paragraph"],"identity":2}]},"NSInlinePresentationIntent":2},
         " link",{"NSLink":{"relative":"https:\/\/automerge.org\/"},"NSPresentationIntent":{"components":[{"kind":["paragraph"],"identity":2}]}}]
        """#
        let (text, losses) = try FoundationJSON.decode(json)
        #expect(text == (try markup("{heading=1:HelloSome }{bold heading=1:bold}{heading=1 link=\"https://automerge.org/\": link}")))
        #expect(losses == [FormatLoss(what: "presentationIntent", offset: 5, reason: "a block starts without a line break; the paragraph takes its first block's")])
    }

    @Test func theAttributeTableFormApplesEncoderWritesForLongText() throws {
        // More than ten runs: `runs` refers to `attributeTable` entries by index.
        let item = { (ordinal: Int, identity: Int) in
            #"{"NSPresentationIntent":{"components":[{"kind":["paragraph"],"identity":\#(identity + 1)},{"kind":["listItem",\#(ordinal)],"identity":\#(identity)},{"kind":["orderedList"],"identity":1}]}}"#
        }
        var runs: [String] = []
        for i in 0..<12 { runs += [#""item \#(i)\n""#, "\(i)"] }
        let json = #"{"runs":[\#(runs.joined(separator: ","))],"attributeTable":[\#((0..<12).map { item($0 + 1, 2 * $0 + 2) }.joined(separator: ","))]}"#
        let (text, losses) = try FoundationJSON.decode(json)
        #expect(losses.isEmpty, "\(losses)")
        let expected = try markup((0..<12).map { "{listStyle=\"ordered\" listLevel=1:item \($0)\n}" }.joined())
        #expect(text == expected)
        #expect(try FoundationJSON.encode(text).hasPrefix(#"{"attributeTable":[{"NSPresentationIntent":{"components":[{"identity":3,"kind":["paragraph"]},{"identity":2,"kind":["listItem",1]},{"identity":1,"kind":["orderedList"]}]}}"#))
    }

    @Test func archivedPlatformObjectsAreNamedLosses() throws {
        let (text, losses) = try FoundationJSON.decode(#"["red",{"NSColor":"YnBsaXN0MDA=","caret.fontSize":9},"x",{"NSKern":1}]"#)
        #expect(text == (try markup("{fontSize=9:red}x")))
        #expect(losses == [
            FormatLoss(what: "NSColor", offset: 0, reason: AttributedStringJSONCoding.reason(forUnknown: "NSColor")),
            FormatLoss(what: "NSKern", offset: 3, reason: "the attribute is outside Caret's scope"),
        ])
    }

    @Test func malformedJSONIsAnErrorWithAPath() {
        for (json, message) in [
            ("[]", "Runs container must not be empty"),
            (#"["a",5]"#, "Attribute table index present with no reference attribute table"),
            (#"{"runs":["a",3],"attributeTable":[]}"#, "Attribute table index 3 is not within the bounds of the attribute table"),
            (#"["",{},"b",{}]"#, "When multiple runs are present, runs with empty substrings are not allowed"),
            (#"["a",{"NSLink":7}]"#, ""),
            ("42", ""),
        ] {
            #expect {
                _ = try FoundationJSON.decode(json)
            } throws: { error in
                guard let error = error as? FoundationJSONError else { return false }
                return message.isEmpty || error.description.contains(message)
            }
        }
    }

    @Test func aDocumentsSelectionIsNotCarried() throws {
        let state = DocumentState(text: AttributedText("abc"), selection: Selection(anchor: 1, head: 1))
        #expect(throws: FormatLossError.self) { try FoundationJSON.encode(state) }
        #expect(try FoundationJSON.encode(DocumentState(text: AttributedText("abc"))) == #""abc""#)
    }

    #if !canImport(Darwin)
    @Test func foundationOnLinuxHasNoCodableAttributedString() {
        // Why AttributedStringJSONCoding exists: the conformance is compiled only into Apple's
        // Foundation framework.
        #expect(!(AttributedString.self is any Encodable.Type))
        #expect(!(AttributedString.self is any Decodable.Type))
    }
    #endif
}
