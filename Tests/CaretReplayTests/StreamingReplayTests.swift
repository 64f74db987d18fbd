import CaretCore
import Foundation
import Testing
@testable import CaretReplay

/// Reading a trace one line at a time (from memory or a descriptor in chunks) gives the same
/// events, lines, errors and replay as reading it whole, and keeps the whole-file contract:
/// a line that does not parse is the error even after an event failed.
@Suite struct StreamingReplayTests {
    static let header = #"{"caret-trace":1,"document":"ab|"}"#

    /// Writes `bytes` to a temporary file and opens it for reading.
    func withFile<T>(_ bytes: [UInt8], _ body: (Int32) throws -> T) throws -> T {
        let path = NSTemporaryDirectory() + "caret-stream-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).caret-trace"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        return try body(descriptor)
    }

    /// Every line as (text, number, terminated), split from memory.
    func memoryLines(_ bytes: [UInt8]) throws -> [String] {
        var lines: [String] = []
        try TraceLines.forEach(in: .bytes(bytes)) { line, number, terminated in
            lines.append("\(number)\(terminated ? "" : "!"):" + String(decoding: line, as: UTF8.self))
        }
        return lines
    }

    func fileLines(_ bytes: [UInt8], chunk: Int) throws -> [String] {
        try withFile(bytes) { descriptor in
            var lines: [String] = []
            try TraceLines.forEach(descriptor: descriptor, chunkSize: chunk) { line, number, terminated in
                lines.append("\(number)\(terminated ? "" : "!"):" + String(decoding: line, as: UTF8.self))
            }
            return lines
        }
    }

