import CaretCore
import Foundation

/// Peak memory of building a 64 MiB document with 100k runs, measured in a fresh child process
/// so nothing else the benchmark did counts.
enum MemoryBenchmark {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        guard options.wants("memory") else { return }
        let megabytes = options.quick ? 8 : 64
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0])
        process.arguments = ["--child-memory", String(megabytes)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, fields.count == 3 else { throw BenchError("memory child failed: \(output)") }
        let (baseline, peak, runs) = (fields[0], fields[1], fields[2])
        let textMiB = Double(megabytes)
        report.add("peak memory, \(megabytes) MiB document, \(Int(runs)) runs", peak, "MiB",
                   note: String(format: "%.2fx text + %.1f MiB process baseline; target 1.6x + 30 MiB = %.0f MiB",
                                (peak - baseline) / textMiB, baseline, 1.6 * textMiB + 30))
        report.target("peak memory, \(megabytes) MiB document (must stay)", peak, "MiB", mustReach: 1.6 * textMiB + 30,
                      blocker: "each leaf is one allocation with room for an eighth of a leaf of typing and a few runs beside its text")
        // Building from one string (what a reader holding the whole text does): the peak beyond
        // the string itself.
        let fromString = try childFields(["--child-memory", String(-megabytes)])
        report.add("peak memory, AttributedText(String) of \(megabytes) MiB", fromString[1], "MiB",
                   note: String(format: "%.2fx text beside the string itself; target ~1.5x", (fromString[1] - fromString[0]) / textMiB))
    }

    /// Runs this executable with `arguments` and returns the numbers it prints.
    static func childFields(_ arguments: [String]) throws -> [Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, fields.count >= 2 else { throw BenchError("memory child failed: \(output)") }
        return fields
    }

    /// In the child: build the document and print "baselineMiB peakMiB runs".
    /// With a negative `megabytes`, builds one plain string of that many MiB instead and prints
    /// "afterStringMiB peakMiB" around `AttributedText(_:)` of it.
    static func child(megabytes: Int) {
        if megabytes < 0 {
            let unit = "the quick brown fox jumps over the lazy dog é😀\n"
            let string = String(repeating: unit, count: (-megabytes << 20) / unit.utf8.count)
            let afterString = peakResidentMiB()
            let text = AttributedText(string)
            let peak = peakResidentMiB()
            print(afterString, peak, text.utf8Count)
            return
        }
        let baseline = peakResidentMiB()
        let text = StorageBenchmarks.document(bytes: megabytes << 20, runs: 100_000)
        let peak = peakResidentMiB()
        let runs = text.runs.count
        print(baseline, peak, runs)
    }

    /// VmHWM from /proc/self/status, in MiB.
    static func peakResidentMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kb / 1024
        }
        return 0
    }
}
