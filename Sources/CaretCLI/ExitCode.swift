/// Conventional exit codes (sysexits.h), as DESIGN.md fixes them.
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// A check, assertion or test failed.
    case checkFailed = 1
    /// The command line was wrong.
    case usage = 64
    /// Input data or a script was bad.
    case dataError = 65
    /// An input file could not be opened.
    case noInput = 66
    /// Something inside Caret went wrong.
    case software = 70
    /// An output file could not be created.
    case cannotCreate = 73
    /// Reading or writing failed midway.
    case ioError = 74
    /// The work stopped before it was done, at a limit the user set (`caret shrink --time-budget`),
    /// with what it found so far written: running it again goes on (sysexits' EX_TEMPFAIL).
    case tempFail = 75
    /// Stopped by SIGINT (Ctrl-C), after writing what it found so far (the shell's 128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM, after writing what it found so far (the shell's 128 + 15).
    case terminated = 143
}

/// An error that ends a command with a message on stderr and an exit code.
public struct CLIError: Error, CustomStringConvertible, Sendable {
    public let code: ExitCode
    public let message: String

    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A usage error; the message should say what was wrong and the command prints its usage line.
    public static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }

    /// Bad input at a place in a file: `file:line:col: message`.
    public static func data(file: String, line: Int, column: Int, _ message: String) -> CLIError {
        CLIError(.dataError, "\(file):\(line):\(column): \(message)")
    }

    public var description: String { message }
}
