import Foundation
import Testing
@testable import CaretCLI
@testable import CaretReplay

/// Runs `caret` in-process with a capturing terminal.
func caret(_ arguments: [String]) -> (code: ExitCode, stdout: String, stderr: String) {
    let output = CapturedOutput()
    var terminal = Terminal.capturing(output)
    let code = CaretCommandLine.run(arguments, terminal: &terminal)
    return (code, output.stdout, output.stderr)
}

/// A fresh temporary directory, removed by `remove()`.
struct TempDirectory {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "caret-cli-\(getpid())-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String, _ text: String) -> String {
        let full = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }
    func read(_ name: String) -> String { (try? String(contentsOfFile: path + "/" + name, encoding: .utf8)) ?? "<missing>" }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

let passing = """
{"caret-trace":1,"document":"ab|"}
{"text":"c"}
{"check":"abc|"}
{"key":"shift+left"}
{"check":"ab|c^"}

"""

let failing = """
{"caret-trace":1,"document":"ab|"}
{"text":"c"}
{"check":"abX|"}

"""

@Suite struct ReplayCommandTests {
    @Test func printsFinalAndIntermediateStates() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("a.caret-trace", passing)
        #expect(caret(["replay", trace]).stdout == "ab|c^\n")
        #expect(caret(["replay", trace, "--until", "1"]).stdout == "abc|\n")
        #expect(caret(["replay", trace, "--until", "0", "--print", "text"]).stdout == "ab")
        #expect(caret(["replay", trace, "--print", "json"]).stdout == #"{"text":"abc","runs":[{"length":3,"attributes":{}}],"selection":{"anchor":3,"head":2}}"# + "\n")
        #expect(caret(["replay", trace, "--check"]).code == .ok)
    }

    @Test func failingCheckpointPrintsStepEventAndDiff() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("f.caret-trace", failing)
        let result = caret(["replay", trace, "--check"])
        #expect(result.code == .checkFailed)
        #expect(result.stdout == "")
        #expect(result.stderr == """
        \(trace):3:1: step 2: checkpoint does not match
          event: {"check":"abX|"}
        --- expected
        +++ actual
        @@ -1 +1 @@
        -abX|
        +abc|

        """)
        #expect(caret(["replay", trace]).code == .ok)
    }

    @Test func errorsAndUsage() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let bad = dir.file("b.caret-trace", "{\"caret-trace\":1}\n{\"jump\":1}\n")
        let result = caret(["replay", bad])
        #expect(result.code == .dataError)
        #expect(result.stderr.hasPrefix("\(bad):2:2: unknown event 'jump'"))
        #expect(caret(["replay", dir.path + "/missing.caret-trace"]).code == .noInput)
        #expect(caret(["replay"]).code == .usage)
        #expect(caret(["replay", bad, "--print", "docx"]).code == .usage)
        let help = caret(["replay", "--help"])
        #expect(help.code == .ok && help.stdout.hasPrefix("usage: caret replay TRACE"))
        let truncated = dir.file("t.caret-trace", "{\"caret-trace\":1}\n{\"text\":\"a\"}\n{\"text\":\"b")
        #expect(caret(["replay", truncated]).code == .dataError)
        let salvaged = caret(["replay", truncated, "--salvage"])
        #expect(salvaged.stdout == "a|\n")
        #expect(salvaged.stderr.contains(":3:1: warning: dropped the last line"))
    }

    /// The trace is played as it is read, but the command behaves as if it were parsed first:
    /// a malformed line after a failing event or past --until is the error, and nothing is
    /// printed or written on any failure.
    @Test func streamingKeepsTheParseFirstContract() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let out = dir.path + "/state.caret"
        let lateBadLine = dir.file("late.caret-trace", "{\"caret-trace\":1,\"document\":\"ab|\"}\n{\"text\":\"😀\"}\n{\"select\":[1,99]}\n{\"text\":\"x\"}\n{\"txt\":1}\n")
        for arguments in [[], ["--until", "1"], ["--check"]] {
            let result = caret(["replay", lateBadLine, "--out", out] + arguments)
            #expect(result.code == .dataError, "\(arguments)")
            #expect(result.stderr.hasPrefix("\(lateBadLine):5:2: unknown event 'txt'"), "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // Without the bad line: the failed event, located, and still nothing written.
        let failingEvent = dir.file("event.caret-trace", "{\"caret-trace\":1,\"document\":\"ab|\"}\n{\"text\":\"😀\"}\n{\"select\":[1,99]}\n{\"text\":\"x\"}\n")
        let failed = caret(["replay", failingEvent, "--out", out])
        #expect(failed.code == .dataError)
        #expect(failed.stderr.hasPrefix("\(failingEvent):3:1: step 2: invalid position: offset 99 is past the end (length 4, UTF-16)"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // --until stops the playing, not the reading: the count is the whole trace's.
        #expect(caret(["replay", failingEvent, "--until", "1", "--print", "text"]).stdout == "ab😀")
        #expect(caret(["replay", dir.file("p.caret-trace", passing), "--until", "5"]).stderr.hasPrefix("caret replay: --until 5 is past the last step (4)"))
        #expect(caret(["replay", dir.path]).code == .noInput)
    }
}

@Suite(.serialized) struct TestCommandTests {
    func suite() -> TempDirectory {
        let dir = TempDirectory()
        _ = dir.file("s/one.caret-trace", passing)
        _ = dir.file("s/two.caret-trace", failing)
        _ = dir.file("s/deep/three.caret-trace", passing)
        _ = dir.file("s/x.test.lua", "error('boom')\n")
        _ = dir.file("s/notes.txt", "ignored")
        return dir
    }

    @Test func runsEverythingAndSummarizes() {
        let dir = suite()
        defer { dir.remove() }
        let result = caret(["test", dir.path + "/s", "--jobs", "2"])
        #expect(result.code == .checkFailed)
        #expect(result.stdout.hasSuffix("\n2 passed, 2 failed\n"))
        #expect(result.stdout.contains("FAIL \(dir.path)/s/two.caret-trace\n  \(dir.path)/s/two.caret-trace:3:1: step 2: checkpoint does not match"))
        // In-process, `caret test` hands Lua tests to ScriptTestRunner: the script ran and failed.
        #expect(result.stdout.contains("FAIL \(dir.path)/s/x.test.lua\n  \(dir.path)/s/x.test.lua:1: boom"))
    }

    @Test func filterShardTapAndJUnit() {
        let dir = suite()
        defer { dir.remove() }
        let one = caret(["test", dir.path + "/s", "--filter", "one"])
        #expect(one.code == .ok && one.stdout == "1 passed, 0 failed\n")
        let shard1 = caret(["test", dir.path + "/s", "--shard", "1/2", "--tap"])
        #expect(shard1.stdout.hasPrefix("TAP version 13\n1..2\nok 1 - \(dir.path)/s/deep/three.caret-trace\nnot ok 2 - \(dir.path)/s/two.caret-trace\n"))
        let shard2 = caret(["test", dir.path + "/s", "--shard", "2/2", "--junit", dir.path + "/junit.xml"])
        #expect(shard2.stdout.hasSuffix("1 passed, 1 failed\n"))
        let xml = dir.read("junit.xml")
        #expect(xml.contains(#"<testsuites name="caret test" tests="2" failures="0" errors="1" skipped="0" time=""#))
        #expect(xml.contains(#"<error message="\#(dir.path)/s/x.test.lua:1: boom"#))
        #expect(caret(["test", dir.path + "/s", "--shard", "3/2"]).code == .usage)
        #expect(caret(["test", dir.path + "/nothing"]).code == .noInput)
    }

    @Test func theLuaRunnerPassedInIsUsed() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("a.test.lua", "")
        _ = dir.file("b.test.lua", "")
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        let code = try TestCommand.run([dir.path], &terminal) { path in
            path.hasSuffix("a.test.lua") ? .passed : TestOutcome(.skipped, "not today")
        }
        #expect(code == .ok)
        #expect(output.stdout == "1 passed, 0 failed, 1 skipped\n")
    }

    @Test func withoutALuaRunnerLuaTestsAreErrors() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.file("a.test.lua", "")
        #expect(TestRunner.run(path) == TestOutcome(.error, "the Lua test runner is not available in this build"))
        #expect(TestRunner.run([path], jobs: 1, luaRunner: { _ in .passed }).map(\.outcome) == [.passed])
    }

    @Test func updateRewritesCheckpointsUnlessCI() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.file("u.caret-trace", failing)
        if ProcessInfo.processInfo.environment["CI"].map({ !$0.isEmpty }) == true {
            #expect(caret(["test", path, "--update"]).code == .usage)
        }
        let result = caret(["test", path, "--update", "--force"])
        #expect(result.code == .ok)
        #expect(dir.read("u.caret-trace") == failing.replacingOccurrences(of: "abX|", with: "abc|"))
        #expect(caret(["test", path]).stdout == "1 passed, 0 failed\n")
    }
}

@Suite struct RecordConvertImportShrinkTests {
    @Test func recordFromInstructions() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("doc.caret", "Hello|")
        let input = dir.file("in.txt", """
        # a session
        type , world
        key shift+alt+left cmd+b
        check traits
        run findNext pattern="l"
        select 99
        bogus
        undo 2
        check

        """)
        let result = caret(["record", "--doc", doc, "--in", input, "--out", dir.path + "/r.caret-trace"])
        #expect(result.code == .dataError)
        #expect(result.stderr == "\(input):6:1: invalid position: offset 99 is past the end (length 12, UTF-16)\n\(input):7:1: unknown instruction 'bogus' (expected type, key, select, run, paste, paste-plain, undo, redo, wait, check, print)\n")
        #expect(result.stdout == "Hello, |{bold:world}^\nHello|\n")
        let lines = dir.read("r.caret-trace").split(separator: "\n")
        #expect(lines.count == 8)
        #expect(caret(["replay", dir.path + "/r.caret-trace", "--check"]).code == .ok)
    }

    @Test func convertToLuaWritesScriptAndDocument() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("a.caret-trace", passing)
        let out = caret(["convert", trace, "--to", "lua"])
        #expect(out.code == .ok)
        #expect(out.stdout.contains("editor:insert(\"c\")\ncaret.expect(\"abc|\")\neditor:key(\"shift+left\")\n"))
        #expect(caret(["convert", trace, "--to", "lua", "--out", dir.path + "/s.lua"]).code == .ok)
        // A markup file ends in a line break, which reading it drops again.
        #expect(dir.read("s.caret") == "ab|\n")
        #expect(dir.read("s.lua").contains("-- run with: caret run s.lua --doc s.caret\n"))
        #expect(caret(["convert", trace, "--to", "python"]).code == .usage)
    }

    @Test func importEditingTrace() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let json = dir.file("e.json", #"{"startContent":"","endContent":"h😀llo","txns":[{"time":"x","patches":[[0,0,"hello"]]},{"patches":[[1,1,"😀"]]}]}"#)
        let result = caret(["import", "editing-trace", json, "--out", dir.path + "/e.caret-trace"])
        #expect(result.code == .ok)
        #expect(dir.read("e.caret-trace") == """
        {"caret-trace":1,"document":"","seed":0,"options":{"traitToggle":"uniform","undoCoalescingInterval":1,"defaultFontSize":17,"fontSizeStep":1}}
        {"edit":[0,0,"hello"]}
        {"edit":[1,1,"😀"]}
        {"check":"h😀llo"}

        """)
        #expect(caret(["replay", dir.path + "/e.caret-trace", "--check"]).code == .ok)
        let gz = dir.path + "/e.json.gz"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "/bin/gzip -c '\(json)' > '\(gz)'"]
        try process.run()
        process.waitUntilExit()
        #expect(caret(["import", "editing-trace", gz, "--out", dir.path + "/g.caret-trace"]).code == .ok)
        #expect(dir.read("g.caret-trace") == dir.read("e.caret-trace"))
        let bad = dir.file("bad.json", #"{"endContent":"x","txns":[{"patches":[[5,0,"a"]]}]}"#)
        #expect(caret(["import", "editing-trace", bad, "--out", dir.path + "/b.caret-trace"]).code == .dataError)
        #expect(caret(["import", "otherformat", bad, "--out", dir.path + "/b.caret-trace"]).code == .usage)
    }

    @Test func shrinkWritesSmallerFailingTrace() {
        let dir = TempDirectory()
        defer { dir.remove() }
        var lines = [#"{"caret-trace":1,"document":"|"}"#]
        for i in 0..<200 { lines.append(i == 120 ? #"{"select":[0,999]}"# : #"{"text":"ab"}"#) }
        let path = dir.file("big.caret-trace", lines.joined(separator: "\n") + "\n")
        let result = caret(["shrink", path, "--out", dir.path + "/small.caret-trace"])
        #expect(result.code == .ok)
        #expect(result.stdout.hasPrefix("200 events -> 1 ("))
        #expect(dir.read("small.caret-trace").hasSuffix("\n{\"select\":[0,999]}\n"))
        #expect(caret(["replay", dir.path + "/small.caret-trace"]).code == .dataError)
        let ok = dir.file("ok.caret-trace", passing)
        #expect(caret(["shrink", ok, "--out", dir.path + "/x.caret-trace"]).code == .checkFailed)
    }
}

@Suite struct TraceOutputColourTests {
    @Test func diffIsColouredOnlyWhenColourIsOn() throws {
        let failure = ReplayFailure(file: "f", step: 2, line: 3, event: .text("x"), kind: .checkFailed(expected: "a", actual: "b"))
        let plain = Terminal(isColorEnabled: false, isInteractive: false) { _, _ in }
        let colour = Terminal(isColorEnabled: true, isInteractive: true) { _, _ in }
        #expect(!TraceCommandSupport.render(failure, on: plain).contains("\u{1B}["))
        let coloured = TraceCommandSupport.render(failure, on: colour)
        #expect(coloured.contains("\u{1B}[31m-a\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[32m+b\u{1B}[0m"))
    }
}
