import Foundation
import Testing

/// The `caret` executable itself, for what only a real process shows: what reaches the real
/// stdout, and a failing write to it. Skipped when the executable is not built beside the tests.
@Suite struct CaretExecutableTests {
    static let executable: String? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("caret").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Runs caret with `arguments`, `input` on stdin and stdout to `stdoutPath` (a pipe when nil).
    func run(_ arguments: [String], input: String = "", stdoutPath: String? = nil) throws -> (code: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable!)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdoutPath.map { FileHandle(forWritingAtPath: $0)! } ?? stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdoutPath == nil ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test(.enabled(if: executable != nil)) func recordToStdoutKeepsStatesOffTheTrace() throws {
        let result = try run(["record", "--out", "-"], input: "type hi\ncheck\n")
        #expect(result.code == 0)
        #expect(result.stdout.hasSuffix("}\n{\"text\":\"hi\"}\n{\"check\":\"hi|\"}\n"))
        #expect(result.stderr == "hi|\n")
    }

    @Test(.enabled(if: executable != nil && FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullStdoutIsAnIOErrorNotACrash() throws {
        let result = try run(["--version"], stdoutPath: "/dev/full")
        #expect(result.code == 74)
        #expect(result.stderr == "caret: cannot write to standard output (No space left on device)\n")
    }
}
