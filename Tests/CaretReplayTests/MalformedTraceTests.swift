import Testing
@testable import CaretReplay

/// Every kind of malformed trace gives the documented `file:line:col: message`.
@Suite struct MalformedTraceTests {
    static let header = #"{"caret-trace":1,"document":"ab|"}"#

    func error(_ text: String, salvage: Bool = false) -> String {
        do {
            _ = try TraceReader.read(text, file: "t.caret-trace", salvage: salvage)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func badJSON() {
        #expect(error(Self.header + "\n{\"text\": hi}\n") == "t.caret-trace:2:10: expected a value (object, array, string, number, true, false or null)")
    }

    @Test func unknownEvent() {
        #expect(error(Self.header + "\n{\"txt\":\"a\"}\n") == "t.caret-trace:2:2: unknown event 'txt' (expected one of check, command, edit, key, paste, redo, select, text, undo, wait)")
    }

    @Test func unknownMemberButExtensionsAllowed() {
        #expect(error(Self.header + "\n{\"text\":\"a\",\"at\":3}\n") == "t.caret-trace:2:13: unknown member 'at' in a 'text' event (extensions start with 'x-')")
        #expect(error(Self.header + "\n{\"text\":\"a\",\"x-at\":3}\n") == "no error")
        #expect(error(#"{"caret-trace":1,"x-app":"notes"}"#) == "no error")
        #expect(error(#"{"caret-trace":1,"doc":""}"#) == "t.caret-trace:1:18: unknown header member 'doc' (extensions start with 'x-')")
    }

    @Test func twoKinds() {
        #expect(error(Self.header + "\n{\"text\":\"a\",\"key\":\"left\"}\n") == "t.caret-trace:2:13: an event has one kind; this one has 'text' and 'key'")
    }

    @Test func versions() {
        #expect(error(#"{"caret-trace":2,"document":""}"#) == "t.caret-trace:1:2: trace format version 2 is newer than this caret reads (version 1); update caret")
        #expect(error(#"{"caret-trace":0}"#).hasPrefix("t.caret-trace:1:2: expected the format version"))
        #expect(error(#"{"document":""}"#) == "t.caret-trace:1:1: not a Caret trace: the first line must be a header with \"caret-trace\": 1")
        #expect(error("") == "t.caret-trace:1:1: empty trace: expected a header line {\"caret-trace\": 1, ...}")
    }

    @Test func badValues() {
        #expect(error(Self.header + "\n{\"key\":\"cmd+lefft\"}\n") == "t.caret-trace:2:2: unknown key 'lefft' in 'cmd+lefft'; did you mean 'left'?")
        #expect(error(Self.header + "\n{\"select\":[1,-2]}\n") == "t.caret-trace:2:2: expected a UTF-16 offset, a whole number >= 0, got -2")
        #expect(error(Self.header + "\n{\"command\":\"moveLefft\"}\n") == "t.caret-trace:2:2: unknown command 'moveLefft'; did you mean 'moveLeft'?")
        #expect(error(Self.header + "\n{\"check\":\"{bold:x\"}\n") == "t.caret-trace:2:11: markup 1:1: expected '}' to close this run before the end of the markup")
    }

    @Test func outOfRangeSelectionFailsAtReplay() throws {
        let trace = try TraceReader.read(Self.header + "\n{\"text\":\"c\"}\n{\"select\":[1,9]}\n", file: "t.caret-trace")
        let player = try TracePlayer(trace: trace, file: "t.caret-trace")
        #expect(throws: ReplayFailure.self) { try player.run() }
        do { try player.run() } catch {
            #expect(error.headline == "t.caret-trace:3:1: step 2: invalid position: offset 9 is past the end (length 3, UTF-16)")
            #expect(error.step == 2)
        }
    }

    @Test func truncatedLastLine() throws {
        let text = Self.header + "\n{\"text\":\"c\"}\n{\"text\":\"d"
        #expect(error(text) == "t.caret-trace:3:9: expected '\"' to close the string (the last line looks cut short; salvaging drops it)")
        let trace = try TraceReader.read(text, file: "t.caret-trace", salvage: true)
        #expect(trace.events == [.text("c")])
        #expect(trace.droppedLine == 3)
        // A bad line followed by more lines is not salvaged.
        #expect(error(Self.header + "\n{\"text\":\"c\n{\"text\":\"d\"}\n", salvage: true).hasPrefix("t.caret-trace:2:"))
    }
}

/// The fast path for canonical `edit` lines agrees with the full parser and leaves every other
/// form (escapes, blanks, extensions, errors) to it.
@Suite struct FastEditLineTests {
    func events(_ line: String) throws -> [TraceEvent] {
        try TraceReader.read(#"{"caret-trace":1}"# + "\n" + line + "\n").events
    }

    @Test func forms() throws {
        #expect(try events(#"{"edit":[12,3,"héllo"]}"#) == [.command(.replaceRange(12..<15, with: "héllo"))])
        #expect(try events(#"{"edit":[0,0,""]}"#) == [.command(.replaceRange(0..<0, with: ""))])
        #expect(try events(#"{"edit":[1,0,"a\"b\n"]}"#) == [.command(.replaceRange(1..<1, with: "a\"b\n"))])
        #expect(try events(#"{ "edit" : [1, 0, "a"] }"#) == [.command(.replaceRange(1..<1, with: "a"))])
        #expect(try events(#"{"edit":[1,0,"a"],"x-t":5}"#) == [.command(.replaceRange(1..<1, with: "a"))])
        #expect(try events("{\"edit\":[1,0,\"a\"]}\r") == [.command(.replaceRange(1..<1, with: "a"))])
    }

    @Test func errorsComeFromTheFullParser() {
        #expect(throws: TraceError(file: "<trace>", line: 2, column: 11, message: "expected '.', 'e' or the end of the number after a leading 0")) {
            try self.events(#"{"edit":[01,0,"a"]}"#)
        }
        #expect(throws: TraceError(file: "<trace>", line: 2, column: 2, message: "expected [location, length, text], got an array")) {
            try self.events(#"{"edit":[1,0]}"#)
        }
    }
}
