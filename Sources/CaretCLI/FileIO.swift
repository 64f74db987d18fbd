#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretCore

/// Reading inputs and writing outputs so that nothing is lost: every file is written to a
/// temporary file beside it, flushed to disk and renamed into place, so a failure leaves the
/// previous file intact.
public enum FileIO {
    /// The bytes of `path` ("-" for stdin), or a CLIError with exit code 66 that says why
    /// (no such file, permission denied, a directory).
    public static func read(_ path: String) throws -> [UInt8] {
        guard !path.isEmpty else { throw CLIError(.noInput, "'': cannot read an empty path") }
        let isStandardInput = path == "-"
        let descriptor = isStandardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIError(.noInput, "\(path): cannot read (\(String(cString: strerror(errno))))") }
        defer { if !isStandardInput { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CLIError(.noInput, "\(path): is a directory, expected a file")
        }
        var bytes: [UInt8] = []
        var chunkSize = 1 << 16
        if info.st_mode & S_IFMT == S_IFREG {
            bytes.reserveCapacity(Int(info.st_size))
            // A script or a small document in one read, without zeroing (and faulting in) 64 KiB
            // for it: a one-line `caret run` spent ~1% of its time there.
            chunkSize = min(chunkSize, max(4096, Int(info.st_size) + 1))
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
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
        if let text = String(validUTF8: bytes) { return text }
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

    /// Writes `bytes` to `path` so that nothing is destroyed ("-" writes to stdout):
    /// - a regular file (or none) is replaced atomically: written to a temporary file in the same
    ///   directory, flushed to disk and renamed over it, keeping its permissions;
    /// - a symbolic link is followed (a chain too, a dangling one to the file it names) and the
    ///   file it leads to is replaced that way, in that file's directory; the link stays;
    /// - anything else that exists (a device such as /dev/stdout or /dev/null, a FIFO, a Unix
    ///   socket) is written through, never replaced.
    /// - Throws: CLIError 73 when the file cannot be created or replaced, 74 when writing fails
    ///   (a full disk, a quota, an I/O error); either way the previous file is untouched and no
    ///   temporary file is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            if let reason = Terminal.writeAll(bytes, to: STDOUT_FILENO) {
                throw CLIError(.ioError, "cannot write to standard output (\(reason))")
            }
            return
        }
        switch try OutputTarget.resolve(path) {
        case .special(let kind):
            try writeThrough(bytes, to: path, kind: kind)
        case .regular(let target, let mode):
            let file = try TemporaryFile(beside: target, named: path, mode: mode)
            if let reason = Terminal.writeAll(bytes, to: file.descriptor) {
                file.discard()
                throw CLIError(.ioError, "\(path): cannot write (\(reason)); the previous file is unchanged")
            }
            try file.commit()
        }
    }

    /// Writes `bytes` to the device, FIFO or socket at `path` without replacing it.
    static func writeThrough(_ bytes: [UInt8], to path: String, kind: mode_t) throws {
        let descriptor = kind == S_IFSOCK ? connectUnixSocket(path) : open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIError(exitCode(errno, creating: true), "\(path): cannot write (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        if let reason = Terminal.writeAll(bytes, to: descriptor) { throw CLIError(.ioError, "\(path): cannot write (\(reason))") }
    }

    /// A stream socket connected to the Unix socket at `path`, or -1 with `errno` set.
    static func connectUnixSocket(_ path: String) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { errno = ENAMETOOLONG; return -1 }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return -1 }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if result != 0 {
            let saved = errno
            close(descriptor)
            errno = saved
            return -1
        }
        return descriptor
    }

    /// 74 for what a full or failing disk reports (no space, over quota, I/O error, a file too
    /// large for the limit), else 73 when creating or replacing and 74 when writing.
    static func exitCode(_ error: Int32, creating: Bool) -> ExitCode {
        switch error {
        case ENOSPC, EDQUOT, EIO, EFBIG: .ioError
        default: creating ? .cannotCreate : .ioError
        }
    }

    /// Writes `text` to `path` atomically (its UTF-8 is written in place, not copied).
    public static func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { bytes in
            try write(to: path) { $0(bytes) }
        }
    }

    /// Writes what `produce` hands its writer, piece by piece, to `path` with the guarantees of
    /// `write(_:to:)` ("-" writes to stdout): a large output never has to exist whole in memory.
    /// After the first failed write the rest are skipped and the error is thrown once `produce`
    /// returns; a regular file is then left as it was.
    public static func write(to path: String, _ produce: (_ write: (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void) throws {
        var failure: String?
        func writer(_ descriptor: Int32) -> (UnsafeBufferPointer<UInt8>) -> Void {
            { bytes in
                if failure == nil { failure = writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) }
            }
        }
        if path == "-" {
            try produce(writer(STDOUT_FILENO))
            if let failure { throw CLIError(.ioError, "cannot write to standard output (\(failure))") }
            return
        }
        switch try OutputTarget.resolve(path) {
        case .special(let kind):
            let descriptor = kind == S_IFSOCK ? connectUnixSocket(path) : open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw CLIError(exitCode(errno, creating: true), "\(path): cannot write (\(String(cString: strerror(errno))))")
            }
            defer { close(descriptor) }
            try produce(writer(descriptor))
            if let failure { throw CLIError(.ioError, "\(path): cannot write (\(failure))") }
        case .regular(let target, let mode):
            let file = try TemporaryFile(beside: target, named: path, mode: mode)
            do {
                try produce(writer(file.descriptor))
            } catch {
                file.discard()
                throw error
            }
            if let failure {
                file.discard()
                throw CLIError(.ioError, "\(path): cannot write (\(failure)); the previous file is unchanged")
            }
            try file.commit()
        }
    }

    /// Writes all of `bytes` to `descriptor`; nil, or why not.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = SystemCall.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}
