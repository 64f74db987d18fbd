import CaretLua
import CaretReplay
import Foundation
import Testing
@testable import CaretCLI

@Suite struct RunCommandTests {
    @Test func runsAScriptAndPrintsTheDocument() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", "print('hi', #arg, arg[1]) editor:insert(' there') editor:toggle('bold')")
        let result = caret(["run", script, "--text", "Hello", "--", "x"])
        #expect(result.code == .ok)
        #expect(result.stdout == "hi\t1\tx\nHello there|<bold>\n")
        #expect(caret(["run", script, "--text", "Hello", "--format", "text"]).stdout == "hi\t0\tnil\nHello there")
        #expect(caret(["run", script, "--text", "Hello", "--quiet"]).stdout == "hi\t0\tnil\n")
        let doc = dir.file("d.json", #"{"text":"ab","runs":[{"length":2,"attributes":{"italic":true}}]}"#)
        #expect(caret(["run", script, "--doc", doc]).stdout.hasSuffix(#"{"text":"ab there","runs":[{"length":8,"attributes":{"italic":true}}],"selection":{"anchor":8,"head":8},"typingAttributes":{"bold":true,"italic":true}}"# + "\n"))
    }

    @Test func outIsWrittenAtomicallyAndKeptOnFailure() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let good = dir.file("good.lua", "editor:insert('!')")
        let bad = dir.file("bad.lua", "editor:insert('?')\nlocal function f() error('went wrong') end\nf()")
        let out = dir.path + "/out.caret"
        #expect(caret(["run", good, "--text", "a", "--out", out]).code == .ok)
        #expect(dir.read("out.caret") == "a!|\n")
        #expect(caret(["run", good, "--text", "a", "--out", dir.path + "/out.txt"]).code == .ok)
        #expect(dir.read("out.txt") == "a!")
        let failed = caret(["run", bad, "--text", "a", "--out", out])
        #expect(failed.code == .dataError)
        #expect(failed.stderr == "\(bad):2: went wrong\nstack traceback:\n\t\(bad):2: in function 'f'\n\t\(bad):3: in main chunk\n")
        #expect(dir.read("out.caret") == "a!|\n")
        #expect(try! FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.lua", "good.lua", "out.caret", "out.txt"])
    }

