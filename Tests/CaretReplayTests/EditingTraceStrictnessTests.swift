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
}
