import Foundation

/// The command line of `caret-bench`.
enum BenchCommand {
    static let usage = """
    usage: caret-bench [--json FILE] [--filter TEXT] [--quick] [--repeat N] [--no-peers]
                       [--keep-inputs DIR] [--traces DIR]

    Runs Caret's benchmarks and prints a table of figures. Build it in release:
      swift run -c release caret-bench

      --json FILE    also write the figures as JSON to FILE
      --filter TEXT  run only the cases whose name contains TEXT
      --quick        fewer repetitions and smaller inputs (a smoke run, not for reporting)
      --repeat N     repeat each timed trace replay N times, 1...1000 (for profiling; leaves out
                     the trace ratios, which replay automerge-paper beside each trace)
      --no-peers     skip the peers: Foundation (AttributedString, NSMutableAttributedString), and
                     Emacs, Neovim and a LuaJIT gap buffer on every trace (scripts/bench-peers;
                     scripts/setup-bench-peers.sh installs them)
      --keep-inputs DIR  write the generated inputs (peer edit files, large inputs) to DIR and keep them
      --traces DIR   the editing traces (default: ../shared/data/editing-traces, or $CARET_TRACES)
      --help         show this help
    """

    static func main(_ arguments: [String]) -> Int32 {
        var options = BenchOptions()
        var i = 0
        func value(_ flag: String) -> String? {
            i += 1
            guard i < arguments.count else {
                FileHandle.standardError.write("caret-bench: \(flag) needs a value\n\(usage)\n".data(using: .utf8)!)
                return nil
            }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--help", "-h":
                print(usage)
                return 0
            case "--json": guard let v = value("--json") else { return 64 }; options.jsonPath = v
            case "--filter": guard let v = value("--filter") else { return 64 }; options.filter = v
            case "--traces": guard let v = value("--traces") else { return 64 }; options.tracesDirectory = v
            case "--keep-inputs": guard let v = value("--keep-inputs") else { return 64 }; options.keepInputs = v
            case "--quick": options.quick = true
            case "--no-peers": options.peers = false
            case "--repeat":
                guard let v = value("--repeat") else { return 64 }
                guard let n = Int(v), (1...1000).contains(n) else {
                    FileHandle.standardError.write("caret-bench: --repeat expects a count in 1...1000, got '\(v.utf8Prefix(maxBytes: 64))'\n".data(using: .utf8)!)
                    return 64
                }
                options.repetitions = n
            case "--child-run":
                // Internal: run a command and print its exit status, wall time and peak memory.
                return ChildProcess.childRun(Array(arguments[(i + 1)...]))
            case "--child-memory":
                // Internal: measure the peak memory of building a large document in a fresh process.
                guard let v = value("--child-memory"), let mib = Int(v) else { return 64 }
                MemoryBenchmark.child(megabytes: mib)
                return 0
            default:
                FileHandle.standardError.write("caret-bench: unknown argument '\(arguments[i])'\n\(usage)\n".data(using: .utf8)!)
                return 64
            }
            i += 1
        }
        #if DEBUG
        FileHandle.standardError.write("caret-bench: this is a debug build; figures are meaningless. Use: swift run -c release caret-bench\n".data(using: .utf8)!)
        #endif
        let report = BenchReport()
        let suites: [(String, (BenchOptions, BenchReport) throws -> Void)] = [
            ("machine", MachineBenchmarks.run),
            ("traces", TraceBenchmarks.run),
            ("storage", StorageBenchmarks.run),
            ("memory", MemoryBenchmark.run),
            ("replay", ReplayBenchmarks.run),
            ("suggest", SuggestionBench.run),
            ("lua", LuaBenchmarks.run),
            ("editor", EditorBenchmarks.run),
            ("formats", FormatBenchmarks.run),
            ("large inputs", LargeInputBenchmarks.run),
            ("peers", PeerBenchmarks.run),
        ]
        for (name, run) in suites {
            do {
                try run(options, report)
            } catch {
                FileHandle.standardError.write("caret-bench: \(name): \(error)\n".data(using: .utf8)!)
                return 70
            }
        }
        report.printSummary()
        if let path = options.jsonPath {
            do {
                try report.writeJSON(to: path)
            } catch {
                FileHandle.standardError.write("caret-bench: cannot write \(path): \(error)\n".data(using: .utf8)!)
                return 73
            }
        }
        return 0
    }
}

struct BenchOptions {
    var jsonPath: String?
    var filter: String?
    var quick = false
    var tracesDirectory: String?
    var peers = true
    var repetitions: Int?
    var keepInputs: String?

    func wants(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
}