    @Test func usageAndInputErrors() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", "")
        #expect(caret(["run"]).code == .usage)
        #expect(caret(["run", script, "--doc", "x", "--text", "y"]).code == .usage)
        #expect(caret(["run", script, "--format", "docx"]).code == .usage)
        #expect(caret(["run", script, "--max-instructions", "0"]).code == .usage)
        #expect(caret(["run", script, "--allow-read", dir.path + "/nope"]).code == .usage)
        #expect(caret(["run", dir.path + "/missing.lua"]).code == .noInput)
        let syntax = dir.file("syntax.lua", "x = = 1")
        let result = caret(["run", syntax])
        #expect(result.code == .dataError)
        #expect(result.stderr.hasPrefix("\(syntax):1: unexpected symbol near '='"))
        let badDoc = dir.file("bad.caret", "{bold:x")
        #expect(caret(["run", script, "--doc", badDoc]).stderr.hasPrefix("\(badDoc):1:"))
        #expect(caret(["run", "--help"]).stdout.contains("--max-instructions N"))
        #expect(caret(["repl", "--help"]).code == .ok)
        #expect(caret(["api", "--help"]).code == .ok)
    }

    @Test func limitsStopWithAClearMessage() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let loop = dir.file("loop.lua", "local n = 0\nwhile true do n = n + 1 end")
        let instructions = caret(["run", loop, "--max-instructions", "100000"])
        #expect(instructions.code == .dataError)
        #expect(instructions.stderr == "\(loop):2: instruction limit of 100000 exceeded (raise it with --max-instructions)\n")
        let timeout = caret(["run", loop, "--timeout", "0.2"])
        #expect(timeout.code == .dataError)
        #expect(timeout.stderr == "\(loop):2: time limit of 0.2 s exceeded (raise it with --timeout)\n")
        let hog = dir.file("hog.lua", "local t = {}\nfor i = 1, 1e9 do t[i] = string.rep('x', 100) .. i end")
        let memory = caret(["run", hog, "--max-memory", "16"])
        #expect(memory.code == .dataError)
        #expect(memory.stderr.hasSuffix("memory limit of 16 MB exceeded (raise it with --max-memory)\n"))
    }

    @Test func capabilitiesComeFromFlags() {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("in/doc.caret", "{bold:x}y")
        let script = dir.file("s.lua", "local d = caret.open('doc.caret') d:insert('!') d:save('\(dir.path)/out/copy.json')")
        try! FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        let denied = caret(["run", script])
        #expect(denied.code == .dataError)
        #expect(denied.stderr.contains("file reading is not available in the sandbox"))
        let allowed = caret(["run", script, "--allow-read", dir.path + "/in", "--allow-write", dir.path + "/out", "--quiet"])
        #expect(allowed.code == .ok)
        #expect(dir.read("out/copy.json") == #"{"text":"xy!","runs":[{"length":1,"attributes":{"bold":true}},{"length":2,"attributes":{}}],"selection":{"anchor":3,"head":3}}"# + "\n")
    }

    @Test func failedExpectationExitsOne() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("e.lua", "editor:insert('c')\ncaret.expect('abX|')")
        let result = caret(["run", script, "--text", "ab"])
        #expect(result.code == .checkFailed)
        #expect(result.stderr.contains("-abX|\n+abc|"))
    }

    @Test func recordWritesATraceThatReplaysToTheSameDocument() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", "editor:toggle('bold') editor:insert('x') editor:select(0, 2) editor:run('toggleItalic') editor:macro_start('m') editor:insert('!') editor:macro_stop() editor:macro_play('m', {times = 2})")
        let trace = dir.path + "/s.caret-trace"
        let run = caret(["run", script, "--text", "ab", "--record", trace])
        #expect(run.code == .ok)
        #expect(dir.read("s.caret-trace").split(separator: "\n").dropFirst().joined(separator: "\n") == """
        {"command":"toggleBold"}
        {"text":"x"}
        {"select":[0,2]}
        {"command":"toggleItalic"}
        {"text":"!"}
        {"text":"!"}
        {"text":"!"}
        """)
        #expect(caret(["replay", trace]).stdout == run.stdout)
    }
}

@Suite struct ReplAndApiCommandTests {
    @Test func replPrintsValuesAndStateAfterEachLine() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let input = dir.file("in.lua", "editor:length()\neditor:insert('x')\n\nerror('boom')\n= editor:selection()\n")
        let result = caret(["repl", "--text", "ab", "--in", input])
        #expect(result.stdout == "2\nab|\nabx|\n3\t3\nabx|\n")
        #expect(result.stderr == "stdin:4: boom\nstack traceback:\n\tstdin:4: in main chunk\n")
        #expect(result.code == .dataError)
    }

    @Test func apiPrintsTheCommittedDocs() {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs").path
        #expect(caret(["api", "--markdown"]).stdout == (try? String(contentsOfFile: docs + "/lua-api.md", encoding: .utf8)))
        #expect(caret(["api", "--luals"]).stdout == (try? String(contentsOfFile: docs + "/caret.d.lua", encoding: .utf8)))
        #expect(caret(["api"]).code == .usage)
    }

    /// Through the built executable: `CaretCommandLine.main` installs the Lua test runner, and
    /// the in-process tests of `caret test` expect it not to be installed.
    @Test func caretTestRunsLuaTests() throws {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("a.caret", "ab|")
        _ = dir.file("a.test.lua", "editor:insert('c')\ncaret.expect('abc|')")
        _ = dir.file("b.test.lua", "editor:insert('x')\ncaret.expect('y|')")
        _ = dir.file("c.test.lua", "error('broken')")
        let result = try spawn(executable, ["test", dir.path, "--jobs", "2"])
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 1)
        #expect(stdout.hasSuffix("1 passed, 2 failed\n"))
        #expect(stdout.contains("-y|\n  +x|"))
        #expect(stdout.contains("c.test.lua:1: broken"))
        #expect(ScriptTestRunner.run(dir.path + "/a.test.lua") == .passed)
        #expect(ScriptTestRunner.run(dir.path + "/b.test.lua").status == .failed)
        #expect(ScriptTestRunner.run(dir.path + "/c.test.lua").status == .error)
    }
}
