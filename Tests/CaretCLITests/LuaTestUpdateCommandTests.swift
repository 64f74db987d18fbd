import CaretLua
import CaretReplay
import Foundation
import Testing
@testable import CaretCLI

/// `caret test --update` over Lua tests, through the command (CaretLuaTests has the rewriter's cases).
@Suite struct LuaTestUpdateCommandTests {
    /// `caret test ARGUMENTS` with `environment` (no CI unless given).
    func test(_ arguments: [String], environment: [String: String] = [:]) -> (code: ExitCode, stdout: String, stderr: String) {
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        do {
            let code = try TestCommand.run(arguments, &terminal, environment: environment)
            return (code, output.stdout, output.stderr)
        } catch let error as CLIError {
            return (error.code, output.stdout, error.message)
        } catch {
            return (.software, output.stdout, "\(error)")
        }
    }

    @Test func aFailingLuaTestIsRewrittenNotHidden() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let a = dir.file("a.test.lua", """
        editor:insert(" wörld 👋")
        caret.expect("old|") editor:expect([[
        old]])

        """)
        _ = dir.file("a.caret", "{bold:Hi}|\n")
        let result = test([dir.path, "--update", "--force"])
        #expect(result.code == .ok)
        #expect(result.stdout == "updated \(a):2\nupdated \(a):2\n1 updated, 0 failed\n")
        #expect(dir.read("a.test.lua") == """
        editor:insert(" wörld 👋")
        caret.expect("{bold:Hi wörld 👋}|") editor:expect([[
        {bold:Hi wörld 👋}]])

