#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CCaretProcess
import CaretReplay

/// `caret shrink TRACE --out SMALLER`: delta-debugs a failing trace, and never loses what it found:
/// the smallest failing trace so far is written every few seconds, when the time budget ends and
/// on SIGINT/SIGTERM, each time atomically.
enum ShrinkCommand {
    static let subcommand = Subcommand(
        name: "shrink",
        summary: "reduce a failing trace to a small one that fails the same way",
        usage: "usage: caret shrink TRACE --out SMALLER [--time-budget SECONDS] [--save-every SECONDS]",
        description: """
        Replays TRACE with its checkpoints checked; if it fails (a checkpoint does not match, or
        an event is refused), removes events by delta debugging while it still fails the same
        way (the same checkpoint, wrong in the same part: text, attributes, selection or typing;
        or the same error message with digits ignored) and writes the smallest trace found to
        SMALLER. Candidates whose selections become invalid fail
        differently and are rejected, so the result replays as it says.
        """,
        options: [
            .value("--out", "SMALLER", "where to write the smallest failing trace found (atomically: a temporary file renamed into place)"),
            .value("--time-budget", "SECONDS", "stop after this long and write the smallest failing trace found so far (exit 75)"),
            .value("--save-every", "SECONDS", "also write the smallest failing trace found so far this often while working (default 10)"),
        ],
        notes: """
        SMALLER is written when shrinking ends, every --save-every seconds while it works, when the
        time budget ends, and on SIGINT (Ctrl-C) or SIGTERM; it always holds a complete trace that
        still fails. A result cut short may shrink further: run caret shrink again on SMALLER. A
        second Ctrl-C ends the process at once (SMALLER then holds the last trace written). On a
        TTY, a progress line on stderr shows the size, the pass and an estimate of its time left.
        """,
        exitCodes: [
            ExitCodeHelp(.ok, "shrunk (no single event can go)"), ExitCodeHelp(.checkFailed, "TRACE does not fail"), .usage,
            ExitCodeHelp(.dataError, "TRACE is malformed"), ExitCodeHelp(.noInput, "TRACE cannot be read"),
            .cannotCreate("SMALLER"), .ioError("SMALLER"),
            ExitCodeHelp(.tempFail, "the time budget ended first (SMALLER written)"),
            ExitCodeHelp(.interrupted, "interrupted by SIGINT (SMALLER written)"),
            ExitCodeHelp(.terminated, "stopped by SIGTERM (SMALLER written)"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        let path = try TraceCommandSupport.onePositional(parsed, "TRACE")
        guard let output = parsed.value("--out") else { throw CLIError.usage("missing --out SMALLER") }
        let budget = try parsed.number("--time-budget", in: 0...1e9)
        let saveEvery = try parsed.number("--save-every", in: 0.01...1e9) ?? 10
        let trace = try TraceCommandSupport.loadTrace(path)
        if CaretCommandLine.isExecutable { caret_interrupt_watch() }
        defer { if CaretCommandLine.isExecutable { caret_interrupt_unwatch() } }
        let session = ShrinkSession(output: output, budget: budget, saveEvery: saveEvery,
                                    progressTerminal: terminal.isInteractive ? terminal : nil)
        let result: TraceShrinker.Result
        do {
            result = try TraceShrinker.shrink(trace, file: path, options: session.options)
        } catch let error as TraceShrinker.NotFailing {
            session.endProgress(nil)
            terminal.error("\(path): \(error)")
            return .checkFailed
        }
        if let failed = session.writeFailure {
            session.endProgress(nil)
            throw failed
        }
        try FileIO.write(result.trace.serialized(), to: output)
        session.endProgress(result)
        let code: ExitCode = result.isComplete ? .ok : session.stopCode
        terminal.out("\(result.originalCount) events -> \(result.trace.events.count) (\(result.replays) replays); \(output) still fails:")
        // The failure's lines are the smaller trace's: name that file, not TRACE.
        var failure = result.failure
        failure.file = output
        terminal.out(TraceCommandSupport.render(failure, on: terminal))
        switch code {
        case .tempFail: terminal.error("caret shrink: the time budget ended; \(output) holds the smallest failing trace found so far (shrink it again to go on)")
        case .interrupted, .terminated: terminal.error("caret shrink: \(code == .interrupted ? "interrupted" : "terminated"); \(output) holds the smallest failing trace found so far (shrink it again to go on)")
        default: break
        }
        return code
    }
}

/// The state of one `caret shrink` run around the shrinker: when to stop, when to save, and the
/// progress line.
final class ShrinkSession {
    let output: String
    let saveEvery: Double
    let progressTerminal: Terminal?
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    let deadline: ContinuousClock.Instant?
    /// Why shrinking stopped early (75, 130 or 143), once it has.
    private(set) var stopCode = ExitCode.ok
    /// The error of a periodic write that failed (shrinking stops: the disk is the problem).
    private(set) var writeFailure: Error?
    private var lastSave: ContinuousClock.Instant
    private var savedEvents: Int?
    private var lastDraw: ContinuousClock.Instant?

    init(output: String, budget: Double?, saveEvery: Double, progressTerminal: Terminal?) {
        self.output = output
        self.saveEvery = saveEvery
        self.progressTerminal = progressTerminal
        let now = clock.now
        start = now
        lastSave = now
        deadline = budget.map { now + .milliseconds(Int64(($0 * 1000).rounded(.up))) }
    }

    var options: TraceShrinker.Options {
        TraceShrinker.Options(shouldStop: { [unowned self] in shouldStop() }, progress: { [unowned self] in heard($0) })
    }

    func shouldStop() -> Bool {
        if stopCode != .ok || writeFailure != nil { return true }
        switch caret_interrupt_signal() {
        case SIGINT: stopCode = .interrupted
        case SIGTERM: stopCode = .terminated
        default:
            if let deadline, clock.now >= deadline { stopCode = .tempFail }
        }
        return stopCode != .ok
    }

    func heard(_ progress: TraceShrinker.Progress) {
        let now = clock.now
        if now - lastSave >= .milliseconds(Int64(saveEvery * 1000)), savedEvents != progress.events {
            lastSave = now
            do {
                try FileIO.write(progress.smallest().serialized(), to: output)
                savedEvents = progress.events
            } catch {
                writeFailure = error
            }
        }
        guard let terminal = progressTerminal, lastDraw.map({ now - $0 >= .milliseconds(100) }) ?? true else { return }
        lastDraw = now
        let elapsed = seconds(now - start)
        var line = "shrinking: \(progress.originalCount) -> \(progress.events) events, \(progress.pass): \(progress.tried)/\(progress.passTotal)"
        if progress.replays > 1 {
            let left = elapsed / Double(progress.replays) * Double(max(0, progress.passTotal - progress.tried))
            line += ", ~\(Self.duration(left)) left in pass"
        }
        line += "; \(progress.replays) replays, \(Self.duration(elapsed))"
        if let deadline { line += " of \(Self.duration(seconds(deadline - start)))" }
        terminal.errorRaw("\r" + fitted(line) + "\u{1B}[K")
    }

    /// `line` cut to fit the terminal's width: a line that wraps would leave a copy of itself on
    /// the screen at every redraw.
    func fitted(_ line: String) -> String {
        var size = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        return line.count < columns ? line : String(line.prefix(max(1, columns - 1)))
    }

    /// Replaces the progress line with the outcome (on a TTY only), or erases it (`nil`).
    func endProgress(_ result: TraceShrinker.Result?) {
        guard let terminal = progressTerminal, lastDraw != nil || result != nil else { return }
        guard let result else { terminal.errorRaw("\r\u{1B}[K"); return }
        let how = result.isComplete ? "done" : stopCode == .tempFail ? "time budget ended" : "stopped"
        terminal.errorRaw("\r" + fitted("shrinking: \(how): \(result.originalCount) -> \(result.trace.events.count) events, \(result.replays) replays, \(Self.duration(seconds(clock.now - start)))") + "\u{1B}[K\n")
    }

    func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// `0.4s`, `12s`, `3m05s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return String(Double(Int((seconds * 10).rounded())) / 10) + "s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        let rest = whole % 60
        return "\(whole / 60)m\(rest < 10 ? "0" : "")\(rest)s"
    }
}
