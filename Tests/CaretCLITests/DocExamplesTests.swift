import Foundation
import Testing

/// Docs that run: every shell transcript and Lua snippet in README.md and docs/*.md runs with the
/// `caret` built beside the tests and shows what the document shows (see `DocExample` for the
/// convention). A failure names `file:line` of the command or block and what differs.
@Suite struct DocExamplesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// README.md and every docs/*.md, relative to the repository.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repository + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test(.enabled(if: CaretExecutableTests.executable != nil), arguments: documents)
    func examplesRunAndShowWhatTheyPrint(document: String) throws {
        let runner = DocExampleRunner(repository: Self.repository, executable: CaretExecutableTests.executable!)
        for failure in try runner.failures(of: document) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func everyExampleFileTheReadmeNamesExists() throws {
        let readme = try String(contentsOfFile: Self.repository + "/README.md", encoding: .utf8)
        #expect(readme.contains("examples/failing.caret-trace"))
        #expect(FileManager.default.fileExists(atPath: Self.repository + "/examples/failing.caret-trace"))
    }
}

/// The harness itself: what it runs, what it compares, and how precisely it says what is wrong.
@Suite struct DocExampleHarnessTests {
    @Test func transcriptsSplitIntoCommandsOutputAndExitCodes() throws {
        let markdown = """
        # T

        ```sh
        $ echo one \\
          two
        one two
        $ false
        [exit 1]
        ```
        """
        let examples = try DocExample.parse(markdown, file: "t.md")
        #expect(examples == [DocExample(line: 3, kind: .shell([
            .init(line: 4, text: "echo one \n  two", expected: ["one two"], exitCode: 0),
            .init(line: 7, text: "false", expected: [], exitCode: 1),
        ]))])
    }

    @Test func blocksThatCannotRunSayWhy() {
        #expect(throws: DocExample.Problem.self) { try DocExample.parse("```sh\ncaret --version\n```\n", file: "t.md") }
        let unlabelled = #expect(throws: DocExample.Problem.self) { try DocExample.parse("text\n\n```\ncaret run x.lua\n```\n", file: "d.md") }
        #expect(unlabelled?.description.hasPrefix("d.md:3: this block looks like shell commands") == true)
        let reasonless = #expect(throws: DocExample.Problem.self) { try DocExample.parse("<!-- no-run: -->\n```sh\nmake\n```\n", file: "d.md") }
        #expect(reasonless?.description == "d.md:1: no-run needs a reason: <!-- no-run: why it cannot run -->")
        let skipped = try? DocExample.parse("<!-- no-run: installs packages -->\n```sh\napt-get install x\n```\n", file: "d.md")
        #expect(skipped == [DocExample(line: 2, kind: .skipped("installs packages"))])
        #expect((try? DocExample.parse("```text\ncaret run SCRIPT [--doc FILE]\n```\n", file: "d.md")) == [])
    }

    @Test func ellipsisStandsForAnyLines() {
        #expect(DocExample.matches(["a", "...", "z"], ["a", "b", "c", "z"]))
        #expect(DocExample.matches(["a", "...", "z"], ["a", "z"]))
        #expect(!DocExample.matches(["a", "...", "z"], ["a", "b"]))
        #expect(!DocExample.matches(["a"], ["a", "b"]))
        #expect(DocExample.matches(["..."], []))
    }

    @Test(.enabled(if: CaretExecutableTests.executable != nil)) func aWrongOutputOrExitCodeIsReportedAtItsLine() throws {
        let repository = NSTemporaryDirectory() + "caret-doc-harness-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: repository + "/examples", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let markdown = """
        Intro.

        ```sh
        $ caret --version
        caret 9.9.9
        $ caret runn
        caret: unknown command 'runn'; did you mean 'run'?
        ...
        [exit 64]
        $ printf 'a\\n' > made.txt; cat made.txt
        a
        ```

        ```lua
        print(editor:lenght())
        ```
        """
        try markdown.write(toFile: repository + "/x.md", atomically: true, encoding: .utf8)
        let runner = DocExampleRunner(repository: repository, executable: CaretExecutableTests.executable!)
        let failures = try runner.failures(of: "x.md")
        #expect(failures.count == 2, "\(failures)")
        #expect(failures.first?.hasPrefix("x.md:4: $ caret --version: the output differs from the document's:\n--- x.md (shown)\n+++ actual\n") == true, "\(failures)")
        #expect(failures.first?.contains("-caret 9.9.9\n+caret ") == true)
        #expect(failures.last?.hasPrefix("x.md:14: the lua block (run as `caret run snippet-14.lua --allow-read . --allow-write . `) exits 65: snippet-14.lua:1: Editor has no field or method 'lenght'; did you mean 'length'?") == true, "\(failures)")
    }
}
