import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretReplay

/// A 1000-event trace with one bad step shrinks to at most 10% of its events and still fails
/// the same way.
@Suite struct ShrinkTests {
    /// 1000 events of typing, moving and selecting (seeded), with `bad` at step 600.
    static func trace(bad: TraceEvent, finalCheck: Bool = false) -> Trace {
        var random = SeededRandom(seed: SeededRandom.seed("ShrinkTests.trace", fallback: 42))
        var events: [TraceEvent] = []
        let words = ["alpha ", "beta ", "gamma\n", "δ ", "😀 "]
        while events.count < 1000 {
            if events.count == 599 { events.append(bad); continue }
            switch random.int(in: 0..<6) {
            case 0, 1, 2: events.append(.text(words[random.int(in: 0..<5)]))
            case 3: events.append(.key(try! KeyChord(parsing: ["left", "alt+left", "shift+right", "cmd+b"][random.int(in: 0..<4)])))
            case 4: events.append(.key(try! KeyChord(parsing: "backspace")))
            default: events.append(.command(.move(.documentEnd, extend: false)))
            }
        }
        if finalCheck {
            // The expected text is what the trace produces without the bad step.
            var good = events
            good.remove(at: 599)
            let editor = try! Editor(state: DocumentState(text: AttributedText()))
            for event in good { try! TracePlayer.apply(event, to: editor) }
            events.append(.check(Checkpoint(expected: DocumentState(text: editor.text))))
        }
        return Trace(header: TraceHeader(), events: events)
    }

    @Test func erroringStepShrinksToItself() throws {
        let bad = TraceEvent.command(.findNext(FindQuery("(", isRegex: true)))
        let result = try TraceShrinker.shrink(Self.trace(bad: bad))
        #expect(result.trace.events.count <= 100)
        #expect(result.trace.events == [bad])
        guard case .error(let message) = result.failure.kind else { Issue.record("not an error"); return }
        #expect(message.contains("bad regular expression"))
    }

    @Test func checkpointMismatchShrinksAndStillFails() throws {
        let bad = TraceEvent.text("X")
        let trace = Self.trace(bad: bad, finalCheck: true)
        let original = try TracePlayer(trace: trace)
        #expect(throws: ReplayFailure.self) { try original.run() }
        let result = try TraceShrinker.shrink(trace)
        #expect(result.trace.events.count <= 100, "\(result.trace.events.count) events left")
        #expect(result.failure.isCheckFailure)
        #expect(result.trace.events.last?.isCheck == true)
        // The smaller trace replays to the same failure.
        let smaller = try TracePlayer(trace: try TraceReader.read(result.trace.serialized()))
        #expect(throws: ReplayFailure.self) { try smaller.run() }
    }

    @Test func passingTraceCannotShrink() {
        #expect(throws: TraceShrinker.NotFailing.self) {
            try TraceShrinker.shrink(Trace(header: TraceHeader(), events: [.text("a")]))
        }
    }
}

@Suite struct ShrinkProgressTests {
    @Test func progressHearsEveryReplayAndTheShrinkingSize() throws {
        var lines = [#"{"caret-trace":1,"document":"|"}"#]
        for i in 0..<40 { lines.append(i == 30 ? #"{"select":[0,999]}"# : #"{"text":"ab"}"#) }
        let trace = try TraceReader.read(lines.joined(separator: "\n"), file: "t")
        var heard: [(Int, Int)] = []
        let result = try TraceShrinker.shrink(trace, file: "t") { heard.append(($0, $1)) }
        #expect(heard.count == result.replays - 1)
        #expect(heard.map(\.0) == Array(2...result.replays))
        #expect(heard.last!.1 == 1)
        #expect(zip(heard, heard.dropFirst()).allSatisfy { $0.1 >= $1.1 })
    }
}

@Suite struct TestDiscoveryTests {
    @Test func aDirectoryNamedLikeATraceIsSearchedNotRun() throws {
        let base = FileManager.default.temporaryDirectory.path + "/caret-discover-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/x.caret-trace", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: base + "/x.caret-trace/inner.caret-trace", contents: Data("{\"caret-trace\":1}\n".utf8))
        #expect(try TestRunner.discover([base]) == [base + "/x.caret-trace/inner.caret-trace"])
        #expect(TestRunner.run(base + "/x.caret-trace").message == "\(base)/x.caret-trace: is a directory, expected a file")
    }
}
