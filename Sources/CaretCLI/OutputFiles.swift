#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretReplay

/// Where an output path leads: a regular file (existing or not) to replace, found by following
/// symbolic links, or something else that exists and is written through.
enum OutputTarget {
    /// The file to replace (after symbolic links) and its permissions when it exists.
    case regular(String, mode: mode_t?)
    /// A device, FIFO or socket (`S_IFCHR`, `S_IFBLK`, `S_IFIFO`, `S_IFSOCK`).
    case special(mode_t)

    /// Symbolic links followed before giving up (Linux's own limit).
    static let maximumLinks = 40

    /// What `path` leads to.
    /// - Throws: CLIError 73 for a directory or a loop of symbolic links.
    static func resolve(_ path: String) throws -> OutputTarget {
        guard !path.isEmpty else { throw CLIError(.cannotCreate, "'': cannot write to an empty path") }
        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw CLIError(.cannotCreate, "\(path): is a directory") }
            // /dev/stdout, /dev/null, a FIFO, a socket, through any links: write through `path`.
            if kind != S_IFREG { return .special(kind) }
        }
        // A regular file or nothing: follow links by hand so that a dangling one names the file
        // to create, and the temporary file goes in the final file's directory.
        var target = path
        var links = 0
        while lstat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            links += 1
            guard links <= maximumLinks else { throw CLIError(.cannotCreate, "\(path): too many levels of symbolic links") }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(target, &buffer, buffer.count - 1)
            guard count > 0 else { throw CLIError(.cannotCreate, "\(path): cannot read the link \(target) (\(String(cString: strerror(errno))))") }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            target = link.hasPrefix("/") ? link : directory(of: target) + "/" + link
        }
        var mode: mode_t?
        if stat(target, &info) == 0 { mode = info.st_mode & 0o7777 }
        return .regular(target, mode: mode)
    }

    /// The directory part of `path` ("." when it has none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// A temporary file beside the file it will replace: created exclusively, then either
/// committed (flushed and renamed over the target, the directory flushed) or discarded.
final class TemporaryFile {
    /// The open file.
    let descriptor: Int32
    /// The temporary file's path.
    let path: String
    /// The file it replaces.
    let target: String
    /// The name the user gave (in messages).
    let name: String
    private var open = true

    /// Creates the temporary file in `target`'s directory, with `mode` when given.
    /// - Throws: CLIError 73 (74 for a full disk) when it cannot be created.
    init(beside target: String, named name: String, mode: mode_t?) throws {
        self.target = target
        self.name = name
        let base = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        // A name of up to 255 bytes still leaves room for the suffix.
        path = OutputTarget.directory(of: target) + "/." + base.utf8Prefix(maxBytes: 180) + ".caret-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        descriptor = SystemCall.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw CLIError(FileIO.exitCode(errno, creating: true), "\(name): cannot write (\(String(cString: strerror(errno))))")
        }
        if let mode, fchmod(descriptor, mode) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw CLIError(.cannotCreate, "\(name): cannot write (\(reason))")
        }
    }

    /// Flushes the file and renames it over the target.
    /// - Throws: CLIError 74 (flushing) or 73 (renaming); the target is then unchanged and the
    ///   temporary file removed.
    func commit() throws {
        if fsync(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw CLIError(.ioError, "\(name): cannot write (\(reason)); the previous file is unchanged")
        }
        close(descriptor)
        open = false
        if rename(path, target) != 0 {
            let code = FileIO.exitCode(errno, creating: true)
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw CLIError(code, "\(name): cannot replace (\(reason))")
        }
        let directory = SystemCall.open(OutputTarget.directory(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Closes and removes the temporary file; the target stays as it was.
    func discard() {
        if open { close(descriptor) }
        open = false
        unlink(path)
    }
}

/// A trace that `caret run --record` writes: beside the file it replaces until the run ends
/// (so a failed run, a full disk or a crash leaves the previous trace as it was), or straight
/// into a device or FIFO. Remembers the first write error, which the run reports as 74.
final class OutputTraceFile: TraceSink {
    private let file: TemporaryFile?
    private let descriptor: Int32
    private let name: String
    /// The error for the first line that could not be written, nil while all were.
    private(set) var failure: CLIError?

    /// Opens the trace at `path` for writing.
    /// - Throws: CLIError 73 or 74 when it cannot be created.
    init(_ path: String) throws {
        name = path
        switch try OutputTarget.resolve(path) {
        case .special(let kind):
            file = nil
            let fd = kind == S_IFSOCK ? FileIO.connectUnixSocket(path) : SystemCall.open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC, 0)
            guard fd >= 0 else { throw CLIError(FileIO.exitCode(errno, creating: true), "\(path): cannot write (\(String(cString: strerror(errno))))") }
            descriptor = fd
        case .regular(let target, let mode):
            let temporary = try TemporaryFile(beside: target, named: path, mode: mode)
            file = temporary
            descriptor = temporary.descriptor
        }
    }

    deinit { if file == nil { close(descriptor) } }

    func writeLine(_ line: String) throws {
        if let failure { throw failure }
        if let reason = Terminal.writeAll(Array(line.utf8) + [0x0A], to: descriptor) {
            let error = CLIError(.ioError, "\(name): cannot write the trace (\(reason)); the previous trace is unchanged")
            failure = error
            throw error
        }
    }

    /// Puts the trace in place (a device or FIFO has it already).
    func commit() throws {
        if let failure { file?.discard(); throw failure }
        try file?.commit()
    }

    /// Removes what was written; the previous trace stays.
    func discard() { file?.discard() }
}
