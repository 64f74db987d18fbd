import Foundation
import Testing

/// A program running in a real terminal: a detached tmux session on a private server (its own
/// socket, so tests never touch a user's tmux and never see each other), driven with send-keys and
/// read with capture-pane. The REPL and `caret edit` tests use it to check what a person would see.
///
///     let tmux = try TmuxSession(command: [caret, "repl"], columns: 80, rows: 24)
///     defer { tmux.close() }
///     try tmux.send("editor:length()", "Enter")
///     let screen = try tmux.waitFor { $0.contains("> ") }
final class TmuxSession {
    /// The tmux executable, or nil where it is not installed (scripts/setup.sh installs it).
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why the terminal tests cannot run here, or nil when they can.
    static var unavailableReason: String? {
        executable == nil ? "tmux is not installed (scripts/setup.sh installs it)" : nil
    }

    enum Failure: Error, CustomStringConvertible {
        case tmux(arguments: [String], status: Int32, stderr: String)
        case timedOut(waitingFor: String, screen: String)

        var description: String {
            switch self {
            case .tmux(let arguments, let status, let stderr):
                return "tmux \(arguments.joined(separator: " ")) exited \(status): \(stderr)"
            case .timedOut(let what, let screen):
                return "timed out waiting for \(what); the screen was:\n\(screen)"
            }
        }
    }

    private let tmux: String
    /// The private server's socket (`tmux -S`), in the temporary directory.
    let socket: String
    /// The server, run in the foreground (`-D`) as this process's own child. A server that tmux
    /// forks as a daemon would inherit the descriptor Foundation watches to see its client exit,
    /// and the client would then never be seen to end.
    private let server: pid_t
    /// Where the shell around the program writes its exit status.
    private let statusPath: String
    private var isClosed = false
    let target = "caret"

