import CaretCore
import CaretFormats
import CaretReplay
import Foundation

/// `caret replay` of the imported automerge-paper trace, in-process through `TraceReplay.play`
/// (the code path the CLI uses: read the file, parse, play with checks, print markup), and
/// `caret test`'s runner over 1000 small generated traces with 2 jobs.
enum ReplayBenchmarks {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        let scratch = NSTemporaryDirectory() + "caret-bench-replay-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        if options.wants("replay automerge-paper") { try replayAutomerge(options, report, scratch: scratch) }
        if options.wants("test runner") { try testRunner(options, report, scratch: scratch) }
    }

    static func replayAutomerge(_ options: BenchOptions, _ report: BenchReport, scratch: String) throws {
        let directory = options.tracesDirectory ?? EditingTrace.defaultDirectory()
        let source = try EditingTrace.automergePaperPath(in: directory)
        var importedTrace: Trace?
        let importTime = try Clock.median(1) {
            importedTrace = try EditingTraceImporter.convert(try EditingTraceImporter.load(source))
        }
        guard let trace = importedTrace else { return }
        let path = scratch + "/automerge-paper.caret-trace"
        try trace.serialized().write(toFile: path, atomically: true, encoding: .utf8)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        report.add("import automerge-paper (gunzip + convert)", importTime / 1e6, "ms", note: "\(trace.events.count) events, \(size / 1024) KiB trace")
        let repetitions = options.repetitions ?? (options.quick ? 3 : 9)
        var printed = 0
        let cpuBefore = cpuSeconds()
        let total = try Clock.median(repetitions) {
            // The CLI's path: the file read in chunks, each line parsed and played as it comes.
            let outcome = try TraceReplay.replay(path: path, check: true)
            if let failure = outcome.failure { throw BenchError("replay failed: \(failure.headline)") }
            printed = Markup.print(outcome.player.editor.state).utf8.count
        }
        let cpu = (cpuSeconds() - cpuBefore) / Double(repetitions)
        report.add("caret replay automerge-paper (read+parse+play+check+print)", total / 1e6, "ms",
                   note: "in-process wall, median of \(repetitions); target <= 60 ms, aim <= 40 ms; \(printed) bytes printed")
        report.target("caret replay automerge-paper, parse included", total / 1e6, "ms", mustReach: 60, aim: 40,
                      blocker: "playing: Editor.perform(.replaceRange) is most of the replay's instructions (see the replaceRange row); "
                          + "parsing, streamed, about a fifth; checking and printing the rest")
        report.add("  the same, CPU time (user + system) per replay", cpu * 1000, "ms", note: "mean of \(repetitions); wall time suffers on a shared machine")
        let bytes = try TraceReplay.readFile(path)
        var events = 0
        let parse = try Clock.median(repetitions) {
            events = 0
            _ = try TraceReader.stream(.bytes(bytes), file: path, header: { _ in }) { _, _ in events += 1 }
        }
        report.add("  of which: parse the trace", parse / 1e6, "ms",
                   note: "median of \(repetitions); TraceReader.stream over the bytes in memory, \(BenchReport.format(parse / Double(max(events, 1)))) ns a line")
    }

    /// User plus system CPU time of this process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func testRunner(_ options: BenchOptions, _ report: BenchReport, scratch: String) throws {
        let count = options.quick ? 200 : 1000
        let directory = scratch + "/suite"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var random = SeededRandom(seed: 11)
        for index in 0..<count {
            let editor = try Editor(state: DocumentState(text: AttributedText("Hello world\nsecond line")))
            let sink = TraceMemorySink()
            let recorder = try TraceRecorder(editor: editor, sink: sink)
            for step in 0..<20 {
                switch random.int(in: 0..<5) {
                case 0: try recorder.record(.text("word "))
                case 1: try recorder.record(.key(try KeyChord(parsing: "alt+left")))
                case 2: try recorder.record(.key(try KeyChord(parsing: "shift+cmd+left")))
                case 3: try recorder.record(.key(try KeyChord(parsing: "cmd+b")))
                default: try recorder.record(.key(try KeyChord(parsing: "backspace")))
                }
                if step % 5 == 4 { try recorder.checkpoint() }
            }
            try sink.text.write(toFile: directory + String(format: "/t%04d.caret-trace", index), atomically: true, encoding: .utf8)
        }
        let files = try TestRunner.discover([directory])
        var failed = 0
        let seconds = Clock.median(options.quick ? 1 : 3) {
            failed = TestRunner.run(files, jobs: 2).filter { $0.outcome != .passed }.count
        } / 1e9
        guard failed == 0 else { throw BenchError("\(failed) generated traces failed") }
        report.add("caret test: \(count) traces of 20 events, 2 jobs", Double(count) / seconds, "traces/s",
                   note: String(format: "%.0f ms in all (discovery excluded)", seconds * 1000))
    }
}
