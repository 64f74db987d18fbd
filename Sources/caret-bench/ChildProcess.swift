import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command in a child process and reports its exit status, wall time and peak resident
/// memory (the kernel's `ru_maxrss` for that child alone, from `wait4`); its stdout is discarded
/// and its stderr kept for the error message.
enum ChildProcess {
    struct Outcome {
        var status: Int32
        var seconds: Double
        var peakMiB: Double
        /// User plus system CPU time.
        var cpuSeconds: Double
        var stderr: String
    }

    /// Runs the command through a fresh `caret-bench --child-run` (see `childRun`), whose small
    /// address space is all the command's peak can include besides its own.
    ///
    /// On Linux a spawned process's `ru_maxrss` includes the peak of the address space it was
    /// spawned from (posix_spawn shares the parent's until exec, and exec keeps the old peak),
    /// so spawning `caret` straight from the benchmark, which has just built a 200 MB document,
    /// would report the benchmark's own peak.
    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("caret-bench-child-\(getpid()).out").path
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("caret-bench-child-\(getpid()).err").path
        defer { unlink(outputPath); unlink(errorPath) }
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let helper = try spawnAndWait(bench, ["--child-run", errorPath, executable] + arguments, stdout: outputPath, stderr: "/dev/null")
        let fields = ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").split(separator: " ")
            .compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard helper.status == 0, fields.count == 4 else { throw BenchError("caret-bench --child-run failed (exit \(helper.status))") }
        let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(status: Int32(fields[0]), seconds: fields[1], peakMiB: fields[2], cpuSeconds: fields[3], stderr: stderr)
    }

    /// In the helper process: runs the command, its stderr to `errorPath`, and prints
    /// "status seconds peakMiB cpuSeconds".
    static func childRun(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else { return 64 }
        do {
            let outcome = try spawnAndWait(arguments[1], Array(arguments.dropFirst(2)), stdout: "/dev/null", stderr: arguments[0])
            print(outcome.status, outcome.seconds, outcome.peakMiB, outcome.cpuSeconds)
            return 0
        } catch {
            FileHandle.standardError.write("caret-bench --child-run: \(error)\n".data(using: .utf8)!)
            return 70
        }
    }

    static func spawnAndWait(_ executable: String, _ arguments: [String], stdout: String, stderr errorPath: String) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = Clock.now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let seconds = Double(Clock.now() - start) / 1e9
        // Exited normally: the exit code; killed by a signal: 128 + the signal, as shells report it.
        let code: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        #if canImport(Darwin)
        let peak = Double(usage.ru_maxrss) / 1_048_576 // bytes on Darwin
        #else
        let peak = Double(usage.ru_maxrss) / 1024 // kilobytes on Linux
        #endif
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Outcome(status: code, seconds: seconds, peakMiB: peak, cpuSeconds: cpu, stderr: "")
    }
}
