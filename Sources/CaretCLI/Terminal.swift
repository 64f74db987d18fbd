import Foundation

/// Where a command writes: standard output and error, and whether colour and progress lines are
/// wanted (only on a TTY, never when NO_COLOR is set). Tests use a capturing terminal.
public struct Terminal {
    public var isColorEnabled: Bool
    public var isInteractive: Bool
    private let write: (String, Bool) -> Void

    public init(isColorEnabled: Bool, isInteractive: Bool, write: @escaping (String, Bool) -> Void) {
        self.isColorEnabled = isColorEnabled
        self.isInteractive = isInteractive
        self.write = write
    }

    /// The process's own stdout and stderr.
    public static func standard() -> Terminal {
        let tty = isatty(STDOUT_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] != nil
        return Terminal(isColorEnabled: tty && !noColor, isInteractive: isatty(STDERR_FILENO) == 1) { text, isError in
            FileHandle(fileDescriptor: isError ? STDERR_FILENO : STDOUT_FILENO).write(Data(text.utf8))
        }
    }

    /// A terminal that appends to two strings, for tests.
    public static func capturing(_ output: CapturedOutput) -> Terminal {
        Terminal(isColorEnabled: false, isInteractive: false) { text, isError in
            if isError { output.stderr += text } else { output.stdout += text }
        }
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
}

/// What a capturing terminal collected.
public final class CapturedOutput: @unchecked Sendable {
    public var stdout = ""
    public var stderr = ""
    public init() {}
}
