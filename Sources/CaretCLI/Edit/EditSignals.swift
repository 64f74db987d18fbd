#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal handling for `caret edit`. SIGWINCH, SIGTERM, SIGHUP, SIGINT and SIGQUIT are written
/// to a self-pipe the poll loop reads (the loop then redraws, or writes the final checkpoint,
/// restores the terminal and exits). A crash signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
/// SIGTRAP) restores the terminal from the handler with async-signal-safe calls only, then
/// passes the signal on to the handler installed before (caret's one-line crash report).
enum EditSignals {
    nonisolated(unsafe) static var pipeRead: Int32 = -1
    nonisolated(unsafe) static var pipeWrite: Int32 = -1
    nonisolated(unsafe) static var terminal: Int32 = -1
    nonisolated(unsafe) static var savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static var restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    nonisolated(unsafe) static var restoreLength = 0
    nonisolated(unsafe) static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)

    static let forwarded: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    static func install(terminal descriptor: Int32, saved: termios, restore: String) {
        if pipeRead < 0 {
            var fds: [Int32] = [0, 0]
            if pipe(&fds) == 0 {
                pipeRead = fds[0]
                pipeWrite = fds[1]
                for fd in fds {
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                }
            }
        }
        terminal = descriptor
        savedSettings.pointee = saved
        let bytes = Array(restore.utf8.prefix(256))
        for (i, b) in bytes.enumerated() { restoreBytes[i] = b }
        restoreLength = bytes.count
        for signal in forwarded {
            var action = sigaction()
            setHandler(&action, forward)
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        for signal in crashes {
            var action = sigaction()
            setHandler(&action, crash)
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK)
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    static func uninstall() {
        for signal in forwarded {
            var action = sigaction()
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = SIG_DFL
            #else
            action.__sigaction_handler.sa_handler = SIG_DFL
            #endif
            sigaction(signal, &action, nil)
        }
        for signal in crashes { sigaction(signal, previous + Int(signal), nil) }
        restoreLength = 0
    }

    static func setHandler(_ action: inout sigaction, _ handler: @escaping @convention(c) (Int32) -> Void) {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
    }

    static let forward: @convention(c) (Int32) -> Void = { signal in
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(EditSignals.pipeWrite, &byte, 1)
    }

    static let crash: @convention(c) (Int32) -> Void = { signal in
        if EditSignals.restoreLength > 0 {
            _ = write(EditSignals.terminal, EditSignals.restoreBytes, EditSignals.restoreLength)
            tcsetattr(EditSignals.terminal, TCSAFLUSH, EditSignals.savedSettings)
        }
        sigaction(signal, EditSignals.previous + Int(signal), nil)
        raise(signal)
    }
}
