import CaretCore
import CaretFormats
import Testing
@testable import CaretReplay

/// Shrinking a trace as long as a real session (260k events) and stopping it part way.
@Suite struct ShrinkLargeTraceTests {
    /// `count` events of typing, moving, deleting and selecting (seeded; every selection valid
    /// when recorded), a correct checkpoint every 10,000 events, and a last checkpoint that is
    /// wrong: it expects an empty document.
    static func trace(count: Int, seed: UInt64) throws -> Trace {
        var random = SeededRandom(seed: seed)
        let editor = try Editor(state: DocumentState(text: AttributedText()))
        let words = ["alpha ", "beta ", "gamma\n", "δ ", "😀 ", "e\u{301} "]
        let keys = try ["left", "right", "alt+left", "shift+left", "backspace", "cmd+b", "up", "cmd+i"].map { try KeyChord(parsing: $0) }
        var events: [TraceEvent] = []
        events.reserveCapacity(count + count / 10_000 + 1)
        while events.count < count {
            let event: TraceEvent
            switch random.int(in: 0..<10) {
            case 0..<5: event = .text(words[random.int(in: 0..<words.count)])
            case 5..<8: event = .key(keys[random.int(in: 0..<keys.count)])
            case 8:
                // A valid range: cluster boundaries of the text as it is now.
                let length = editor.text.utf16Count
                let a = try Self.boundary(editor.text, atOrBefore: random.int(in: 0..<(length + 1)))
                event = .select(anchor: a, head: try Self.boundary(editor.text, atOrBefore: random.int(in: 0..<(length + 1))))
            default: event = .command(.move(.documentEnd, extend: false))
            }
            try TracePlayer.apply(event, to: editor)
            events.append(event)
            if events.count % 10_000 == 0 { events.append(.check(Checkpoint(expected: DocumentState(text: editor.text)))) }
        }
        events.append(.check(Checkpoint(expected: DocumentState(text: AttributedText()))))
        return Trace(header: TraceHeader(), events: events)
    }

    static func boundary(_ text: AttributedText, atOrBefore offset: Int) throws -> Int {
        // Inside a surrogate pair is not a position at all: step back to the pair's start.
        let valid = (try? text.isGraphemeBoundary(offset)) == nil ? offset - 1 : offset
        return try text.isGraphemeBoundary(valid) ? valid : (try text.graphemeBoundary(before: valid) ?? 0)
    }

    @Test func aBrokenLastCheckpointIn260kEventsShrinksToAFewEvents() throws {
        let trace = try Self.trace(count: 260_000, seed: SeededRandom.seed(fallback: 13))
        let last = trace.events.count
        let result = try TraceShrinker.shrink(trace)
        #expect(result.isComplete)
        #expect(result.originalCount == last)
        // One event that leaves text, and the checkpoint.
        #expect(result.trace.events.count == 2, "\(result.trace.events.count) events left after \(result.replays) replays")
        #expect(result.trace.events.last == trace.events.last)
        // Few replays: chunks first, then single events, over a trace that only gets smaller.
        #expect(result.replays < 200, "\(result.replays) replays")
        // It still fails the same way, read back from its own text.
        let reread = try TraceReader.read(result.trace.serialized(), file: "small")
        #expect(throws: ReplayFailure.self) { try TracePlayer(trace: reread, file: "small").run() }
        #expect(result.failure.isCheckFailure)
        #expect(result.failure.step == result.trace.events.count)
    }

    @Test func stoppingPartWayGivesAStillFailingTrace() throws {
        // Every text event is needed: the last selection lands inside the emoji only after all of them.
        var events = [TraceEvent](repeating: .text("a"), count: 300)
        events += [.text("😀"), .key(try KeyChord(parsing: "left")), .key(try KeyChord(parsing: "right"))]
        events.append(.select(anchor: 301, head: 301))
        let trace = Trace(header: TraceHeader(), events: events)
        for budget in [1, 5, 40] {
            var asked = 0
            var heard = 0
            let result = try TraceShrinker.shrink(trace, options: .init(shouldStop: {
                asked += 1
                return asked > budget
            }, progress: { _ in heard += 1 }))
            #expect(!result.isComplete)
            #expect(heard <= budget)
            #expect(result.replays == heard + 1)
            #expect(result.trace.events.last == events.last)
            #expect(result.trace.events.count <= events.count)
            guard case .error(let message) = result.failure.kind else { Issue.record("not an error: \(result.failure)"); continue }
            #expect(message.contains("surrogate"), "\(message)")
        }
        // Left to finish, only the no-op keys go.
        let full = try TraceShrinker.shrink(trace)
        #expect(full.isComplete)
        #expect(full.trace.events == Array(events[..<301]) + [events.last!])
    }

    @Test(arguments: [1, 2, 3] as [UInt64]) func reusingEditorStateChangesNothing(seed: UInt64) throws {
        // A last checkpoint that expects the right text with no attributes: only candidates that
        // keep the text and some attribute fail the same way, so delta debugging works hard.
        var trace = try Self.trace(count: 150, seed: SeededRandom.seed(fallback: seed))
        let editor = try Editor(state: trace.header.document)
        for event in trace.events.dropLast() where !event.isCheck { try TracePlayer.apply(event, to: editor) }
        trace.events[trace.events.count - 1] = .check(Checkpoint(expected: DocumentState(text: AttributedText(editor.text.string))))
        let reused = try TraceShrinker.shrink(trace, file: "t", options: .init(), reusingState: true)
        let fresh = try TraceShrinker.shrink(trace, file: "t", options: .init(), reusingState: false)
        #expect(reused.trace == fresh.trace)
        #expect(reused.replays == fresh.replays)
        #expect(reused.failure == fresh.failure)
        #expect(reused.trace.events.count < trace.events.count)
    }

    @Test func theOtherCheckpointsGoFirst() throws {
        let lines = [#"{"caret-trace":1,"document":"|"}"#, #"{"text":"ab"}"#, #"{"check":"ab"}"#, #"{"text":"c"}"#,
                     #"{"check":"abc"}"#, #"{"text":"d"}"#, #"{"check":"abcX"}"#, #"{"text":"e"}"#]
        let trace = try TraceReader.read(lines.joined(separator: "\n"), file: "t")
        var passes: [String] = []
        let result = try TraceShrinker.shrink(trace, file: "t", options: .init(progress: { passes.append($0.pass) }))
        #expect(passes.first == "checkpoints")
        #expect(result.trace.events == [trace.events[5]])
        #expect(result.failure.headline == "t:2:1: step 1: checkpoint does not match")
    }

    @Test func aTraceWhoseDocumentCannotBeShownNeedsNoEvents() throws {
        let header = TraceHeader(document: DocumentState(text: AttributedText("ab"), selection: Selection(caret: 9)))
        let trace = Trace(header: header, events: [.text("x"), .text("y")])
        let result = try TraceShrinker.shrink(trace)
        #expect(result.trace.events.isEmpty)
        #expect(result.failure.step == 0)
    }
}
