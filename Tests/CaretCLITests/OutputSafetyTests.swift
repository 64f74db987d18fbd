import Foundation
import Testing
@testable import CaretCLI

/// Every command that writes a file, with each kind of thing an output path can be: a device, a
/// FIFO, a socket or a symbolic link is never replaced; a write that fails (a file-size limit
/// stands in for a full disk) exits 74 with the previous file intact and no temporary file left.
@Suite struct OutputSafetyTests {
    static let document = "a{bold:b}😀e\u{301}|"
    static let trace = "{\"caret-trace\":1,\"document\":\"ab|\"}\n{\"text\":\"c\"}\n"

    /// One invocation per command that writes to `--out` (or the like), given the output path.
    static func writers(_ dir: TempDirectory) -> [(name: String, arguments: (String) -> [String])] {
        let doc = dir.file("in.caret", document)
        let traceFile = dir.file("in.caret-trace", trace)
        let script = dir.file("s.lua", "editor:insert('x')")
        let editing = dir.file("e.json", #"{"startContent":"ab","endContent":"abc","txns":[{"time":"t","patches":[[2,0,"c"]]}]}"#)
        let failing = dir.file("f.caret-trace", "{\"caret-trace\":1,\"document\":\"ab|\"}\n{\"text\":\"c\"}\n{\"check\":\"x|\"}\n")
        return [
            ("convert", { ["convert", doc, "--to", "json", "--out", $0] }),
            ("convert --to lua", { ["convert", traceFile, "--to", "lua", "--out", $0] }),
            ("run", { ["run", script, "--doc", doc, "--out-format", "json", "--out", $0] }),
            ("replay", { ["replay", traceFile, "--print", "json", "--out", $0] }),
            ("import", { ["import", "editing-trace", editing, "--out", $0] }),
            ("shrink", { ["shrink", failing, "--out", $0] }),
            ("api", { ["api", "--markdown", "--out", $0] }),
        ]
    }

    /// The names in `dir` that look like temporary files.
    static func temporaries(_ dir: TempDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".caret-tmp-") }
    }

    @Test func aSymbolicLinkChainIsFollowedAndTheLinksStay() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        for (name, arguments) in Self.writers(dir) {
            _ = dir.file("sub/real.out", "old")
            try? FileManager.default.removeItem(atPath: dir.path + "/one")
            try? FileManager.default.removeItem(atPath: dir.path + "/two")
            try FileManager.default.createSymbolicLink(atPath: dir.path + "/one", withDestinationPath: "sub/real.out")
            try FileManager.default.createSymbolicLink(atPath: dir.path + "/two", withDestinationPath: dir.path + "/one")
            let result = caret(arguments(dir.path + "/two"))
            #expect(result.code == .ok, "\(name): \(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/two") == dir.path + "/one", "\(name)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/one") == "sub/real.out", "\(name)")
            #expect(dir.read("sub/real.out") != "old", "\(name)")
            #expect(Self.temporaries(dir).isEmpty, "\(name)")
        }
    }

    @Test func aDanglingLinkCreatesTheFileItNames() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("sub/.keep", "")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.json", withDestinationPath: "sub/new.json")
        let result = caret(["convert", dir.file("in.caret", Self.document), "--to", "json", "--out", dir.path + "/link.json"])
        #expect(result.code == .ok, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/link.json") == "sub/new.json")
        #expect(dir.read("sub/new.json").hasPrefix("{\"text\":\"ab😀e\u{301}\""))
    }

    @Test func aFIFOIsWrittenThroughNotReplaced() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        for (name, arguments) in Self.writers(dir) {
            let fifo = dir.path + "/fifo"
            unlink(fifo)
            #expect(mkfifo(fifo, 0o644) == 0)
            // A reader on another thread, as a shell pipeline would have.
            let box = ReadBox()
            let reader = Thread {
                let descriptor = open(fifo, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 4096)
                while descriptor >= 0 {
                    let n = read(descriptor, &buffer, buffer.count)
                    if n <= 0 { break }
                    box.data.append(contentsOf: buffer[..<n])
                }
                if descriptor >= 0 { close(descriptor) }
                box.done.signal()
            }
            reader.start()
            let result = caret(arguments(fifo))
            #expect(result.code == .ok, "\(name): \(result.stderr)")
            // Should the command not have opened the FIFO, release the reader (it sees the end).
            let release = open(fifo, O_WRONLY | O_NONBLOCK)
            if release >= 0 { close(release) }
            box.done.wait()
            #expect(!box.data.isEmpty, "\(name): nothing came through the FIFO")
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "\(name) replaced the FIFO")
            #expect(Self.temporaries(dir).isEmpty, "\(name)")
        }
    }

    @Test func aUnixSocketIsWrittenThroughNotReplaced() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.path + "/out.sock"
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(server) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        #expect(listen(server, 1) == 0)
        let box = ReadBox()
        let reader = Thread {
            let connection = accept(server, nil, nil)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(connection, &buffer, buffer.count)
                if n <= 0 { break }
                box.data.append(contentsOf: buffer[..<n])
            }
            close(connection)
            box.done.signal()
        }
        reader.start()
        let result = caret(["convert", dir.file("in.caret", Self.document), "--to", "json", "--out", path])
        #expect(result.code == .ok, "\(result.stderr)")
        box.done.wait()
        #expect(String(decoding: box.data, as: UTF8.self).hasPrefix("{\"text\":\"ab😀"))
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceIsAnIOErrorAndStaysADevice() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        // (convert --to lua also writes the document beside the script: not into /dev.)
        for (name, arguments) in Self.writers(dir) where name != "convert --to lua" {
            let result = caret(arguments("/dev/full"))
            #expect(result.code == .ioError, "\(name): \(result.code) \(result.stderr)")
            #expect(result.stderr.contains("No space left on device"), "\(name): \(result.stderr)")
            var info = stat()
            #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "\(name) replaced /dev/full")
        }
        let devNull = caret(["convert", dir.file("in.caret", Self.document), "--to", "json", "--out", "/dev/null"])
        #expect(devNull.code == .ok)
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aDirectoryIsRefusedWith73() {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("d/.keep", "")
        let result = caret(["convert", dir.file("in.caret", Self.document), "--to", "json", "--out", dir.path + "/d"])
        #expect(result.code == .cannotCreate)
        #expect(result.stderr.contains("is a directory"))
    }

    @Test func anExistingFileKeepsItsPermissions() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let out = dir.file("out.json", "old")
        chmod(out, 0o600)
        #expect(caret(["convert", dir.file("in.caret", Self.document), "--to", "json", "--out", out]).code == .ok)
        var info = stat()
        #expect(stat(out, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }
}

