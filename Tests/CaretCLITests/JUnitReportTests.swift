import CLibXML2
import CaretReplay
import Foundation
import Testing
@testable import CaretCLI

/// The problems libxml2 finds validating `xml` against Tests/Fixtures/junit.xsd (empty: valid).
func junitSchemaProblems(_ xml: String) -> [String] {
    final class Problems { var list: [String] = [] }
    let schemaPath = repositoryRoot + "/Tests/Fixtures/junit.xsd"
    guard let parser = xmlSchemaNewParserCtxt(schemaPath) else { return ["cannot read \(schemaPath)"] }
    defer { xmlSchemaFreeParserCtxt(parser) }
    guard let schema = xmlSchemaParse(parser) else { return ["\(schemaPath) is not a valid schema"] }
    defer { xmlSchemaFree(schema) }
    guard let validation = xmlSchemaNewValidCtxt(schema) else { return ["cannot make a validation context"] }
    defer { xmlSchemaFreeValidCtxt(validation) }
    let problems = Problems()
    let box = Unmanaged.passRetained(problems)
    defer { box.release() }
    xmlSchemaSetValidStructuredErrors(validation, { context, error in
        guard let context, let error else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "?"
        Unmanaged<Problems>.fromOpaque(context).takeUnretainedValue().list.append("line \(error.pointee.line): \(message)")
    }, box.toOpaque())
    let bytes = Array(xml.utf8)
    let parsed = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32($0.count), "junit.xml", "UTF-8", Int32(XML_PARSE_NONET.rawValue)) }
    }
    guard let document = parsed else { return ["not well-formed XML"] }
    defer { xmlFreeDoc(document) }
    let result = xmlSchemaValidateDoc(validation, document)
    if result != 0 && problems.list.isEmpty { problems.list.append("invalid (libxml2 code \(result))") }
    return problems.list
}

@Suite struct JUnitReportTests {
    let results = [
        TestRunner.Result(path: "tests/editing/a.caret-trace", outcome: .passed, seconds: 0.0123),
        TestRunner.Result(path: "tests/editing/b.test.lua",
                          outcome: TestOutcome(.failed, "tests/editing/b.test.lua:2: expectation failed\n--- expected\n+++ actual\n-<a & \"b\">\n+😀\u{1}"),
                          seconds: 1.5),
        TestRunner.Result(path: "tests/c.caret-trace", outcome: TestOutcome(.error, "tests/c.caret-trace:1:1: not a trace"), seconds: 0),
        TestRunner.Result(path: "d.test.lua", outcome: TestOutcome(.skipped, "not today"), seconds: 0.0004),
    ]

    @Test func theReportIsValidAgainstTheSchema() {
        let xml = TestReport.junit(results, timestamp: "2026-12-01T15:04:05", seconds: 2.25)
        #expect(junitSchemaProblems(xml) == [], "\(xml)")
    }

