import CaretCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
// For `_NSGetEnviron`, as caret-bench's spawn has it; Apple platforms import Foundation in this
// module anyway (see docs/architecture.md, "What each layer imports").
import Foundation
#endif

/// Runs another program and collects what it writes, with posix_spawn: the modules of the
/// `caret` executable stay off Foundation's `Process`, and so off Foundation proper, whose
/// start-up costs every `caret` command (docs/architecture.md, "What each layer imports").
package enum Subprocess {
    /// How a child ended.
    package enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// Where the child's standard error goes.
    package enum ErrorOutput: Sendable {
        /// To /dev/null.
        case discarded
        /// To the same pipe as its standard output, interleaved as it writes.
        case mergedWithOutput
    }

    /// Why a child could not be started.
    package struct SpawnError: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Runs `executable` (a path) with `arguments`, its standard input /dev/null and this
    /// process's environment, until it ends. Returns all it wrote to its standard output (and to
    /// its standard error, when merged) and how it ended. The child inherits any descriptor this
    /// process holds without close-on-exec (Foundation's `Process` closed them all); the package
    /// opens every descriptor with O_CLOEXEC.
    /// - Throws: `SpawnError` when the pipe or the process cannot be created.
    package static func run(_ executable: String, _ arguments: [String], errors: ErrorOutput) throws(SpawnError) -> (output: [UInt8], termination: Termination) {
        // Children start one at a time: a pipe's ends are marked close-on-exec before another
        // child can start, so that none holds this one's write end open (the read below would
        // wait for that child's end too). The child's copies are made by dup2, which clears the mark.
        let (reader, pid) = try spawning.withLock { _ in
            Result { () throws(SpawnError) in try spawn(executable, arguments, errors: errors) }
        }.get()
        let output = readToEnd(reader)
        close(reader)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The wait status as <sys/wait.h>'s macros read it (Swift does not import them): the low
        // seven bits are the signal that ended the child, zero when it exited; then its status.
        let signal = status & 0x7F
        return (output, signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal))
    }

    /// Held while a child starts (see `run`).
    private static let spawning = Lock(())

    /// Starts the child of `run` with a pipe for its output: the pipe's read end (the write end is
    /// closed here once the child has its copy) and the child's pid.
    private static func spawn(_ executable: String, _ arguments: [String], errors: ErrorOutput) throws(SpawnError) -> (Int32, pid_t) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnError(description: "cannot create a pipe (\(String(cString: strerror(errno))))") }
        let (reader, writer) = (ends[0], ends[1])
        _ = fcntl(reader, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writer, F_SETFD, FD_CLOEXEC)

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // The child starts with no signal blocked and every signal's default action: what this
        // process ignores (SIGXFSZ, say) or blocks would otherwise carry over the exec, and a
        // test child stopped by its own alarm (SIGALRM) would never stop.
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writer, 1)
        switch errors {
        case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .mergedWithOutput: posix_spawn_file_actions_adddup2(&actions, writer, 2)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let spawned = argv.withUnsafeBufferPointer { posix_spawn(&pid, executable, &actions, &attributes, $0.baseAddress!, environment) }
        close(writer)
        guard spawned == 0 else {
            close(reader)
            throw SpawnError(description: "cannot run \(executable) (\(String(cString: strerror(spawned))))")
        }
        return (reader, pid)
    }

    /// Everything readable from `descriptor` until end of file (a read error ends it early).
    static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
