#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a recorder writes trace lines. Each call writes one whole line.
public protocol TraceSink: AnyObject {
    /// Writes `line` and a newline, and pushes it out before returning.
    func writeLine(_ line: String) throws
}

/// A trace file written line by line: each line goes to the kernel in one `write` as soon as it
/// is recorded, so a crash loses at most the line being written.
public final class TraceFileSink: TraceSink {
    let descriptor: Int32
    private var ownsDescriptor = true
    /// The path written.
    public let path: String

    /// Creates (or truncates) the file at `path`; with `exclusive`, only creates it, and
    /// throws `alreadyExists` when it is there already (an earlier recording stays intact).
    /// - Throws: `TraceFileError` when it cannot be created.
    public init(path: String, exclusive: Bool = false) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC), 0o644)
        guard descriptor >= 0 else {
            if exclusive && errno == EEXIST { throw TraceFileError(path: path, message: Self.alreadyExists) }
            throw TraceFileError(path: path, message: "cannot create (\(String(cString: strerror(errno))))")
        }
    }

    /// The message of the error `init(path:exclusive:)` throws for a file that exists.
    public static let alreadyExists = "already exists"

    /// Flushes what was written to the disk (`fsync`), e.g. before the file is renamed into place.
    public func sync() throws {
        guard fsync(descriptor) == 0 else { throw TraceFileError(path: path, message: "cannot write (\(String(cString: strerror(errno))))") }
    }

    /// Writes to an open descriptor (standard output, a pipe), which it leaves open.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        path = name
        ownsDescriptor = false
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    /// Writes `line` and a newline with one `write` call.
    public func writeLine(_ line: String) throws {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw TraceFileError(path: path, message: "cannot write (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
    }
}

/// Lines kept in memory, for tests and macros.
public final class TraceMemorySink: TraceSink {
    /// The lines written so far.
    public private(set) var lines: [String] = []
    /// An empty sink.
    public init() {}
    /// Appends `line`.
    public func writeLine(_ line: String) { lines.append(line) }
    /// The lines as one text, each ending in a newline.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}
