import CaretCore
import CaretFormats
import CaretReplay

/// Trace JSON Lines (docs/trace-format.md).
enum TraceHarness {
    static func run(_ bytes: [UInt8]) {
        let trace: Trace
        do { trace = try TraceReader.read(bytes, file: "fuzz.trace") } catch {
            Harness.require(error.line >= 1 && error.column >= 1, "trace error without a location: \(error)")
            Harness.require(isShort(error.message, limit: 2000), "trace error message of \(error.message.utf8.count) bytes")
            return
        }
        let written = TraceHarness.bytes(of: trace)
        let again: Trace
        do { again = try TraceReader.read(written, file: "written.trace") } catch {
            Harness.fail("a written trace does not read back (\(error)): \(String(decoding: written, as: UTF8.self))")
        }
        Harness.require(again.header == trace.header && again.events == trace.events,
                        "read(write(t)) != t: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        Harness.require(TraceHarness.bytes(of: again) == written, "trace writing is not idempotent")
        // Replaying never traps; a refused event or a failed check is a clean failure.
        guard let player = try? TracePlayer(trace: trace, file: "fuzz.trace") else { return }
        do { try player.run() } catch {
            Harness.require(error.step >= 1, "a replay failure without a step: \(error)")
        }
        checkInvariants(player.editor.text, "replaying \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }

    /// The trace as JSON Lines.
    static func bytes(of trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        TraceWriter.write(trace.header, to: &out)
        for event in trace.events { TraceWriter.write(event, to: &out) }
        return out
    }
}

/// The `caret record` instruction language (Sources/CaretCLI/RecordSyntax.swift, compiled here
/// through a link): every error has a column inside the line, and every event a line records is
/// written as a trace line that `replay` reads back as the same event.
enum RecordHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let editor = try! Editor(state: DocumentState(text: AttributedText()))
        for line in input.split(separator: "\n", omittingEmptySubsequences: false) {
            let instruction: RecordSyntax.Instruction
            do { instruction = try RecordSyntax.parse(String(line)) } catch {
                Harness.require(error.column >= 1 && error.column <= line.count + 2, "record error at column \(error.column) of a \(line.count)-character line: \(line.debugDescription)")
                Harness.require(isShort(error.message, limit: 1200), "record error message of \(error.message.utf8.count) bytes")
                continue
            }
            guard case .events(let parsed) = instruction else { continue }
            // `caret record` writes only the events the editor accepts.
            let events = parsed.filter { (try? TracePlayer.apply($0, to: editor)) != nil }
            var trace: [UInt8] = []
            TraceWriter.write(TraceHeader(document: DocumentState(text: AttributedText())), to: &trace)
            for event in events { TraceWriter.write(event, to: &trace) }
            do {
                let read = try TraceReader.read(trace, file: "record.trace")
                Harness.require(read.events == events, "record line \(line.debugDescription) recorded \(events), the trace reads back \(read.events)")
            } catch {
                Harness.fail("record line \(line.debugDescription) records a trace that replay refuses: \(error)")
            }
        }
        checkInvariants(editor.text, "record \(input.debugDescription)")
    }
}

/// Key chords (`shift+alt+left`).
enum KeyChordHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let chord: KeyChord
        do { chord = try KeyChord(parsing: input) } catch {
            Harness.require(isShort("\(error)", limit: 400), "a key chord error of \("\(error)".utf8.count) bytes for \(input.utf8.count) bytes of input")
            return
        }
        guard let again = try? KeyChord(parsing: chord.description) else {
            Harness.fail("a chord's description does not parse: \(chord.description.debugDescription) from \(input.debugDescription)")
        }
        Harness.require(again == chord && again.description == chord.description, "parse(description) != chord: \(input.debugDescription)")
        // A key the keymap does not know is ignored, never a trap.
        let editor = try! Editor(state: DocumentState(text: AttributedText("a😀\u{301}b")))
        _ = try? editor.handle(chord)
    }
}

/// The editing-trace importer (`caret import editing-trace`).
enum EditingTraceHarness {
    static func run(_ bytes: [UInt8]) {
        let trace: Trace
        do { trace = try EditingTraceImporter.convert(bytes) } catch let error as JSONError {
            Harness.require(error.line >= 1 && error.column >= 1, "JSON error without a location: \(error)")
            return
        } catch let error as EditingTraceImporter.ImportError {
            Harness.require(isShort(error.message, limit: 1200), "import error message of \(error.message.utf8.count) bytes")
            return
        } catch {
            Harness.fail("editing-trace import threw an unlocated \(type(of: error)): \(error)")
        }
        // Every patch the importer accepted is inside the document: replay refuses none of them
        // (the final checkpoint may still disagree with a made-up endContent).
        let written = TraceHarness.bytes(of: trace)
        let read: Trace
        do { read = try TraceReader.read(written, file: "imported.trace") } catch {
            Harness.fail("an imported trace does not read back: \(error)")
        }
        Harness.require(read.events == trace.events && read.header == trace.header, "an imported trace reads back different")
        guard let player = try? TracePlayer(trace: trace, file: "imported.trace") else {
            Harness.fail("an imported trace's document cannot be shown")
        }
        do { try player.run() } catch {
            if case .checkFailed = error.kind, error.step == trace.events.count { return }
            Harness.fail("replay refused an imported patch: \(error) from \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        checkInvariants(player.editor.text, "importing \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
}
