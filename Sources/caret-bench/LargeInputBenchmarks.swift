import CaretCore
import CaretFormats
import CaretReplay
import Foundation

/// Large inputs: reading canonical markup in-process (MB/s), and the peak memory of the `caret`
/// command reading a generated 200 MB markup file, document JSON file and trace (8 MB with
/// `--quick`), each in a fresh child process so nothing else counts. The `caret` executable is the
/// one built beside this one (`scripts/build-release.sh --product caret`); without it the memory cases are skipped.
enum LargeInputBenchmarks {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        if options.wants("markup read") { try markupRead(options, report) }
        let kinds = ["markup", "document JSON", "trace"].filter { options.wants("large input \($0)") }
        guard !kinds.isEmpty else { return }
        guard let caret = caretExecutable() else {
            report.add("large input", .nan, "", note: "skipped: no caret executable beside caret-bench (scripts/build-release.sh --product caret)")
            return
        }
        let megabytes = options.quick ? 8 : 200
        let directory = options.keepInputs
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("caret-bench-large-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if options.keepInputs == nil { try? FileManager.default.removeItem(atPath: directory) } }
        // The process's own peak on a tiny input: the runtime and libraries, not the input.
        let tiny = directory + "/tiny.caret"
        try write("{bold:x}\n", to: tiny)
        let baseline = try ChildProcess.run(caret, ["convert", tiny, "--to", "json", "--out", "/dev/null"]).peakMiB
        for kind in kinds {
            try measure(kind, megabytes: megabytes, caret: caret, directory: directory, baseline: baseline, options: options, report: report)
        }
    }

    // MARK: markup read speed

    /// The markup of a document of `bytes` of text in runs of ~100 bytes (the format benchmark's
    /// words: ASCII, accented letters, emoji, line breaks), built from a 1 MB piece repeated.
    static func document(bytes: Int) -> DocumentState {
        let piece = FormatBenchmarks.document(bytes: min(bytes, 1_000_000), runs: min(bytes, 1_000_000) / 100)
        let runs = piece.runs.map { (try! piece.string(in: $0.range), $0.attributes) }
        var builder = AttributedText.Builder()
        var written = 0
        while written < bytes {
            for (text, attributes) in runs { builder.append(text, attributes: attributes) }
            written += piece.utf8Count
        }
        return DocumentState(text: builder.finish())
    }

    static func markupRead(_ options: BenchOptions, _ report: BenchReport) throws {
        let size = options.quick ? 2_000_000 : 20_000_000
        let state = document(bytes: size)
        let markup = Markup.print(state)
        let megabytes = Double(markup.utf8.count) / 1e6
        let repetitions = options.repetitions ?? (options.quick ? 3 : 5)
        var back = DocumentState(text: AttributedText())
        let wall = try Clock.median(repetitions) { back = try Markup.parse(markup) }
        guard back == state else { throw BenchError("markup read: the parsed document differs from the printed one") }
        let cpu = FormatBenchmarks.cpuMedian(repetitions) { _ = try? Markup.parse(markup) }
        let name = "markup read, \(Int(megabytes.rounded())) MB of markup, \(state.text.runs.count) runs"
        report.add(name, megabytes / (wall / 1e9), "MB/s", note: "Markup.parse in-process, wall; median of \(repetitions); target >= 50, aim >= 200")
        let cpuSpeed = megabytes / (cpu / 1e9)
        report.target("reading canonical markup (CPU time)", cpuSpeed, "MB/s", mustReach: 50, aim: 200, direction: .atLeast,
                      blocker: "the parser's byte scan and the rope builder", note: "the same, process CPU time (other processes' load does not count)")
    }

    // MARK: peak memory through the CLI

    static func caretExecutable() -> String? {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let caret = bench.deletingLastPathComponent().appendingPathComponent("caret").path
        return FileManager.default.isExecutableFile(atPath: caret) ? caret : nil
    }

