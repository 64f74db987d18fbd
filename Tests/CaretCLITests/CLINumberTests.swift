import Foundation
import Testing
@testable import CaretCLI

/// Numbers at and past the ends of `Int` in every numeric flag and in `caret record` lines: a
/// usage or data error naming the value (or success when valid), never an overflow trap; and
/// whatever `record` accepts, `replay` reads back.
@Suite struct CLINumberTests {
    static let numbers = ["0", "1", "-1", "3", "100000", "100001", "2147483648", "9007199254740992", "9223372036854775807",
                          "-9223372036854775808", "9223372036854775808", "1.5", "nan", "inf", "-inf", "1e308", "x"]

    @Test func numericFlagsAreCheckedWhateverTheValue() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("a.caret-trace", passing)
        let script = dir.file("s.lua", "editor:insert('!')\n")
        let document = dir.file("d.caret", "ab cd|\n")
        let outcomes: Set<ExitCode> = [.ok, .usage, .dataError, .checkFailed]
        for value in Self.numbers {
            for arguments in [
                ["replay", trace, "--until", value],
                ["run", script, "--quiet", "--seed", value],
                ["run", script, "--quiet", "--clock", value],
                ["run", script, "--quiet", "--max-instructions", value],
                ["run", script, "--quiet", "--max-memory", value],
                ["run", script, "--quiet", "--timeout", value],
                ["suggest", "--doc", document, "--at", value],
                ["suggest", "--doc", document, "--limit", value],
                ["test", trace, "--jobs", value],
                ["test", trace, "--shard", "\(value)/\(value)"],
                ["test", trace, "--shard", "1/\(value)"],
            ] {
                let result = caret(arguments)
                #expect(outcomes.contains(result.code), "\(arguments): \(result.code) \(result.stderr)")
                if result.code == .usage { #expect(result.stderr.contains(value), "\(arguments): \(result.stderr)") }
            }
        }
        #expect(caret(["suggest", "--doc", document, "--at", "-9223372036854775808"]).stderr
                .contains("--at: offset -9223372036854775808 is negative (valid 0...5, UTF-16)"))
    }

    /// Records `lines` and replays the trace; returns record's outcome and the replay's code.
    func recordAndReplay(_ lines: [String], in dir: TempDirectory) -> (record: (code: ExitCode, stdout: String, stderr: String), replay: ExitCode) {
        let input = dir.file("in-\(UUID().uuidString).txt", lines.joined(separator: "\n") + "\n")
        let output = dir.path + "/out-\(UUID().uuidString).caret-trace"
        let record = caret(["record", "--out", output, "--in", input])
        return (record, caret(["replay", output, "--check"]).code)
    }

    @Test func recordLinesWithHugeNumbersAreRefusedAndWhatIsRecordedReplays() {
        let dir = TempDirectory()
        defer { dir.remove() }
        for value in Self.numbers {
            for line in [
                "undo \(value)", "redo \(value)", "select \(value)", "select 0 \(value)", "wait \(value)",
                "run replaceRange location=\(value) length=\(value) text=x",
                "run replaceRange location=1 length=\(value) text=x",
                "run replaceRange location=3000 length=\(value) text=x",
                "run applySuggestion location=\(value) length=9223372036854775807 word=x",
                "run setSelection anchor=\(value) head=0",
                "run setFontSize size=\(value)",
            ] {
                let (record, replay) = recordAndReplay(["type hello", line, "check"], in: dir)
                #expect(record.code == .ok || record.code == .dataError, "\(line): \(record.code) \(record.stderr)")
                if record.code == .dataError { #expect(record.stderr.hasPrefix("\(dir.path)/in-") && record.stderr.contains(".txt:2:"), "\(line): \(record.stderr)") }
                #expect(replay == .ok, "\(line): the recorded trace does not replay")
            }
        }
    }

    @Test func recordRepeatCountsAreBounded() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let refused = recordAndReplay(["type a", "undo 214748364"], in: dir)
        #expect(refused.record.code == .dataError)
        #expect(refused.record.stderr.hasSuffix(":2:6: expected a count in 1...100000, got '214748364'\n"), "\(refused.record.stderr)")
        let accepted = recordAndReplay(["type a", "undo 100000", "redo 100000", "check"], in: dir)
        #expect(accepted.record.code == .ok, "\(accepted.record.stderr)")
        #expect(accepted.replay == .ok)
    }

    @Test func importedEditingTracesWithOverflowingPatchesAreRefused() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let input = dir.file("e.json", #"{"startContent":"ab","endContent":"","txns":[{"time":"","patches":[[1, 9223372036854775807, ""]]}]}"#)
        let result = caret(["import", "editing-trace", input, "--out", dir.path + "/e.caret-trace"])
        #expect(result.code == .dataError)
        #expect(result.stderr.contains("offset 1+9223372036854775807 is past the end (length 2, Unicode scalars)"), "\(result.stderr)")
    }
}
