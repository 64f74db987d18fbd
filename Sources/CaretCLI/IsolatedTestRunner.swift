import CaretLua
import CaretReplay
import CCaretProcess
import Foundation

/// Runs each `*.test.lua` of `caret test` in a child `caret` process, so that a script that
/// crashes the runtime or hangs inside host code fails its own test, not the whole run.
///
/// The child is `caret _test-one PATH`: it runs the test with `ScriptTestRunner` and prints the
/// outcome after a marker line. A child that ends without printing it (a crash, a kill) or that
/// outlives `ScriptTestRunner.timeout` plus a grace period is an error naming what happened. The
/// child ends itself at that point with an alarm (the kernel delivers it, so no pid is signalled
/// from outside, where it could have been reused).
enum IsolatedTestRunner {
    /// Precedes the outcome in the child's output: a status line, then the message.
    static let marker = "\u{1E}caret-test-outcome"
    /// Seconds past the script's own time limit before the child is killed.
    static let grace = 5.0

    /// The hidden subcommand the parent runs in the child.
    static let subcommand = Subcommand(
        name: "_test-one",
        summary: "(internal) run one Lua test and print its outcome for caret test",
        usage: "usage: caret _test-one PATH",
        description: """
        Runs the Lua test PATH as `caret test` does and prints its outcome for the parent process.
        Used by `caret test`, which runs each Lua test in a child process of its own.
        """,
        exitCodes: [ExitCodeHelp(.ok, "the outcome was printed (whatever it is)"), .usage],
        run: { arguments, terminal in
            guard arguments.count == 1 else { throw CLIError.usage("expected one PATH") }
            caret_crash_guard_set_activity(arguments[0])
            // A hang the script's own time limit cannot stop (inside host code) ends the process.
            alarm(UInt32(ScriptTestRunner.timeout + grace))
            let outcome = ScriptTestRunner.run(arguments[0])
            terminal.outRaw(marker + "\n" + outcome.status.rawValue + "\n" + outcome.message)
            return .ok
        }
    )

    /// Runs the test at `path` in a child process of `executable`.
    static func run(_ path: String, executable: String) -> TestOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["_test-one", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return TestOutcome(.error, "\(path): cannot start a test process: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let timedOut = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGALRM
        let text = String(decoding: data, as: UTF8.self)
        if let range = text.range(of: marker + "\n") {
            let rest = text[range.upperBound...]
            let statusLine = rest.prefix { $0 != "\n" }
            let message = rest.dropFirst(statusLine.count + 1)
            if let status = TestOutcome.Status(rawValue: String(statusLine)) {
                return TestOutcome(status, String(message))
            }
        }
        let said = text.split(separator: "\n").suffix(5).joined(separator: "\n")
        let how: String
        if timedOut {
            how = "the test process was still running \(Int(ScriptTestRunner.timeout + grace)) s after it started and was stopped"
        } else if process.terminationReason == .uncaughtSignal {
            how = "the test process was killed by signal \(process.terminationStatus)"
        } else {
            how = "the test process exited with status \(process.terminationStatus) without an outcome"
        }
        return TestOutcome(.error, "\(path): \(how)" + (said.isEmpty ? "" : "\n" + said))
    }
}
