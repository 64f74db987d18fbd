#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretCore
import CaretReplay

/// What the trace subcommands share: loading a trace file with errors mapped to exit codes, and
/// printing failures with a coloured diff on a TTY.
enum TraceCommandSupport {
    /// The bytes of `path`: exit 66 when it cannot be read.
    static func readTrace(_ path: String) throws -> [UInt8] {
        try FileIO.read(path)
    }

    /// Plays the trace at `path` ("-" for stdin) as `TraceReplay.replay` does, reading it in
    /// chunks: exit 66 when it cannot be opened, 74 when reading fails part way.
    /// - Throws: `TraceError` when it does not parse, for the caller to report.
    static func replayTrace(_ path: String, until: Int?, check: Bool, salvage: Bool) throws -> TraceReplayOutcome {
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            guard !path.isEmpty else { throw CLIError(.noInput, "'': cannot read an empty path") }
            try FileIO.checkReadable(path)
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw CLIError(.noInput, "\(path): cannot read (\(String(cString: strerror(errno))))") }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        do {
            return try TraceReplay.replay(.descriptor(descriptor), file: path, until: until, check: check, salvage: salvage)
        } catch let error as TraceReadError {
            throw CLIError(.ioError, "\(path): \(error)")
        }
    }

    /// The parsed trace at `path`: exit 65 with `file:line:col: message` when it does not parse.
    static func loadTrace(_ path: String, salvage: Bool = false) throws -> Trace {
        let bytes = try readTrace(path)
        do {
            return try TraceReader.read(bytes, file: path, salvage: salvage)
        } catch {
            throw CLIError(.dataError, error.description)
        }
    }

    /// `failure` as the terminal shows it: the headline, the event, and the diff with removed
    /// lines red and added lines green when colour is on.
    static func render(_ failure: ReplayFailure, on terminal: Terminal) -> String {
        var lines = [failure.headline, "  event: " + TraceWriter.line(failure.event)]
        let diff = failure.diff
        if !diff.isEmpty {
            for line in diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("---") || line.hasPrefix("+++") {
                    lines.append(terminal.colored(line, .bold))
                } else if line.hasPrefix("@@") {
                    lines.append(terminal.colored(line, .cyan))
                } else if line.hasPrefix("-") {
                    lines.append(terminal.colored(line, .red))
                } else if line.hasPrefix("+") {
                    lines.append(terminal.colored(line, .green))
                } else {
                    lines.append(line)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A required single positional argument, or a usage error naming it.
    static func onePositional(_ parsed: ParsedArguments, _ name: String) throws -> String {
        guard parsed.positionals.count == 1 else {
            throw CLIError.usage(parsed.positionals.isEmpty ? "missing \(name)" : "expected one \(name), got \(parsed.positionals.count) arguments")
        }
        return parsed.positionals[0]
    }
}