        """)
        #expect(test([dir.path]).stdout == "1 passed, 0 failed\n")
        // Nothing but the test was written, and no temporary file is left.
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() == ["a.caret", "a.test.lua"])
    }

    @Test func whatCannotBeRewrittenFailsTheRun() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let b = dir.file("b.test.lua", "local markup = 'x' .. '|'\neditor:expect(markup)\n")
        let result = test([dir.path, "--update", "--force"])
        #expect(result.code == .checkFailed)
        #expect(result.stdout.hasPrefix("FAIL \(b)\n  \(b):2: the expected markup is built at run time (not one string literal); it cannot be rewritten\n"))
        #expect(result.stdout.hasSuffix("0 updated, 1 failed\n"))
        #expect(dir.read("b.test.lua") == "local markup = 'x' .. '|'\neditor:expect(markup)\n")
    }

    @Test func updateGoesWithJUnitAndFilter() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let keep = "caret.expect('nope')\n"
        let a = dir.file("one/a.test.lua", "caret.expect('nope')\n")
        _ = dir.file("two/b.test.lua", keep)
        _ = dir.file("one/t.caret-trace", failing)
        let junit = dir.path + "/junit.xml"
        let result = test([dir.path, "--update", "--force", "--filter", "one/", "--junit", junit])
        #expect(result.code == .ok)
        #expect(result.stdout == "updated \(a):1\nupdated \(dir.path)/one/t.caret-trace (1 checkpoint)\n2 updated, 0 failed\n")
        #expect(dir.read("one/a.test.lua") == "caret.expect('')\n")
        #expect(dir.read("two/b.test.lua") == keep)
        let xml = dir.read("junit.xml")
        #expect(junitSchemaProblems(xml) == [], "\(xml)")
        #expect(xml.contains("<system-out>updated \(a):1</system-out>"))
        #expect(xml.contains(#"tests="2" failures="0" errors="0""#))
    }

    @Test func updateIsRefusedUnderCIUnlessForced() {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("a.test.lua", "caret.expect('x')\n")
        let refused = test([dir.path, "--update"], environment: ["CI": "true"])
        #expect(refused.code == .usage)
        #expect(refused.stderr == "refusing to --update checkpoints with CI set (CI=true); pass --force to do it anyway")
        #expect(dir.read("a.test.lua") == "caret.expect('x')\n")
        #expect(test([dir.path, "--update", "--force"], environment: ["CI": "true"]).code == .ok)
        #expect(dir.read("a.test.lua") == "caret.expect('')\n")
    }

    @Test func aScriptErrorUnderUpdateIsAFailure() {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("a.test.lua", "error('broken')\n")
        let result = test([dir.path, "--update", "--force"])
        #expect(result.code == .checkFailed)
        #expect(result.stdout.contains("broken"))
        #expect(result.stdout.hasSuffix("0 updated, 1 failed\n"))
    }

    @Test func theCaretExecutableUpdatesInItsChildProcesses() throws {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let dir = TempDirectory()
        defer { dir.remove() }
        let a = dir.file("a.test.lua", "editor:insert('x')\ncaret.expect('y|')\ncaret.expect [==[\nz]==]\n")
        let b = dir.file("b.test.lua", "caret.expect(('q'):rep(2))\n")
        let result = try spawn(executable, ["test", dir.path, "--update", "--force"])
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 1)
        #expect(stdout.hasPrefix("updated \(a):2\nupdated \(a):3\nFAIL \(b)\n  \(b):1: the expected markup is built at run time"), "\(stdout)")
        #expect(stdout.hasSuffix("1 updated, 1 failed\n"))
        #expect(dir.read("a.test.lua") == "editor:insert('x')\ncaret.expect('x|')\ncaret.expect [==[\nx]==]\n")
    }
}

/// One rule for the final line break of a markup file, whichever way the document is loaded.
@Suite struct DocumentFileFinalNewlineTests {
    /// File contents and the document (with a caret at its end) each must load as.
    let cases: [(file: String, document: String)] = [
        ("Hi 😀\n", "Hi 😀|"),
        ("Hi 😀\r\n", "Hi 😀|"),
        ("Hi 😀", "Hi 😀|"),
        ("Hi 😀\n\n", "Hi 😀\n|"),
        ("{bold:a}\n", "{bold:a}|"),
    ]

    @Test func theFileBesideALuaTest() {
        for (file, document) in cases {
            let dir = TempDirectory()
            defer { dir.remove() }
            _ = dir.file("t.caret", file)
            let path = dir.file("t.test.lua", "caret.expect([[\(document)]])\n")
            #expect(CaretLua.ScriptTestRunner.run(path) == .passed, "\(file.debugDescription)")
        }
    }

    @Test func docAndCaretOpenInCaretRun() {
        for (file, document) in cases {
            let dir = TempDirectory()
            defer { dir.remove() }
            let doc = dir.file("d.caret", file)
            let plain = document.replacingOccurrences(of: "|", with: "")
            let script = dir.file("s.lua", "caret.expect([[\(document)]])\ncaret.open('d.caret'):expect([[\(plain)]])\n")
            let result = caret(["run", script, "--doc", doc, "--allow-read", dir.path])
            #expect(result.code == .ok, "\(file.debugDescription): \(result.stderr)")
        }
    }

    @Test func caretRecordReadsTheSameDocument() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("d.caret", "Hi|\n")
        let input = dir.file("in.txt", "check\n")
        let out = dir.path + "/r.caret-trace"
        #expect(caret(["record", "--doc", doc, "--in", input, "--out", out]).code == .ok)
        #expect(dir.read("r.caret-trace").hasPrefix(#"{"caret-trace":1,"document":"Hi|"#), "\(dir.read("r.caret-trace"))")
    }

    @Test func aConvertedTraceRenamedToATestPasses() {
        // `caret convert --to lua` writes the document beside the script; renamed to *.test.lua,
        // the pair is a Lua test whose document has no spurious blank line.
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("s.caret-trace", """
        {"caret-trace":1,"document":"{bold:Title}\\nbody|"}
        {"text":" text"}
        {"check":"{bold:Title}\\nbody text|"}

        """)
        #expect(caret(["convert", trace, "--to", "lua", "--out", dir.path + "/s.lua"]).code == .ok)
        #expect(dir.read("s.caret") == "{bold:Title}\nbody|\n")
        try? FileManager.default.moveItem(atPath: dir.path + "/s.lua", toPath: dir.path + "/s.test.lua")
        try? FileManager.default.removeItem(atPath: trace)
        let result = caret(["test", dir.path])
        #expect(result.stdout == "1 passed, 0 failed\n", "\(result.stdout)")
    }

    @Test func aBesideFileThatIsNotMarkupIsLocated() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("t.caret", "ok\n{bold:x\n")
        let path = dir.file("t.test.lua", "")
        let outcome = CaretLua.ScriptTestRunner.run(path)
        #expect(outcome.status == .error)
        #expect(outcome.message.hasPrefix(doc + ":2:"), "\(outcome.message)")
    }
}
