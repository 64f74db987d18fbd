import Foundation
import Testing
@testable import CaretCLI

/// The built `caret` executable next to the test bundle (or under the repository's .build).
func builtCaret() -> String? {
    var candidates: [String] = []
    let argumentDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    candidates.append(argumentDirectory.appendingPathComponent("caret").path)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("caret").path)
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("caret").path)
    candidates.append(repositoryRoot + "/.build/debug/caret")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs `executable` with `arguments`; returns its exit status and stdout bytes.
func spawn(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
}

@Suite struct ReplProcessTests {
    /// `caret repl` reads a pipe (stdin not a terminal) and prints the state after each line.
    @Test func replReadsAPipe() throws {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["repl", "--text", "Hi"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("editor:length()\neditor:insert('!')\n".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == "2\nHi|\nHi!|\n")
    }
}

@Suite struct RunDeterminismTests {
    static let script = """
    local t = {}
    for _, word in ipairs({"pear", "apple", "fig", "kiwi", "banana", "cherry", "date", "elderberry", "grape"}) do
      t[word] = #word
    end
    t[3], t[1], t[2], t[10] = "three", "one", "two", "ten"
    local seen = {}
    for k, v in pairs(t) do seen[#seen + 1] = tostring(k) .. "=" .. tostring(v) end
    print(table.concat(seen, " "))
    local numbers = {}
    for i = 1, 8 do numbers[i] = math.random(1000) end
    print(table.concat(numbers, ","), math.random())
    print(os.time(), os.date("%Y-%m-%d %H:%M:%S"), os.clock())
    print(tostring({}), tostring(print) ~= nil)
    editor:insert(string.format(" %d", math.random(1e6)))
    """

    @Test func sameScriptSameBytesInSeparateProcesses() throws {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("d.lua", Self.script)
        let arguments = ["run", script, "--text", "seeded", "--seed", "42", "--clock", "1718000000"]
        let first = try spawn(executable, arguments)
        let second = try spawn(executable, arguments)
        let third = try spawn(executable, arguments + ["--max-instructions", "100000000"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout == third.stdout, "the JIT on or off must not change results")
        let text = String(decoding: first.stdout, as: UTF8.self)
        #expect(text.hasPrefix("1=one 2=two 3=three 10=ten apple=5 banana=6 cherry=6 date=4 elderberry=10 fig=3 grape=5 kiwi=4 pear=4\n"))
        #expect(text.contains("1718000000\t2024-06-10 06:13:20\t0\n"))
        let otherSeed = try spawn(executable, ["run", script, "--text", "seeded", "--seed", "43", "--clock", "1718000000"])
        #expect(otherSeed.stdout != first.stdout)
    }
}
