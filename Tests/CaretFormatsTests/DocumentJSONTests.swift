import CaretCore
import Testing
@testable import CaretFormats

@Suite struct DocumentJSONTests {
    @Test func encodesTheCanonicalShape() throws {
        let state = try Markup.parse("^{bold:Hel}l|<italic fontSize=12.5>o {foregroundColor=#ff0000 x=2:😀}")
        #expect(DocumentJSON.encodeString(state) == ##"{"text":"Hello 😀","runs":[{"length":3,"attributes":{"bold":true}},{"length":3,"attributes":{}},{"length":2,"attributes":{"foregroundColor":"#ff0000","x":2}}],"selection":{"anchor":0,"head":4},"typingAttributes":{"italic":true,"fontSize":12.5}}"##)
    }

    @Test func omitsNilSelectionAndTypingAttributes() {
        #expect(DocumentJSON.encodeString(DocumentState(text: AttributedText())) == #"{"text":"","runs":[]}"#)
        #expect(DocumentJSON.encodeString(DocumentState(text: AttributedText("ab"), selection: Selection(caret: 1))) == #"{"text":"ab","runs":[{"length":2,"attributes":{}}],"selection":{"anchor":1,"head":1}}"#)
    }

    @Test func decodesHandWrittenDocuments() throws {
        let state = try DocumentJSON.decode(#"{"text":"abc","runs":[{"length":1,"attributes":{"bold":true}},{"length":1,"attributes":{"bold":true}},{"length":1}]}"#)
        #expect(state == DocumentState(text: AttributedText(runs: [("ab", .traits(.bold)), ("c", Attributes())])))
        let bare = try DocumentJSON.decode(#"{"text":"x","selection":null}"#)
        #expect(bare == DocumentState(text: AttributedText("x")))
    }

    @Test func roundTripsRandomStates() throws {
        var rng = SeededRandom.fromEnvironment(label: "document JSON round trip")
        for _ in 0..<1000 {
            var state = RandomDocuments.state(&rng)
            if rng.bool(), state.selection != nil { state.typingAttributes = RandomDocuments.attributes(&rng) }
            // JSON has no infinities: skip states that hold them.
            let header = state.typingAttributes.map(Markup.header) ?? ""
            if Markup.print(state).contains("inf") || header.contains("inf") { continue }
            let json = DocumentJSON.encodeString(state)
            let back = try DocumentJSON.decode(json)
            #expect(back == state, "seed \(rng.seed): \(json)")
            #expect(DocumentJSON.encodeString(back) == json)
            if back != state { return }
        }
    }

    func error(_ json: String) -> String {
        do {
            _ = try DocumentJSON.decode(json)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func errorsNameThePath() {
        #expect(error(#"{"text":"abcd","runs":[{"length":1},{"length":1},{"length":1},{"length":1,"attributes":{"fontSize":"big"}}]}"#)
            == "runs[3].attributes.fontSize: expected a number of points, got a string")
        #expect(error(#"[1]"#) == "expected an object, got an array")
        #expect(error(#"{"runs":[]}"#) == "expected the key 'text'")
        #expect(error(#"{"text":1}"#) == "text: expected a string, got a number")
        #expect(error(#"{"text":"a","extra":1}"#) == "extra: unknown key, expected one of 'text', 'runs', 'selection', 'typingAttributes'")
        #expect(error(#"{"text":"ab","runs":[{"length":1}]}"#) == "runs: expected runs covering the text's 2 UTF-16 units, they cover 1")
        #expect(error(#"{"text":"ab","runs":[{"length":3}]}"#) == "runs[0].length: expected the runs to end with the text at 2 UTF-16 units, this one ends at 3")
        #expect(error(#"{"text":"😀","runs":[{"length":1},{"length":1}]}"#) == "runs[0].length: expected the run to end on a character boundary, offset 1 is inside a surrogate pair")
        #expect(error(#"{"text":"a","runs":[{"length":0}]}"#) == "runs[0].length: expected a positive length, got 0")
        #expect(error(#"{"text":"a","runs":[{"length":1.5}]}"#) == "runs[0].length: expected an integer, got a number")
        #expect(error(#"{"text":"a","runs":[{"length":1,"attributes":{"my key":null}}]}"#) == #"runs[0].attributes["my key"]: expected a boolean, a number or a string, got null"#)
        #expect(error(#"{"text":"a","selection":{"anchor":0}}"#) == "selection: expected the key 'head'")
        #expect(error(#"{"text":"a","selection":{"anchor":0,"head":2}}"#) == "selection.head: offset 2 is past the end (length 1, UTF-16)")
        #expect(error(#"{"text":"a","typingAttributes":{"bold":1}}"#) == "typingAttributes.bold: expected a boolean, got a number")
        #expect(error(#"{"text":"a","typingAttributes":{"bold":true,"bold":false}}"#) == "typingAttributes.bold: expected each key once, this one appears twice")
        #expect(error(#"{"text":"a""#) == "1:12: expected ',' or '}' after an object member, found the end of the input")
    }
}
