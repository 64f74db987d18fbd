import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretCLI

/// Every document command chooses formats through the one registry: by extension or flag, never
/// by falling back to text, and never losing silently (docs/formats.md).
@Suite struct DocumentFormatCommandTests {
    static let bold = "editor:select(0, 2) editor:toggle('bold')"

    @Test func anUnknownExtensionIsAUsageErrorNamingTheKnownOnesAndTheFlag() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", Self.bold)
        let doc = dir.file("notes.caret", "hello|\n")
        let out = caret(["run", script, "--doc", doc, "--out", dir.path + "/notes.doc"])
        #expect(out.code == .usage)
        #expect(out.stderr.hasPrefix("caret run: \(dir.path)/notes.doc: unknown extension '.doc' (known: .caret, .markup, .json, .txt, .md, .markdown, .rtf, .html, .htm); name the format with --out-format FORMAT\n"))
        let input = caret(["run", script, "--doc", dir.file("notes.doc", "x")])
        #expect(input.code == .usage)
        #expect(input.stderr.contains("unknown extension '.doc'") && input.stderr.contains("--in-format FORMAT"))
        let bare = caret(["run", script, "--doc", doc, "--out", dir.path + "/notes"])
        #expect(bare.code == .usage)
        #expect(bare.stderr.contains("notes: no extension to choose a format by (known: .caret,"))
        #expect(caret(["suggest", "--doc", dir.path + "/notes.doc"]).code == .usage)
        #expect(caret(["record", "--doc", dir.path + "/notes.doc", "--out", dir.path + "/t.caret-trace"]).code == .usage)
        #expect(caret(["convert", doc, "--out", dir.path + "/n.xyz"]).code == .usage)
        let replay = caret(["replay", dir.file("t.caret-trace", passing), "--out", dir.path + "/state.out"])
        #expect(replay.code == .usage && replay.stderr.contains("name the format with --print FORMAT"))
        // Nothing was written anywhere.
        #expect(try! FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["notes.caret", "notes.doc", "s.lua", "t.caret-trace"])
    }

    /// A format whose reader or writer is not built yet is refused by name, never treated as text,
    /// and leaves the previous file as it was.
    @Test(arguments: DocumentFormat.allCases.filter { !$0.isSupported })
    func formatsNotBuiltYetAreKnownAndNeverTreatedAsText(format: DocumentFormat) {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", Self.bold)
        let doc = dir.file("notes.caret", "hello|\n")
        let previous = dir.file("notes." + format.extensions[0], "previous\n")
        let result = caret(["run", script, "--doc", doc, "--out", previous])
        #expect(result.code == .usage)
        #expect(result.stderr.hasPrefix("caret run: \(previous): \(format.name) is not supported yet: Caret cannot write it"))
        #expect(dir.read("notes." + format.extensions[0]) == "previous\n")
        for name in format.extensions.map({ "a." + $0.uppercased() }) {
            #expect(caret(["run", script, "--doc", doc, "--out", dir.path + "/" + name]).code == .usage, "\(name)")
            #expect(dir.read(name) == "<missing>")
        }
        #expect(caret(["run", script, "--doc", previous]).stderr.contains("\(format.name) is not supported yet: Caret cannot read it"))
        #expect(caret(["suggest", "--doc", previous]).code == .usage)
    }

    /// RTF end to end through convert: written, read back the same, custom keys refused.
    @Test func rtfIsWrittenAndReadBack() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("notes.caret", "{heading=1:Title\n}{bold:b}{italic:i} {link=\"https://a.b/\":l}é😀|\n")
        let out = dir.path + "/notes.rtf"
        #expect(caret(["convert", doc, "--out", out]).code == .ok)
        #expect(dir.read("notes.rtf").hasPrefix("{\\rtf1"))
        let back = caret(["convert", out, "--to", "markup"])
        #expect(back.code == .ok, "\(back.stderr)")
        // A file holds no selection: the document read back has none.
        #expect(back.stdout == "{heading=1:Title\n}{bold:b}{italic:i} {link=\"https://a.b/\":l}é😀\n")
        let custom = dir.file("custom.caret", "{tag=x:a}|\n")
        #expect(caret(["convert", custom, "--out", out]).code == .dataError)
        #expect(dir.read("notes.rtf").hasPrefix("{\\rtf1"))
    }

    /// Markdown end to end: written and read back, and what it cannot carry is refused unless
    /// --lossy accepts the loss, which is then reported; a refused write leaves the old file.
    @Test func markdownIsWrittenAndReadAndLossNeedsLossy() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", Self.bold)
        let doc = dir.file("notes.caret", "hello|\n")
        let out = dir.path + "/notes.md"
        #expect(caret(["run", script, "--doc", doc, "--out", out]).code == .ok)
        #expect(dir.read("notes.md") == "**he**llo\n")
        let back = caret(["run", dir.file("n.lua", ""), "--doc", out, "--out-format", "markup"])
        #expect(back.code == .ok)
        #expect(back.stdout == "{bold:he}llo|\n")

        let sized = dir.file("sized.caret", "a{fontSize=14:big}|\n")
        let refused = caret(["convert", sized, "--to", "md", "--out", out])
        #expect(refused.code == .dataError)
        #expect(refused.stderr.contains("fontSize at offset 1 cannot be written as markdown"))
        #expect(refused.stderr.contains("--lossy"))
        #expect(dir.read("notes.md") == "**he**llo\n")
        let lossy = caret(["convert", sized, "--to", "md", "--out", out, "--lossy"])
        #expect(lossy.code == .ok)
        #expect(lossy.stderr.contains("dropped fontSize (first at offset 1)"))
        #expect(dir.read("notes.md") == "abig\n")
    }

    @Test func textOutDropsAttributesAndSelectionWithoutAnError() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", Self.bold)
        let doc = dir.file("notes.caret", "hel{italic:lo}|\n")
        let result = caret(["run", script, "--doc", doc, "--out", dir.path + "/notes.TXT"])
        #expect(result.code == .ok && result.stderr == "")
        #expect(dir.read("notes.TXT") == "hello")
        #expect(caret(["convert", doc, "--to", "text"]) == (.ok, "hello", ""))
    }

    @Test func flagsChooseEachSideAndFormatNeverContradictsAnExtension() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", Self.bold)
        let doc = dir.file("notes.caret", "hello|\n")
        #expect(caret(["run", script, "--doc", doc, "--out-format", "json"]).stdout
            == #"{"text":"hello","runs":[{"length":2,"attributes":{"bold":true}},{"length":3,"attributes":{}}],"selection":{"anchor":0,"head":2}}"# + "\n")
        #expect(caret(["run", script, "--doc", doc, "--out", dir.path + "/o.json", "--out-format", "markup"]).code == .ok)
        #expect(dir.read("o.json") == "^{bold:he}|llo\n")
        let contradiction = caret(["run", script, "--doc", doc, "--format", "json"])
        #expect(contradiction.code == .usage)
        #expect(contradiction.stderr.contains("--format json contradicts \(doc) (markup by its extension): --in-format json reads \(doc) as json, --out-format json writes json"))
        // Where no extension says, --format does: a file without one, and stdout.
        let bare = dir.file("notes", "hel{italic:lo}|\n")
        #expect(caret(["run", script, "--doc", bare, "--format", "markup", "--out", dir.path + "/o2"]).code == .ok)
        #expect(dir.read("o2") == "^{bold:he}|l{italic:lo}\n")
        // stdout takes --doc's format: text read as text prints as text.
        #expect(caret(["run", script, "--doc", bare, "--in-format", "text"]).stdout == "hel{italic:lo}|\n")
        #expect(caret(["run", script, "--doc", bare, "--in-format", "text", "--out-format", "markup"]).stdout == "^{bold:he}|l\\{italic:lo\\}\\|\n\n")
        #expect(caret(["run", script, "--doc", dir.path + "/o.json", "--in-format", "caret", "--format", "txt"]).stdout == "hello")
        #expect(caret(["run", script, "--doc", doc, "--format", "rtf2"]).stderr.contains("--format: unknown format 'rtf2' (known: markup, json, text, markdown, rtf, html)"))
    }

    @Test func convertConvertsDocuments() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("notes.caret", "^{bold:he}|llo\n")
        #expect(caret(["convert", doc, "--to", "json", "--out", dir.path + "/notes.json"]) == (.ok, "", ""))
        #expect(dir.read("notes.json") == #"{"text":"hello","runs":[{"length":2,"attributes":{"bold":true}},{"length":3,"attributes":{}}],"selection":{"anchor":0,"head":2}}"# + "\n")
        #expect(caret(["convert", dir.path + "/notes.json", "--out", dir.path + "/back.markup"]).code == .ok)
        #expect(dir.read("back.markup") == "^{bold:he}|llo\n")
        #expect(caret(["convert", dir.path + "/notes.json", "--to", "caret"]).stdout == "^{bold:he}|llo\n")
        #expect(caret(["convert", dir.file("plain.data", "a{b"), "--in-format", "text", "--to", "markup"]).stdout == "a\\{b\n")
        #expect(caret(["convert", doc, "--to", "json", "--lossy"]).code == .ok)
        let broken = caret(["convert", dir.file("bad.json", "{\"text\": 3}"), "--to", "markup"])
        #expect(broken.code == .dataError && broken.stderr.hasPrefix("\(dir.path)/bad.json:1:"))
        let trace = caret(["convert", dir.file("t.caret-trace", passing), "--to", "json"])
        #expect(trace.code == .usage && trace.stderr.contains("is a trace: it converts to lua only (--to lua)"))
        #expect(caret(["convert", doc]).stderr.contains("missing --to FORMAT"))
        #expect(caret(["convert", dir.path + "/t.caret-trace", "--to", "lua", "--lossy"]).code == .usage)
        // A trace still converts to Lua, by --to or by the script's extension.
        #expect(caret(["convert", dir.path + "/t.caret-trace", "--out", dir.path + "/t.lua"]).code == .ok)
        #expect(dir.read("t.lua").contains("editor:insert(\"c\")"))
    }

    @Test func everyDocumentCommandTakesLossyAndSaysSoInItsHelp() {
        let dir = TempDirectory()
        defer { dir.remove() }
        for command in ["run", "repl", "replay", "convert", "suggest", "record"] {
            #expect(caret([command, "--help"]).stdout.contains("--lossy"), "\(command)")
        }
        let doc = dir.file("notes.caret", "ab|\n")
        #expect(caret(["run", dir.file("s.lua", ""), "--doc", doc, "--lossy"]).stdout == "ab|\n")
        #expect(caret(["replay", dir.file("t.caret-trace", passing), "--lossy", "--print", "text"]).stdout == "abc")
        #expect(caret(["repl", "--doc", "-"]).code == .usage)
        #expect(caret(["record", "--doc", "-", "--out", dir.path + "/r.caret-trace"]).code == .usage)
    }
}