    @Test func suitesByDirectoryCasesByFileWithTimes() {
        let xml = TestReport.junit(results, timestamp: "2026-12-01T15:04:05", seconds: 2.25)
        #expect(xml.hasPrefix("""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="caret test" tests="4" failures="1" errors="1" skipped="1" time="2.250" timestamp="2026-12-01T15:04:05">
          <testsuite name="tests.editing" id="0" tests="2" failures="1" errors="0" skipped="0" time="1.512" timestamp="2026-12-01T15:04:05">
            <testcase name="a.caret-trace" classname="tests.editing" time="0.012" file="tests/editing/a.caret-trace"/>
            <testcase name="b.test.lua" classname="tests.editing" time="1.500" file="tests/editing/b.test.lua">
              <failure message="tests/editing/b.test.lua:2: expectation failed" type="check failed">tests/editing/b.test.lua:2: expectation failed&#10;--- expected&#10;+++ actual&#10;-&lt;a &amp; &quot;b&quot;&gt;&#10;+😀?</failure>
              <system-out>tests/editing/b.test.lua:2: expectation failed&#10;--- expected&#10;+++ actual&#10;-&lt;a &amp; &quot;b&quot;&gt;&#10;+😀?</system-out>
            </testcase>
          </testsuite>
          <testsuite name="tests" id="1" tests="1" failures="0" errors="1" skipped="0" time="0.000" timestamp="2026-12-01T15:04:05">
        """))
        #expect(xml.contains(#"<error message="tests/c.caret-trace:1:1: not a trace" type="error">"#))
        #expect(xml.contains(#"<testsuite name="(root)" id="2" tests="1" failures="0" errors="0" skipped="1" time="0.000""#))
        #expect(xml.contains(#"<testcase name="d.test.lua" classname="(root)" time="0.000" file="d.test.lua">"#))
    }

    @Test func theSchemaRefusesWhatCIServersRefuse() {
        // The validator really checks: a test case without a time, a negative time, a zoned or
        // malformed timestamp and children out of order are all invalid.
        let good = TestReport.junit(Array(results.prefix(2)), timestamp: "2026-12-01T15:04:05", seconds: 1)
        #expect(junitSchemaProblems(good) == [])
        let broken = [
            good.replacingOccurrences(of: #" time="0.012""#, with: ""),
            good.replacingOccurrences(of: #"time="0.012""#, with: #"time="-1""#),
            good.replacingOccurrences(of: #"time="0.012""#, with: #"time="0.0123""#),
            good.replacingOccurrences(of: "2026-12-01T15:04:05", with: "2026-12-01T15:04:05Z"),
            good.replacingOccurrences(of: "2026-12-01T15:04:05", with: "yesterday"),
            good.replacingOccurrences(of: #"<system-out>"#, with: #"<system-err/><system-out>"#),
            good.replacingOccurrences(of: #"classname="tests.editing" "#, with: ""),
        ]
        for xml in broken { #expect(!junitSchemaProblems(xml).isEmpty, "\(xml)") }
    }

    @Test func classnameIsTheDirectory() {
        #expect(TestReport.classname("a.test.lua") == "(root)")
        #expect(TestReport.classname("./a.test.lua") == "(root)")
        #expect(TestReport.classname("./x/y/a.test.lua") == "x.y")
        #expect(TestReport.classname("/tmp/run/x/a.caret-trace") == "tmp.run.x")
        #expect(TestReport.classname("x//y/./a.caret-trace") == "x.y")
        #expect(TestReport.fileName("x/y/a.test.lua") == "a.test.lua")
        #expect(TestReport.time(0) == "0.000")
        #expect(TestReport.time(12.3456) == "12.346")
        #expect(TestReport.time(-1) == "0.000")
        #expect(TestReport.timestamp(Date(timeIntervalSince1970: 1_796_137_445)) == "2026-12-01T15:04:05")
    }

    @Test func caretTestWritesAValidReportWithEveryTestTimed() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("traces/pass.caret-trace", passing)
        _ = dir.file("traces/fail.caret-trace", failing)
        _ = dir.file("lua/ok.test.lua", "editor:insert('é😀')\ncaret.expect('é😀|')\n")
        _ = dir.file("lua/bad.test.lua", "editor:insert('x')\ncaret.expect('y|')\n")
        let junit = dir.path + "/out/report.xml"
        try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        let result = caret(["test", dir.path, "--junit", junit])
        #expect(result.code == .checkFailed)
        let xml = dir.read("out/report.xml")
        #expect(junitSchemaProblems(xml) == [], "\(xml)")
        #expect(xml.components(separatedBy: "<testcase ").count == 5)
        #expect(xml.components(separatedBy: "<testsuite ").count == 3)
        #expect(xml.contains(#"<testcase name="bad.test.lua" classname=""#))
        // The diff is in <system-out>, as CI servers show it.
        #expect(xml.contains("<system-out>") && xml.contains("&#10;-y|&#10;+x|"))
        #expect(xml.contains("&#10;-abX|&#10;+abc|"))
    }

    @Test func xmlOutputFileIsTheDefaultJUnitPath() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("t.caret-trace", passing)
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        let bazel = dir.path + "/test.xml"
        #expect(try TestCommand.run([trace], &terminal, environment: ["XML_OUTPUT_FILE": bazel]) == .ok)
        #expect(junitSchemaProblems(dir.read("test.xml")) == [])
        // --junit wins over the variable.
        let mine = dir.path + "/mine.xml"
        try FileManager.default.removeItem(atPath: bazel)
        #expect(try TestCommand.run([trace, "--junit", mine], &terminal, environment: ["XML_OUTPUT_FILE": bazel]) == .ok)
        #expect(FileManager.default.fileExists(atPath: mine))
        #expect(!FileManager.default.fileExists(atPath: bazel))
    }
}

@Suite struct TestTimeoutTests {
    @Test func timeoutMustBeAPositiveNumber() {
        for bad in ["0", "-1", "abc", "inf", "nan", "1e9", "0x"] {
            let result = caret(["test", ".", "--timeout", bad])
            #expect(result.code == .usage, "\(bad)")
            #expect(result.stderr.contains("--timeout expects a positive number of seconds (at most 604800), got '\(bad)'"), "\(result.stderr)")
        }
    }

    @Test func aLuaTestIsStoppedAtItsTimeout() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.file("spin.test.lua", "while true do end\n")
        let result = caret(["test", path, "--timeout", "0.3"])
        #expect(result.code == .checkFailed)
        #expect(result.stdout.contains("FAIL \(path)"))
        #expect(result.stdout.contains("0.3"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(try TestCommand.timeoutValue("2.5") == 2.5)
    }

    @Test func theIsolatedRunnerPassesTheTimeoutToItsChild() throws {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("spin.test.lua", "while true do end\n")
        _ = dir.file("ok.test.lua", "caret.expect('')\n")
        let result = try spawn(executable, ["test", dir.path, "--timeout", "0.5"])
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 1)
        #expect(stdout.hasSuffix("1 passed, 1 failed\n"), "\(stdout)")
        #expect(stdout.contains("0.5"), "\(stdout)")
    }
}
