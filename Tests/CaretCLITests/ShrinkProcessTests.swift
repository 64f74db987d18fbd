import CaretReplay
import Foundation
import Testing

/// `caret shrink` as a real process: the periodic write, the time budget, SIGINT and SIGTERM,
/// and the progress line only on a terminal (tmux). The trace shrinks slowly on purpose: every
/// text event is needed (the last selection lands inside the emoji only after all of them), so
/// delta debugging rejects almost every candidate and runs far longer than any test waits.
@Suite(.serialized) struct ShrinkProcessTests {
    static let executable = CaretExecutableTests.executable

    /// 20,000 typed `a`s, an emoji, two keys that do nothing together, and a selection inside
    /// the emoji's surrogate pair.
    static func slowTrace(in dir: TempDirectory) -> String {
        var lines = [#"{"caret-trace":1,"document":"|"}"#]
        lines += Array(repeating: #"{"text":"a"}"#, count: 20_000)
        lines += [#"{"text":"😀"}"#, #"{"key":"left"}"#, #"{"key":"right"}"#, #"{"select":[20001,20001]}"#]
        return dir.file("slow.caret-trace", lines.joined(separator: "\n") + "\n")
    }

    /// Whether `path` holds a trace that still fails as the slow trace does.
    static func stillFails(_ path: String) throws -> Bool {
        let trace = try TraceReader.read(try String(contentsOfFile: path, encoding: .utf8), file: path)
        do {
            try TracePlayer(trace: trace, file: path).run()
            return false
        } catch {
            return error.step == trace.events.count && "\(error.kind)".contains("surrogate")
        }
    }

    func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable!)
        process.arguments = arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, stdout, stderr)
    }

    /// Waits for `process` to end (killing it after two minutes: a test never hangs) and reads its output.
    func finish(_ process: Process, _ stdout: Pipe, _ stderr: Pipe) -> (code: Int32, stdout: String, stderr: String) {
        if !wait(120, for: { !process.isRunning }) {
            Issue.record("caret shrink did not end; killed")
            kill(process.processIdentifier, SIGKILL)
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// Waits up to `seconds` for `condition`.
    func wait(_ seconds: Double, for condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    @Test(.enabled(if: executable != nil), arguments: [(SIGINT, Int32(130), "interrupted"), (SIGTERM, Int32(143), "terminated")])
    func aSignalWritesTheSmallestFailingTraceSoFar(signal: Int32, code: Int32, word: String) throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = Self.slowTrace(in: dir)
        let out = dir.path + "/small.caret-trace"
        // The budget only matters if this test process dies first: the child then ends by itself.
        let (process, stdout, stderr) = try start(["shrink", trace, "--out", out, "--save-every", "0.2", "--time-budget", "300"])
        // The periodic write: a complete, still-failing trace appears while shrinking goes on.
        let appeared = wait(120) { FileManager.default.fileExists(atPath: out) }
        #expect(appeared)
        #expect(process.isRunning)
        if appeared { #expect(try Self.stillFails(out)) }
        kill(process.processIdentifier, signal)
        let result = finish(process, stdout, stderr)
        #expect(result.code == code, "\(result.stderr)")
        #expect(try Self.stillFails(out))
        #expect(result.stdout.hasPrefix("20004 events -> "))
        #expect(result.stderr == "caret shrink: \(word); \(out) holds the smallest failing trace found so far (shrink it again to go on)\n")
        // Not a terminal: no progress line.
        #expect(!result.stderr.contains("shrinking:") && !result.stderr.contains("\r"))
        // Nothing but the result in the directory: no temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["slow.caret-trace", "small.caret-trace"])
    }

    @Test(.enabled(if: executable != nil)) func theTimeBudgetEndsWithTheResultWritten() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = Self.slowTrace(in: dir)
        let out = dir.path + "/small.caret-trace"
        let (process, stdout, stderr) = try start(["shrink", trace, "--out", out, "--time-budget", "1"])
        let result = finish(process, stdout, stderr)
        #expect(result.code == 75, "\(result.stderr)")
        #expect(try Self.stillFails(out))
        #expect(result.stderr.hasPrefix("caret shrink: the time budget ended; \(out) holds the smallest failing trace"))
    }

    @Test func budgetAndIntervalMustBeNumbers() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("t.caret-trace", failing)
        let bad = caret(["shrink", trace, "--out", dir.path + "/s", "--time-budget", "soon"])
        #expect(bad.code == .usage)
        #expect(bad.stderr.hasPrefix("caret shrink: --time-budget expects a number"))
        #expect(caret(["shrink", trace, "--out", dir.path + "/s", "--save-every", "0"]).code == .usage)
        #expect(caret(["shrink", trace, "--out", dir.path + "/s", "--time-budget", "100"]).code == .ok)
    }

    static let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

    @Test(.enabled(if: executable != nil && hasTmux)) func progressShowsOnATerminalAndCtrlCStopsIt() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = Self.slowTrace(in: dir)
        let out = dir.path + "/small.caret-trace"
        let socket = "caret-shrink-\(getpid())-\(UUID().uuidString.prefix(8))"
        /// Runs a tmux client with posix_spawn and waits for it with waitpid, its output read from a
        /// file: Foundation's Process never sees the client that starts the server end, since the
        /// server keeps what Process watches open.
        func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
            let outputPath = dir.path + "/tmux-output"
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, capture ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ) == 0 else { return "" }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return capture ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
        }
        defer { _ = try? tmux(["kill-server"], capture: false) }
        // The budget matters only if this test process dies first (the tmux server then outlives
        // it): the child ends by itself. `sleep` keeps the pane open for the test to read.
        let command = "'\(Self.executable!)' shrink '\(trace)' --out '\(out)' --time-budget 300; echo EXIT=$?; sleep 600"
        _ = try tmux(["new-session", "-d", "-x", "100", "-y", "30", command], capture: false)
        var screen = ""
        let progressed = wait(120) {
            screen = (try? tmux(["capture-pane", "-p"])) ?? ""
            return screen.contains("left in pass")
        }
        #expect(progressed, "\(screen)")
        #expect(screen.contains("shrinking: 20004 -> "))
        // One line, redrawn in place: never wrapped into copies of itself.
        #expect(screen.components(separatedBy: "shrinking:").count == 2, "\(screen)")
        _ = try tmux(["send-keys", "C-c"], capture: false)
        let ended = wait(60) {
            screen = (try? tmux(["capture-pane", "-p"])) ?? ""
            return screen.contains("EXIT=")
        }
        #expect(ended, "\(screen)")
        #expect(screen.contains("EXIT=130"), "\(screen)")
        #expect(screen.contains("shrinking: stopped: 20004 -> "), "\(screen)")
        #expect(try Self.stillFails(out))
    }
}

