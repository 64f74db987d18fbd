import CaretCore
import CaretFormats
import CaretLua
import Foundation

/// The Lua editor API: nanoseconds per Lua → Swift call, the automerge-paper trace replayed by a
/// Lua loop with one `editor:replace` call per edit, and `caret run` of a one-line script as a
/// process, start to exit.
enum LuaBenchmarks {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        if options.wants("lua call") { try calls(options, report) }
        if options.wants("lua call: trampoline") { try trampoline(options, report) }
        if options.wants("lua automerge-paper") { try automerge(options, report) }
        if options.wants("lua caret run") { try process(options, report) }
    }

    /// `editor:length()` and `editor:insert("x")` from a Lua loop (loop cost included; JIT on).
    static func calls(_ options: BenchOptions, _ report: BenchReport) throws {
        let reads = options.quick ? 1_000_000 : 10_000_000
        let session = try ScriptSession(options: LuaRuntimeOptions(memoryLimit: nil))
        try session.run("function bench_length(n) local e = editor for i = 1, n do e:length() end end")
        let cpuBefore = ReplayBenchmarks.cpuSeconds()
        let read = try Clock.median(3) { try session.runtime.call("bench_length", [.number(Double(reads))]) }
        let readCPU = (ReplayBenchmarks.cpuSeconds() - cpuBefore) * 1e9 / Double(3 * reads)
        report.add("lua call: editor:length()", read / Double(reads), "ns/call",
                   note: "\(reads) calls from a Lua loop, JIT on, median of 3; \(BenchReport.format(readCPU)) ns of CPU")
        let inserts = options.quick ? 20_000 : 200_000
        var samples: [Double] = []
        for _ in 0..<3 {
            let fresh = try ScriptSession(options: LuaRuntimeOptions(memoryLimit: nil))
            try fresh.run("function bench_insert(n) local e = editor for i = 1, n do e:insert('x') end end")
            samples.append(try Clock.median(1) { try fresh.runtime.call("bench_insert", [.number(Double(inserts))]) })
        }
        let insert = samples.sorted()[1]
        report.add("lua call: editor:insert('x')", insert / Double(inserts), "ns/call",
                   note: "\(inserts) typed characters into one document (typing path, undo coalescing), median of 3")
    }

    /// The embedding layer alone: a bare C function, then host functions of the shapes the editor
    /// API has, called from JIT-compiled Lua loops, and one Swift → Lua entry.
    static func trampoline(_ options: BenchOptions, _ report: BenchReport) throws {
        let iterations = options.quick ? 1_000_000 : 10_000_000
        let result = try LuaRuntimeBenchmarks.callOverhead(iterations: iterations)
        let note = "\(iterations) calls from a Lua loop, JIT on, best of 3"
        report.add("lua call: trampoline, bare C function", result.bareCNs, "ns/call", note: note + "; LuaJIT's own cost of calling C")
        report.add("lua call: trampoline, read() -> integer", result.readNs, "ns/call", note: note)
        report.add("lua call: trampoline, write(string)", result.writeNs, "ns/call", note: note)
        report.add("lua call: trampoline, insert(integer, string)", result.insertNs, "ns/call", note: note)
        report.add("lua call: trampoline, Swift -> Lua entry", result.entryNs, "ns/call",
                   note: "\(max(1, iterations / 100)) LuaRuntime.call of an empty function, best of 3")
    }

    /// automerge-paper: edits converted to UTF-16 beforehand, handed to Lua as three arrays, and
    /// replayed by `for i = 1, #locations do editor:replace(locations[i], lengths[i], texts[i]) end`.
    static func automerge(_ options: BenchOptions, _ report: BenchReport) throws {
        let directory = options.tracesDirectory ?? EditingTrace.defaultDirectory()
        let trace = try EditingTrace(path: try EditingTrace.automergePaperPath(in: directory))
        let repetitions = options.repetitions ?? (options.quick ? 3 : 9)
        let locations = trace.edits.map { LuaValue.number(Double($0.location)) }
        let lengths = trace.edits.map { LuaValue.number(Double($0.length)) }
        let texts = trace.edits.map { LuaValue.string($0.text) }
        let loop = "local e, l, n, t = editor, locations, lengths, texts for i = 1, #l do e:replace(l[i], n[i], t[i]) end"
        // Each Lua replay is followed by the same replay through `Editor.perform` in Swift, so the
        // Lua layer's cost is read pair by pair (a quiet and a busy minute of a shared host would
        // otherwise land on different sides and can make it read negative).
        var samples: [Double] = []
        var swiftSamples: [Double] = []
        var cpu = 0.0
        var swiftCPU = 0.0
        var addedPerEdit: [Double] = []
        var compiledCalls = 0
        for _ in 0..<repetitions {
            let session = try ScriptSession(document: DocumentState(text: AttributedText(trace.startContent)),
                                            options: LuaRuntimeOptions(memoryLimit: nil))
            session.runtime.setGlobal("locations", array: locations)
            session.runtime.setGlobal("lengths", array: lengths)
            session.runtime.setGlobal("texts", array: texts)
            let cpuStart = ReplayBenchmarks.cpuSeconds()
            let start = Clock.now()
            try session.run(loop, chunkName: "replay.lua")
            samples.append(Double(Clock.now() - start))
            let luaCPU = ReplayBenchmarks.cpuSeconds() - cpuStart
            guard session.main.editor.text.string == trace.endContent else { throw BenchError("lua replay: wrong final text") }
            compiledCalls = session.runtime.compiledRouteCalls

            let editor = try Editor(text: AttributedText(trace.startContent))
            let swiftCPUStart = ReplayBenchmarks.cpuSeconds()
            let swiftStart = Clock.now()
            for edit in trace.edits {
                try editor.perform(.replaceRange(edit.location..<(edit.location + edit.length), with: edit.text))
            }
            swiftSamples.append(Double(Clock.now() - swiftStart))
            let pairSwiftCPU = ReplayBenchmarks.cpuSeconds() - swiftCPUStart
            guard editor.text.string == trace.endContent else { throw BenchError("swift replay: wrong final text") }

            cpu += luaCPU
            swiftCPU += pairSwiftCPU
            addedPerEdit.append((luaCPU - pairSwiftCPU) * 1e9 / Double(trace.edits.count))
        }
        samples.sort()
        swiftSamples.sort()
        addedPerEdit.sort()
        let lua = samples[samples.count / 2]
        report.add("lua automerge-paper: editor:replace per edit", lua / 1e6, "ms",
                   note: "\(trace.edits.count) calls (\(compiledCalls) by the compiled route), undo on, median of \(repetitions), \(BenchReport.format(cpu * 1000 / Double(repetitions))) ms CPU mean; target <= 35 ms, aim <= 15 ms")
        report.target("automerge-paper through Lua, one editor:replace a call", lua / 1e6, "ms", mustReach: 35, aim: 15,
                      blocker: "the editor's own cost (~1,200 instructions an edit, the replaceRange row without perform's entry) and the compiled route's ~110 (callgrind, docs/lua-embedding.md): the loop LuaJIT compiles ~25, caret_lua_compiled_call 42, the compiled entry's checks and the host-call count the rest; a loop the JIT does not compile (a limit or interrupts on, or a call that takes the ordinary route) pays ~730 more for the interpreter and the LuaJIT API")
        let swift = swiftSamples[swiftSamples.count / 2]
        report.add("  the same through Editor.perform(.replaceRange) in Swift", swift / 1e6, "ms",
                   note: "\(BenchReport.format(swiftCPU * 1000 / Double(repetitions))) ms CPU mean; the Lua layer adds "
                       + String(format: "%.0f ns of CPU an edit (median of %d pairs, each a Lua replay then a Swift one; range %.0f to %.0f ns)",
                                addedPerEdit[addedPerEdit.count / 2], repetitions, addedPerEdit[0], addedPerEdit[addedPerEdit.count - 1]))
    }

    /// `caret run` as a process (the release `caret` beside this binary): of `editor:insert("x")`,
    /// the target's case, and of a loop of editor calls, whose trace the JIT abandons (any Lua error
    /// or abandoned trace goes through the system unwinder, which must not pay for the whole
    /// executable's unwind tables then: see Sources/CCaretLua/frames.c).
    static func process(_ options: BenchOptions, _ report: BenchReport) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("caret").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError("\(executable) not found: build it with scripts/build-release.sh --product caret")
        }
        let runs = options.quick ? 11 : 51
        let loop = try spawnTimes(executable, script: "for i = 1, 200 do editor:insert('x') end\n", runs: runs)
        // Beside each run, the same executable doing nothing but start, print a line and exit: the
        // part of a run that is the process and the host, not the script. The two take turns, so
        // that a host that slows down for a while slows both.
        let script = try ScriptFile("editor:insert('x')\n")
        defer { script.remove() }
        let paired = try spawnTimes([[executable, "run", script.path, "--text", "hello"], [executable, "--version"]], runs: runs)
        let (samples, floor) = (paired[0], paired[1])
        let linking = ExecutableLinking.describe(executable)
        report.add("lua caret run of a one-line script (process)", samples[runs / 2] / 1e6, "ms",
                   note: "median of \(runs) spawns, fastest \(BenchReport.format(samples[0] / 1e6)) ms; caret is \(linking) "
                       + "(scripts/build-release.sh makes a static executable); target <= 3 ms, aim <= 2 ms")
        report.add("  caret --version (process)", floor[runs / 2] / 1e6, "ms",
                   note: "median of \(runs) spawns taking turns with the one-line run's: starting, printing a line and exiting; the run less this is "
                       + "\(BenchReport.format((samples[runs / 2] - floor[runs / 2]) / 1e6)) ms")
        report.add("  lua caret run of a 200-call loop (process)", loop[runs / 2] / 1e6, "ms",
                   note: "median of \(runs) spawns; the JIT abandons the loop's trace (a host call) through the unwinder")
        let dynamic = linking.hasPrefix("dynamic")
        report.target("caret run, one-line script, process", samples[runs / 2] / 1e6, "ms", mustReach: 3, aim: 2,
                      blocker: dynamic
                          ? "this caret is \(linking): loading and relocating it costs about as much again as the run; build it with scripts/build-release.sh (a static executable)"
                          : "what is left once the process itself is paid for (the row \"caret --version\", \(BenchReport.format(floor[runs / 2] / 1e6)) ms in this run, which only starts, prints and exits): 2.6M instructions more by callgrind and ~150 more page faults. The Lua runtime and sandbox take 1.31M (LuaJIT opening its libraries and compiling the prelude 0.47M, registering the host functions 0.78M, of which the compiled route's three wrappers 0.42M, whose skipping saved only 0.05-0.1 ms), building the editor API's methods 1.02M (the command methods 0.77M of it). Generic metadata comes from accessors, not mangled names, and Foundation proper is not linked (scripts/build-release.sh, docs/scripting.md \"Cost\")")
    }

    /// Wall times of `runs` spawns of `caret run` with `script`, sorted.
    static func spawnTimes(_ executable: String, script: String, runs: Int) throws -> [Double] {
        let file = try ScriptFile(script)
        defer { file.remove() }
        return try spawnTimes([[executable, "run", file.path, "--text", "hello"]], runs: runs)[0]
    }

    /// A script written to a temporary file for the spawns to run.
    struct ScriptFile {
        let path: String

        init(_ script: String) throws {
            path = NSTemporaryDirectory() + "caret-bench-script-\(getpid()).lua"
            try script.write(toFile: path, atomically: true, encoding: .utf8)
        }

        func remove() { unlink(path) }
    }

    /// Wall times of `runs` spawns of each command (its executable's path first), the commands
    /// taking turns, output sent to /dev/null; each command's times sorted. Every spawn must exit
    /// with 0.
    static func spawnTimes(_ commands: [[String]], runs: Int) throws -> [[Double]] {
        var samples = [[Double]](repeating: [], count: commands.count)
        for _ in 0..<runs {
            for (index, arguments) in commands.enumerated() { samples[index].append(try spawnTime(arguments)) }
        }
        return samples.map { $0.sorted() }
    }

    /// The wall time of one spawn of `arguments` (the executable's path first) until it exits.
    static func spawnTime(_ arguments: [String]) throws -> Double {
        let executable = arguments[0]
        // posix_spawn and waitpid: Foundation's Process adds ~30 ms of its own per spawn here.
        // An opaque pointer on Darwin, a struct on Glibc and Musl.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let start = Clock.now()
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environment)
        var status: Int32 = 0
        if spawned == 0 { waitpid(pid, &status, 0) }
        let elapsed = Double(Clock.now() - start)
        posix_spawn_file_actions_destroy(&actions)
        for pointer in argv { free(pointer) }
        guard spawned == 0, status == 0 else {
            throw BenchError("\(arguments.dropFirst().joined(separator: " ")) failed (spawn \(spawned), status \(status))")
        }
        return elapsed
    }
}
