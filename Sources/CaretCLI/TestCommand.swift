#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretLua
import CaretReplay

/// `caret test PATH...`: runs trace files and Lua test scripts in parallel.
enum TestCommand {
    static let subcommand = Subcommand(
        name: "test",
        summary: "run every trace (*.caret-trace) and Lua test (*.test.lua) under the paths",
        usage: """
        usage: caret test PATH... [--jobs N] [--filter TEXT] [--shard K/N] [--timeout SECONDS]
                                  [--tap] [--junit FILE] [--update [--force]]
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
            .value("--shard", "K/N", "only the K-th of N shares of the sorted file list (every N-th file; "
                + "TEST_TOTAL_SHARDS/TEST_SHARD_INDEX set it too, see below)"),
            .value("--timeout", "SECONDS", "the time limit of each Lua test (default: 10; a positive number)"),
            .flag("--tap", "print TAP version 13 results instead of the failure reports (the closing line becomes a "
                + "`# ` comment)"),
            .value("--junit", "FILE", "also write JUnit XML to FILE (default: $XML_OUTPUT_FILE when set)"),
            .flag("--update", "rewrite failing checkpoints of traces and failing expect literals of Lua tests from what "
                + "the run produces, printing each `updated FILE:LINE` (refused when the CI environment variable is "
                + "set, unless --force)"),
            .flag("--force", "with --update, rewrite even when CI is set"),
        ],
        notes: """
        Sharding engines (Bazel, CI matrices): when TEST_TOTAL_SHARDS and TEST_SHARD_INDEX (0-based)
        are set, only that shard runs, as `--shard INDEX+1/TOTAL` would (both given and different is
        a usage error), and the file TEST_SHARD_STATUS_FILE names is touched when set. When
        XML_OUTPUT_FILE is set and --junit is not given, JUnit XML is written there.

        With --update, a Lua test is run once with its expectations recorded, the string literal of
        each failing caret.expect/editor:expect is rewritten in place (its quotes or long brackets
        kept), and the rewritten file is run again before it replaces the old one atomically. An
        expectation built at run time (a concatenation, a variable) cannot be rewritten and fails
        the run. The closing line is `N updated, N failed` (N files).
        """,
        exitCodes: [
            ExitCodeHelp(.ok, "all passed (with --update: all passed or were rewritten)"),
            ExitCodeHelp(.checkFailed, "some failed (with --update: some could not be rewritten)"), .usage,
            ExitCodeHelp(.noInput, "a PATH does not exist or holds no tests, or --filter keeps none"),
            .cannotCreate("the JUnit file or an updated test"), .ioError("the JUnit file or an updated test"),
        ],
        run: { arguments, terminal in try run(arguments, &terminal) }
    )

    /// The largest --timeout, in seconds (a week).
    static let maximumTimeout = 604_800.0

    /// Runs `caret test`; Lua tests go to `luaRunner`, by default `ScriptTestRunner` (in a child
    /// process of its own each when this is the `caret` executable). `environment` is where the
    /// sharding and JUnit variables are read (the process's by default).
    static func run(_ arguments: [String], _ terminal: inout Terminal, luaRunner: TestRunner.LuaTestRunner? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("missing PATH") }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs = try parsed.integer("--jobs", in: 1...1024) ?? cores
        let updating = parsed.has("--update")
        if updating, parsed.has("--tap") {
            throw CLIError.usage("--update prints what it rewrote; it does not go with --tap")
        }
        if updating, !parsed.has("--force"), let ci = environment["CI"], !ci.isEmpty {
            throw CLIError.usage("refusing to --update checkpoints with CI set (CI=\(ci)); pass --force to do it anyway")
        }
        let timeout = try parsed.value("--timeout").map(timeoutValue) ?? ScriptTestRunner.defaultTimeout
        let shard = try TestSharding.shard(option: parsed.value("--shard"), environment: environment)
        if let status = environment["TEST_SHARD_STATUS_FILE"], !status.isEmpty { try TestSharding.touch(status) }
        var files: [String]
        do { files = try TestRunner.discover(parsed.positionals) } catch { throw CLIError(.noInput, "\(error)") }
        guard !files.isEmpty else { throw CLIError(.noInput, "no *.caret-trace or *.test.lua files under \(parsed.positionals.joined(separator: " "))") }
        if let filter = parsed.value("--filter") {
            files = files.filter { $0.contains(filter) }
            // A filter that keeps nothing is a mistake, not a green run.
            guard !files.isEmpty else { throw CLIError(.noInput, "no test path contains '\(filter)'") }
        }
        if let shard { files = TestRunner.shard(files, index: shard.index, count: shard.count) }
        let junitPath = parsed.value("--junit") ?? environment["XML_OUTPUT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let runner: @Sendable (String) -> TestOutcome
        if updating {
            let lua = updatingLuaRunner(timeout: timeout)
            runner = { $0.hasSuffix(TestRunner.luaExtension) ? lua($0) : updateTrace($0) }
        } else {
            let lua = luaRunner ?? defaultLuaRunner(timeout: timeout)
            runner = { TestRunner.run($0, luaRunner: lua) }
        }
        let interactive = terminal.isInteractive
        let progressTerminal = terminal
        let started = Date()
        let clock = ContinuousClock.now
        let results = TestRunner.run(files, jobs: jobs, runner: runner) { done in
            if interactive { progressTerminal.errorRaw("\r[\(done)/\(files.count)] testing…") }
        }
        let elapsed = ContinuousClock.now - clock
        if interactive && !files.isEmpty { terminal.errorRaw("\r\u{1B}[K") }
        if parsed.has("--tap") {
            terminal.outRaw(TestReport.tap(results))
        } else {
            for result in results {
                for note in result.outcome.notes { terminal.out("updated " + note) }
                guard result.outcome.status == .failed || result.outcome.status == .error else { continue }
                terminal.out(terminal.colored("FAIL", .red) + " " + result.path)
                terminal.out(result.outcome.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        if let junitPath {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            try FileIO.write(TestReport.junit(results, timestamp: TestReport.timestamp(started), seconds: seconds), to: junitPath)
        }
        let summary = TestReport.summary(results)
        if updating {
            let updated = results.filter { !$0.outcome.notes.isEmpty }.count
            terminal.out("\(updated) updated, \(summary.failed) failed")
        } else {
            // In TAP, anything that is not a TAP line must be a comment.
            terminal.out(parsed.has("--tap") ? "# " + summary.line : summary.line)
        }
        return summary.failed == 0 ? .ok : .checkFailed
    }

    /// `--timeout`: a positive, finite number of seconds, at most a week.
    static func timeoutValue(_ text: String) throws -> Double {
        guard let value = seconds(text) else {
            throw CLIError.usage("--timeout expects a positive number of seconds (at most \(Int(maximumTimeout))), got '\(text)'")
        }
        return value
    }

    /// `text` as a positive, finite number of seconds no larger than `maximumTimeout`, else nil.
    static func seconds(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value > 0, value <= maximumTimeout else { return nil }
        return value
    }

    /// Seconds for a message: `15`, `2.5`.
    static func format(seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    /// The path of the running executable, for the isolated runner's children.
    static var currentExecutable: String? {
        #if canImport(FoundationEssentials)
        // Linux: the kernel's link to the executable (Foundation's Bundle reads the same).
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return Bundle.main.executablePath
        #endif
    }

    /// `ScriptTestRunner` in this process, or in a child `caret` process per test when this is
    /// the `caret` executable (`CaretCommandLine.main`).
    static func defaultLuaRunner(timeout: Double = ScriptTestRunner.defaultTimeout) -> TestRunner.LuaTestRunner {
        if CaretCommandLine.isolatesLuaTests, let executable = currentExecutable {
            return { IsolatedTestRunner.run($0, executable: executable, timeout: timeout) }
        }
        return { ScriptTestRunner.run($0, timeout: timeout) }
    }

    /// The Lua runner of `--update`: `ScriptTestRunner.update`, isolated as `defaultLuaRunner` is.
    static func updatingLuaRunner(timeout: Double) -> TestRunner.LuaTestRunner {
        if CaretCommandLine.isolatesLuaTests, let executable = currentExecutable {
            return { IsolatedTestRunner.run($0, executable: executable, timeout: timeout, update: true) }
        }
        return { ScriptTestRunner.update($0, timeout: timeout) { try FileIO.write($1, to: $0) } }
    }

    /// `--update` of one trace: its failing checkpoints rewritten from what replay produces.
    static func updateTrace(_ path: String) -> TestOutcome {
        do {
            let bytes = try FileIO.read(path)
            let (newBytes, changed) = try TraceUpdater.update(bytes, file: path)
            var outcome = TestOutcome.passed
            if changed > 0 {
                try FileIO.write(newBytes, to: path)
                outcome.notes = ["\(path) (\(changed) checkpoint\(changed == 1 ? "" : "s"))"]
            }
            return outcome
        } catch {
            return TestOutcome(.error, "\(error)")
        }
    }
}
