#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretReplay

/// The REPL's history file: `$XDG_STATE_HOME/caret/history` (`~/.local/state/caret/history` when
/// the variable is unset or not an absolute path), one entered line per line, created with its
/// directory (modes 0700/0600). Each line is appended as it is entered, in one `write` under an
/// exclusive `flock`, so sessions running at once interleave whole lines and never corrupt the
/// file. It is bounded: at start, a file past `2 * limit` lines is cut to its last `limit` lines
/// (written to a temporary file and renamed over it, under the lock; an appender that opened the
/// old file sees the rename and appends to the new one).
struct ReplHistory {
    static let limit = 1000
    /// Longer lines (a large paste) are kept for the session only.
    static let longestSavedLine = 64 << 10

    let path: String
    let limit: Int

    init(path: String, limit: Int = ReplHistory.limit) {
        self.path = path
        self.limit = limit
    }

    /// The history path for `environment`.
    static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/caret/history" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/caret/history"
    }

    /// The last `limit` lines, oldest first, compacting the file when it has grown past twice that.
    /// - Throws: a message when the directory or the file cannot be created or read.
    func load() throws -> [String] {
        let directory = FileSystem.directory(of: path)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIError(.cannotCreate, "\(directory): cannot create the history directory")
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CLIError(.cannotCreate, "\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        var lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        if lines.count > 2 * limit {
            lines = Array(lines.suffix(limit))
            // Still under the lock of the old file: appenders wait, then see the new file.
            try? FileIO.write(lines.map { $0 + "\n" }.joined(), to: path)
        }
        return Array(lines.suffix(limit))
    }

    /// Appends `line`. Returns a reason when it could not be saved.
    func append(_ line: String) -> String? {
        guard line.utf8.count <= Self.longestSavedLine, !line.contains("\n") else { return nil }
        for _ in 0..<3 {
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return String(cString: strerror(errno)) }
            defer { close(descriptor) }
            flock(descriptor, LOCK_EX)
            defer { flock(descriptor, LOCK_UN) }
            var opened = stat()
            var current = stat()
            // Compacted (renamed over) between the open and the lock: append to the new file.
            guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0,
                  opened.st_ino == current.st_ino, opened.st_dev == current.st_dev else { continue }
            return Terminal.writeAll(Array((line + "\n").utf8), to: descriptor)
        }
        return "the file kept being replaced"
    }
}
