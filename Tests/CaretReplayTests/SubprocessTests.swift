import Foundation
import Testing
@testable import CaretReplay

/// The helpers that keep the `caret` executable off Foundation proper: running a child and
/// collecting its output, and the file-system questions the test runners ask.
@Suite struct SubprocessTests {
    @Test func collectsOutputAndExitStatus() throws {
        let (output, termination) = try Subprocess.run("/bin/sh", ["-c", "printf 'a\\nb'; echo oops >&2; exit 3"], errors: .discarded)
        #expect(String(decoding: output, as: UTF8.self) == "a\nb")
        #expect(termination == .exited(3))
    }

    @Test func mergesErrorsWithOutputInOrder() throws {
        let (output, termination) = try Subprocess.run("/bin/sh", ["-c", "echo one; echo two >&2; echo three"], errors: .mergedWithOutput)
        #expect(String(decoding: output, as: UTF8.self) == "one\ntwo\nthree\n")
        #expect(termination == .exited(0))
    }

    @Test func reportsTheSignalThatEndedTheChild() throws {
        let (_, termination) = try Subprocess.run("/bin/sh", ["-c", "kill -ALRM $$"], errors: .discarded)
        #expect(termination == .signalled(SIGALRM))
    }

    @Test func readsOutputLargerThanAPipeHolds() throws {
        // 1 MiB: the child blocks on a full pipe until the parent reads.
        let (output, termination) = try Subprocess.run("/bin/sh", ["-c", "head -c 1048576 /dev/zero"], errors: .discarded)
        #expect(output.count == 1 << 20 && output.allSatisfy { $0 == 0 })
        #expect(termination == .exited(0))
    }

    @Test func givesTheChildNoInputAndThisEnvironment() throws {
        setenv("CARET_SUBPROCESS_TEST", "seen", 1)
        defer { unsetenv("CARET_SUBPROCESS_TEST") }
        let (output, _) = try Subprocess.run("/bin/sh", ["-c", "cat; printf %s \"$CARET_SUBPROCESS_TEST\""], errors: .discarded)
        #expect(String(decoding: output, as: UTF8.self) == "seen")
    }

    @Test func aMissingExecutableIsAnError() {
        #expect(throws: Subprocess.SpawnError.self) {
            try Subprocess.run("/nonexistent/caret-test-program", [], errors: .discarded)
        }
    }

    @Test(arguments: [
        ("a/b/c", "a/b"), ("a/b/", "a"), ("a//b", "a"), ("/a", "/"), ("/", "/"), ("a", ""), ("", ""),
        ("/tmp/x.test.lua", "/tmp"), ("dir/é😀.lua", "dir"),
    ])
    func directoryOfAPath(path: String, directory: String) {
        #expect(FileSystem.directory(of: path) == directory)
    }

    @Test func walksSubdirectoriesButNotLinksToThem() throws {
        let root = NSTemporaryDirectory() + "caret-walk-\(getpid())"
        try? FileManager.default.removeItem(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/top.caret-trace", contents: Data())
        _ = FileManager.default.createFile(atPath: root + "/a/b/deep.test.lua", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)
        #expect(FileSystem.subpaths(of: root).sorted() == ["a", "a/b", "a/b/deep.test.lua", "loop", "top.caret-trace"])
        #expect(FileSystem.isDirectory(root + "/a") && FileSystem.isDirectory(root + "/loop"))
        #expect(!FileSystem.isDirectory(root + "/top.caret-trace") && !FileSystem.isDirectory(root + "/missing"))
        #expect(FileSystem.subpaths(of: root + "/missing").isEmpty)
        #expect(FileSystem.exists(root + "/top.caret-trace") && FileSystem.exists(root + "/a") && FileSystem.exists(root + "/loop"))
        #expect(!FileSystem.exists(root + "/missing"))
    }
}
