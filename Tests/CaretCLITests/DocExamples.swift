import CaretReplay
import Foundation

/// The examples of a Markdown file, as the docs-that-run convention marks them:
///
/// - A fenced block whose lines start with `$ ` is a shell transcript: each `$ COMMAND` (a line
///   ending in `\` continues it) runs in `bash` and its stdout and stderr together must be the
///   lines after it, up to the next `$ ` line. A line `...` stands for any lines (none included);
///   a last line `[exit N]` says the command exits N (without it, it must exit 0).
/// - A ```` ```lua ```` block runs with `caret run` (`--allow-read . --allow-write .`, plus the
///   arguments of a `<!-- lua: ARGS -->` line before the block) and must exit 0 with no stderr;
///   output shown after it is a transcript's to check.
/// - A ```` ```sh ```` block must be a transcript. Any block that does not run needs
///   `<!-- no-run: REASON -->` on the line before it (a fence in a list may be indented).
///
/// A file's examples run in order in one scratch directory holding copies of `examples/`,
/// `scripts/` and `Tests/GoldenTraces/`, with the `caret` under test first on `PATH`.
struct DocExample: Equatable {
    enum Kind: Equatable {
        /// Commands with what they print and their exit code.
        case shell([Command])
        /// A Lua snippet and the extra `caret run` arguments.
        case lua(source: String, arguments: String)
        /// A block that is marked not to run, with the reason.
        case skipped(String)
    }

    struct Command: Equatable {
        /// 1-based line of the `$ ` in the Markdown file.
        var line: Int
        var text: String
        var expected: [String]
        var exitCode: Int32
    }

    /// 1-based line of the opening fence.
    var line: Int
    var kind: Kind

    /// A problem with the Markdown itself: `file:line: message`.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The examples of `markdown` (the contents of `file`), or the problems that stop it running.
    static func parse(_ markdown: String, file: String) throws -> [DocExample] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [DocExample] = []
        var problems: [String] = []
        var i = 0
        while i < lines.count {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else { i += 1; continue }
            let indent = lines[i].prefix(while: { $0 == " " }).count
            let info = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let open = i
            var body: [String] = []
            i += 1
            while i < lines.count, !lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append(String(lines[i].dropFirst(min(indent, lines[i].prefix(while: { $0 == " " }).count))))
                i += 1
            }
            if i == lines.count { problems.append("\(file):\(open + 1): the code block is never closed"); break }
            i += 1
            let marker = open > 0 ? comment(lines[open - 1]) : nil
            if let marker, marker.hasPrefix("no-run:") {
                let reason = marker.dropFirst("no-run:".count).trimmingCharacters(in: .whitespaces)
                if reason.isEmpty { problems.append("\(file):\(open): no-run needs a reason: <!-- no-run: why it cannot run -->") }
                examples.append(DocExample(line: open + 1, kind: .skipped(reason)))
                continue
            }
            let isTranscript = body.contains { $0.hasPrefix("$ ") }
            if info == "lua" {
                let arguments = marker.flatMap { $0.hasPrefix("lua:") ? String($0.dropFirst(4)).trimmingCharacters(in: .whitespaces) : nil } ?? ""
                examples.append(DocExample(line: open + 1, kind: .lua(source: body.joined(separator: "\n") + "\n", arguments: arguments)))
            } else if isTranscript {
                if let first = body.first, !first.hasPrefix("$ ") {
                    problems.append("\(file):\(open + 2): a transcript starts with a `$ ` command, not output")
                    continue
                }
                examples.append(DocExample(line: open + 1, kind: .shell(commands(body, firstLine: open + 2))))
            } else if info.isEmpty, let first = body.first, first.hasPrefix("caret ") || first.hasPrefix("scripts/") {
                problems.append("\(file):\(open + 1): this block looks like shell commands: write each as `$ COMMAND` followed by its output, label the block ```text if it shows no commands to run, or put <!-- no-run: REASON --> on the line before it")
            } else if ["sh", "shell", "bash", "console"].contains(info) {
                problems.append("\(file):\(open + 1): a ```\(info) block without `$ ` commands: write each command as `$ COMMAND` followed by its output, or put <!-- no-run: REASON --> on the line before the block")
            }
        }
        if !problems.isEmpty { throw Problem(description: problems.joined(separator: "\n")) }
        return examples
    }

    /// The text of an HTML comment that is the whole line, `<!-- text -->`, or nil.
    static func comment(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return nil }
        return String(trimmed.dropFirst(4).dropLast(3)).trimmingCharacters(in: .whitespaces)
    }

    /// The commands of a transcript whose first line is line `firstLine` of the file.
    static func commands(_ body: [String], firstLine: Int) -> [Command] {
        var commands: [Command] = []
        var j = 0
        while j < body.count {
            var text = String(body[j].dropFirst(2))
            let line = firstLine + j
            j += 1
            while text.hasSuffix("\\"), j < body.count {
                text = String(text.dropLast()) + "\n" + body[j]
                j += 1
            }
            var expected: [String] = []
            while j < body.count, !body[j].hasPrefix("$ ") {
                expected.append(body[j])
                j += 1
            }
            while expected.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { expected.removeLast() }
            var code: Int32 = 0
            if let last = expected.last, last.hasPrefix("[exit "), last.hasSuffix("]"), let n = Int32(last.dropFirst(6).dropLast()) {
                code = n
                expected.removeLast()
            }
            commands.append(Command(line: line, text: text, expected: expected, exitCode: code))
        }
        return commands
    }

    /// Whether `actual` is what `expected` shows: line by line, with `...` standing for any lines.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            let rest = expected.dropFirst()
            var start = actual.startIndex
            while true {
                if matches(rest, actual[start...]) { return true }
                if start == actual.endIndex { return false }
                start += 1
            }
        }
        guard let line = actual.first, line == first else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }
}

