import CaretCore
import Foundation

/// Replays of the public editing traces through the storage API, with attribute runs present,
/// beside Foundation's `AttributedString` and `NSMutableAttributedString` on the same edits.
enum TraceBenchmarks {
    /// Inserted text alternates between these every 64 edits, so the document holds runs.
    static let flipEvery = 64
    static let attributesA = try! Attributes([(.custom("flip"), .bool(true))])
    static let attributesB = Attributes.traits(.italic)

    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        let directory = options.tracesDirectory ?? EditingTrace.defaultDirectory()
        // automerge-paper (ASCII) sorts first; every other trace's per-edit cost is compared with
        // its per-edit cost, measured in this run.
        var referencePerEdit: Double?
        for path in try EditingTrace.files(in: directory) {
            guard options.wants("trace " + path.split(separator: "/").last!) else { continue }
            let trace = try EditingTrace(path: path)
            let isMain = trace.name == "automerge-paper"
            let repetitions = options.repetitions ?? (options.quick ? 3 : (isMain ? 15 : 7))
            var final = AttributedText()
            let (caret, cpu) = try CPUClock.median(repetitions) { final = try replay(trace) }
            guard final.string == trace.endContent else { throw BenchError("\(trace.name): wrong final text") }
            report.add("trace \(trace.name): Caret storage", caret / 1e6, "ms",
                       note: "\(trace.edits.count) edits, \(final.runs.count) runs, median of \(repetitions)")
            // The ratio is of thread CPU time, which waiting for a core on a busy machine does
            // not inflate; the wall figure above is the one to compare with peers.
            let perEdit = cpu / Double(max(1, trace.edits.count))
            if isMain {
                referencePerEdit = perEdit
            } else if let reference = referencePerEdit {
                report.add("trace \(trace.name): vs automerge-paper", perEdit / reference, "x",
                           note: String(format: "per edit (CPU time): %.0f ns vs %.0f ns; target <= 1.5x", perEdit, reference))
                report.target("\(trace.name) per edit / automerge-paper's (storage, CPU)", perEdit / reference, "x", mustReach: 1.5,
                              blocker: "the non-ASCII in-leaf path got cheaper (plain 256-scalar blocks decide certain boundaries and cluster counts without the rules, ASCII typed at a leaf's or the document's end stays in the leaf, one-scalar edits are measured directly), but sveltecomponent-astral-e still misses. Callgrind, one replay each, instructions an edit: automerge-paper ~656 (unchanged); friendsforever_flat-astral-e ~833 (1.27x, was ~956); sveltecomponent ~831 (1.27x); sveltecomponent-astral-e ~1,076 (1.64x, was ~1,233); the first replay also pays ~30-40 an edit of one-off static setup. What keeps sveltecomponent-astral-e above: byte offsets found by scanning after its many short caret jumps inside emoji leaves (Node.byteRange, ~90 instructions but ~10% of its time: mispredicted loop exits, fewer now that the word holding the target is resolved by a prefix sum; a second offset hint and a per-leaf checkpoint index were tried and cost more than they saved), cluster counts of its pasted non-ASCII text on the general path (GraphemeCounting, ~60), and larger leaves to move. The 2-4 ms replays are also noisy on a shared machine (median ratios over 9 runs ranged 1.96-2.81x for sveltecomponent-astral-e)")
            }
            guard options.peers, isMain || !options.quick else { continue }
            let ns = Clock.median(1) { replayNSMutableAttributedString(trace) }
            report.add("trace \(trace.name): NSMutableAttributedString", ns / 1e6, "ms",
                       note: String(format: "Caret is %.1fx faster", ns / caret))
            if isMain && !options.quick {
                let attributed = Clock.median(1) { replayAttributedString(trace) }
                report.add("trace \(trace.name): AttributedString", attributed / 1e6, "ms",
                           note: String(format: "Caret is %.0fx faster", attributed / caret))
            }
        }
    }

    static func replay(_ trace: EditingTrace) throws -> AttributedText {
        var text = AttributedText(trace.startContent)
        // Read once: a static's every access checks that it is initialised.
        let (a, b) = (attributesA, attributesB)
        for (i, edit) in trace.edits.enumerated() {
            let attributes = (i / flipEvery) % 2 == 0 ? a : b
            try text.replaceSubrange(edit.location..<(edit.location + edit.length), with: edit.text, attributes: attributes)
        }
        return text
    }

    static func replayNSMutableAttributedString(_ trace: EditingTrace) {
        let text = NSMutableAttributedString(string: trace.startContent)
        let a: [NSAttributedString.Key: Any] = [NSAttributedString.Key("flip"): true]
        let b: [NSAttributedString.Key: Any] = [NSAttributedString.Key("italic"): true]
        for (i, edit) in trace.edits.enumerated() {
            let piece = NSAttributedString(string: edit.text, attributes: (i / flipEvery) % 2 == 0 ? a : b)
            text.replaceCharacters(in: NSRange(location: edit.location, length: edit.length), with: piece)
        }
        precondition(text.string == trace.endContent)
    }

    static func replayAttributedString(_ trace: EditingTrace) {
        var text = AttributedString(trace.startContent)
        var a = AttributeContainer()
        a.link = URL(string: "a:b")
        let b = AttributeContainer()
        for (i, edit) in trace.edits.enumerated() {
            let utf16 = text.utf16
            let lower = utf16.index(utf16.startIndex, offsetBy: edit.location)
            let upper = utf16.index(lower, offsetBy: edit.length)
            text.replaceSubrange(lower..<upper, with: AttributedString(edit.text, attributes: (i / flipEvery) % 2 == 0 ? a : b))
        }
        precondition(String(text.characters) == trace.endContent)
    }
}

/// Thread CPU time beside wall time, for the ratios this file prints: on a shared machine the
/// wall time of a run includes waiting for a core, which the ratio of two runs should not.
enum CPUClock {
    /// This thread's CPU time in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The median wall and thread CPU time of `repetitions` runs of `body`, in nanoseconds.
    static func median(_ repetitions: Int, _ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<repetitions {
            var cpuStart: UInt64 = 0
            let elapsed = try Clock.median(1) {
                cpuStart = now()
                try body()
                cpu.append(Double(now() - cpuStart))
            }
            wall.append(elapsed)
        }
        wall.sort()
        cpu.sort()
        return (wall[wall.count / 2], cpu[cpu.count / 2])
    }
}
