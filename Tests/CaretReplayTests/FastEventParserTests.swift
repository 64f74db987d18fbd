import CaretCore
import CaretFormats
import Testing
@testable import CaretReplay

/// The fast path for `{"edit":[…]}` lines gives exactly what the full JSON parser and decoder
/// give, or steps aside (nil) so that they decide.
@Suite struct FastEventParserTests {
    static func fast(_ line: String) -> TraceEvent? {
        Array(line.utf8).withUnsafeBufferPointer { FastEventParser.edit($0) }
    }

    static func full(_ line: String) -> TraceEvent? {
        guard let value = try? JSONValue.parse(Array(line.utf8)) else { return nil }
        return try? TraceDecoder.event(value)
    }

    @Test func escapesDecodeAsTheFullParserDoes() {
        let lines = [
            #"{"edit":[0,0,"plain"]}"#,
            #"{"edit":[3,1,"line\nbreak"]}"#,
            #"{"edit":[3,0,"tab\there, quote \" and slash \/ and backslash \\"]}"#,
            #"{"edit":[12,2,"\r\n\b\f"]}"#,
            #"{"edit":[7,0,"emoji 👩‍👧 é\n"]}"#,
            #"{"edit":[0,0,"\\"]}"#,
            #"{"edit":[0,0,"\\\""]}"#,
        ]
        for line in lines {
            let fast = Self.fast(line)
            #expect(fast != nil, "\(line) takes the fast path")
            #expect(fast == Self.full(line), "\(line)")
        }
        #expect(Self.fast(#"{"edit":[3,1,"line\nbreak"]}"#) == .command(.replaceRange(3..<4, with: "line\nbreak")))
    }

    @Test func anythingElseIsLeftToTheFullParser() {
        let lines = [
            #"{"edit":[0,0,"\u00e9"]}"#,      // \u escapes
            #"{"edit":[0,0,"\ud83d\ude00"]}"#, // a surrogate pair
            #"{"edit":[0,0,"bad \x escape"]}"#,
            #"{"edit":[0,0,"cut short\"]}"#,
            #"{"edit":[0,0,"trailing\"#,
            #"{"edit":[0, 0,"blank"]}"#,
            "{\"edit\":[0,0,\"raw\ttab\"]}",
        ]
        for line in lines {
            #expect(Self.fast(line) == nil, "\(line)")
        }
        #expect(Self.full(#"{"edit":[0,0,"\u00e9"]}"#) == .command(.replaceRange(0..<0, with: "é")))
    }
}
