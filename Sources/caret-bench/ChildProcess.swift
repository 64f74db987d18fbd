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

/// How an executable is linked, read from its ELF program headers and dynamic section, for the
/// notes of rows that start it: "static executable", or "dynamic: N shared libraries, the Swift
/// runtime linked in (or shared), position-independent". Another format (Mach-O) is "not ELF".
enum ExecutableLinking {
    static func describe(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "unreadable" }
        defer { close(descriptor) }
        func bytes(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? buffer : nil
        }
        func integer(_ buffer: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(buffer[at + $1]) << (8 * UInt64($1)) }
        }
        // 64-bit little-endian ELF only (the platforms the bench runs on).
        guard let header = bytes(0, 64), header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1 else {
            return "not ELF"
        }
        let positionIndependent = integer(header, 16, 2) == 3  // ET_DYN
        let count = Int(integer(header, 56, 2))
        let size = Int(integer(header, 54, 2))
        guard let table = bytes(integer(header, 32, 8), count * size) else { return "unreadable" }
        var hasInterpreter = false
        var dynamic: (offset: UInt64, size: UInt64)?
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        for index in 0..<count {
            let at = index * size
            switch integer(table, at, 4) {
            case 1: loads.append((integer(table, at + 16, 8), integer(table, at + 8, 8), integer(table, at + 32, 8)))  // PT_LOAD
            case 2: dynamic = (integer(table, at + 8, 8), integer(table, at + 32, 8))  // PT_DYNAMIC
            case 3: hasInterpreter = true  // PT_INTERP
            default: break
            }
        }
        guard hasInterpreter, let dynamic, let entries = bytes(dynamic.offset, Int(dynamic.size)) else {
            return positionIndependent ? "static position-independent executable" : "static executable"
        }
        var needed: [UInt64] = []
        var stringTable: UInt64 = 0
        for at in stride(from: 0, to: entries.count - 15, by: 16) {
            switch integer(entries, at, 8) {
            case 1: needed.append(integer(entries, at + 8, 8))  // DT_NEEDED
            case 5: stringTable = integer(entries, at + 8, 8)  // DT_STRTAB
            default: break
            }
        }
        let names: [String] = needed.compactMap { offset in
            guard let load = loads.first(where: { stringTable >= $0.address && stringTable < $0.address + $0.size }),
                  let raw = bytes(load.offset + (stringTable - load.address) + offset, 64) else { return nil }
            return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let swift = names.contains { $0.hasPrefix("libswiftCore") } ? "the Swift runtime shared" : "the Swift runtime linked in"
        return "dynamic: \(names.count) shared libraries, \(swift)\(positionIndependent ? ", position-independent" : "")"
    }
}
