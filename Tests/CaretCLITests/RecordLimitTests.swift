import Foundation
import Testing
@testable import CaretCLI
@testable import CaretReplay

/// What `caret record` takes from a line is bounded, and what it accepts `replay` reads back.
@Suite struct RecordLimitTests {
    func parseError(_ line: String) -> RecordSyntax.SyntaxError? {
        do { _ = try RecordSyntax.parse(line) } catch { return error }
        return nil
    }

    @Test func repeatCountsRecordOnlyWhatATraceCanHold() throws {
        // The largest count record accepts is one a trace accepts.
        let upper = RecordSyntax.repeatCounts.upperBound
        guard case .events(let events) = try RecordSyntax.parse("undo \(upper)") else { Issue.record("no events"); return }
        let trace = "{\"caret-trace\":1}\n" + events.map(TraceWriter.line).joined(separator: "\n") + "\n"
        #expect(try TraceReader.read(trace).events == [.undo(count: upper)])
        for count in ["0", "\(upper + 1)", "30000000", "214748364", "9223372036854775808", "-1", "1e3"] {
            #expect(parseError("redo \(count)")?.message.hasPrefix("expected a count in 1...100000") == true, "\(count)")
        }
    }

    @Test func errorsQuoteLongInputShort() throws {
        let long = String(repeating: "é", count: 500_000)
        for line in [long, "select " + long, "undo " + long, "check " + long, "run x " + long, "key shift+" + long, "wait " + long] {
            let error = try #require(parseError(line))
            #expect(error.message.utf8.count < 600, "\(error.message.prefix(100))")
            #expect(error.column >= 1)
        }
    }

    @Test func anOverlongLineIsRefusedWithItsNumber() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let input = dir.file("in.txt", "type a\ntype " + String(repeating: "b", count: RecordSyntax.maximumLineBytes) + "\ntype c\n")
        let result = caret(["record", "--in", input, "--out", dir.path + "/t.caret-trace"])
        #expect(result.code == .dataError)
        #expect(result.stderr.hasPrefix("\(input):2:1: a line of \(RecordSyntax.maximumLineBytes + 5) bytes is longer than the limit"), "\(result.stderr.prefix(200))")
        #expect(dir.read("t.caret-trace").hasSuffix("{\"text\":\"a\"}\n{\"text\":\"c\"}\n"))
    }
}
