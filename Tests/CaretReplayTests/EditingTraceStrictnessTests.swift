import CaretCore
import CaretFormats
import Testing
@testable import CaretReplay

/// The importer takes the editing-trace format as it is written, nothing looser: required
/// members are required, and a key the format does not have is an error rather than ignored.
@Suite struct EditingTraceStrictnessTests {
    func importError(_ json: String) -> EditingTraceImporter.ImportError? {
        do { _ = try EditingTraceImporter.convert(Array(json.utf8)) } catch let error as EditingTraceImporter.ImportError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    @Test func requiredMembersAreRequired() {
        #expect(importError(#"{"endContent":"","txns":[]}"#)?.description.hasPrefix("startContent: missing") == true)
        #expect(importError(#"{"startContent":"","txns":[]}"#)?.description.hasPrefix("endContent: missing") == true)
        #expect(importError(#"{"startContent":"","endContent":""}"#)?.description.hasPrefix("txns: missing") == true)
        #expect(importError(#"{"startContent":1,"endContent":"","txns":[]}"#)?.description == "startContent: expected a string, got a number")
        #expect(importError(#"[]"#)?.description == "expected an object {startContent, endContent, txns}, got an array")
        #expect(importError(#"{"startContent":"","endContent":"","txns":[3]}"#)?.description == "txns[0]: expected an object {time, patches}, got a number")
    }

    @Test func unknownKeysAreNamed() {
        #expect(importError(#"{"startContent":"","endContent":"","txns":[],"bogus":1}"#)?.description
                == "bogus: unknown key (expected startContent, endContent, txns, kind)")
        #expect(importError(#"{"startContent":"","endContent":"","txns":[{"patches":[],"agent":0}]}"#)?.description
                == "txns[0].agent: unknown key (expected time, patches)")
        #expect(importError(#"{"startContent":"","endContent":"","txns":[],"kind":"concurrent"}"#)?.path == "kind")
        #expect(importError(#"{"startContent":"","endContent":"","txns":[],"kind":"other"}"#)?.description == #"kind: expected "sequential", got "other""#)
        let long = String(repeating: "k", count: 100_000)
        let error = importError(#"{"startContent":"","endContent":"","txns":[],""# + long + #"":1}"#)
        #expect((error?.description.utf8.count ?? .max) < 200)
    }

    @Test func aSequentialTraceWithItsKindImports() throws {
        let trace = try EditingTraceImporter.convert(Array(#"{"kind":"sequential","startContent":"😀","endContent":"😀x","txns":[{"time":"t","patches":[[1,0,"x"]]}]}"#.utf8))
        #expect(trace.events.first == .command(.replaceRange(2..<2, with: "x")))
    }
}

/// Found by the trace fuzzer: an unknown member's name was echoed whole in the error.
@Suite struct TraceErrorQuotingTests {
    @Test func unknownMembersAreQuotedShort() {
        let key = "typ" + String(repeating: "T", count: 3000)
        do {
            _ = try TraceReader.read("{\"caret-trace\":1}\n{\"text\":\"a\",\"" + key + "\":1}\n")
            Issue.record("accepted")
        } catch {
            #expect(error.message.utf8.count < 200, "\(error.message.utf8.count) bytes")
            #expect(error.line == 2 && error.column >= 1)
        }
    }

    /// The third round found the header's member names (and the other names and values a trace
    /// error quotes) echoed whole: each is cut to 64 bytes.
    @Test func everyQuotedNameIsShort() {
        let long = "opt" + String(repeating: "é👍", count: 1000)
        let traces = [
            "{\"caret-trace\":1,\"" + long + "\":1}\n",
            "{\"caret-trace\":1,\"options\":{\"" + long + "\":1}}\n",
            "{\"caret-trace\":1,\"options\":{\"traitToggle\":\"" + long + "\"}}\n",
            "{\"caret-trace\":\"" + long + "\"}\n",
            "{\"caret-trace\":1}\n{\"" + long + "\":1}\n",
            "{\"caret-trace\":1}\n{\"text\":\"a\",\"key\":\"" + long + "\"}\n",
            "{\"caret-trace\":1}\n{\"check\":\"x\",\"traits\":{\"" + long + "\":\"on\"}}\n",
            "{\"caret-trace\":1}\n{\"check\":\"x\",\"traits\":{\"bold\":\"" + long + "\"}}\n",
            "{\"caret-trace\":1}\n{\"undo\":\"" + long + "\"}\n",
            "{\"caret-trace\":1}\n{\"wait\":\"" + long + "\"}\n",
            "{\"caret-trace\":1}\n{\"select\":[\"" + long + "\",0]}\n",
        ]
        for trace in traces {
            do {
                _ = try TraceReader.read(trace)
                Issue.record("accepted: \(trace.prefix(60))")
            } catch {
                #expect(error.message.utf8.count < 300, "\(error.message.utf8.count) bytes: \(error.message.prefix(80))")
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
    }
}
