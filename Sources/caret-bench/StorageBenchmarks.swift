import CaretCore
import Foundation

/// Random edits in small and large documents, and attribute changes over many runs.
enum StorageBenchmarks {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        if options.wants("random edits") { try randomEdits(options, report) }
        if options.wants("bold") { try boldOverRuns(options, report) }
    }

    /// A document of `bytes` bytes of words and line breaks, deterministic.
    static func document(bytes: Int, runs: Int = 1) -> AttributedText {
        var random = SeededRandom(seed: 42)
        var builder = AttributedText.Builder()
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "caret", "rope"]
        let pieceBytes = max(1, bytes / runs)
        var written = 0
        var piece = ""
        var runIndex = 0
        while written < bytes {
            var word = words[random.int(in: 0..<words.count)]
            word += random.int(in: 0..<12) == 0 ? "\n" : " "
            piece += word
            written += word.utf8.count
            if piece.utf8.count >= pieceBytes || written >= bytes {
                builder.append(piece, attributes: runIndex % 2 == 0 ? Attributes() : .traits(.italic))
                runIndex += 1
                piece = ""
            }
        }
        return builder.finish()
    }

    static func randomEdits(_ options: BenchOptions, _ report: BenchReport) throws {
        let edits = options.quick ? 50_000 : 400_000
        var perEdit: [Double] = []
        var cpuPerEdit: [Double] = []
        for (label, size) in [("64 KiB", 64 << 10), ("64 MiB", 64 << 20)] {
            var text = document(bytes: size)
            var random = SeededRandom(seed: 7)
            let italic = Attributes.traits(.italic)
            let (wall, cpu) = try CPUClock.median(1) {
                for _ in 0..<edits {
                    let length = text.utf16Count
                    let position = random.int(in: 0..<length)
                    if random.int(in: 0..<2) == 0 {
                        try text.replaceSubrange(position..<position, with: "x", attributes: italic)
                    } else {
                        try text.replaceSubrange(position..<(position + 1), with: "", attributes: italic)
                    }
                }
            }
            let ns = wall / Double(edits)
            perEdit.append(ns)
            cpuPerEdit.append(cpu / Double(edits))
            report.add("random 1-char edits, \(label) document", ns, "ns/edit",
                       note: String(format: "%d edits at random positions; %.0f ns/edit CPU time", edits, cpu / Double(edits)))
        }
        report.add("random edits: 64 MiB / 64 KiB", perEdit[1] / perEdit[0], "x",
                   note: String(format: "target <= 2x; %.2fx by thread CPU time", cpuPerEdit[1] / cpuPerEdit[0]))
        // What one random edit in a large document cannot avoid: reading memory at a random place.
        let latency = dependentLoadLatency(bytes: 128 << 20, loads: options.quick ? 200_000 : 2_000_000)
        report.add("machine: one dependent load at a random place in 128 MiB", latency, "ns",
                   note: String(format: "a pointer chase over 64-byte lines in a random cycle (DRAM and page walk); "
                       + "<= 2x would leave the 64 MiB edit %.0f ns more than the 64 KiB one", cpuPerEdit[0]))
        report.target("random 1-char edits, 64 MiB / 64 KiB per edit (CPU time)", cpuPerEdit[1] / cpuPerEdit[0], "x", mustReach: 2, aim: 1.5,
                      blocker: "memory latency: 2x leaves a random edit in 64 MiB the time of one 64 KiB edit (206-323 ns here) more, 1.5-2 of this machine's random-load latencies (see the row \"machine: one dependent load at a random place in 128 MiB\"), and the edit makes about three misses one after the other: the node above the leaf (its level alone is ~2.5 MB, which the leaves' traffic evicts from the cache), the leaf's header, and the leaf's bytes and runs; callgrind's cache simulation (8 MiB last level) counts ~11 last-level read misses a 64 MiB edit, 5 of them the memmove of the leaf's tail. Prefetching the leaf's bytes from its parent (tried with __builtin_prefetch) did not move the 64 MiB figure (658-661 ns against 656-784): the processor already overlaps those loads. Huge pages take little off (a C pointer chase over 128 MiB: 150 ns, 138 ns with MADV_HUGEPAGE; glibc.malloc.hugetlb=1 took the 64 MiB edit from 656-784 to 606-617 ns). Each node is already one allocation")
    }

    /// Nanoseconds per load of a chase through `bytes` of memory, each load's address read by the
    /// one before, over a random cycle of 64-byte lines: the latency of a cache and TLB miss.
    static func dependentLoadLatency(bytes: Int, loads: Int) -> Double {
        let lines = bytes / 64
        let slots = 64 / MemoryLayout<Int>.stride
        var order = Array(0..<lines)
        var random = SeededRandom(seed: 5)
        for i in stride(from: lines - 1, to: 0, by: -1) {
            order.swapAt(i, Int(random.below(UInt64(i + 1))))
        }
        var next = [Int](repeating: 0, count: lines * slots)
        for i in 0..<lines { next[order[i] * slots] = order[(i + 1) % lines] * slots }
        var at = 0
        let elapsed = next.withUnsafeBufferPointer { chain in
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<loads { at = chain[at] }
            return Double(DispatchTime.now().uptimeNanoseconds - start)
        }
        precondition(at >= 0)
        return elapsed / Double(loads)
    }

    static func boldOverRuns(_ options: BenchOptions, _ report: BenchReport) throws {
        let text = document(bytes: 1 << 20, runs: 10_000)
        let range = 0..<text.utf16Count
        let bold = Attributes.traits(.bold)
        var done = text
        let repetitions = options.quick ? 5 : 31
        let apply = try Clock.median(repetitions) {
            done = text
            try done.mergeAttributes(bold, in: range)
        }
        report.add("bold over 1 MiB with \(text.runs.count) runs", apply / 1e6, "ms", note: "merge bold, median of \(repetitions)")
        let saved = try text.runs(in: range)
        var undone = done
        let undo = try Clock.median(repetitions) {
            undone = done
            try undone.setAttributes(runs: saved, startingAt: range.lowerBound)
        }
        guard undone == text else { throw BenchError("undo of bold did not restore the runs") }
        report.add("undo of that bold (restore the saved runs)", undo / 1e6, "ms", note: "median of \(repetitions)")
    }
}
