import CaretLua
import CaretReplay
import Foundation

/// `caret test PATH...`: runs trace files and Lua test scripts in parallel.
enum TestCommand {
    static let subcommand = Subcommand(
        name: "test",
        summary: "run every trace (*.caret-trace) and Lua test (*.test.lua) under the paths",
        usage: """
        usage: caret test PATH... [--jobs N] [--filter TEXT] [--shard K/N] [--tap] [--junit FILE]
                                  [--update [--force]]
        """,
        description: """
        Finds every *.caret-trace and *.test.lua file under the PATHs (files named directly run
        whatever their extension), replays traces with their checkpoints checked and hands Lua
        tests to the Lua runner, in parallel. Prints each failure with its step, event and diff,
        and a closing line `N passed, N failed` (`, N skipped` when some were). Errors (a
        malformed trace, a refused event, a script error) count as failed.
        """,
        options: [
            .value("--jobs", "N", "run N at a time (default: every core)"),
            .value("--filter", "TEXT", "only files whose path contains TEXT"),
            .value("--shard", "K/N", "only the K-th of N shares of the sorted file list (every N-th file)"),
            .flag("--tap", "print TAP version 13 results instead of the failure reports (the closing line becomes a "
                + "`# ` comment)"),
            .value("--junit", "FILE", "also write JUnit XML to FILE"),
            .flag("--update", "rewrite failing checkpoints of traces from what replay produces (refused when the CI "
                + "environment variable is set, unless --force)"),
            .flag("--force", "with --update, rewrite even when CI is set"),
        ],
        exitCodes: [
            ExitCodeHelp(.ok, "all passed"), ExitCodeHelp(.checkFailed, "some failed"), .usage,
            ExitCodeHelp(.noInput, "a PATH does not exist or holds no tests, or --filter keeps none"),
            .cannotCreate("the --junit FILE or an updated trace"), .ioError("the --junit FILE or an updated trace"),
        ],
        run: { arguments, terminal in try run(arguments, &terminal) }
    )

    /// Runs `caret test`; Lua tests go to `luaRunner`, by default `ScriptTestRunner` (in a child
    /// process of its own each when this is the `caret` executable).
    static func run(_ arguments: [String], _ terminal: inout Terminal, luaRunner: TestRunner.LuaTestRunner? = nil) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("missing PATH") }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs = try parsed.integer("--jobs", in: 1...1024) ?? cores
        if parsed.has("--update"), let report = parsed.has("--tap") ? "--tap" : parsed.value("--junit") != nil ? "--junit" : nil {
            throw CLIError.usage("--update rewrites traces and reports nothing; it does not go with \(report)")
        }
        if parsed.has("--update"), !parsed.has("--force"), let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty {
            throw CLIError.usage("refusing to --update checkpoints with CI set (CI=\(ci)); pass --force to do it anyway")
        }
        var files: [String]
        do { files = try TestRunner.discover(parsed.positionals) } catch { throw CLIError(.noInput, "\(error)") }
        guard !files.isEmpty else { throw CLIError(.noInput, "no *.caret-trace or *.test.lua files under \(parsed.positionals.joined(separator: " "))") }
        if let filter = parsed.value("--filter") {
            files = files.filter { $0.contains(filter) }
            // A filter that keeps nothing is a mistake, not a green run.
            guard !files.isEmpty else { throw CLIError(.noInput, "no test path contains '\(filter)'") }
        }
        if let shard = parsed.value("--shard") {
            let parts = shard.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
                throw CLIError.usage("--shard expects K/N with 1 <= K <= N, got '\(shard)'")
            }
            files = TestRunner.shard(files, index: parts[0], count: parts[1])
        }
        if parsed.has("--update") { return try update(files, terminal: &terminal) }
        let lua = luaRunner ?? defaultLuaRunner()
        let interactive = terminal.isInteractive
        let progressTerminal = terminal
        let results = TestRunner.run(files, jobs: jobs, luaRunner: lua) { done in
            if interactive { progressTerminal.errorRaw("\r[\(done)/\(files.count)] testing…") }
        }
        if interactive && !files.isEmpty { terminal.errorRaw("\r\u{1B}[K") }
        if parsed.has("--tap") {
            terminal.outRaw(TestReport.tap(results))
        } else {
            for result in results where result.outcome.status == .failed || result.outcome.status == .error {
                terminal.out(terminal.colored("FAIL", .red) + " " + result.path)
                terminal.out(result.outcome.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        if let junit = parsed.value("--junit") { try FileIO.write(TestReport.junit(results), to: junit) }
        let summary = TestReport.summary(results)
        // In TAP, anything that is not a TAP line must be a comment.
        terminal.out(parsed.has("--tap") ? "# " + summary.line : summary.line)
        return summary.failed == 0 ? .ok : .checkFailed
    }

    /// `ScriptTestRunner` in this process, or in a child `caret` process per test when this is
    /// the `caret` executable (`CaretCommandLine.main`).
    static func defaultLuaRunner() -> TestRunner.LuaTestRunner {
        if CaretCommandLine.isolatesLuaTests, let executable = Bundle.main.executablePath {
            return { IsolatedTestRunner.run($0, executable: executable) }
        }
        return { ScriptTestRunner.run($0) }
    }

    /// `--update`: rewrites each trace's failing checkpoints; Lua tests are skipped.
    static func update(_ files: [String], terminal: inout Terminal) throws -> ExitCode {
        var failed = 0
        var updated = 0
        for path in files where path.hasSuffix(TestRunner.traceExtension) || !path.hasSuffix(TestRunner.luaExtension) {
            do {
                let bytes = try FileIO.read(path)
                let (newBytes, changed) = try TraceUpdater.update(bytes, file: path)
                if changed > 0 {
                    try FileIO.write(newBytes, to: path)
                    updated += 1
                    terminal.out("updated \(path) (\(changed) checkpoint\(changed == 1 ? "" : "s"))")
                }
            } catch {
                failed += 1
                terminal.error("\(error)")
            }
        }
        terminal.out("\(updated) updated, \(failed) failed")
        return failed == 0 ? .ok : .checkFailed
    }
}
