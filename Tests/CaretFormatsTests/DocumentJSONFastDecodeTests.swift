import CaretCore
import Testing
@testable import CaretFormats

/// The two-pass reader of document JSON (no `JSONValue` tree) agrees with the general decoder on
/// every document it takes, and hands everything else back to it, so errors keep their paths.
@Suite struct DocumentJSONFastDecodeTests {
    @Test func readsWhatTheEncoderWritesForRandomDocuments() throws {
        var rng = SeededRandom.fromEnvironment(label: "document JSON fast decode")
        for _ in 0..<1500 {
            let state = RandomDocuments.state(&rng)
            let json = DocumentJSON.encodeString(state)
            let fast = DocumentJSONFastDecoder.decode(json)
            // A non-finite custom number prints as null, which no reader takes.
            guard let general = try? DocumentJSON.decode(try JSONValue.parse(json)) else {
                #expect(fast == nil, "seed \(rng.seed): \(json)")
                continue
            }
            #expect(fast != nil, "seed \(rng.seed): \(json)")
            #expect(fast == general, "seed \(rng.seed): \(json)")
            if fast != general { return }
        }
    }

    @Test func escapesWhitespaceAndOmittedMembers() throws {
        let cases: [(String, DocumentState)] = [
            (#"{"text":"a\u00e9\ud83d\ude00\n\"\\\/\t"}"#, DocumentState(text: AttributedText("aé😀\n\"\\/\t"))),
            (" {\n \"text\" : \"ab😀\" , \"runs\" : [ {\"length\":1} , {\"length\":3,\"attributes\":{\"bold\":true}} ] }\n",
             DocumentState(text: AttributedText(runs: [("a", Attributes()), ("b😀", .traits(.bold))]))),
            (#"{"text":"","runs":[]}"#, DocumentState(text: AttributedText())),
            (#"{"text":"ab","runs":[{"length":2,"attributes":{}}],"selection":null,"typingAttributes":{"italic":true}}"#,
             DocumentState(text: AttributedText("ab"), selection: nil, typingAttributes: .traits(.italic))),
            (#"{"text":"ab","runs":[{"length":1,"attributes":{"bold":true}},{"length":1,"attributes":{"bold":true}}],"selection":{"anchor":2,"head":0}}"#,
             DocumentState(text: AttributedText("ab", attributes: .traits(.bold)), selection: Selection(anchor: 2, head: 0))),
        ]
        for (json, expected) in cases {
            let fast = DocumentJSONFastDecoder.decode(json)
            #expect(fast == expected, "\(json)")
            #expect(try DocumentJSON.decode(json) == expected)
        }
    }

    /// Each of these is refused by the fast reader and reported by the general decoder.
    @Test func anythingElseFallsBackAndKeepsItsError() {
        let cases: [(String, String)] = [
            (#"{"runs":[],"text":""}"#, ""),  // another key order: valid, read by the general decoder
            (#"{"text":"ab","runs":[]}"#, "runs: expected runs covering the text's 2 UTF-16 units, they cover 0"),
            (#"{"text":"😀","runs":[{"length":1},{"length":1}]}"#, "runs[0].length: expected the run to end on a character boundary, offset 1 is inside a surrogate pair"),
            (#"{"text":"ab","runs":[{"length":3}]}"#, "runs[0].length: expected the runs to end with the text at 2 UTF-16 units, this one ends at 3"),
            (#"{"text":"a","runs":[{"length":1,"attributes":{"bold":3}}]}"#, "runs[0].attributes.bold"),
            (#"{"text":"a","runs":[{"length":1}],"selection":{"anchor":5,"head":0}}"#, "selection.anchor"),
            (#"{"text":"a","extra":1}"#, "extra: unknown key"),
            (#"{"text":"\ud800"}"#, "1:"),
            (#"{"text":"a","runs":[{"length":0}]}"#, "runs[0].length: expected a positive length, got 0"),
        ]
        for (json, message) in cases {
            #expect(DocumentJSONFastDecoder.decode(json) == nil, "\(json)")
            do {
                _ = try DocumentJSON.decode(json)
                #expect(message.isEmpty, "\(json) decoded")
            } catch {
                #expect(!message.isEmpty && "\(error)".contains(message), "\(json): \(error)")
            }
        }
    }
}