    /// Writes a `megabytes` input of `kind`, runs the command that reads it, and reports its peak.
    static func measure(_ kind: String, megabytes: Int, caret: String, directory: String, baseline: Double,
                        options: BenchOptions, report: BenchReport) throws {
        let bytes = megabytes * 1_000_000
        let path: String
        let arguments: [String]
        switch kind {
        case "markup":
            path = directory + "/large.caret"
            try write(Markup.print(document(bytes: bytes * 10 / 11)) + "\n", to: path)
            arguments = ["convert", path, "--to", "json", "--out", "/dev/null"]
        case "document JSON":
            path = directory + "/large.json"
            try write(DocumentJSON.encodeString(document(bytes: bytes * 10 / 14)) + "\n", to: path)
            arguments = ["convert", path, "--to", "markup", "--out", "/dev/null"]
        default:
            path = directory + "/large.caret-trace"
            try writeTrace(bytes: bytes, options: options, to: path)
            arguments = ["replay", path, "--print", "text", "--out", "/dev/null"]
        }
        let size = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0)
        let run = try ChildProcess.run(caret, arguments)
        // For a trace, also what reading it takes: the same command stopped after the first event.
        let readOnly = kind == "trace" ? try ChildProcess.run(caret, ["replay", path, "--until", "1", "--print", "text", "--out", "/dev/null"]) : nil
        if options.keepInputs == nil { try? FileManager.default.removeItem(atPath: path) }
        guard run.status == 0 else {
            throw BenchError("large input \(kind): caret \(arguments.joined(separator: " ")) exited \(run.status): \(run.stderr.utf8Prefix(maxBytes: 300))")
        }
        let sizeMiB = size / 1_048_576
        if let readOnly, readOnly.status == 0 {
            report.add("large input trace, \(Int(size / 1e6)) MB: peak reading it alone", readOnly.peakMiB, "MiB",
                       note: String(format: "%.2fx the input; caret replay --until 1 (reads and decodes every line in 1 MiB chunks, plays one)", readOnly.peakMiB / sizeMiB))
        }
        let ratio = run.peakMiB / sizeMiB
        let command = "caret " + arguments.map { $0.hasPrefix(directory) ? ($0 as NSString).lastPathComponent : $0 }.joined(separator: " ")
        report.add("large input \(kind), \(Int(size / 1e6)) MB: peak memory", run.peakMiB, "MiB",
                   note: String(format: "%.2fx the input (%.2fx above the %.0f MiB a tiny input takes); `%@` took %.2f s wall, %.2f s CPU (%.0f MB/s of CPU time)",
                                ratio, (run.peakMiB - baseline) / sizeMiB, baseline, command, run.seconds, run.cpuSeconds, size / 1e6 / run.cpuSeconds))
        // With --quick the inputs are small and the process's own memory dominates: no target row.
        guard !options.quick else { return }
        report.target("peak memory reading \(Int(size / 1e6)) MB \(kind)", ratio, "x input", mustReach: 3, aim: 1.5,
                      blocker: kind == "trace"
                          ? "the replayed editor itself, mostly its undo history (one record per edit, about 9 million here): reading streams, see 'peak reading it alone'"
                          : "the decoded input beside the document's rope")
    }

    static func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try Data(buffer: $0).write(to: URL(fileURLWithPath: path)) }
    }

    /// A trace of about `bytes`: automerge-paper's edits as `edit` events, repeated. Each copy
    /// replays on the text the copies before it left (every edit lands in the first copy's
    /// stretch), so the file replays without error; no checkpoints.
    static func writeTrace(bytes: Int, options: BenchOptions, to path: String) throws {
        let directory = options.tracesDirectory ?? EditingTrace.defaultDirectory()
        guard let source = try EditingTrace.files(in: directory).first(where: { $0.contains("automerge-paper") }) else {
            throw BenchError("large input trace: no automerge-paper trace in \(directory)")
        }
        let trace = try EditingTrace(path: source)
        var block: [UInt8] = []
        for edit in trace.edits {
            TraceWriter.write(.command(.replaceRange(edit.location..<(edit.location + edit.length), with: edit.text)), to: &block)
        }
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }() else { throw BenchError("cannot write \(path)") }
        defer { try? handle.close() }
        var header: [UInt8] = []
        TraceWriter.write(TraceHeader(), to: &header)
        handle.write(Data(header))
        var written = header.count
        let data = Data(block)
        while written < bytes {
            handle.write(data)
            written += data.count
        }
    }
}
