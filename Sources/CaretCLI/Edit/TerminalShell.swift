#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The thin part of `caret edit` that talks to the terminal: raw mode (termios), the alternate
/// screen, mouse, bracketed paste and keyboard protocol modes, the window size, signals, and a
/// poll loop over the terminal and a self-pipe the signal handlers write to. Every way out —
/// quitting, an error, SIGTERM, SIGHUP, the terminal closing, a crash signal — restores the
/// terminal as it was.
final class TerminalShell {
    let input: Int32
    let output: Int32
    private var saved = termios()
    private var isRaw = false

    /// Modes turned on at the start and off at the end, in this order.
    static let enter = "\u{1B}[?1049h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h"
        + "\u{1B}[>1u\u{1B}[>4;2m\u{1B}[?u\u{1B}[H\u{1B}[2J"
    static let leave = "\u{1B}[<u\u{1B}[>4;0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
        + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Whether both ends are terminals.
    var isTerminal: Bool { isatty(input) == 1 && isatty(output) == 1 }

    /// The window size in columns and rows (80 x 24 when the terminal does not say).
    func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        let request = UInt(TIOCGWINSZ)
        if ioctl(output, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }

    /// Raw mode, the alternate screen and the input modes; installs the signal handlers.
    func start() throws {
        guard tcgetattr(input, &saved) == 0 else { throw CLIError(.ioError, "cannot read the terminal settings: \(String(cString: strerror(errno)))") }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        EditSignals.install(terminal: output, saved: saved, restore: Self.leave)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            EditSignals.uninstall()
            throw CLIError(.ioError, "cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
        }
        isRaw = true
        write(Self.enter)
    }

    /// Puts the terminal back as it was.
    func stop() {
        guard isRaw else { return }
        isRaw = false
        write(Self.leave)
        tcsetattr(input, TCSAFLUSH, &saved)
        EditSignals.uninstall()
    }

    deinit { stop() }

    /// Writes all of `text` to the terminal (retrying short writes).
    @discardableResult
    func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { SystemCall.write(output, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            done += n
        }
        return true
    }

    /// What woke the loop.
    enum Wake {
        case input([UInt8])
        case timeout
        case resized
        case signal(Int32)
        case closed
    }

    /// Waits for input, a signal or `timeout` milliseconds (-1: no limit).
    func wait(timeout: Int32) -> Wake {
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: EditSignals.pipeRead, events: Int16(POLLIN), revents: 0)]
        let n = poll(&fds, 2, timeout)
        if n < 0 { return errno == EINTR ? wake() : .closed }
        if n == 0 { return .timeout }
        if fds[1].revents & Int16(POLLIN) != 0 { return wake() }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(input, &buffer, buffer.count)
            if count > 0 { return .input(Array(buffer[0..<count])) }
            if count < 0, errno == EINTR || errno == EAGAIN { return wake() }
            return .closed
        }
        return .timeout
    }

    /// The signal the handlers reported, if any.
    private func wake() -> Wake {
        var byte: UInt8 = 0
        guard read(EditSignals.pipeRead, &byte, 1) == 1 else { return .timeout }
        if Int32(byte) == SIGWINCH { return .resized }
        return .signal(Int32(byte))
    }
}