/// Runs the examples of Markdown files with a `caret` executable.
struct DocExampleRunner {
    /// The repository, whose `examples/`, `scripts/` and `Tests/GoldenTraces/` every run copies.
    let repository: String
    /// The `caret` under test.
    let executable: String

    /// The failures of the examples of `file` (a path relative to the repository), each
    /// `file:line: what is wrong`, in order; empty when every example does what it shows.
    func failures(of file: String) throws -> [String] {
        let markdown = try String(contentsOfFile: repository + "/" + file, encoding: .utf8)
        let examples: [DocExample]
        do {
            examples = try DocExample.parse(markdown, file: file)
        } catch let problem as DocExample.Problem {
            return problem.description.split(separator: "\n").map(String.init)
        }
        guard examples.contains(where: { if case .skipped = $0.kind { false } else { true } }) else { return [] }
        let scratch = NSTemporaryDirectory() + "caret-docs-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for directory in ["examples", "scripts", "Tests/GoldenTraces"] where FileManager.default.fileExists(atPath: repository + "/" + directory) {
            try FileManager.default.createDirectory(atPath: scratch + "/" + (directory as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: repository + "/" + directory, toPath: scratch + "/" + directory)
        }
        var failures: [String] = []
        var snippet = 0
        for example in examples {
            switch example.kind {
            case .skipped: continue
            case .shell(let commands):
                for command in commands {
                    let result = try run(command.text, in: scratch)
                    let actual = normalize(result.output, scratch: scratch)
                    var problems: [String] = []
                    if result.code != command.exitCode {
                        problems.append("exits \(result.code), expected \(command.exitCode)\(command.exitCode == 0 ? "" : " (shown as [exit \(command.exitCode)])")")
                    }
                    if !DocExample.matches(command.expected[...], actual[...]) {
                        problems.append("the output differs from the document's:\n" + UnifiedDiff.diff(command.expected.joined(separator: "\n"), actual.joined(separator: "\n"), from: "\(file) (shown)", to: "actual"))
                    }
                    if !problems.isEmpty {
                        failures.append("\(file):\(command.line): $ \(command.text): " + problems.joined(separator: "; "))
                    }
                }
            case .lua(let source, let arguments):
                snippet += 1
                let name = "snippet-\(example.line).lua"
                try source.write(toFile: scratch + "/" + name, atomically: true, encoding: .utf8)
                let result = try run("caret run \(name) --allow-read . --allow-write . \(arguments)", in: scratch, separateStderr: true)
                if result.code != 0 || !result.stderr.isEmpty {
                    failures.append("\(file):\(example.line): the lua block (run as `caret run \(name) --allow-read . --allow-write . \(arguments)`) exits \(result.code): \(normalize(result.stderr, scratch: scratch).joined(separator: "\n"))")
                }
            }
        }
        return failures
    }

    /// Runs `command` with `bash` in `directory`: the exit code and stdout with stderr (together,
    /// in the order written, unless `separateStderr`).
    func run(_ command: String, in directory: String, separateStderr: Bool = false) throws -> (code: Int32, output: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", separateStderr ? command : "{ \(command)\n} 2>&1"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = (executable as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        environment["CARET_SEED"] = nil
        environment["CI"] = nil
        process.environment = environment
        // stderr goes to a file beside the scratch directory: reading two pipes in turn could block.
        let errorPath = directory + ".stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle(forWritingAtPath: errorPath)!
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), errors)
    }

    /// Output as the document shows it: lines without trailing spaces or trailing empty lines,
    /// the scratch directory's path written as `.`.
    func normalize(_ output: String, scratch: String) -> [String] {
        var text = output.replacingOccurrences(of: scratch + "/", with: "").replacingOccurrences(of: scratch, with: ".")
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: scratch) { text = text.replacingOccurrences(of: real, with: ".") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