    @Test func linesAgreeWhateverTheChunkSize() throws {
        let texts = ["", "\n", "a", "a\n", "a\nb", "\n\n\nx", "héllo 😀\r\nwörld\n👩‍👩‍👧\u{301}",
                     String(repeating: "long line ", count: 300) + "\nshort\n" + String(repeating: "z", count: 70)]
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = try memoryLines(bytes)
            #expect(expected.count == text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count - (text.hasSuffix("\n") || text.isEmpty ? 1 : 0))
            for chunk in [1, 2, 3, 7, 64, 1 << 20] {
                #expect(try fileLines(bytes, chunk: chunk) == expected, "chunk \(chunk) of \(text.debugDescription)")
            }
        }
    }

    /// A random trace: edits (with emoji, combining marks and escapes), typing, selections,
    /// undo and checkpoints of what the editor shows.
    func randomTrace(_ random: inout SeededRandom, events: Int) throws -> [UInt8] {
        let pieces = ["a", "é", "e\u{301}", "😀", "👍🏽", "\n", "\"q\"", "\\", "\t", "中", "x y"]
        let editor = try Editor(state: DocumentState(text: AttributedText("start")))
        var out: [UInt8] = []
        TraceWriter.write(TraceHeader(document: editor.state), to: &out)
        for _ in 0..<events {
            let length = editor.text.utf16Count
            let event: TraceEvent
            switch random.int(in: 0..<6) {
            case 0, 1:
                // Positions on scalar boundaries: a random offset snapped back off a low surrogate.
                var location = random.int(in: 0...length)
                let units = Array(editor.text.string.utf16)
                if location > 0, location < units.count, UTF16.isTrailSurrogate(units[location]) { location -= 1 }
                var end = min(length, location + random.int(in: 0...3))
                if end > 0, end < units.count, UTF16.isTrailSurrogate(units[end]) { end -= 1 }
                end = max(end, location)
                event = .command(.replaceRange(location..<end, with: pieces[random.int(in: 0..<pieces.count)]))
            case 2: event = .text(pieces[random.int(in: 0..<pieces.count)])
            case 3: event = .command(.move(.wordLeft, extend: random.bool()))
            case 4: event = .undo(count: 1)
            default: event = .check(TracePlayer.checkpoint(of: editor))
            }
            // An event the editor refuses (nothing to undo, a split surrogate) is left out.
            if !event.isCheck, (try? TracePlayer.apply(event, to: editor)) == nil { continue }
            TraceWriter.write(event, to: &out)
        }
        return out
    }

    @Test func streamingReplayMatchesTheWholeTrace() throws {
        for seed in SeededRandom.seeds(default: [1, 2, 3]) {
            var random = SeededRandom(seed: seed)
            let bytes = try randomTrace(&random, events: 300)
            let trace = try TraceReader.read(bytes, file: "t")
            let whole = try TracePlayer(trace: trace, file: "t")
            try whole.run()
            // The events and their lines, streamed.
            var streamed: [TraceEvent] = []
            var lines: [Int] = []
            _ = try TraceReader.stream(.bytes(bytes), file: "t", header: { #expect($0 == trace.header) }) { event, line in
                streamed.append(event)
                lines.append(line)
            }
            #expect(streamed == trace.events, "seed \(seed)")
            #expect(lines == trace.lines, "seed \(seed)")
            let outcome = try withFile(bytes) { descriptor in
                try TraceReplay.replay(.descriptor(descriptor), file: "t", check: true)
            }
            #expect(outcome.failure == nil, "seed \(seed): \(outcome.failure?.description ?? "")")
            #expect(outcome.eventCount == trace.events.count)
            #expect(outcome.player.editor.state == whole.editor.state, "seed \(seed)")
            #expect(outcome.player.step == trace.events.count)
            let until = random.int(in: 0...trace.events.count)
            let partial = try TracePlayer(trace: trace, file: "t")
            try partial.run(until: until)
            let stopped = try TraceReplay.replay(.bytes(bytes), file: "t", until: until, check: true)
            #expect(stopped.player.editor.state == partial.editor.state, "seed \(seed), until \(until)")
            #expect(stopped.player.step == until)
            #expect(stopped.eventCount == trace.events.count)
        }
    }

    @Test func aLineThatDoesNotParseWinsOverAnEarlierFailure() throws {
        // Step 1 fails (past the end), line 4 does not parse: the parse error is what is reported,
        // as when the whole trace was parsed before playing.
        let text = Self.header + "\n{\"select\":[1,9]}\n{\"text\":\"x\"}\n{\"text\": hi}\n"
        #expect(throws: TraceError(file: "t", line: 4, column: 10, message: "expected a value (object, array, string, number, true, false or null)")) {
            _ = try TraceReplay.replay(.bytes(Array(text.utf8)), file: "t", check: true)
        }
        // Stopping before the bad line does not skip reading it.
        #expect(throws: TraceError.self) { _ = try TraceReplay.replay(.bytes(Array(text.utf8)), file: "t", until: 1, check: true) }
        // Without the bad line the failure is returned, located at its line, and reading went on.
        let good = Self.header + "\n{\"text\":\"x\"}\n{\"select\":[1,9]}\n{\"text\":\"y\"}\n"
        let outcome = try TraceReplay.replay(.bytes(Array(good.utf8)), file: "t", check: true)
        #expect(outcome.failure?.headline == "t:3:1: step 2: invalid position: offset 9 is past the end (length 3, UTF-16)")
        #expect(outcome.eventCount == 3)
        #expect(outcome.player.editor.text.string == "abx")
    }

    @Test func aStreamingPlayerRefusesADocumentItCannotShow() {
        let header = TraceHeader(document: DocumentState(text: AttributedText("ab"), selection: Selection(caret: 9)))
        #expect(throws: ReplayFailure.self) { _ = try TracePlayer(header: header, file: "t") }
    }

    @Test func salvageAndTruncationFromADescriptor() throws {
        let text = Self.header + "\n{\"text\":\"c😀\"}\n{\"text\":\"d"
        let outcome = try withFile(Array(text.utf8)) { try TraceReplay.replay(.descriptor($0), file: "t", check: true, salvage: true) }
        #expect(outcome.droppedLine == 3)
        #expect(outcome.eventCount == 1)
        #expect(outcome.player.editor.text.string == "abc😀")
        #expect(throws: TraceError(file: "t", line: 3, column: 9, message: "expected '\"' to close the string (the last line looks cut short; salvaging drops it)")) {
            _ = try withFile(Array(text.utf8)) { try TraceReplay.replay(.descriptor($0), file: "t", check: true) }
        }
    }

    @Test func replayByPath() throws {
        for (path, message) in [("/nonexistent/t.caret-trace", "cannot read (No such file or directory)"),
                                (NSTemporaryDirectory(), "is a directory, expected a file")] {
            do {
                _ = try TraceReplay.replay(path: path, check: true)
                Issue.record("expected an error for \(path)")
            } catch let error as TraceFileError {
                #expect(error.description == "\(path): \(message)")
            }
        }
    }
}
