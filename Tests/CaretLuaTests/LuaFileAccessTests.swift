import CCaretLua
import Foundation
import Synchronization
import Testing
@testable import CaretLua

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file capability: what `caret.read_file`/`write_file` (and `caret.open`/`editor:save`,
/// which share it) accept and refuse. Tests taking `walk` run once with openat2 (where the kernel
/// has it) and once with the component-by-component walk that replaces it elsewhere.
@Suite struct LuaFileAccessTests {
    /// A fresh tree:
    /// ```
    /// root/secret.txt            "secret"          root/outside/        (an outside directory)
    /// root/in/a.txt              "hello"           root/in/sub/c.txt    "deep"
    /// root/in/escape.txt  -> ../secret.txt         root/in/inner.txt -> a.txt
    /// root/in/up          -> ..                    root/in/sublink   -> sub
    /// root/in/null        -> /dev/null             root/inlink       -> in
    /// root/out/sub/                                root/out/link     -> ..
    /// root/out/filelink   -> ../secret.txt         root/out/dangling -> ../new.txt
    /// ```
    func makeTree() throws -> String {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("caret-lua-\(UUID().uuidString)").path
        for directory in ["in/sub", "out/sub", "outside"] {
            try fm.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
        }
        try "hello".write(toFile: root + "/in/a.txt", atomically: true, encoding: .utf8)
        try "deep".write(toFile: root + "/in/sub/c.txt", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        let links = ["in/escape.txt": "../secret.txt", "in/inner.txt": "a.txt", "in/up": "..", "in/sublink": "sub",
                     "in/null": "/dev/null", "inlink": "in", "out/link": "..", "out/filelink": "../secret.txt",
                     "out/dangling": "../new.txt"]
        for (link, destination) in links {
            try fm.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: destination)
        }
        return root
    }

    func runtime(_ root: String, read: [String] = ["in"], write: [String] = ["out"], walk: Bool = false) throws -> LuaRuntime {
        let lua = try LuaRuntime(options: LuaRuntimeOptions(readableRoots: read.map { root + "/" + $0 },
                                                            writableRoots: write.map { root + "/" + $0 }))
        lua.fileAccess.forcesWalk = walk
        return lua
    }

    func message(_ lua: LuaRuntime, _ source: String) throws -> String {
        try #require(throws: LuaScriptError.self) { try lua.run(source) }.message
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The names in a directory, sorted.
    func listing(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    // MARK: Races

    /// Swaps `path` for a symlink to `destination` and back in a tight loop on another thread,
    /// staying a moment in each state so that a check made in one and an open made in the other
    /// would both happen. A file flips atomically (a prepared symlink, then a hard link to the
    /// original, each renamed over it); a directory cannot be renamed over a symlink, so it is
    /// renamed aside, the prepared symlink renamed in, and back. Call `stop()` before looking at the tree.
    final class Swapper: @unchecked Sendable {
        private let stopped = Atomic<Bool>(false)
        private let rounds = Atomic<Int>(0)
        private let finished = DispatchSemaphore(value: 0)

        init(path: String, destination: String) throws {
            let prepared = path + ".link", spare = path + ".spare"
            var info = stat()
            guard lstat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
            let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
            guard symlink(destination, prepared) == 0, isDirectory || link(path, spare) == 0 else { throw POSIXError(.EEXIST) }
            Thread.detachNewThread { [self] in
                while !stopped.load(ordering: .relaxed) {
                    if isDirectory {
                        rename(path, spare)
                        rename(prepared, path)
                        pause()
                        rename(path, prepared)
                        rename(spare, path)
                    } else {
                        symlink(destination, prepared)
                        rename(prepared, path)
                        pause()
                        link(spare, prepared)
                        rename(prepared, path)
                    }
                    pause()
                    rounds.add(1, ordering: .relaxed)
                }
                finished.signal()
            }
        }

        /// A few microseconds of spinning.
        private func pause() {
            for _ in 0..<2000 where stopped.load(ordering: .relaxed) { break }
        }

        /// Stops the loop after a whole round (`path` is itself again) and returns how many rounds ran.
        func stop() -> Int {
            stopped.store(true, ordering: .relaxed)
            finished.wait()
            return rounds.load(ordering: .relaxed)
        }
    }

    /// Runs `operation` (a Lua expression) `count` times under pcall; returns the values that came
    /// back other than `expected` (`"ok"` stands for a write's nothing), joined by `|`, and how many
    /// calls failed (refusals while the path is a symlink or missing).
    func hammer(_ lua: LuaRuntime, _ operation: String, count: Int, expected: String) throws -> (unexpected: String, failed: Int) {
        let results = try lua.run("""
            local unexpected, failed = {}, 0
            for i = 1, \(count) do
              local ok, value = pcall(function() return \(operation) end)
              if not ok then failed = failed + 1
              elseif (value or 'ok') ~= '\(expected)' and #unexpected < 10 then unexpected[#unexpected + 1] = value end
            end
            return table.concat(unexpected, '|'), failed
            """)
        guard results.count == 2, case .string(let unexpected) = results[0], case .number(let failed) = results[1] else {
            return ("\(results)", -1)
        }
        return (unexpected, Int(failed))
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true]) func readsNeverFollowADirectorySwappedForASymlink(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/in/d", withIntermediateDirectories: true)
        try "inside".write(toFile: root + "/in/d/a.txt", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/outside/a.txt", atomically: true, encoding: .utf8)
        let lua = try runtime(root, walk: walk)
        let swapper = try Swapper(path: root + "/in/d", destination: "../outside")
        let result = try hammer(lua, "caret.read_file('d/a.txt')", count: 3000, expected: "inside")
        #expect(swapper.stop() > 0)
        #expect(result.unexpected == "")
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true]) func readsNeverFollowAFileSwappedForASymlink(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "inside".write(toFile: root + "/in/f.txt", atomically: true, encoding: .utf8)
        let lua = try runtime(root, walk: walk)
        let swapper = try Swapper(path: root + "/in/f.txt", destination: "../secret.txt")
        let result = try hammer(lua, "caret.read_file('f.txt')", count: 3000, expected: "inside")
        #expect(swapper.stop() > 0)
        #expect(result.unexpected == "")
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true]) func writesNeverLandOutsideThroughASwappedDirectory(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/out/d", withIntermediateDirectories: true)
        let lua = try runtime(root, walk: walk)
        let swapper = try Swapper(path: root + "/out/d", destination: "../outside")
        let result = try hammer(lua, "caret.write_file('d/w.txt', 'new')", count: 1500, expected: "ok")
        #expect(swapper.stop() > 0)
        #expect(result.unexpected == "")
        #expect(listing(root + "/outside").isEmpty)
        #expect(listing(root + "/out/d").allSatisfy { $0 == "w.txt" })
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true]) func writesNeverLandOutsideThroughASwappedFile(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "old".write(toFile: root + "/out/f.txt", atomically: true, encoding: .utf8)
        let lua = try runtime(root, walk: walk)
        let swapper = try Swapper(path: root + "/out/f.txt", destination: "../secret.txt")
        let result = try hammer(lua, "caret.write_file('f.txt', 'new')", count: 1500, expected: "ok")
        #expect(swapper.stop() > 0)
        #expect(result.unexpected == "")
        #expect(contents(root + "/secret.txt") == "secret")
        #expect(listing(root).sorted() == ["in", "inlink", "out", "outside", "secret.txt"])
        #expect(listing(root + "/out").filter { $0.hasSuffix(".tmp") }.isEmpty)
        #expect(listing(root + "/outside").isEmpty)
    }

    // MARK: Refusals

    @Test func withoutGrantsFileAccessIsBlocked() throws {
        let lua = try LuaRuntime()
        #expect(try message(lua, "caret.read_file('x')") == "file reading is not available in the sandbox (the host granted no directory for it)")
        #expect(try message(lua, "caret.write_file('x', 'y')") == "file writing is not available in the sandbox (the host granted no directory for it)")
    }

    @Test(arguments: [false, true]) func readsAndWritesInsideRoots(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root, read: ["in", "out"], walk: walk)
        #expect(try lua.run("return caret.read_file('a.txt')") == [.string("hello")])
        #expect(try lua.run("return caret.read_file('sub/c.txt'), caret.read_file('./sub//c.txt')") == [.string("deep"), .string("deep")])
        #expect(lua.fileAccess.lastResolution == (walk || lua.fileAccess.openat2Unavailable ? .walk : .openat2))
        #expect(try lua.run("return caret.read_file('\(root)/in/a.txt')") == [.string("hello")])
        try lua.run("caret.write_file('b.txt', 'one')\ncaret.write_file('b.txt', 'two')\ncaret.write_file('sub/d.txt', 'three')")
        #expect(contents(root + "/out/b.txt") == "two")
        #expect(contents(root + "/out/sub/d.txt") == "three")
        #expect(try lua.run("return caret.read_file('\(root)/out/b.txt')") == [.string("two")])
        try lua.run("caret.write_file('\(root)/out/sub/e.txt', '')")
        #expect(contents(root + "/out/sub/e.txt") == "")
        #expect(listing(root + "/out").filter { $0.hasSuffix(".tmp") }.isEmpty)
        #expect(listing(root + "/out/sub") == ["d.txt", "e.txt"])
    }

    /// The counter temporary names are numbered with gives each caller its own number however
    /// many threads ask at once (a plain increment would hand out duplicates under contention).
    @Test func temporaryNumbersAreDistinctAcrossThreads() {
        let perThread = 50_000
        let numbers = Mutex<[UInt]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var mine: [UInt] = []
            mine.reserveCapacity(perThread)
            for _ in 0..<perThread { mine.append(caret_next_temporary_number()) }
            numbers.withLock { $0 += mine }
        }
        let all = numbers.withLock { $0 }
        #expect(all.count == 8 * perThread)
        #expect(Set(all).count == all.count)
    }

    /// Runtimes on several threads writing the same names at once: every write succeeds, each
    /// file ends holding one writer's whole text, and no temporary file is left behind.
    @Test func concurrentWritesTakeDistinctTemporaryNames() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let threads = 8
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                let lua = try runtime(root)
                try lua.run("for i = 1, 40 do caret.write_file('shared' .. (i % 4) .. '.txt', string.rep('\(thread)', 1000)) "
                    + "caret.write_file('own\(thread)-' .. i .. '.txt', 'é😀\(thread)') end")
            } catch {
                failures.withLock { $0.append("thread \(thread): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let names = listing(root + "/out")
        #expect(names.filter { $0.hasSuffix(".tmp") }.isEmpty, "\(names)")
        #expect(names.filter { $0.hasPrefix("own") }.count == threads * 40)
        for thread in 0..<threads { #expect(contents(root + "/out/own\(thread)-40.txt") == "é😀\(thread)") }
        for i in 0..<4 {
            let text = contents(root + "/out/shared\(i).txt") ?? ""
            #expect(text.count == 1000 && Set(text).count == 1, "shared\(i).txt mixes writers")
        }
    }

    @Test func openAndSaveUseTheSameCapability() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "{bold:x}y".write(toFile: root + "/in/doc.caret", atomically: true, encoding: .utf8)
        let session = try ScriptSession(options: LuaRuntimeOptions(readableRoots: [root + "/in"], writableRoots: [root + "/out"]))
        try session.run("local d = caret.open('doc.caret') d:save('sub/copy.caret')")
        #expect(contents(root + "/out/sub/copy.caret") == "{bold:x}y|\n")
        #expect(scriptError(session, "caret.open('escape.txt', 'text')")?.message
            == "cannot read 'escape.txt': the path goes through a symbolic link, and symbolic links are refused")
        #expect(scriptError(session, "editor:save('link/evil.txt')")?.message
            == "cannot write 'link/evil.txt': the path goes through a symbolic link, and symbolic links are refused")
        #expect(scriptError(session, "caret.open('\\255.caret')")?.message == "bad argument #1 to 'open' (path is not valid UTF-8)")
        #expect(scriptError(session, "editor:save('\\255.caret')")?.message == "bad argument #1 to 'save' (path is not valid UTF-8)")
        #expect(!FileManager.default.fileExists(atPath: root + "/evil.txt"))
    }

    @Test(arguments: [false, true]) func dotDotAndOutsidePathsAreRefused(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root, walk: walk)
        #expect(try message(lua, "caret.read_file('../secret.txt')") == "'..' is not allowed in paths ('../secret.txt')")
        #expect(try message(lua, "caret.read_file('sub/../a.txt')") == "'..' is not allowed in paths ('sub/../a.txt')")
        #expect(try message(lua, "caret.read_file('\(root)/in/../secret.txt')") == "'..' is not allowed in paths ('\(root)/in/../secret.txt')")
        #expect(try message(lua, "caret.write_file('..', 'x')") == "'..' is not allowed in paths ('..')")
        #expect(try message(lua, "caret.read_file('\(root)/secret.txt')") == "'\(root)/secret.txt' is outside the readable directories")
        #expect(try message(lua, "caret.read_file('/etc/passwd')") == "'/etc/passwd' is outside the readable directories")
        // A sibling whose name starts with the root's is not under it.
        #expect(try message(lua, "caret.read_file('\(root)/inlink/a.txt')") == "'\(root)/inlink/a.txt' is outside the readable directories")
        #expect(try message(lua, "caret.write_file('\(root)/in/x.txt', 'x')") == "'\(root)/in/x.txt' is outside the writable directories")
        #expect(try message(lua, "caret.read_file('missing.txt')") == "cannot read 'missing.txt': No such file or directory")
        #expect(try message(lua, "caret.write_file('nodir/x.txt', 'x')") == "cannot write 'nodir/x.txt': No such file or directory")
        #expect(try message(lua, "caret.read_file('a.txt/x')") == "cannot read 'a.txt/x': Not a directory")
    }

    @Test(arguments: [false, true]) func everySymlinkIsRefused(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root, walk: walk)
        let refused = "the path goes through a symbolic link, and symbolic links are refused"
        for path in ["escape.txt", "inner.txt", "up/secret.txt", "sublink/c.txt", "null", "\(root)/in/escape.txt", "\(root)/in/up/secret.txt"] {
            #expect(try message(lua, "caret.read_file('\(path)')") == "cannot read '\(path)': \(refused)")
        }
        #expect(try message(lua, "caret.write_file('link/evil.txt', 'x')") == "cannot write 'link/evil.txt': \(refused)")
        // The last name is checked without following it and then replaced by rename, never written through.
        #expect(try message(lua, "caret.write_file('filelink', 'x')") == "cannot write 'filelink': not a regular file (a symbolic link)")
        #expect(try message(lua, "caret.write_file('dangling', 'x')") == "cannot write 'dangling': not a regular file (a symbolic link)")
        #expect(contents(root + "/secret.txt") == "secret")
        #expect(!FileManager.default.fileExists(atPath: root + "/new.txt"))
        #expect(!FileManager.default.fileExists(atPath: root + "/evil.txt"))
        #expect(listing(root + "/out") == ["dangling", "filelink", "link", "sub"])
    }

    @Test func aRootGrantedThroughASymlinkIsItsTarget() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root, read: ["inlink"])
        #expect(try lua.run("return caret.read_file('a.txt')") == [.string("hello")])
        // Both the spelling granted and the real path are accepted as absolute prefixes.
        #expect(try lua.run("return caret.read_file('\(root)/inlink/a.txt')") == [.string("hello")])
        let real = try #require(LuaFileAccess.realPath(root + "/in"))
        #expect(try lua.run("return caret.read_file('\(real)/sub/c.txt')") == [.string("deep")])
    }

    @Test func rootsStayTheDirectoriesOpenedAtGrantTime() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root)
        let fm = FileManager.default
        try fm.moveItem(atPath: root + "/in", toPath: root + "/moved")
        try fm.createSymbolicLink(atPath: root + "/in", withDestinationPath: "outside")
        try "other".write(toFile: root + "/outside/a.txt", atomically: true, encoding: .utf8)
        #expect(try lua.run("return caret.read_file('a.txt'), caret.read_file('\(root)/in/a.txt')") == [.string("hello"), .string("hello")])
    }

    @Test func multipleRootsRelativeUsesTheFirstAbsoluteTheOneItIsUnder() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "in-out".write(toFile: root + "/out/a.txt", atomically: true, encoding: .utf8)
        let lua = try runtime(root, read: ["out", "in", "in/sub"])
        #expect(try lua.run("return caret.read_file('a.txt')") == [.string("in-out")])
        #expect(try lua.run("return caret.read_file('\(root)/in/a.txt'), caret.read_file('\(root)/in/sub/c.txt')")
            == [.string("hello"), .string("deep")])
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true]) func fifosDevicesAndDirectoriesAreNotRegularFiles(walk: Bool) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root, walk: walk)
        #expect(mkfifo(root + "/in/fifo", 0o644) == 0)
        #expect(mkfifo(root + "/out/fifo", 0o644) == 0)
        // No writer ever opens these FIFOs: a blocking open would hang here.
        #expect(try message(lua, "caret.read_file('fifo')") == "cannot read 'fifo': not a regular file (a FIFO)")
        #expect(try message(lua, "caret.read_file('\(root)/in/fifo')") == "cannot read '\(root)/in/fifo': not a regular file (a FIFO)")
        #expect(try message(lua, "caret.write_file('fifo', 'x')") == "cannot write 'fifo': not a regular file (a FIFO)")
        #expect(try message(lua, "caret.read_file('sub')") == "cannot read 'sub': not a regular file (a directory)")
        #expect(try message(lua, "caret.write_file('sub', 'x')") == "cannot write 'sub': not a regular file (a directory)")
        var null = stat()
        if stat("/dev/null", &null) == 0, mknod(root + "/in/device", S_IFCHR | 0o666, null.st_rdev) == 0 {
            #expect(try message(lua, "caret.read_file('device')") == "cannot read 'device': not a regular file (a device)")
        }
        #expect(listing(root + "/out") == ["dangling", "fifo", "filelink", "link", "sub"])
    }

    @Test func pathsNamingADirectoryNeverCreateAFile() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root)
        for path in ["dir/", "sub/", "sub/.", ".", "./", "\(root)/out", "\(root)/out/", "\(root)/out/."] {
            #expect(try message(lua, "caret.write_file('\(path)', 'x')") == "cannot write '\(path)': invalid file name (the path names a directory)")
        }
        #expect(try message(lua, "caret.read_file('sub/')") == "cannot read 'sub/': invalid file name (the path names a directory)")
        #expect(try message(lua, "caret.write_file('', 'x')") == "invalid path ''")
        #expect(try message(lua, "caret.write_file('/', 'x')") == "'/' is outside the writable directories")
        #expect(listing(root + "/out") == ["dangling", "filelink", "link", "sub"])
        #expect(listing(root + "/out/sub").isEmpty)
    }

    @Test func pathsMustBeValidUTF8WithoutNUL() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root)
        #expect(try message(lua, "caret.read_file('\\255.txt')") == "bad argument #1 to 'read_file' (path is not valid UTF-8)")
        #expect(try message(lua, "caret.write_file('a\\192.txt', 'x')") == "bad argument #1 to 'write_file' (path is not valid UTF-8)")
        #expect(try message(lua, "caret.read_file('a.txt\\0.x')") == "bad argument #1 to 'read_file' (path contains a NUL byte)")
        #expect(try message(lua, "caret.write_file('a\\0b', 'x')") == "bad argument #1 to 'write_file' (path contains a NUL byte)")
        // Contents are bytes, not text: invalid UTF-8 and NULs are written as they are.
        try lua.run("caret.write_file('bytes', '\\255\\0\\192')")
        #expect(FileManager.default.contents(atPath: root + "/out/bytes") == Data([255, 0, 192]))
        #expect(listing(root + "/out") == ["bytes", "dangling", "filelink", "link", "sub"])
    }

    @Test func messagesQuoteAtMost200BytesOfAPath() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try runtime(root)
        let text = try message(lua, "caret.read_file(string.rep('é', 150))")
        #expect(text == "cannot read '\(String(repeating: "é", count: 100))…' (300 bytes): File name too long")
        let outside = try message(lua, "caret.read_file('/' .. string.rep('x', 500))")
        #expect(outside == "'/\(String(repeating: "x", count: 199))…' (501 bytes) is outside the readable directories")
    }

    @Test func readsStayWithinTheMemoryBudget() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(count: 4 << 20).write(to: URL(fileURLWithPath: root + "/in/big.bin"))
        let lua = try LuaRuntime(options: LuaRuntimeOptions(memoryLimit: 2 << 20, readableRoots: [root + "/in"]))
        #expect(try message(lua, "caret.read_file('big.bin')").hasPrefix("cannot read 'big.bin': 4194304 bytes exceed the memory limit"))
    }
}
