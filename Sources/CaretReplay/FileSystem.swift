#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system questions the command line and the test runners ask, answered by the C
/// library the same way on every platform.
package enum FileSystem {
    /// Whether something exists at `path`, following symbolic links. Unlike FileManager, it costs
    /// no set-up: `caret run` asks it about the system word list on every run.
    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether `path` names a directory, following symbolic links.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The paths, relative to directory `path`, of everything under it: its entries, then each
    /// entry's own if it is a directory (not a symbolic link to one), in no particular order. A
    /// directory that cannot be read adds nothing beyond its own name.
    package static func subpaths(of path: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = opendir(relative.isEmpty ? path : path + "/" + relative) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                found.append(child)
                var info = stat()
                if lstat(path + "/" + child, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { pending.append(child) }
            }
        }
        return found
    }

    /// `path` without its last component and the slashes before it: "a/b/c" → "a/b",
    /// "a/b/" → "a", "/a" → "/", "a" → "" (the current directory).
    package static func directory(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }
}
