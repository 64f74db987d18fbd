#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CCaretProcess
import CaretCore
import CaretReplay

/// The `caret` command: dispatches to subcommands and turns errors into messages and exit codes.
public enum CaretCommandLine {
    public static let version = "0.1.0"

    /// Every subcommand, in the order `caret --help` lists them. A new subcommand is added here,
    /// one line each, defined as `static let subcommand` in its own file.
    static let subcommands: [Subcommand] = [
        RunCommand.subcommand,
        ReplCommand.subcommand,
        EditCommand.subcommand,
        ReplayCommand.subcommand,
        TestCommand.subcommand,
        RecordCommand.subcommand,
        ConvertCommand.subcommand,
        ImportCommand.subcommand,
        ShrinkCommand.subcommand,
        SuggestCommand.subcommand,
        ApiCommand.subcommand,
    ]

    /// Whether `caret test` runs each Lua test in a child process of this executable (set by
    /// `main`, the executable's entry; in-process callers such as tests run them in-process).
    nonisolated(unsafe) static var isolatesLuaTests = false

    /// Whether this is the `caret` executable itself (set by `main`): only then may a command
    /// take over SIGINT and SIGTERM (`caret shrink` writes what it found before it ends).
    nonisolated(unsafe) static var isExecutable = false

    /// Subcommands `caret --help` does not list: internal to caret's own processes.
    static let hiddenSubcommands: [Subcommand] = [IsolatedTestRunner.subcommand]

    /// Runs `caret` with `arguments` (without the program name) and returns the exit code.
    ///
    /// This is the entry of the `caret` executable: it also reports crashes in one line with exit
    /// 70, and `caret test` runs each Lua test in a child process of this executable.
    public static func main(_ arguments: [String]) -> Int32 {
        caret_crash_guard_install()
        // A file past the size limit (`ulimit -f`) is a write error (EFBIG, exit 74) that leaves
        // the previous output intact, not a signal that kills the process mid-write.
        signal(SIGXFSZ, SIG_IGN)
        caret_crash_guard_set_activity("caret " + (arguments.first ?? ""))
        isolatesLuaTests = true
        isExecutable = true
        var terminal = Terminal.standard()
        return finish(run(arguments, terminal: &terminal), terminal: terminal).rawValue
    }

    /// `code`, unless writing to stdout failed (a full disk, a closed pipe's descriptor): then a
    /// message on stderr and exit 74, so that a script never takes cut-short output for success.
    static func finish(_ code: ExitCode, terminal: Terminal) -> ExitCode {
        guard let reason = terminal.failures.stdout else { return code }
        terminal.error("caret: cannot write to standard output (\(reason))")
        return code == .ok || code == .checkFailed ? .ioError : code
    }

    static func run(_ arguments: [String], terminal: inout Terminal) -> ExitCode {
        guard let first = arguments.first else {
            terminal.error(usage)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1 {
                guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
                    terminal.error("caret: unknown command '\(arguments[1])'\(nearestCommand(arguments[1]))\nsee 'caret --help'")
                    return .usage
                }
                terminal.out(command.help)
            } else {
                terminal.out(usage)
            }
            return .ok
        case "--version":
            terminal.out("caret \(version)")
            return .ok
        default:
            break
        }
        guard let command = (subcommands + hiddenSubcommands).first(where: { $0.name == first }) else {
            terminal.error("caret: unknown command '\(first)'\(nearestCommand(first))\n\(usage)")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        // `--help` anywhere before `--` wins: `caret replay t.caret-trace --help` is a question.
        if (rest.firstIndex(of: "--").map { rest[..<$0] } ?? rest[...]).contains(where: { $0 == "--help" || $0 == "-h" }) {
            terminal.out(command.help)
            return .ok
        }
        do {
            return try command.run(rest, &terminal)
        } catch let error as CLIError {
            terminal.error(error.code == .usage ? "caret \(command.name): \(error.message)\nsee 'caret \(command.name) --help'" : error.message)
            return error.code
        } catch {
            terminal.error("caret \(command.name): \(error)")
            return .software
        }
    }

    /// `; did you mean 'run'?` for an unknown command (`--version` and `--help` among them), or "".
    static func nearestCommand(_ name: String) -> String {
        NearestName.didYouMean(name, among: subcommands.map(\.name) + ["help", "--help", "--version"])
    }

        static var usage: String {
        var lines = ["usage: caret COMMAND [OPTIONS]", "", "Caret is a headless rich-text editor you drive from scripts.", "", "commands:"]
        let width = (subcommands.map(\.name.count).max() ?? 0) + 2
        for command in subcommands {
            lines.append("  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary)
        }
        lines += ["", "  caret COMMAND --help   help for one command", "  caret --version        the version", "",
                  "Exit codes: 0 ok, 64 usage (an unknown command); each command's --help lists its own."]
        return lines.joined(separator: "\n")
    }
}