    /// Starts `command` (an executable and its arguments, run without a shell) in a new detached
    /// session of `columns` x `rows`, with `environment` added to a minimal one (TERM=xterm-256color,
    /// a UTF-8 locale, HOME and PATH).
    /// `serverOptions` are set (`set-option -s`) in the same tmux command that creates the session,
    /// so they hold before the program can ask for a mode they govern (`extended-keys`).
    init(command: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
         directory: String? = nil, serverOptions: [(String, String)] = []) throws {
        guard let tmux = Self.executable else {
            throw Failure.tmux(arguments: [], status: -1, stderr: Self.unavailableReason ?? "")
        }
        self.tmux = tmux
        socket = FileManager.default.temporaryDirectory.path + "/caret-tmux-\(getpid())-\(UUID().uuidString.prefix(8))"
        let serverArguments = ["-S", socket, "-f", "/dev/null", "-D"]
        server = try Self.spawnServer(tmux, serverArguments)
        let ready = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < ready, kill(server, 0) == 0 else {
                throw Failure.tmux(arguments: serverArguments, status: -1, stderr: "the server did not start")
            }
            usleep(5_000)
        }
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        let inherited = ProcessInfo.processInfo.environment
        for key in ["HOME", "PATH"] { env[key] = inherited[key] }
        env.merge(environment) { $1 }
        // `env -i` gives the program exactly this environment, whatever the server inherited. A
        // shell around it writes the exit status to a file: tmux can mark a pane dead without
        // ever recording its status. The shell catches SIGINT (a handler, not an ignore, so the
        // program starts with the default action) so that a Ctrl-C meant for the program does
        // not end the shell before it writes the status.
        statusPath = socket + ".status"
        let program = ["/bin/sh", "-c", "trap true INT; \"$@\"; echo $? > \"$0\"", statusPath,
                       "/usr/bin/env", "-i"] + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + command
        var arguments = ["new-session", "-d", "-s", target,
                         "-x", String(columns), "-y", String(rows)]
        if let directory { arguments += ["-c", directory] }
        // tmux joins the words with spaces and hands them to a shell, so each word is quoted.
        arguments.append(program.map(Self.shellQuoted).joined(separator: " "))
        for (name, value) in serverOptions { arguments += [";", "set-option", "-s", name, value] }
        try run(arguments)
        // Keep the pane after the program exits, so its last screen can still be read.
        try run(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    /// Sends tmux key names or literal text: each argument is one `send-keys` word ("Enter", "C-c",
    /// "Up", or text). Use `type` for text that could be mistaken for a key name.
    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (no key-name lookup).
    func type(_ text: String) throws {
        try run(["send-keys", "-t", target, "-l", text])
    }

    /// Sends `text`'s bytes to the program exactly as they are (send-keys -H), for sequences a
    /// terminal would send that tmux has no key name for, such as SGR mouse reports.
    func sendRaw(_ text: String) throws {
        try run(["send-keys", "-t", target, "-H"] + text.utf8.map { String(format: "%02x", $0) })
    }

    /// Pastes `text` as the terminal would (set-buffer + paste-buffer -p: bracketed when the
    /// program asked for it; line feeds sent as they are).
    func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "caret-test", "--", text])
        try run(["paste-buffer", "-p", "-r", "-d", "-b", "caret-test", "-t", target])
    }

    /// Sets a server option (`set-option -s`), such as `extended-keys on`.
    func setServerOption(_ name: String, _ value: String) throws {
        try run(["set-option", "-s", name, value])
    }

    /// The process id of the program in the pane (the child of the shell that records its exit
    /// status), for signalling it.
    func panePID() throws -> pid_t? {
        let shell = pid_t(try run(["display-message", "-p", "-t", target, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines))
        return shell.flatMap(Self.child(of:))
    }

    /// The first child process of `parent`, read from /proc (Linux), waiting up to 5 s for it.
    static func child(of parent: pid_t) -> pid_t? {
        let deadline = Date().addingTimeInterval(5)
        repeat {
            if let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(parent)/task") {
                for task in tasks {
                    if let children = try? String(contentsOfFile: "/proc/\(parent)/task/\(task)/children", encoding: .utf8),
                       let first = children.split(separator: " ").first, let pid = pid_t(first) {
                        return pid
                    }
                }
            }
            usleep(20_000)
        } while Date() < deadline
        return nil
    }

    /// The visible screen as text, one line per row with trailing spaces trimmed; with
    /// `escapes`, SGR sequences are kept (capture-pane -e) so attributes can be checked.
    func screen(escapes: Bool = false) throws -> String {
        var arguments = ["capture-pane", "-p", "-t", target]
        if escapes { arguments.append("-e") }
        return try run(arguments)
    }

    /// Polls the screen until `condition` holds (every 20 ms, up to `timeout` seconds) and returns
    /// it; throws with the last screen when it never does.
    @discardableResult
    func waitFor(_ what: String = "the expected screen", timeout: Double = 10, escapes: Bool = false,
                 _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        repeat {
            last = try screen(escapes: escapes)
            if condition(last) { return last }
            usleep(20_000)
        } while Date() < deadline
        throw Failure.timedOut(waitingFor: what, screen: last)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: Double = 10) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Resizes the terminal (the program gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", target, "-x", String(columns), "-y", String(rows)])
    }

    /// The program's exit status once it has exited, nil while it runs.
    func exitStatus() throws -> Int32? {
        guard let data = FileManager.default.contents(atPath: statusPath),
              let text = String(data: data, encoding: .utf8), text.hasSuffix("\n") else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits for the program to exit and returns its status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let status = try exitStatus() { return status }
            usleep(20_000)
        } while Date() < deadline
        throw Failure.timedOut(waitingFor: "the program to exit", screen: (try? screen()) ?? "")
    }

    /// Ends the session and its server.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? run(["kill-server"])
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(server, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(server, SIGKILL) }
            usleep(5_000)
        }
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(atPath: statusPath)
    }

    deinit { close() }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmux)
        process.arguments = ["-S", socket] + arguments
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.tmux(arguments: arguments, status: process.terminationStatus,
                               stderr: String(decoding: errors, as: UTF8.self))
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// Starts the server with every signal unblocked and at its default action (a thread of the
    /// test runner may block some, and a child inherits the mask: a server that never sees SIGCHLD
    /// never learns its program's exit status) and standard streams on /dev/null. (On Linux it may
    /// inherit a descriptor another test opened at that moment; that test then waits at most until
    /// this server ends.)
    private static func spawnServer(_ tmux: String, _ arguments: [String]) throws -> pid_t {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([tmux] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, tmux, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw Failure.tmux(arguments: arguments, status: result, stderr: String(cString: strerror(result)))
        }
        return pid
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

@Suite struct TmuxSessionTests {
    /// The driver itself: a shell-free program's output reaches the screen, typed keys reach the
    /// program, and its exit status is read back.
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func drivesAProgram() throws {
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", "printf 'ready é 😀\\n'; read line; printf 'got %s\\n' \"$line\"; exit 3"],
                                   columns: 40, rows: 5)
        defer { tmux.close() }
        try tmux.waitFor(text: "ready é 😀")
        try tmux.type("it's")
        try tmux.send("Enter")
        try tmux.waitFor(text: "got it's")
        #expect(try tmux.waitForExit() == 3)
    }
}