/// Did you mean, at the command line: subcommands (also after `help`) and options.
@Suite struct CommandLineDidYouMeanTests {
    @Test func unknownSubcommandsSuggestTheNearest() {
        let runn = caret(["runn", "x.lua"])
        #expect(runn.code == .usage)
        #expect(runn.stderr.hasPrefix("caret: unknown command 'runn'; did you mean 'run'?\nusage: caret COMMAND"))
        #expect(caret(["help", "shrnik"]).stderr == "caret: unknown command 'shrnik'; did you mean 'shrink'?\nsee 'caret --help'\n")
        #expect(caret(["--verison"]).stderr.hasPrefix("caret: unknown command '--verison'; did you mean '--version'?\n"))
        #expect(caret(["frobnicate"]).stderr.hasPrefix("caret: unknown command 'frobnicate'\n"))
    }

    @Test func unknownOptionsSuggestTheNearest() {
        let result = caret(["shrink", "t.caret-trace", "--outt", "s.caret-trace"])
        #expect(result.code == .usage)
        #expect(result.stderr == "caret shrink: unknown option '--outt'; did you mean '--out'?\nsee 'caret shrink --help'\n")
        #expect(caret(["replay", "t.caret-trace", "--chek"]).stderr.hasPrefix("caret replay: unknown option '--chek'; did you mean '--check'?"))
        #expect(caret(["replay", "t.caret-trace", "--hlep"]).stderr.hasPrefix("caret replay: unknown option '--hlep'; did you mean '--help'?"))
        #expect(caret(["replay", "t.caret-trace", "--zzzzzz"]).stderr.hasPrefix("caret replay: unknown option '--zzzzzz'\n"))
    }

    @Test func unknownKeysAndCommandsInInstructionsAndTraces() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("t.caret-trace", "{\"caret-trace\":1,\"document\":\"|\"}\n{\"command\":\"selctAll\"}\n")
        #expect(caret(["replay", trace]).stderr == "\(trace):2:2: unknown command 'selctAll'; did you mean 'selectAll'?\n")
    }
}
