import CaretReplay

/// `caret shrink TRACE --out SMALLER`: delta-debugs a failing trace.
enum ShrinkCommand {
    static let subcommand = Subcommand(
        name: "shrink",
        summary: "reduce a failing trace to a small one that fails the same way",
        usage: "usage: caret shrink TRACE --out SMALLER",
        description: """
        Replays TRACE with its checkpoints checked; if it fails (a checkpoint does not match, or
        an event is refused), removes events by delta debugging while it still fails the same
        way (the same checkpoint, or the same error message with digits ignored) and writes the
        smallest trace found to SMALLER. Candidates whose selections become invalid fail
        differently and are rejected, so the result replays as it says.
        """,
        options: [.value("--out", "SMALLER", "where to write the smallest failing trace found (atomically)")],
        exitCodes: [
            ExitCodeHelp(.ok, "shrunk"), ExitCodeHelp(.checkFailed, "TRACE does not fail"), .usage,
            ExitCodeHelp(.dataError, "TRACE is malformed"), ExitCodeHelp(.noInput, "TRACE cannot be read"),
            .cannotCreate("SMALLER"), .ioError("SMALLER"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        let path = try TraceCommandSupport.onePositional(parsed, "TRACE")
        guard let output = parsed.value("--out") else { throw CLIError.usage("missing --out SMALLER") }
        let trace = try TraceCommandSupport.loadTrace(path)
        let result: TraceShrinker.Result
        do {
            let interactive = terminal.isInteractive
            let progressTerminal = terminal
            result = try TraceShrinker.shrink(trace, file: path) { replays, events in
                if interactive { progressTerminal.errorRaw("\rshrinking: \(events) events after \(replays) replays…\u{1B}[K") }
            }
            if interactive { terminal.errorRaw("\r\u{1B}[K") }
        } catch let error as TraceShrinker.NotFailing {
            terminal.error("\(path): \(error)")
            return .checkFailed
        }
        try FileIO.write(result.trace.serialized(), to: output)
        terminal.out("\(result.originalCount) events -> \(result.trace.events.count) (\(result.replays) replays); \(output) still fails:")
        // The failure's lines are the smaller trace's: name that file, not TRACE.
        var failure = result.failure
        failure.file = output
        terminal.out(TraceCommandSupport.render(failure, on: terminal))
        return .ok
    }
}
