import CaretCore
import Foundation

/// Random edits in small and large documents, and attribute changes over many runs.
enum StorageBenchmarks {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        if options.wants("random edits") { try randomEdits(options, report) }
        if options.wants("bold") { try boldOverRuns(options, report) }
        if options.wants("conversions") { try conversions(options, report) }
    }

    static let plainWords = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "caret", "rope"]
    /// The same with an emoji and accented words among them: no leaf is all ASCII.
    static let mixedWords = plainWords + ["😀", "café", "naïve"]

    /// A document of `bytes` bytes of `words` and line breaks, deterministic.
    static func document(bytes: Int, runs: Int = 1, words: [String] = plainWords) -> AttributedText {
        var random = SeededRandom(seed: 42)
        var builder = AttributedText.Builder()
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

    /// Random one-character insertions and deletions in a 64 KiB and a 64 MiB document, and the
    /// ratio of their costs: the target, with plain text typed into plain text, and the same with
    /// italic text, which splits runs.
    ///
    /// The target's edits leave each document as it was built, one run, so the two sizes are
    /// compared in the same state and the ratio measures the size alone. Italic edits take the
    /// same number of edits into each size, so the small document ends with about fifteen times
    /// as many runs a kilobyte as the large one, and its edits walk runs that the large one's do
    /// not: that ratio reads lower than the size alone would make it, and is not the target.
    static func randomEdits(_ options: BenchOptions, _ report: BenchReport) throws {
        let edits = options.quick ? 50_000 : 400_000
        let slices = options.quick ? 5 : 20
        let plain = try randomEditTurns(edits, slices: slices, attributes: Attributes())
        let italic = try randomEditTurns(edits, slices: slices, attributes: .traits(.italic))
        let cases = [
            (plain, "random 1-char edits", "random edits: 64 MiB / 64 KiB", "plain text into plain text, runs unchanged: the target"),
            (italic, "random italic 1-char edits", "random italic edits: 64 MiB / 64 KiB",
             "not the target: the small document's runs grow denser than the large one's"),
        ]
        for (turns, label, ratioName, meaning) in cases {
            for (index, size) in RandomEditTurns.sizes.enumerated() {
                let runs = turns.runs[index]
                let after = runs == 1 ? "one run after"
                    : String(format: "%d runs after (%.1f a KiB)", runs, Double(runs) / Double(size.bytes >> 10))
                report.add("\(label), \(size.label) document", turns.wallPerEdit[index], "ns/edit",
                           note: String(format: "%d edits at random positions, in %d slices taking turns with the other size; %.0f ns/edit CPU time; ",
                                        edits / slices * slices, slices, turns.cpuPerEdit[index]) + after)
            }
            let cpuRatios = turns.cpuRatios
            report.add(ratioName, turns.wallRatio, "x",
                       note: String(format: "%.2fx by thread CPU time (slices %.2f-%.2fx); medians of the %d slices' ratios; ", turns.cpuRatio,
                                    cpuRatios.first!, cpuRatios.last!, slices) + meaning)
        }
        let small = plain.cpuPerEdit[0]
        // What one random edit in a large document cannot avoid: reading memory at a random place.
        let latency = dependentLoadLatency(bytes: 128 << 20, loads: options.quick ? 200_000 : 2_000_000)
        report.add("machine: one dependent load at a random place in 128 MiB", latency, "ns",
                   note: String(format: "a pointer chase over 64-byte lines in a random cycle (DRAM and page walk); "
                       + "<= 2x would leave the 64 MiB edit %.0f ns more than the 64 KiB one", small))
        // A layout that waited for one load an edit, where this one waits for two.
        let oneLoad = (small + latency) / small
        let density = RandomEditTurns.sizes.indices.map { Double(italic.runs[$0]) / Double(RandomEditTurns.sizes[$0].bytes) }
        let blocker = (oneLoad > 2 ? "memory latency, on this machine more than any layout can hide: " : "memory latency: ")
            + String(format: "a random edit in 64 MiB waits for at least one load from memory, the leaf's; here one load at a random place (the row \"machine: one dependent load at a random place in 128 MiB\") took %.0f ns and the whole 64 KiB edit, in cache, %.0f ns, where 2x allows the 64 MiB edit one such edit more, so a layout that waited for one load an edit would be at about %.1fx. ", latency, small, oneLoad)
            + "This one waits for two, one after the other: the node above the leaf, then the leaf. The nodes above the leaves (~2 MB) do not stay in cache: a pointer chase takes 17-49 ns a load over 4 MiB but 86-136 ns over 8 MiB on this VM, and between two edits under one such node thousands of others bring in a kilobyte of leaf each. Asking for the leaf's lines ahead (Node.prefetchForEdit: header, the bytes the memmove moves, the runs) spares a third and a fourth wait, for the leaf's bytes and runs. Huge pages, asking for the node above the leaf ahead and non-temporal hints changed nothing measurable. One load an edit would take a bottom level of the tree several times smaller (no object pointer per leaf), a redesign of the storage. "
            + String(format: "The italic rows (%.2fx) are not the target: the same number of italic insertions leaves %.0fx as many runs a KiB in the 64 KiB document as in the 64 MiB one, and its edits walk them", italic.cpuRatio, density[0] / density[1])
        report.target("random 1-char edits, 64 MiB / 64 KiB per edit (CPU time)", plain.cpuRatio, "x", mustReach: 2, aim: 1.5,
                      blocker: blocker)
    }

    /// `edits` random one-character edits in each document size carrying `attributes`, the sizes
    /// taking turns in `slices` slices: the speed a process gets on a shared machine drifts over
    /// seconds, which two figures taken one after the other would measure as much as the sizes.
    static func randomEditTurns(_ edits: Int, slices: Int, attributes: Attributes) throws -> RandomEditTurns {
        let sizes = RandomEditTurns.sizes
        var texts = sizes.map { document(bytes: $0.bytes) }
        var randoms = sizes.map { _ in SeededRandom(seed: 7) }
        var turns = RandomEditTurns(wall: Array(repeating: [], count: sizes.count), cpu: Array(repeating: [], count: sizes.count), runs: [])
        let perSlice = edits / slices
        for slice in 0..<slices {
            for turn in 0..<sizes.count {
                let which = slice % 2 == 0 ? turn : sizes.count - 1 - turn
                let (elapsed, used) = try CPUClock.median(1) {
                    try texts[which].randomEdits(perSlice, &randoms[which], attributes: attributes)
                }
                turns.wall[which].append(elapsed / Double(perSlice))
                turns.cpu[which].append(used / Double(perSlice))
            }
        }
        turns.runs = texts.map { $0.runs.count }
        return turns
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

    /// Conversions at random places of a 1 MiB document, plain and mixed (`mixedWords`): a
    /// scalar offset to UTF-16, that to a line and column, and back to UTF-16. Each is a descent
    /// of the tree by one unit and a scan of one leaf (`Node.prefix(to:in:)`), what the editor's
    /// line and paragraph commands, the Lua API's positions and trace import ask.
    static func conversions(_ options: BenchOptions, _ report: BenchReport) throws {
        let lookups = options.quick ? 20_000 : 200_000
        let repetitions = options.quick ? 3 : 7
        for (label, words) in [("plain", plainWords), ("mixed", mixedWords)] {
            let text = document(bytes: 1 << 20, words: words)
            var random = SeededRandom(seed: 7)
            let scalars = (0..<lookups).map { _ in random.int(in: 0...text.unicodeScalarCount) }
            var checked = true
            let elapsed = try Clock.median(repetitions) {
                for scalar in scalars {
                    let offset = try text.utf16Offset(fromScalar: scalar)
                    let (line, column) = try text.lineColumn(fromUTF16: offset)
                    if try text.utf16Offset(line: line, column: column) != offset { checked = false }
                }
            }
            guard checked else { throw BenchError("a line and column did not lead back to its offset") }
            report.add("conversions, 1 MiB \(label) text: scalar -> UTF-16 -> line:column -> UTF-16", elapsed / Double(lookups), "ns",
                       note: "\(lookups) random scalar offsets, median of \(repetitions); \(text.lineCount) lines")
        }
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

/// Per-edit times of `StorageBenchmarks.randomEditTurns`, slice by slice, for each size.
struct RandomEditTurns {
    static let sizes = [(label: "64 KiB", bytes: 64 << 10), (label: "64 MiB", bytes: 64 << 20)]
    /// Nanoseconds an edit, wall and thread CPU time, a value a slice, for each size.
    var wall: [[Double]]
    var cpu: [[Double]]
    /// The runs each document has after its edits.
    var runs: [Int]

    /// Each slice's 64 MiB CPU time over its 64 KiB one, sorted.
    var cpuRatios: [Double] { zip(cpu[1], cpu[0]).map { $0 / $1 }.sorted() }
    /// The medians of the slices' ratios.
    var cpuRatio: Double { cpuRatios[cpuRatios.count / 2] }
    var wallRatio: Double {
        let ratios = zip(wall[1], wall[0]).map { $0 / $1 }.sorted()
        return ratios[ratios.count / 2]
    }
    /// The mean time an edit of each size.
    var wallPerEdit: [Double] { wall.map { $0.reduce(0, +) / Double($0.count) } }
    var cpuPerEdit: [Double] { cpu.map { $0.reduce(0, +) / Double($0.count) } }
}

extension AttributedText {
    /// `count` one-character edits at positions `random` picks: an insertion of "x" in
    /// `attributes` or a deletion of one unit, half and half.
    mutating func randomEdits(_ count: Int, _ random: inout SeededRandom, attributes: Attributes) throws {
        for _ in 0..<count {
            let length = utf16Count
            let position = random.int(in: 0..<length)
            if random.int(in: 0..<2) == 0 {
                try replaceSubrange(position..<position, with: "x", attributes: attributes)
            } else {
                try replaceSubrange(position..<(position + 1), with: "", attributes: attributes)
            }
        }
    }
}
