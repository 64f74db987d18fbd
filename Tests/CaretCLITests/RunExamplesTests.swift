import CaretLua
import Foundation
import Testing
@testable import CaretCLI

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Every `examples/*.lua` names its command line in a `-- run: caret run …` comment; running it
/// (from the repository root) must print exactly `examples/expected/NAME.out`.
/// `CARET_RECORD=1` rewrites the expected files.
@Suite struct RunExamplesTests {
    static func examples() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/examples")) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted()
    }

    static func commandLine(of script: String) -> [String]? {
        guard let text = try? String(contentsOfFile: repositoryRoot + "/examples/" + script, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("-- run: caret ") }) else { return nil }
        return line.dropFirst("-- run: caret ".count).split(separator: " ").map { word in
            word.hasPrefix("examples/") ? repositoryRoot + "/" + word : String(word)
        }
    }

    @Test func thereAreAtLeastFiveExamples() {
        #expect(Self.examples().count >= 5)
    }

    @Test func exampleLuaTestsPass() {
        let outcome = ScriptTestRunner.run(repositoryRoot + "/examples/tests/toolbar.test.lua")
        #expect(outcome == .passed, "\(outcome.message)")
    }

    @Test(arguments: examples())
    func exampleGivesItsExpectedOutput(_ script: String) throws {
        let arguments = try #require(Self.commandLine(of: script), "\(script) has no `-- run: caret run …` line")
        let result = caret(arguments)
        #expect(result.code == .ok, "\(result.stderr)")
        let expectedPath = repositoryRoot + "/examples/expected/" + script.replacingOccurrences(of: ".lua", with: ".out")
        if ProcessInfo.processInfo.environment["CARET_RECORD"] == "1" {
            try FileManager.default.createDirectory(atPath: repositoryRoot + "/examples/expected", withIntermediateDirectories: true)
            try result.stdout.write(toFile: expectedPath, atomically: true, encoding: .utf8)
        }
        #expect(result.stdout == (try? String(contentsOfFile: expectedPath, encoding: .utf8)))
    }
}

/// `caret convert --to lua` of every golden trace gives a script that `caret run` runs with
/// every `caret.expect` holding.
@Suite struct ConvertedTraceTests {
    static func traces() -> [String] {
        var found: [String] = []
        let base = repositoryRoot + "/Tests/GoldenTraces"
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".caret-trace") { found.append(path) }
        }
        return found.sorted()
    }

    @Test func everyGoldenTraceIsCovered() { #expect(Self.traces().count >= 50) }

    @Test(arguments: traces())
    func convertedTraceRuns(_ trace: String) throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.path + "/t.lua"
        let convert = caret(["convert", repositoryRoot + "/Tests/GoldenTraces/" + trace, "--to", "lua", "--out", script])
        #expect(convert.code == .ok, "\(convert.stderr)")
        var arguments = ["run", script, "--quiet"]
        if FileManager.default.fileExists(atPath: dir.path + "/t.caret") { arguments += ["--doc", dir.path + "/t.caret"] }
        let run = caret(arguments)
        #expect(run.code == .ok, "\(trace): \(run.stderr)")
        let replay = caret(["replay", repositoryRoot + "/Tests/GoldenTraces/" + trace])
        let runState = caret(arguments.filter { $0 != "--quiet" })
        #expect(runState.stdout == replay.stdout, "\(trace): the script ends elsewhere than the trace")
    }
}
