import CaretCore
import CaretFormats
import Foundation

/// The whole of `caret replay` short of printing: read a trace file, parse it, and play it to the
/// end or a step, checking checkpoints on request. The CLI and the benchmark share this path.
public enum TraceReplay {
    /// The bytes of the file at `path`.
    /// - Throws: `TraceFileError` when it cannot be read.
    public static func readFile(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
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

    /// Parses `bytes` (the contents of `file`) and plays them.
    /// - Returns: the player, stopped at `until` or the end, or at the first failure (also returned).
    /// - Throws: `TraceError` when the trace does not parse.
    public static func play(_ bytes: [UInt8], file: String, until: Int? = nil, check: Bool, salvage: Bool = false) throws(TraceError) -> (player: TracePlayer, failure: ReplayFailure?) {
        let trace = try TraceReader.read(bytes, file: file, salvage: salvage)
        let player: TracePlayer
        do {
            player = try TracePlayer(trace: trace, file: file, checking: check)
        } catch {
            throw TraceError(file: file, line: 1, column: 1, message: "document: \(error.kind)")
        }
        do {
            try player.run(until: until)
            return (player, nil)
        } catch {
            return (player, error)
        }
    }
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
