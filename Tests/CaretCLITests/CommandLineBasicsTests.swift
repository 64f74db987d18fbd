import Foundation
import Testing
import CaretFormats
@testable import CaretCLI

/// The pieces every subcommand shares: dispatch, help, argument parsing, exit codes, atomic files.
@Suite struct CommandLineBasicsTests {
    private func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        return (CaretCommandLine.run(arguments, terminal: &terminal), output)
    }

    @Test func helpListsEveryCommandAndEachAnswersHelp() {
        let (code, output) = run(["--help"])
        #expect(code == .ok)
        for command in CaretCommandLine.subcommands {
            #expect(output.stdout.contains("  \(command.name)"), "\(command.name) missing from caret --help")
            let (helpCode, help) = run([command.name, "--help"])
            #expect(helpCode == .ok)
            #expect(help.stdout.contains("usage: caret \(command.name)"), "caret \(command.name) --help has no usage line")
        }
    }

    /// Each option is declared once: `--help` lists every declared option with its value name, the
    /// parser accepts exactly the declared ones, and every help ends with the exit codes — 73 and
    /// 74 included for each command that writes files.
    @Test func helpAndParserComeFromTheSameDeclarations() throws {
        let writesFiles: Set<String> = ["run", "test", "record", "convert", "import", "shrink", "api", "replay"]
        for command in CaretCommandLine.subcommands + CaretCommandLine.hiddenSubcommands {
            let help = command.help
            #expect(help.hasPrefix("usage: caret \(command.name)"), "\(command.name)")
            for option in command.options {
                let label = option.valueName.isEmpty ? option.name : option.name + " " + option.valueName
                #expect(help.contains("\n  " + label + " "), "caret \(command.name) --help does not list \(label)")
                let arguments = option.kind == .flag ? [option.name] : [option.name, "x"]
                let parsed = try ArgumentParser.parse(arguments, for: command)
                #expect(option.kind == .flag ? parsed.has(option.name) : parsed.value(option.name) == "x", "\(command.name) \(option.name)")
            }
            #expect(Set(command.options.map(\.name)).count == command.options.count, "\(command.name) declares an option twice")
            #expect(throws: CLIError.self) { try ArgumentParser.parse(["--not-declared"], for: command) }
            let exitLine = try #require(help.components(separatedBy: "\n\n").last, "\(command.name)").replacingOccurrences(of: "\n", with: " ")
            #expect(exitLine.hasPrefix("Exit codes: 0 "), "\(command.name)")
            for code in command.exitCodes { #expect(exitLine.contains("\(code.code.rawValue) \(code.meaning.split(separator: " ")[0])")) }
            if writesFiles.contains(command.name) {
                #expect(command.exitCodes.map(\.code).contains(.cannotCreate) && command.exitCodes.map(\.code).contains(.ioError),
                        "caret \(command.name) writes files but its help lists no 73/74")
            }
            for line in help.split(separator: "\n") { #expect(line.count <= 100, "caret \(command.name): long help line \(line)") }
        }
    }

    @Test func repeatableOptionsKeepEveryValue() throws {
        let parsed = try ArgumentParser.parse(["--allow-read", "a", "--allow-read=b", "--seed", "1", "--seed", "2"], RunSupport.sessionOptions)
        #expect(parsed.values("--allow-read") == ["a", "b"])
        #expect(parsed.value("--seed") == "2")
    }

    @Test func optionHelpWrapsAtTheTableColumn() {
        let table = CommandOption.table([.flag("--a", "short"), .value("--long-name", "VALUE", String(repeating: "word ", count: 30))])
        let lines = table.split(separator: "\n").map(String.init)
        // The column: two spaces, the longest label, two spaces.
        #expect(lines[0] == "  --a" + String(repeating: " ", count: 16) + "short")
        #expect(lines[1].hasPrefix("  --long-name VALUE  word word"))
        #expect(lines.count == 3)  // 30 five-character words: 150 characters in 75-column lines
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix(String(repeating: " ", count: 21) + "word") })
        #expect(lines.allSatisfy { $0.count <= CommandOption.width })
        #expect(lines.joined(separator: " ").split(separator: " ").filter { $0 == "word" }.count == 30)
    }

    @Test func versionAndUsageErrors() {
        #expect(run(["--version"]).1.stdout == "caret \(CaretCommandLine.version)\n")
        let (none, noneOutput) = run([])
        #expect(none == .usage)
        #expect(noneOutput.stderr.contains("usage: caret COMMAND"))
        let (unknown, unknownOutput) = run(["frobnicate"])
        #expect(unknown == .usage)
        #expect(unknownOutput.stderr.contains("unknown command 'frobnicate'"))
    }

    @Test func parsesFlagsOptionsPositionalsAndRest() throws {
        let parsed = try ArgumentParser.parse(
            ["a.lua", "--out=x.caret", "--seed", "7", "--check", "b", "--", "--not-an-option"],
            flags: ["--check"], options: ["--out", "--seed"])
        #expect(parsed.positionals == ["a.lua", "b"])
        #expect(parsed.value("--out") == "x.caret")
        #expect(try parsed.integer("--seed") == 7)
        #expect(parsed.has("--check"))
        #expect(parsed.rest == ["--not-an-option"])
    }

    @Test func argumentErrorsAreUsageErrors() {
        for (arguments, message) in [
            (["--nope"], "unknown option '--nope'"),
            (["--seed"], "--seed needs a value"),
            (["--check=1"], "--check takes no value"),
        ] {
            do {
                _ = try ArgumentParser.parse(arguments, flags: ["--check"], options: ["--seed"])
                Issue.record("\(arguments) parsed")
            } catch let error as CLIError {
                #expect(error.code == .usage)
                #expect(error.message == message)
            } catch {
                Issue.record("\(error)")
            }
        }
        #expect(throws: CLIError.self) { try ArgumentParser.parse(["--seed", "x"], options: ["--seed"]).integer("--seed") }
    }

    @Test func writesAtomicallyAndKeepsTheOldFileOnFailure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("caret-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.caret").path
        try FileIO.write("first", to: path)
        try FileIO.write("second", to: path)
        #expect(try FileIO.readText(path) == "second")
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.caret"])
        // Writing into a directory that does not exist fails and says where.
        #expect(throws: CLIError.self) { try FileIO.write("x", to: directory.path + "/missing/out.caret") }
        #expect(try FileIO.readText(path) == "second")
    }

    @Test func readErrorsNameTheFile() {
        do {
            _ = try FileIO.read("/nonexistent/caret-file")
            Issue.record("read a missing file")
        } catch let error as CLIError {
            #expect(error.code == .noInput)
            #expect(error.message.hasPrefix("/nonexistent/caret-file: "))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func documentFormatsByExtensionAndErrorsWithPosition() throws {
        let formats = try FormatOptions(try ArgumentParser.parse([]))
        #expect(try formats.inputFormat("notes.caret") == .markup)
        #expect(try formats.inputFormat("notes.JSON") == .json)
        #expect(try formats.outputFormat("notes.txt", otherwise: .markup) == .text)
        #expect(throws: CLIError.self) { try formats.inputFormat("notes.docx") }
        let state = try DocumentFiles.parse("he{bold:ll}o|", format: .markup, name: "a.caret")
        #expect(state.text.string == "hello")
        do {
            _ = try DocumentFiles.parse("ok\n{bold:unclosed", format: .markup, name: "a.caret")
            Issue.record("parsed")
        } catch let error as CLIError {
            #expect(error.code == .dataError)
            #expect(error.message.hasPrefix("a.caret:2:"))
        }
    }
}
