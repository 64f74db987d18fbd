import CaretCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CCaretLua

/// A failed system call's errno.
struct SystemCallError: Error {
    let code: Int32
}

extension LuaFileAccess {
    /// Reads the whole regular file `path` names; refuses files larger than `maxBytes`.
    ///
    /// Opened with `O_NONBLOCK`, so a FIFO or a device in a granted directory cannot block the
    /// open; `fstat` on the open descriptor then refuses anything but a regular file (for which
    /// `O_NONBLOCK` changes nothing, so it is left set).
    func readFile(_ path: String, maxBytes: Int) throws -> [UInt8] {
        let target = try target(path, .reading)
        let fd: Int32
        do throws(SystemCallError) {
            fd = try open(beneath: target.root.descriptor, target.directories + [target.name],
                          flags: O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        } catch { throw failure(target, .reading, error.code) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(target, .reading, errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw notRegular(target, .reading, mode: info.st_mode) }
        guard Int(info.st_size) <= maxBytes else {
            throw LuaCallError("cannot read \(Self.quoted(path)): \(info.st_size) bytes exceed the memory limit")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(target, .reading, errno)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= maxBytes else {
                throw LuaCallError("cannot read \(Self.quoted(path)): file exceeds the memory limit")
            }
        }
        return bytes
    }

    /// Writes `bytes` to `path` atomically: a new temporary file in the resolved directory, then
    /// `renameat` over the name, so a failure leaves the previous file intact. Refuses a target
    /// that exists and is not a regular file (a symlink there is refused, never written through).
    func writeFile(_ path: String, bytes: UnsafeBufferPointer<UInt8>) throws {
        let target = try target(path, .writing)
        let root = target.root.descriptor
        let directory: Int32
        if target.directories.isEmpty {
            directory = root
        } else {
            do throws(SystemCallError) {
                directory = try open(beneath: root, target.directories, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            } catch { throw failure(target, .writing, error.code) }
        }
        defer { if directory != root { close(directory) } }

        var info = stat()
        if fstatat(directory, target.name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw notRegular(target, .writing, mode: info.st_mode) }
        } else if errno != ENOENT {
            throw failure(target, .writing, errno)
        }

        let (temporary, created) = try createTemporary(in: directory, for: target)
        var fd = created
        do throws(SystemCallError) {
            var written = 0
            while written < bytes.count {
                let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw SystemCallError(code: errno)
                }
                written += count
            }
            guard fsync(fd) == 0 else { throw SystemCallError(code: errno) }
            let closed = close(fd)
            fd = -1
            guard closed == 0 else { throw SystemCallError(code: errno) }
            // renameat replaces the name itself: a symlink swapped in since the check above is
            // replaced, not followed; a directory swapped in makes it fail.
            guard renameat(directory, temporary, directory, target.name) == 0 else { throw SystemCallError(code: errno) }
        } catch {
            if fd >= 0 { close(fd) }
            unlinkat(directory, temporary, 0)
            throw error.code == EISDIR || error.code == ENOTEMPTY || error.code == EEXIST
                ? notRegular(target, .writing, mode: S_IFDIR) : failure(target, .writing, error.code)
        }
    }

    /// Creates `.NAME.caret-PID-N.tmp` in `directory` with `O_EXCL|O_NOFOLLOW`, trying the next
    /// number when one exists (left by a process that had this pid).
    private func createTemporary(in directory: Int32, for target: Target) throws -> (String, Int32) {
        // Keep the temporary name within NAME_MAX (255 bytes) however long the target's is.
        let stem = target.name.utf8Prefix(maxBytes: 200)
        for _ in 0..<16 {
            // Unique within the process from any thread (a C11 atomic: see caret_next_temporary_number).
            let number = caret_next_temporary_number()
            let name = ".\(stem).caret-\(getpid())-\(number).tmp"
            let fd = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 { return (name, fd) }
            if errno != EEXIST { throw failure(target, .writing, errno) }
        }
        throw failure(target, .writing, EEXIST)
    }

    /// Opens `names` (at least one) beneath the directory `root` with `flags`, refusing `..`, any
    /// symbolic link and anything that leaves `root`: `openat2` where it works, else the walk.
    func open(beneath root: Int32, _ names: [String], flags: Int32) throws(SystemCallError) -> Int32 {
        #if canImport(Glibc) || canImport(Musl)
        if !forcesWalk && !openat2Unavailable {
            let fd = names.joined(separator: "/").withCString { caret_open_beneath(root, $0, flags, 0) }
            if fd >= 0 {
                lastResolution = .openat2
                return fd
            }
            let code = errno
            guard code == ENOSYS || code == EPERM else { throw SystemCallError(code: code) }
            openat2Unavailable = true
        }
        #endif
        lastResolution = .walk
        return try walk(beneath: root, names, flags: flags)
    }

    /// Opens `names` one at a time from `root`: each directory with `O_DIRECTORY|O_NOFOLLOW`, the
    /// last name with `flags|O_NOFOLLOW`, so no step follows a symlink and each step starts from
    /// the descriptor the previous one opened. A symlinked directory (ENOTDIR under `O_NOFOLLOW`)
    /// reports ELOOP, as openat2 does.
    func walk(beneath root: Int32, _ names: [String], flags: Int32) throws(SystemCallError) -> Int32 {
        guard !names.isEmpty else { throw SystemCallError(code: EINVAL) }
        var current = root
        for (index, name) in names.enumerated() {
            guard !name.isEmpty, name != ".", name != "..", !name.utf8.contains(UInt8(ascii: "/")) else {
                if current != root { close(current) }
                throw SystemCallError(code: EINVAL)
            }
            let isLast = index == names.count - 1
            let next = openat(current, name, (isLast ? flags : O_RDONLY | O_DIRECTORY | O_CLOEXEC) | O_NOFOLLOW)
            var code = errno
            if next < 0 && code == ENOTDIR {
                var info = stat()
                if fstatat(current, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { code = ELOOP }
            }
            if current != root { close(current) }
            guard next >= 0 else { throw SystemCallError(code: code) }
            current = next
        }
        return current
    }
}
