import Foundation
import Testing

/// The reference tools the format tests check Caret against (scripts/setup.sh installs them):
/// found on PATH or in the usual prefixes, and run with an input on standard input.
enum ExternalTool {
    /// The executable `name` on PATH (or in the usual prefixes), if any.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// pandoc, the authority the RTF, HTML and Markdown interop tests read with.
    static let pandoc = find("pandoc")
    /// cmark-gfm, the reference CommonMark implementation with GitHub's extensions.
    static let cmark = find("cmark-gfm")

    /// Runs `executable` with `arguments`, feeding `input` from another thread (so a large input
    /// cannot fill the pipe while the output waits to be read); returns its standard output and
    /// records an issue when it exits with a failure.
    static func run(_ executable: String, _ arguments: [String], input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) \(arguments) exited \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}
