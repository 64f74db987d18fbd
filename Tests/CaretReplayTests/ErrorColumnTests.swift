import Testing
@testable import CaretReplay

/// Errors inside a member's value point at the character at fault, not at the member's name:
/// markup inside a JSON string (escapes counted as the characters they stand for), document
/// JSON by its path, nested members, and a member whose name also appears as a string value.
@Suite struct ErrorColumnTests {
    func error(_ text: String) -> String {
        do {
            _ = try TraceReader.read(text, file: "t")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func markupErrorsPointIntoTheString() {
        #expect(error(#"{"caret-trace":1,"document":"a{bold:b"}"#) == "t:1:31: markup 1:2: expected '}' to close this run before the end of the markup")
        #expect(error(#"{"caret-trace":1,"document":"\u00e9\ud83d\ude00\n\"{b:x"}"#) == "t:1:52: markup 2:2: expected '}' to close this run before the end of the markup")
        #expect(error("{\"caret-trace\":1}\n{\"paste\":\"😀b}\"}") == "t:2:13: markup 1:3: expected text; a '}' outside a run is written \\}")
        #expect(error("{\"caret-trace\":1}\n{\"check\":\"a|b|\"}").hasPrefix("t:2:14: markup 1:4: expected one '|'"))
    }

    @Test func documentJSONErrorsPointAtTheirPath() {
        #expect(error(#"{"caret-trace":1,"document":{"text":"ab","runs":[{"length":3}]}}"#) == "t:1:51: document JSON: runs[0].length: expected the runs to end with the text at 2 UTF-16 units, this one ends at 3")
        #expect(error("{\"caret-trace\":1}\n{\"check\":{\"text\":\"a😀b\",\"selection\":{\"anchor\":2,\"head\":2}}}").hasPrefix("t:2:37: document JSON: selection.anchor: offset 2 is inside a surrogate pair"))
    }

    @Test func nestedMembersAndNamesThatAreAlsoValues() {
        #expect(error("{\"caret-trace\":1}\n{\"check\":\"typing\",\"typing\":5}") == "t:2:19: expected an object, got a number")
        #expect(error("{\"caret-trace\":1}\n{\"check\":\"a\",\"typing\":{\"bold\":1}}") == "t:2:24: bold: expected a boolean, got a number")
        #expect(error(#"{"caret-trace":1,"x-note":"traitToggle","options":{"traitToggle":"z"}}"#) == #"t:1:52: expected one of "uniform", "perRunFlip", "removeIfAny", got "z""#)
        #expect(error("{\"caret-trace\":1}\n{\"check\":\"bold\",\"traits\":{\"bold\":\"x\"}}") == #"t:2:27: expected "on", "off" or "mixed", got "x""#)
    }
}

@Suite struct TraceUpdaterLineEndingTests {
    @Test func crlfTraceKeepsCRLFOnRewrittenLines() throws {
        let trace = "{\"caret-trace\":1,\"document\":\"ab|\"}\r\n{\"text\":\"c\"}\r\n{\"check\":\"abX|\"}\r\n{\"text\":\"d\"}\r\n"
        let (bytes, changed) = try TraceUpdater.update(Array(trace.utf8), file: "t")
        #expect(changed == 1)
        #expect(String(decoding: bytes, as: UTF8.self) == trace.replacingOccurrences(of: "abX|", with: "abc|"))
    }
}
