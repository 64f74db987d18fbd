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
import CaretCore
import CaretFormats

/// The whole of `caret replay` short of printing: read a trace file, parse it, and play it to the
/// end or a step, checking checkpoints on request. The CLI and the benchmark share this path.
public enum TraceReplay {
    /// The bytes of the file at `path`.
    /// - Throws: `TraceFileError` when it cannot be read.
    public static func readFile(_ path: String) throws -> [UInt8] {
        if FileSystem.isDirectory(path) {
            throw TraceFileError(path: path, message: "is a directory, expected a file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            // FileManager leaves errno unreliable: ask open(2) for the reason.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            let reason = descriptor < 0 ? String(cString: strerror(errno)) : "read failed"
            if descriptor >= 0 { close(descriptor) }
            throw TraceFileError(path: path, message: "cannot read (\(reason))")
        }
        return [UInt8](data)
    }

    /// Parses `bytes` (the contents of `file`) and plays them, one line at a time.
    /// - Returns: the player, stopped at `until` or the end, or at the first failure (also returned).
    ///   It is a streaming player: its `trace` holds the header but no events.
    /// - Throws: `TraceError` when the trace does not parse.
    public static func play(_ bytes: [UInt8], file: String, until: Int? = nil, check: Bool, salvage: Bool = false) throws(TraceError) -> (player: TracePlayer, failure: ReplayFailure?) {
        do {
            let outcome = try replay(.bytes(bytes), file: file, until: until, check: check, salvage: salvage)
            return (outcome.player, outcome.failure)
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(file: file, line: 1, column: 1, message: "\(error)")
        }
    }

    /// Reads the trace at `path` in chunks and plays it as it goes (see `replay(_:file:until:check:salvage:)`).
    /// - Throws: `TraceFileError` when the file cannot be opened or read, `TraceError` when it does not parse.
    public static func replay(path: String, until: Int? = nil, check: Bool, salvage: Bool = false) throws -> TraceReplayOutcome {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TraceFileError(path: path, message: "cannot read (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw TraceFileError(path: path, message: "is a directory, expected a file")
        }
        do {
            return try replay(.descriptor(descriptor), file: path, until: until, check: check, salvage: salvage)
        } catch let error as TraceReadError {
            throw TraceFileError(path: path, message: error.description)
        }
    }

    /// Reads the trace in `source` (named `file` in messages) one line at a time and plays each
    /// event as soon as it is decoded, so that no event is kept: memory is one chunk of input and
    /// the editor. It has the contract of parsing everything before playing: the whole input is
    /// always read, and a line that does not parse is the error even when an earlier event failed
    /// or `until` stopped the playing before it.
    /// - Returns: the player stopped at `until` (or the end, or its first failure, also returned),
    ///   and how many events the trace has.
    /// - Throws: `TraceError` when the trace does not parse (or its header's document cannot be
    ///   shown), `TraceReadError` when a descriptor cannot be read.
    public static func replay(_ source: TraceSource, file: String, until: Int? = nil, check: Bool, salvage: Bool = false) throws -> TraceReplayOutcome {
        var player: TracePlayer?
        // The player without a retain and release of it per event (`player` keeps it alive).
        var current: Unmanaged<TracePlayer>?
        var headerError: TraceError?
        var failure: ReplayFailure?
        // Plain flags, not `failure == nil`: comparing the optional copied it generically, per line.
        var playing = true
        let last = until ?? Int.max
        var count = 0
        let dropped = try TraceReader.stream(source, file: file, salvage: salvage, header: { header in
            do throws(ReplayFailure) {
                let made = try TracePlayer(header: header, file: file, checking: check)
                player = made
                current = Unmanaged.passUnretained(made)
            } catch {
                headerError = TraceError(file: file, line: 1, column: 1, message: "document: \(error.kind)")
            }
        }) { event, line in
            count += 1
            guard playing, count <= last, let current else { return }
            if let error = current._withUnsafeGuaranteedRef({ $0.playReportingFailure(event, line: line) }) {
                failure = error
                playing = false
            }
        }
        if let headerError { throw headerError }
        return TraceReplayOutcome(player: player!, failure: failure, eventCount: count, droppedLine: dropped)
    }
}

/// What a streaming replay ends with.
public struct TraceReplayOutcome {
    /// The player, stopped where the replay stopped (its editor shows that state).
    public let player: TracePlayer
    /// The first failure, when an event failed before the replay's end.
    public let failure: ReplayFailure?
    /// How many events the whole trace has (played or not).
    public let eventCount: Int
    /// The line a salvaging read dropped because it was cut short, if any.
    public let droppedLine: Int?
}

/// A trace file that cannot be read.
public struct TraceFileError: Error, CustomStringConvertible, Sendable {
    /// The path.
    public let path: String
    /// Why.
    public let message: String
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
