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
    }

    /// In the child: build the document and print "baselineMiB peakMiB runs".
    static func child(megabytes: Int) {
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
