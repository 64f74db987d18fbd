#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretLua
import CaretReplay
import CCaretProcess

/// Runs each `*.test.lua` of `caret test` in a child `caret` process, so that a script that
/// crashes the runtime or hangs inside host code fails its own test, not the whole run.
///
/// The child is `caret _test-one [--update] [--timeout SECONDS] PATH`: it runs (or, with
/// `--update`, updates) the test with `ScriptTestRunner` and prints the outcome after a marker
/// line. A child that ends without printing it (a crash, a kill) or that outlives its time limit
/// plus a grace period is an error naming what happened. The child ends itself at that point with
/// an alarm (the kernel delivers it, so no pid is signalled from outside, where it could have been
/// reused); an update runs the test twice (once to see, once to confirm), so it gets twice the time.
enum IsolatedTestRunner {
    /// Precedes the outcome in the child's output: a status line, the number of notes, one line
    /// per note, then the message.
    static let marker = "\u{1E}caret-test-outcome"
    /// Seconds past the script's own time limit before the child is killed.
    static let grace = 5.0

    /// The hidden subcommand the parent runs in the child.
    static let subcommand = Subcommand(
        name: "_test-one",
        summary: "(internal) run one Lua test and print its outcome for caret test",
        usage: "usage: caret _test-one [--update] [--timeout SECONDS] PATH",
        description: """
        Runs the Lua test PATH as `caret test` does and prints its outcome for the parent process.
        Used by `caret test`, which runs each Lua test in a child process of its own.
        """,
        exitCodes: [ExitCodeHelp(.ok, "the outcome was printed (whatever it is)"), .usage],
        run: { arguments, terminal in
            var rest = arguments[...]
            var updating = false
            var timeout = ScriptTestRunner.defaultTimeout
            while let first = rest.first, first.hasPrefix("--") {
                rest = rest.dropFirst()
                if first == "--update" {
                    updating = true
                } else if first == "--timeout", let value = rest.first.flatMap(TestCommand.seconds) {
                    timeout = value
                    rest = rest.dropFirst()
                } else {
                    throw CLIError.usage("unknown or incomplete option \(first)")
                }
            }
            guard rest.count == 1, let path = rest.first else { throw CLIError.usage("expected one PATH") }
            caret_crash_guard_set_activity(path)
            // A hang the script's own time limit cannot stop (inside host code) ends the process.
            alarm(UInt32(limit(timeout, updating: updating).rounded(.up)))
            let outcome = updating
                ? ScriptTestRunner.update(path, timeout: timeout) { try FileIO.write($1, to: $0) }
                : ScriptTestRunner.run(path, timeout: timeout)
            let notes = outcome.notes.map { $0.replacing("\n", with: " ") }
            terminal.outRaw(([marker, outcome.status.rawValue, String(notes.count)] + notes).joined(separator: "\n") + "\n" + outcome.message)
            return .ok
        }
    )

    /// Seconds the child may live: the script's limit (twice for an update) and the grace period.
    static func limit(_ timeout: Double, updating: Bool) -> Double {
        timeout * (updating ? 2 : 1) + grace
    }

    /// Runs the test at `path` in a child process of `executable`, updating it with `update`.
    static func run(_ path: String, executable: String, timeout: Double = ScriptTestRunner.defaultTimeout, update: Bool = false) -> TestOutcome {
        let arguments = ["_test-one"] + (update ? ["--update"] : []) + ["--timeout", String(timeout), path]
        let data: [UInt8]
        let termination: Subprocess.Termination
        do { (data, termination) = try Subprocess.run(executable, arguments, errors: .mergedWithOutput) } catch {
            return TestOutcome(.error, "\(path): cannot start a test process: \(error)")
        }
        let text = String(decoding: data, as: UTF8.self)
        if let range = text.firstRange(of: marker + "\n") {
            var lines = text[range.upperBound...].split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            if lines.count == 2, let status = TestOutcome.Status(rawValue: String(lines[0])) {
                lines = lines[1].split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                if let count = Int(lines[0]) {
                    let rest = lines.count == 2 ? lines[1].split(separator: "\n", maxSplits: count, omittingEmptySubsequences: false) : []
                    if rest.count >= count {
                        var outcome = TestOutcome(status, rest.count > count ? String(rest[count]) : "")
                        outcome.notes = rest.prefix(count).map(String.init)
                        return outcome
                    }
                }
            }
        }
        let said = text.split(separator: "\n").suffix(5).joined(separator: "\n")
        let how: String
        switch termination {
        case .signalled(SIGALRM):
            how = "the test process was still running \(TestCommand.format(seconds: limit(timeout, updating: update))) s after it started and was stopped"
        case .signalled(let signal):
            how = "the test process was killed by signal \(signal)"
        case .exited(let status):
            how = "the test process exited with status \(status) without an outcome"
        }
        return TestOutcome(.error, "\(path): \(how)" + (said.isEmpty ? "" : "\n" + said))
    }
}
