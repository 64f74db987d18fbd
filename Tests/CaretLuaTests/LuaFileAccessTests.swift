import Foundation
import Testing
@testable import CaretLua

@Suite struct LuaFileAccessTests {
    /// A fresh directory tree: root/in/a.txt, root/out/, root/secret.txt, and a symlink in/escape → ../secret.txt.
    func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("caret-lua-\(UUID().uuidString)").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/in", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        try "hello".write(toFile: root + "/in/a.txt", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: root + "/in/escape.txt", withDestinationPath: "../secret.txt")
        try fm.createSymbolicLink(atPath: root + "/out/link", withDestinationPath: "..")
        return root
    }

    func message(_ lua: LuaRuntime, _ source: String) throws -> String {
        try #require(throws: LuaScriptError.self) { try lua.run(source) }.message
    }

    @Test func withoutGrantsFileAccessIsBlocked() throws {
        let lua = try LuaRuntime()
        #expect(try message(lua, "caret.read_file('x')") == "file reading is not available in the sandbox (the host granted no directory for it)")
        #expect(try message(lua, "caret.write_file('x', 'y')") == "file writing is not available in the sandbox (the host granted no directory for it)")
    }

    @Test func readsAndWritesInsideRoots() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try LuaRuntime(options: LuaRuntimeOptions(readableRoots: [root + "/in", root + "/out"], writableRoots: [root + "/out"]))
        #expect(try lua.run("return caret.read_file('a.txt')") == [.string("hello")])
        #expect(try lua.run("return caret.read_file('\(root)/in/a.txt')") == [.string("hello")])
        try lua.run("caret.write_file('b.txt', 'one')\ncaret.write_file('b.txt', 'two')")
        #expect(try String(contentsOfFile: root + "/out/b.txt", encoding: .utf8) == "two")
        #expect(try lua.run("return caret.read_file('\(root)/out/b.txt')") == [.string("two")])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/out").filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func escapesAreRefused() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lua = try LuaRuntime(options: LuaRuntimeOptions(readableRoots: [root + "/in"], writableRoots: [root + "/out"]))
        #expect(try message(lua, "caret.read_file('../secret.txt')") == "'..' is not allowed in paths ('../secret.txt')")
        #expect(try message(lua, "caret.read_file('escape.txt')") == "'escape.txt' is outside the readable directories")
        #expect(try message(lua, "caret.read_file('\(root)/secret.txt')") == "'\(root)/secret.txt' is outside the readable directories")
        #expect(try message(lua, "caret.write_file('link/evil.txt', 'x')") == "'link/evil.txt' is outside the writable directories")
        #expect(try message(lua, "caret.write_file('\(root)/in/x.txt', 'x')") == "'\(root)/in/x.txt' is outside the writable directories")
        #expect(try message(lua, "caret.read_file('missing.txt')").hasPrefix("cannot read 'missing.txt'"))
        #expect(!FileManager.default.fileExists(atPath: root + "/evil.txt"))
    }
}
