import CaretReplay
import Foundation
import Testing
@testable import CaretCLI

@Suite struct TestShardingTests {
    /// `caret test` over five traces with `arguments` and `environment`: the exit code, the
    /// traces that ran (by file name) and stderr.
    func run(_ arguments: [String], environment: [String: String]) -> (code: ExitCode, ran: [String], stderr: String) {
        let dir = TempDirectory()
        defer { dir.remove() }
        for name in ["a", "b", "c", "d", "e"] { _ = dir.file("\(name).caret-trace", passing) }
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        let code: ExitCode
        do { code = try TestCommand.run([dir.path, "--tap"] + arguments, &terminal, environment: environment) } catch let error as CLIError {
            return (error.code, [], error.message)
        } catch {
            return (.software, [], "\(error)")
        }
        let ran = output.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.map { String($0.split(separator: "/").last!) }
        return (code, ran, output.stderr)
    }

    @Test func bazelVariablesShardAsShardDoes() {
        for total in 1...4 {
            for index in 0..<total {
                let byVariables = run([], environment: ["TEST_TOTAL_SHARDS": "\(total)", "TEST_SHARD_INDEX": "\(index)"])
                let byOption = run(["--shard", "\(index + 1)/\(total)"], environment: [:])
                #expect(byVariables.code == .ok)
                #expect(byVariables.ran == byOption.ran, "shard \(index) of \(total)")
                // Both, agreeing, are fine.
                #expect(run(["--shard", "\(index + 1)/\(total)"], environment: ["TEST_TOTAL_SHARDS": "\(total)", "TEST_SHARD_INDEX": "\(index)"]).ran == byOption.ran)
            }
        }
        #expect(run([], environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1"]).ran == ["b.caret-trace", "d.caret-trace"])
        // Every file runs in exactly one shard.
        let all = (0..<3).flatMap { run([], environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "\($0)"]).ran }
        #expect(all.sorted() == ["a", "b", "c", "d", "e"].map { $0 + ".caret-trace" })
    }

    @Test func badOrDisagreeingShardsAreUsageErrors() {
        let cases: [([String], [String: String], String)] = [
            (["--shard", "1/2"], ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1"],
             "--shard 1/2 disagrees with TEST_SHARD_INDEX=1 TEST_TOTAL_SHARDS=2 (that is --shard 2/2); give one or make them agree"),
            ([], ["TEST_TOTAL_SHARDS": "2"], "TEST_TOTAL_SHARDS is set (2) but TEST_SHARD_INDEX is not; set both or neither"),
            ([], ["TEST_SHARD_INDEX": "0"], "TEST_SHARD_INDEX is set (0) but TEST_TOTAL_SHARDS is not; set both or neither"),
            ([], ["TEST_TOTAL_SHARDS": "0", "TEST_SHARD_INDEX": "0"], "TEST_TOTAL_SHARDS expects a whole number >= 1, got '0'"),
            ([], ["TEST_TOTAL_SHARDS": "x", "TEST_SHARD_INDEX": "0"], "TEST_TOTAL_SHARDS expects a whole number >= 1, got 'x'"),
            ([], ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"], "TEST_SHARD_INDEX expects a whole number in 0...2 (it counts from 0), got '3'"),
            ([], ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "-1"], "TEST_SHARD_INDEX expects a whole number in 0...2 (it counts from 0), got '-1'"),
            (["--shard", "3/2"], [:], "--shard expects K/N with 1 <= K <= N, got '3/2'"),
            (["--shard", "1/2/3"], [:], "--shard expects K/N with 1 <= K <= N, got '1/2/3'"),
        ]
        for (arguments, environment, message) in cases {
            let result = run(arguments, environment: environment)
            #expect(result.code == .usage, "\(arguments) \(environment)")
            #expect(result.stderr == message)
        }
    }

    @Test func theShardStatusFileIsTouched() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let status = dir.path + "/status"
        #expect(run([], environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": status]).code == .ok)
        #expect(FileManager.default.fileExists(atPath: status))
        // An existing file gets a new modification time and keeps its contents.
        try Data("kept".utf8).write(to: URL(fileURLWithPath: status))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: status)
        #expect(run([], environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": status]).code == .ok)
        let modified = try FileManager.default.attributesOfItem(atPath: status)[.modificationDate] as? Date
        #expect((modified ?? .distantPast).timeIntervalSince1970 > 1_000_000)
        #expect(dir.read("status") == "kept")
        // One that cannot be created is a clear error.
        let result = run([], environment: ["TEST_SHARD_STATUS_FILE": dir.path + "/missing/status"])
        #expect(result.code == .cannotCreate)
        #expect(result.stderr.hasPrefix(dir.path + "/missing/status: cannot create the shard status file ("))
    }

    @Test func theHelpDocumentsTheVariables() {
        let help = TestCommand.subcommand.help
        for name in ["TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE", "--timeout SECONDS"] {
            #expect(help.contains(name), "\(name)")
        }
    }
}
