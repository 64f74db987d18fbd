import Testing
@testable import CaretFormats

@Suite struct JSONLocatorTests {
    let text = "{\"text\":\"a😀\",\n \"runs\":[{\"length\":1}, {\"length\":2,\n  \"attributes\":{\"my key\":null, \"x\":1, \"x\":2}}],\n \"selection\":{\"anchor\":9}}"

    @Test func pathsSplitIntoComponents() {
        #expect(JSONLocator.components("runs[3].attributes.fontSize") == [.key("runs"), .index(3), .key("attributes"), .key("fontSize")])
        #expect(JSONLocator.components(#"runs[0].attributes["my key"]"#) == [.key("runs"), .index(0), .key("attributes"), .key("my key")])
        #expect(JSONLocator.components(#"a["q\"]"]"#) == [.key("a"), .key("q\"]")])
        #expect(JSONLocator.components("") == [])
    }

    @Test func membersAtTheirNamesElementsAtTheirStart() {
        #expect(JSONLocator.position(of: "", in: "  \n [1]")! == (2, 2))
        #expect(JSONLocator.position(of: "text", in: text)! == (1, 2))
        #expect(JSONLocator.position(of: "runs[1]", in: text)! == (2, 24))
        #expect(JSONLocator.position(of: #"runs[1].attributes["my key"]"#, in: text)! == (3, 17))
        #expect(JSONLocator.position(of: "selection.anchor", in: text)! == (4, 15))
        // A repeated name: the last one, as lookups take.
        #expect(JSONLocator.position(of: "runs[1].attributes.x", in: text)! == (3, 39))
        // A path that goes further than the text: the deepest part found.
        #expect(JSONLocator.position(of: "runs[7].length", in: text)! == (2, 2))
        #expect(JSONLocator.position(of: "x", in: "   ") == nil)
    }

    @Test func columnsCountUnicodeScalars() {
        #expect(JSONLocator.position(of: "b", in: "{\"a\":\"😀e\u{301}\",\"b\":1}")! == (1, 12))
    }
}
