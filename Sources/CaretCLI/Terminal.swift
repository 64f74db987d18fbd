#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: standard output and error, and whether colour and progress lines are
/// wanted. Colour is decided per stream (only when that stream is a TTY, never when NO_COLOR is
/// set to a non-empty value or TERM is `dumb`), so `caret replay --check 2>log` on a terminal
/// writes no escape codes into `log`. Tests use a capturing terminal.
public struct Terminal {
    /// Colour for what goes to stdout.
    public var isColorEnabled: Bool
    /// Colour for what goes to stderr.
    public var isErrorColorEnabled: Bool
    /// stderr is a TTY: progress lines are wanted.
    public var isInteractive: Bool
    /// The first failure to write to stdout, if any (a full disk, a closed descriptor).
    public let failures: WriteFailures
    private let write: (String, Bool) -> Void

    public init(isColorEnabled: Bool, isErrorColorEnabled: Bool? = nil, isInteractive: Bool,
                failures: WriteFailures = WriteFailures(), write: @escaping (String, Bool) -> Void) {
        self.isColorEnabled = isColorEnabled
        self.isErrorColorEnabled = isErrorColorEnabled ?? isColorEnabled
        self.isInteractive = isInteractive
        self.failures = failures
        self.write = write
    }

    /// Whether a stream that `isTTY` gets colour under `environment` (https://no-color.org).
    public static func wantsColor(isTTY: Bool, environment: [String: String]) -> Bool {
        wantsColor(isTTY: isTTY, noColor: environment["NO_COLOR"], term: environment["TERM"])
    }

    /// The same, from the two variables' values (nil when unset).
    static func wantsColor(isTTY: Bool, noColor: String?, term: String?) -> Bool {
        guard isTTY else { return false }
        if let noColor, !noColor.isEmpty { return false }
        return term != "dumb"
    }

    /// The process's own stdout and stderr. A write to stdout that fails is remembered in
    /// `failures` (the command then ends with exit 74) instead of stopping the process.
    public static func standard() -> Terminal {
        // Only the two variables colour depends on, with getenv: ProcessInfo's environment, or
        // any first [String: String], costs the runtime a scan of every protocol conformance
        // in the executable at startup (a third of `caret --version`).
        let noColor = getenv("NO_COLOR").map { String(cString: $0) }
        let term = getenv("TERM").map { String(cString: $0) }
        let failures = WriteFailures()
        return Terminal(
            isColorEnabled: wantsColor(isTTY: isatty(STDOUT_FILENO) == 1, noColor: noColor, term: term),
            isErrorColorEnabled: wantsColor(isTTY: isatty(STDERR_FILENO) == 1, noColor: noColor, term: term),
            isInteractive: isatty(STDERR_FILENO) == 1,
            failures: failures
        ) { text, isError in
            if let reason = writeAll(Array(text.utf8), to: isError ? STDERR_FILENO : STDOUT_FILENO), !isError, failures.stdout == nil {
                failures.stdout = reason
            }
        }
    }

    /// A terminal that appends to two strings, for tests.
    public static func capturing(_ output: CapturedOutput) -> Terminal {
        Terminal(isColorEnabled: false, isInteractive: false) { text, isError in
            if isError { output.stderr += text } else { output.stdout += text }
        }
    }

    /// This terminal with stdout's colour setting replaced by stderr's: for text rendered with
    /// `colored` that goes to stderr.
    public var forErrors: Terminal {
        var copy = self
        copy.isColorEnabled = isErrorColorEnabled
        return copy
    }

    /// Writes `text` and a newline to stdout.
    public func out(_ text: String) { write(text + "\n", false) }
    /// Writes `text` as is to stdout.
    public func outRaw(_ text: String) { write(text, false) }
    /// Writes `text` and a newline to stderr.
    public func error(_ text: String) { write(text + "\n", true) }
    /// Writes `text` as is to stderr (progress lines).
    public func errorRaw(_ text: String) { write(text, true) }

    /// `text` in an ANSI colour when colour is on.
    public func colored(_ text: String, _ color: Color) -> String {
        isColorEnabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    public enum Color: Int {
        case red = 31, green = 32, yellow = 33, cyan = 36, bold = 1
    }

    /// Writes every byte of `bytes` to `descriptor`, retrying short writes and EINTR; returns
    /// nil, or why it failed (the `strerror` text).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}

/// Write failures a terminal met, shared by its copies.
public final class WriteFailures: @unchecked Sendable {
    /// The reason the first failed write to stdout failed.
    public var stdout: String?
    public init() {}
}

/// What a capturing terminal collected.
public final class CapturedOutput: @unchecked Sendable {
    public var stdout = ""
    public var stderr = ""
    public init() {}
}