/// The same through the `caret` executable, for what only a process shows: a file-size limit
/// (`ulimit -f`, standing in for a full disk: writes past it fail with EFBIG) and `/dev/stdout`
/// when stdout is a pipe. Skipped when the executable is not built beside the tests.
@Suite struct OutputSafetyProcessTests {
    static let executable = CaretExecutableTests.executable

    /// Runs `sh -c` with caret's path as $0 and stdout to a pipe.
    func shell(_ script: String, in dir: TempDirectory) throws -> (code: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "cd \"$1\" && " + script, Self.executable!, dir.path]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// A previous output bigger than the limit allows a new one to be.
    static let previous = String(repeating: "previous output\n", count: 1000)

    @Test(.enabled(if: executable != nil)) func aFailingWriteIs74AndLeavesThePreviousOutput() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let big = String(repeating: "word ", count: 4000)
        _ = dir.file("in.caret", big + "|")
        _ = dir.file("in.caret-trace", "{\"caret-trace\":1,\"document\":\"ab|\"}\n" + String(repeating: "{\"text\":\"cdefghij\"}\n", count: 600))
        _ = dir.file("s.lua", "for i = 1, 1500 do editor:insert('abcdefgh') end")
        _ = dir.file("e.json", #"{"startContent":"","endContent":"","txns":["# + Array(repeating: #"{"time":"t","patches":[[0,0,"abcdefgh"]]}"#, count: 500).joined(separator: ",") + "]}")
        _ = dir.file("in.txt", String(repeating: "type abcdefghijklmnop\n", count: 600))
        let commands: [(String, String)] = [
            ("convert", "\"$0\" convert in.caret --to json --out OUT"),
            ("run", "\"$0\" run s.lua --out-format json --out OUT"),
            ("run --record", "\"$0\" run s.lua --quiet --record OUT"),
            ("replay", "\"$0\" replay in.caret-trace --print json --out OUT"),
            ("import", "\"$0\" import editing-trace e.json --out OUT"),
            ("record --force", "\"$0\" record --in in.txt --force --out OUT >/dev/null"),
        ]
        for (name, command) in commands {
            _ = dir.file("OUT", Self.previous)
            // SIGXFSZ ignored as a shell would pass it on; caret ignores it itself too.
            let result = try shell("trap '' XFSZ; ulimit -f 8; " + command, in: dir)
            #expect(result.code == 74, "\(name): exit \(result.code), \(result.stderr)")
            #expect(result.stderr.contains("File too large"), "\(name): \(result.stderr)")
            #expect(dir.read("OUT") == Self.previous, "\(name) did not leave the previous output")
            #expect(OutputSafetyTests.temporaries(dir).isEmpty, "\(name) left \(OutputSafetyTests.temporaries(dir))")
        }
    }