/// The loss rule end to end through the writer the commands use, with a codec that loses on
/// purpose (none of the formats supported so far loses anything).
@Suite struct DocumentLossCommandTests {
    static let lossy = DocumentCodec(
        name: "lossy",
        read: { text in
            (DocumentState(text: AttributedText(text)), text.contains("#") ? [FormatLoss(what: "table", offset: text.utf16.count - 1, reason: "Caret has no tables")] : [])
        },
        write: { state in
            let losses = state.text.runs.flatMap { run in
                run.attributes.keys.map { FormatLoss(what: $0.name, offset: run.range.lowerBound, reason: "lossy has no syntax for it") }
            }
            return (state.text.string, losses)
        })

    static let state = try! Markup.parse("hello {underline:big} {bold underline:world}|")

    @Test func aLossFailsWithOneLinePerKindAndWritesNothing() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let out = dir.file("notes.md", "previous bytes\n")
        let output = CapturedOutput()
        do {
            try DocumentFiles.save(Self.state, to: out, codec: Self.lossy, lossy: false, terminal: .capturing(output))
            Issue.record("saved")
        } catch let error as CLIError {
            #expect(error.code == .dataError)
            #expect(error.message == """
            \(out): underline at offset 6 cannot be written as lossy: lossy has no syntax for it; pass --lossy to write without it
            \(out): bold at offset 10 cannot be written as lossy: lossy has no syntax for it; pass --lossy to write without it
            """)
        } catch {
            Issue.record("\(error)")
        }
        #expect(dir.read("notes.md") == "previous bytes\n")
        #expect(output.stdout == "" && output.stderr == "")
    }

    @Test func lossyWritesAndReportsEachDroppedKind() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let out = dir.file("notes.md", "previous bytes\n")
        let output = CapturedOutput()
        try DocumentFiles.save(Self.state, to: out, codec: Self.lossy, lossy: true, terminal: .capturing(output))
        #expect(dir.read("notes.md") == "hello big world")
        #expect(output.stderr == """
        caret: \(out): dropped underline (first at offset 6): lossy has no syntax for it
        caret: \(out): dropped bold (first at offset 10): lossy has no syntax for it

        """)
        let stdout = CapturedOutput()
        try DocumentFiles.save(Self.state, to: nil, codec: Self.lossy, lossy: true, terminal: .capturing(stdout))
        #expect(stdout.stdout == "hello big world")
        #expect(stdout.stderr.hasPrefix("caret: stdout: dropped underline"))
    }

    @Test func readingLossesFollowTheSameRule() throws {
        let output = CapturedOutput()
        #expect(throws: CLIError.self) {
            try DocumentFiles.parse("a #", codec: Self.lossy, name: "in.md", lossy: false, terminal: .capturing(output))
        }
        do {
            _ = try DocumentFiles.parse("a #", codec: Self.lossy, name: "in.md", lossy: false, terminal: .capturing(output))
        } catch let error as CLIError {
            #expect(error.message == "in.md: table at offset 2 cannot be read from lossy: Caret has no tables; pass --lossy to read without it")
        }
        let state = try DocumentFiles.parse("a #", codec: Self.lossy, name: "in.md", lossy: true, terminal: .capturing(output))
        #expect(state.text.string == "a #")
        #expect(output.stderr == "caret: in.md: dropped table (first at offset 2): Caret has no tables\n")
    }

    @Test func messagesForEveryFailure() {
        #expect(DocumentFiles.failure(DocumentReadError(line: 2, column: 3, message: "bad"), name: "a.json").description == "a.json:2:3: bad")
        #expect(DocumentFiles.failure(DocumentFormatError.notSupportedYet(format: "rtf", reading: true), name: "a.rtf").code == .usage)
        #expect(DocumentFiles.droppedLines([FormatLoss(what: "underline", offset: 12, reason: "no syntax")], name: "notes.md")
            == ["caret: notes.md: dropped underline (first at offset 12): no syntax"])
    }
}

/// `--doc -` reads the document from stdin, which only a real process shows.
@Suite struct DocumentStdinProcessTests {
    func run(_ arguments: [String], input: String) throws -> (code: Int32, stdout: String, stderr: String) {
        let executable = try #require(builtCaret(), "the caret executable is not built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func runReadsTheDocumentFromStdinInTheFormatNamed() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let script = dir.file("s.lua", DocumentFormatCommandTests.bold)
        let markup = try run(["run", script, "--doc", "-", "--in-format", "markup"], input: "hello|\n")
        #expect(markup.code == 0)
        #expect(markup.stdout == "^{bold:he}|llo\n")
        let text = try run(["run", script, "--doc", "-", "--in-format", "text", "--out", dir.path + "/o.json"], input: "a|b")
        #expect(text.code == 0)
        #expect(dir.read("o.json").hasPrefix(#"{"text":"a|b","runs":[{"length":2,"attributes":{"bold":true}}"#))
        let unnamed = try run(["run", script, "--doc", "-"], input: "hello")
        #expect(unnamed.code == 64)
        #expect(unnamed.stderr.hasPrefix("caret run: reading a document from stdin needs --in-format FORMAT (known: markup, json, text, markdown, rtf, html)"))
        let convert = try run(["convert", "-", "--in-format", "json", "--to", "markup"], input: #"{"text":"x"}"#)
        #expect(convert.code == 0 && convert.stdout == "x\n")
    }
}
