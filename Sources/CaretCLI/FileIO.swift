import Foundation

/// Reading inputs and writing outputs so that nothing is lost: every file is written to a
/// temporary file beside it, flushed to disk and renamed into place, so a failure leaves the
/// previous file intact.
public enum FileIO {
    /// The bytes of `path` ("-" for stdin), or a CLIError with exit code 66 that says why
    /// (no such file, permission denied, a directory).
    public static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        guard !path.isEmpty else { throw CLIError(.noInput, "'': cannot read an empty path") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIError(.noInput, "\(path): cannot read (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CLIError(.noInput, "\(path): is a directory, expected a file")
        }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError(.ioError, "\(path): cannot read (\(String(cString: strerror(errno))))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Throws the error `read` would (66) when `path` is not a file that can be opened.
    public static func checkReadable(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw CLIError(.noInput, "\(path): is a directory, expected a file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIError(.noInput, "\(path): cannot read (\(String(cString: strerror(errno))))") }
        close(descriptor)
    }

    /// `path` as UTF-8 text, or a data error `path:line:col: not valid UTF-8` at the first
    /// invalid byte (line and column 1-based, the column in Unicode scalars).
    public static func readText(_ path: String) throws -> String {
        try text(try read(path), name: path)
    }

    /// `bytes` (the contents of `name`) as UTF-8 text, or a located data error.
    public static func text(_ bytes: [UInt8], name: String) throws -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let (line, column, byte) = firstInvalidUTF8(bytes) ?? (1, 1, 0)
        throw CLIError.data(file: name, line: line, column: column, "not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))")
    }

    /// Where the first byte that is not part of valid UTF-8 is: 1-based line (ending at LF),
    /// column in Unicode scalars, and the byte; nil when `bytes` is valid.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8)? {
        var line = 1
        var column = 1
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return nil
            case .error:
                return (line, column, bytes[offset])
            }
        }
    }

    /// Writes `bytes` to `path` atomically ("-" writes to stdout). An existing file keeps its
    /// permissions; a symbolic link is written through (the file it points to is replaced).
    /// - Throws: CLIError 73 when the file cannot be created or replaced, 74 when writing fails;
    ///   either way the previous file is untouched and no temporary file is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            if let reason = Terminal.writeAll(bytes, to: STDOUT_FILENO) {
                throw CLIError(.ioError, "cannot write to standard output (\(reason))")
            }
            return
        }
        var target = path
        var info = stat()
        var mode: mode_t?
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
                if stat(target, &info) != 0 { info = stat() }
            }
            if info.st_mode & S_IFMT == S_IFDIR { throw CLIError(.cannotCreate, "\(path): is a directory") }
            if info.st_mode != 0 { mode = info.st_mode & 0o7777 }
        }
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".caret-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw CLIError(.cannotCreate, "\(path): cannot write (\(String(cString: strerror(errno))))")
        }
        func fail(_ code: ExitCode, _ what: String, _ reason: String) -> CLIError {
            close(descriptor)
            unlink(temporary)
            return CLIError(code, "\(path): \(what) (\(reason))")
        }
        if let mode, fchmod(descriptor, mode) != 0 { throw fail(.cannotCreate, "cannot write", String(cString: strerror(errno))) }
        if let reason = Terminal.writeAll(bytes, to: descriptor) { throw fail(.ioError, "cannot write", reason) }
        if fsync(descriptor) != 0 { throw fail(.ioError, "cannot write", String(cString: strerror(errno))) }
        close(descriptor)
        if rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError(.cannotCreate, "\(path): cannot replace (\(reason))")
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Writes `text` to `path` atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
