#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file capability a host grants a runtime: reads under `readableRoots`, atomic writes under
/// `writableRoots`. Paths with a `..` component are refused; the rest are resolved with
/// `realpath`, so a symlink that leads out of a root is refused too.
struct LuaFileAccess {
    let readableRoots: [String]
    let writableRoots: [String]

    init(readableRoots: [String], writableRoots: [String]) {
        self.readableRoots = readableRoots.compactMap(LuaFileAccess.realPath)
        self.writableRoots = writableRoots.compactMap(LuaFileAccess.realPath)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isWithin(_ path: String, _ roots: [String]) -> Bool {
        roots.contains { root in
            path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
        }
    }

    /// Checks the spelling of `path` and makes it absolute against the first root.
    private func absolute(_ path: String, roots: [String], verb: String) throws -> String {
        guard !roots.isEmpty else {
            throw LuaCallError("file \(verb) is not available in the sandbox (the host granted no directory for it)")
        }
        guard !path.isEmpty, !path.utf8.contains(0) else { throw LuaCallError("invalid path '\(path)'") }
        if path.split(separator: "/").contains("..") {
            throw LuaCallError("'..' is not allowed in paths ('\(path)')")
        }
        return path.hasPrefix("/") ? path : roots[0] + "/" + path
    }

    /// The resolved path of an existing file under a readable root.
    func resolveForReading(_ path: String) throws -> String {
        let full = try absolute(path, roots: readableRoots, verb: "reading")
        guard let resolved = LuaFileAccess.realPath(full) else {
            throw LuaCallError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        guard LuaFileAccess.isWithin(resolved, readableRoots) else {
            throw LuaCallError("'\(path)' is outside the readable directories")
        }
        return resolved
    }

    /// The path to write `path` at: its real parent directory (under a writable root) plus its name.
    func resolveForWriting(_ path: String) throws -> String {
        let full = try absolute(path, roots: writableRoots, verb: "writing")
        let components = full.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = components.last, name != "." else { throw LuaCallError("invalid file name in '\(path)'") }
        let parent = "/" + components.dropLast().joined(separator: "/")
        guard let resolvedParent = LuaFileAccess.realPath(parent) else {
            throw LuaCallError("cannot write '\(path)': its directory does not exist")
        }
        guard LuaFileAccess.isWithin(resolvedParent, writableRoots) else {
            throw LuaCallError("'\(path)' is outside the writable directories")
        }
        return (resolvedParent == "/" ? "" : resolvedParent) + "/" + name
    }

    /// Reads the whole file; refuses files larger than `maxBytes`.
    func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        let resolved = try resolveForReading(path)
        let fd = open(resolved, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LuaCallError("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw LuaCallError("cannot read '\(path)': not a regular file")
        }
        guard Int(info.st_size) <= maxBytes else {
            throw LuaCallError("cannot read '\(path)': \(info.st_size) bytes exceed the memory limit")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LuaCallError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= maxBytes else { throw LuaCallError("cannot read '\(path)': file exceeds the memory limit") }
        }
        return bytes
    }

    /// Writes `bytes` to a temporary file next to the target, then renames it over the target,
    /// so a failed write leaves the previous file intact.
    func write(_ path: String, bytes: UnsafeBufferPointer<UInt8>) throws {
        let target = try resolveForWriting(path)
        var info = stat()
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw LuaCallError("cannot write '\(path)': it is a directory")
        }
        let slash = target.lastIndex(of: "/")!
        let temporary = String(target[...slash]) + "." + target[target.index(after: slash)...]
            + ".caret-\(getpid())-\(LuaFileAccess.nextTemporaryNumber()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LuaCallError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw LuaCallError("cannot write '\(path)': \(reason)")
            }
            written += count
        }
        if fsync(fd) != 0 || close(fd) != 0 || rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw LuaCallError("cannot write '\(path)': \(reason)")
        }
    }

    nonisolated(unsafe) private static var temporaryCounter = 0

    private static func nextTemporaryNumber() -> Int {
        temporaryCounter &+= 1
        return temporaryCounter
    }
}
