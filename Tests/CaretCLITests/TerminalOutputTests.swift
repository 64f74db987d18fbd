import Foundation
import Testing
@testable import CaretCLI
@testable import CaretReplay

@Suite struct TerminalOutputTests {
    @Test func colourOnlyOnATTYAndNeverWithNO_COLOR() {
        #expect(Terminal.wantsColor(isTTY: true, environment: [:]))
        #expect(!Terminal.wantsColor(isTTY: false, environment: [:]))
        #expect(!Terminal.wantsColor(isTTY: true, environment: ["NO_COLOR": "1"]))
        // no-color.org: an empty NO_COLOR does not count.
        #expect(Terminal.wantsColor(isTTY: true, environment: ["NO_COLOR": ""]))
        #expect(!Terminal.wantsColor(isTTY: true, environment: ["TERM": "dumb"]))
    }

    @Test func failureOnStderrFollowsStderrsColourNotStdouts() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let trace = dir.file("f.caret-trace", failing)
        let output = CapturedOutput()
        // stdout a TTY, stderr redirected to a file: `caret replay --check f 2>log`.
        var terminal = Terminal(isColorEnabled: true, isErrorColorEnabled: false, isInteractive: false) { text, isError in
            if isError { output.stderr += text } else { output.stdout += text }
        }
        #expect(CaretCommandLine.run(["replay", trace, "--check"], terminal: &terminal) == .checkFailed)
        #expect(output.stderr.contains("-abX|"))
        #expect(!output.stderr.contains("\u{1B}["))
    }

    @Test func aFailedWriteToStdoutEndsWithExit74() {
        let output = CapturedOutput()
        let failures = WriteFailures()
        let terminal = Terminal(isColorEnabled: false, isInteractive: false, failures: failures) { text, isError in
            if isError { output.stderr += text }
        }
        #expect(CaretCommandLine.finish(.ok, terminal: terminal) == .ok)
        failures.stdout = "No space left on device"
        #expect(CaretCommandLine.finish(.ok, terminal: terminal) == .ioError)
        #expect(CaretCommandLine.finish(.dataError, terminal: terminal) == .dataError)
        #expect(output.stderr.contains("cannot write to standard output (No space left on device)"))
    }

    @Test func writeAllReportsFailures() {
        #expect(Terminal.writeAll(Array("x".utf8), to: -1) != nil)
        let descriptor = open("/dev/full", O_WRONLY)
        if descriptor >= 0 {
            #expect(Terminal.writeAll(Array("x".utf8), to: descriptor) == "No space left on device")
            close(descriptor)
        }
    }
}
