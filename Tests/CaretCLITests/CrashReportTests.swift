import Foundation
import Testing
@testable import CaretCLI

/// A crash says so in one line with exit 70, and in `caret test` it fails only its own test. No
/// script crashes Caret any more, so the tests deliver the signal a crash would raise to a caret
/// process that is running a script.
@Suite struct CrashReportTests {
    /// The pids of processes whose command line contains every one of `words`.
    static func processes(containing words: [String]) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return words.allSatisfy(line.contains) ? pid : nil
        }
    }

    /// Waits up to 10 s for a process whose command line has `words`, then sends it `signal`.
    static func signal(_ signal: Int32, toProcessWith words: [String]) -> Bool {
        for _ in 0..<1000 {
            if let pid = processes(containing: words).first {
                usleep(100_000)  // let it get into the script
                return kill(pid, signal) == 0
            }
            usleep(10_000)
        }
        return false
    }

    @Test(arguments: [SIGSEGV, SIGBUS, SIGILL])
    func aCrashInCaretRunIsOneLineAndExit70(signal: Int32) throws {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let directory = TempDirectory()
        defer { directory.remove() }
        let script = directory.file("spin-\(signal).lua", "while true do end\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["run", script, "--timeout", "60"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(Self.signal(signal, toProcessWith: ["run", script]))
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 70)
        #expect(stderr == "caret: internal error (signal \(signal)) while running \(script)\n")
    }

    @Test func aCrashingLuaTestFailsOnlyItself() throws {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let directory = TempDirectory()
        defer { directory.remove() }
        _ = directory.file("suite/a.test.lua", "editor:insert('a')\ncaret.expect('a|')\n")
        let crashing = directory.file("suite/b.test.lua", "while true do end\n")
        _ = directory.file("suite/c.test.lua", "caret.expect('|')\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["test", directory.path + "/suite", "--jobs", "1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(Self.signal(SIGSEGV, toProcessWith: ["_test-one", crashing]))
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(stdout.contains("FAIL \(crashing)"))
        #expect(stdout.contains("caret: internal error (signal 11) while running \(crashing)"))
        #expect(stdout.hasSuffix("2 passed, 1 failed\n"))
    }
}