    @Test(.enabled(if: executable != nil)) func aRecordThatCannotBeWrittenLeavesNothingSoARetryWorks() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("in.txt", String(repeating: "type abcdefghijklmnop\n", count: 600))
        let full = try shell("trap '' XFSZ; ulimit -f 8; \"$0\" record --in in.txt --out new.trace >/dev/null", in: dir)
        #expect(full.code == 74, "\(full.stderr)")
        #expect(full.stderr.contains("nothing was recorded"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/new.trace"))
        let retry = try shell("\"$0\" record --in in.txt --out new.trace >/dev/null", in: dir)
        #expect(retry.code == 0, "\(retry.stderr)")
        #expect(dir.read("new.trace").hasPrefix("{\"caret-trace\":1"))
    }

    @Test(.enabled(if: executable != nil)) func aFailingScriptLeavesThePreviousRecordedTrace() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("OUT", Self.previous)
        _ = dir.file("s.lua", "editor:insert('x') error('boom')")
        let result = try shell("\"$0\" run s.lua --quiet --record OUT", in: dir)
        #expect(result.code == 65, "\(result.stderr)")
        #expect(dir.read("OUT") == Self.previous)
        #expect(OutputSafetyTests.temporaries(dir).isEmpty)
    }

    @Test(.enabled(if: executable != nil && FileManager.default.fileExists(atPath: "/dev/stdout")))
    func devStdoutOnAPipeIsWrittenThroughAndStaysALink() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("in.caret", "a{bold:b}|")
        var before = stat()
        #expect(lstat("/dev/stdout", &before) == 0)
        let result = try shell("\"$0\" convert in.caret --to json --out /dev/stdout && \"$0\" replay in.caret --out /dev/stdout 2>/dev/null; printf 'type x\\n' | \"$0\" record --out /dev/stdout", in: dir)
        #expect(result.stdout.hasPrefix("{\"text\":\"ab\",\"runs\":"), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("{\"text\":\"x\"}\n"), "\(result.stdout)")
        var after = stat()
        #expect(lstat("/dev/stdout", &after) == 0 && after.st_mode & S_IFMT == before.st_mode & S_IFMT && after.st_ino == before.st_ino)
    }
}

/// What a reader thread got.
final class ReadBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
