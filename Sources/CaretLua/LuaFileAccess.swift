import CaretCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CCaretLua

/// The file capability a host grants a runtime: reads under `readableRoots`, atomic writes under
/// `writableRoots`.
///
/// Each granted directory is opened once, when the runtime is created, and kept open for its
/// lifetime. A script path is never checked as a string and opened later: it is split into names
/// and resolved by the kernel beneath the root's descriptor — with `openat2(RESOLVE_BENEATH |
/// RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS)` on Linux, or, where openat2 is missing or
/// forbidden and on Darwin, by opening one name at a time with `O_NOFOLLOW`. So swapping a file
/// or a directory for a symlink at any moment cannot lead outside a root. Every symbolic link is
/// refused, also one that points inside the root: that is what `RESOLVE_NO_SYMLINKS` gives, and it
/// makes both resolutions agree. `..` is refused anywhere; `.` and repeated `/` are skipped.
final class LuaFileAccess {
    /// A granted directory.
    struct Root {
        /// Open for the runtime's lifetime (`O_PATH` where the system has it).
        let descriptor: Int32
        /// The names of the directory's absolute spellings: its real path at grant time, and the
        /// path as granted, lexically normalised. An absolute script path under either is accepted.
        let spellings: [[String]]
    }

    /// What a path is resolved for; words the messages.
    enum Access {
        case reading, writing

        var verb: String { self == .reading ? "read" : "write" }
        var noun: String { self == .reading ? "reading" : "writing" }
        var adjective: String { self == .reading ? "readable" : "writable" }
    }

    /// A script path split for resolution.
    struct Target {
        /// The path as the script spelt it, for messages.
        let path: String
        let root: Root
        /// The directories between the root and the file, none of them `.`, `..` or empty.
        let directories: [String]
        /// The file's name in the last directory.
        let name: String
    }

    /// How the last path was resolved (tests check both happen).
    enum Resolution { case openat2, walk }

    let readableRoots: [Root]
    let writableRoots: [Root]
    /// Resolve with the component walk even where openat2 works, so tests cover both.
    var forcesWalk = false
    /// Whether the walk is used from now on: openat2 answered ENOSYS (no such call) or EPERM (a
    /// seccomp filter), or the system has no openat2 at all.
    #if canImport(Glibc) || canImport(Musl)
    var openat2Unavailable = false
    #else
    var openat2Unavailable = true
    #endif
    /// How the most recent resolution went.
    var lastResolution: Resolution?

    /// Opens every root that exists and is a directory; others grant nothing.
    init(readableRoots: [String], writableRoots: [String]) {
        self.readableRoots = readableRoots.compactMap(LuaFileAccess.openRoot)
        self.writableRoots = writableRoots.compactMap(LuaFileAccess.openRoot)
    }

    deinit {
        for root in readableRoots + writableRoots { close(root.descriptor) }
    }

    static func openRoot(_ path: String) -> Root? {
        guard let real = realPath(path) else { return nil }
        let descriptor = caret_open_directory(real)
        guard descriptor >= 0 else { return nil }
        var spellings = [lexicalNames(real) ?? []]
        let absolute = path.hasPrefix("/") ? path : (currentDirectory() ?? "") + "/" + path
        if let given = lexicalNames(absolute), given != spellings[0] { spellings.append(given) }
        return Root(descriptor: descriptor, spellings: spellings)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func currentDirectory() -> String? {
        guard let directory = getcwd(nil, 0) else { return nil }
        defer { free(directory) }
        return String(cString: directory)
    }

    /// The names of an absolute path with `.` and empty names dropped; `nil` when it has a `..`.
    static func lexicalNames(_ path: String) -> [String]? {
        let names = path.split(separator: "/").filter { $0 != "." }
        return names.contains("..") ? nil : names.map(String.init)
    }

    /// Splits `path` into a root and names below it, refusing what cannot name a file there.
    func target(_ path: String, _ access: Access) throws -> Target {
        let roots = access == .reading ? readableRoots : writableRoots
        guard let first = roots.first else {
            throw LuaCallError("file \(access.noun) is not available in the sandbox (the host granted no directory for it)")
        }
        guard !path.isEmpty else { throw LuaCallError("invalid path ''") }
        guard !path.utf8.contains(0) else { throw LuaCallError("invalid path \(Self.quoted(path)): it contains a NUL byte") }
        let raw = path.split(separator: "/", omittingEmptySubsequences: false)
        if raw.contains("..") { throw LuaCallError("'..' is not allowed in paths (\(Self.quoted(path)))") }
        let names = raw.filter { !$0.isEmpty && $0 != "." }.map(String.init)
        var root = first
        var below = names[...]
        if path.hasPrefix("/") {
            var longest = -1
            for candidate in roots {
                for spelling in candidate.spellings where spelling.count > longest && names.starts(with: spelling) {
                    root = candidate
                    longest = spelling.count
                }
            }
            guard longest >= 0 else { throw LuaCallError("\(Self.quoted(path)) is outside the \(access.adjective) directories") }
            below = names.dropFirst(longest)
        }
        // "dir/", "dir/.", "." and a root itself name a directory, never a file to create or read.
        guard let name = below.last, raw.last != "", raw.last != "." else {
            throw LuaCallError("cannot \(access.verb) \(Self.quoted(path)): invalid file name (the path names a directory)")
        }
        return Target(path: path, root: root, directories: Array(below.dropLast()), name: name)
    }

    /// `path` in quotes for a message, cut to its first 200 bytes (on a character boundary).
    static func quoted(_ path: String) -> String {
        guard path.utf8.count > 200 else { return "'\(path)'" }
        return "'\(path.utf8Prefix(maxBytes: 200))…' (\(path.utf8.count) bytes)"
    }

    /// The error for a failed system call on `target`: `cannot read 'a.txt': No such file or directory`.
    func failure(_ target: Target, _ access: Access, _ code: Int32) -> LuaCallError {
        let reason: String
        switch code {
        case ELOOP: reason = "the path goes through a symbolic link, and symbolic links are refused"
        case EXDEV: return LuaCallError("\(Self.quoted(target.path)) is outside the \(access.adjective) directories")
        case EINVAL: reason = "invalid path"
        default: reason = String(cString: strerror(code))
        }
        return LuaCallError("cannot \(access.verb) \(Self.quoted(target.path)): \(reason)")
    }

    /// The error for something that exists but is not a regular file: `not a regular file (a FIFO)`.
    func notRegular(_ target: Target, _ access: Access, mode: mode_t) -> LuaCallError {
        let kind: String
        switch mode & S_IFMT {
        case S_IFDIR: kind = "a directory"
        case S_IFLNK: kind = "a symbolic link"
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "an unknown kind of file"
        }
        return LuaCallError("cannot \(access.verb) \(Self.quoted(target.path)): not a regular file (\(kind))")
    }
}
