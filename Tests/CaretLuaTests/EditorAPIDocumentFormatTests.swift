import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretLua

/// `caret.open`, `editor:save` and `caret.document` choose formats through the one registry, with
/// the loss rule the command line has (docs/formats.md).
@Suite struct EditorAPIDocumentFormatTests {
    /// A session that may read and write one fresh directory, and that directory.
    func session(_ markup: String = "") throws -> (ScriptSession, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("caret-lua-formats-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let options = LuaRuntimeOptions(readableRoots: [directory], writableRoots: [directory])
        return (try ScriptSession(document: try Markup.parse(markup), options: options), directory)
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func saveAndOpenChooseTheFormatByExtensionOrName() throws {
        let (s, dir) = try session("^{bold:he}|llo")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try s.run("editor:save('a.caret') editor:save('a.JSON') editor:save('a.txt') editor:save('b.out', 'json') editor:save('c.out', {format = 'caret'})")
        #expect(contents(dir + "/a.caret") == "^{bold:he}|llo\n")
        #expect(contents(dir + "/a.JSON") == #"{"text":"hello","runs":[{"length":2,"attributes":{"bold":true}},{"length":3,"attributes":{}}],"selection":{"anchor":0,"head":2}}"# + "\n")
        #expect(contents(dir + "/a.txt") == "hello")
        #expect(contents(dir + "/b.out")?.hasPrefix("{\"text\"") == true)
        #expect(contents(dir + "/c.out") == "^{bold:he}|llo\n")
        // What save wrote opens back the same; a markup file's final line break is not text.
        #expect(try s.run("return caret.open('a.caret'):markup(), caret.open('a.JSON'):markup(), caret.open('b.out', {format = 'json'}):markup()")
            == [.string("^{bold:he}|llo"), .string("^{bold:he}|llo"), .string("^{bold:he}|llo")])
        #expect(try s.run("return caret.open('a.txt'):markup(), caret.open('a.caret', 'text'):text()") == [.string("hello|"), .string("^{bold:he}|llo\n")])
        #expect(try s.run("return select('#', caret.open('a.caret')), select('#', editor:save('d.caret'))") == [.number(1), .number(0)])
    }

    @Test func unknownFormatsAndExtensionsAreArgumentErrorsNamingTheKnownOnes() throws {
        let (s, dir) = try session("x")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(scriptError(s, "editor:save('notes.doc')")?.message
            == "bad argument #1 to 'save' ('notes.doc': unknown extension '.doc' (known: .caret, .markup, .json, .txt, .md, .markdown, .rtf, .html, .htm); name the format, as in (path, \"markup\") or (path, {format = \"markup\"}))")
        #expect(scriptError(s, "editor:save('notes')")?.message.hasPrefix("bad argument #1 to 'save' ('notes': no extension to choose a format by") == true)
        #expect(scriptError(s, "editor:save('a.out', 'docx')")?.message
            == "bad argument #2 to 'save' (unknown format 'docx' (known: markup, json, text, markdown, rtf, html))")
        #expect(scriptError(s, "caret.open('a.out', {format = 'docx'})")?.message.hasPrefix("bad argument #2 to 'open' (unknown format 'docx'") == true)
        #expect(scriptError(s, "editor:save('a.caret', {lossy = 1})")?.message == "bad argument #2 to 'save' (option 'lossy': expected a boolean, got 1)")
        #expect(scriptError(s, "editor:save('a.caret', {fmt = 'json'})")?.message == "bad argument #2 to 'save' (unknown option 'fmt' (expected format, lossy))")
        #expect(scriptError(s, "editor:save('a.caret', 3)")?.message.hasPrefix("bad argument #2 to 'save' (string or table") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func markdownSavesAndOpensAndLossNeedsLossy() throws {
        let (s, dir) = try session("x")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "# old\n".write(toFile: dir + "/notes.md", atomically: true, encoding: .utf8)
        #expect(scriptError(s, "editor:select(0, 1) editor:toggle('italic') editor:save('notes.md')") == nil)
        #expect(contents(dir + "/notes.md") == "*x*\n")
        #expect(scriptError(s, "local d = caret.open('notes.md') assert(d:markup() == '{italic:x}|', d:markup())") == nil)
        #expect(scriptError(s, "editor:set_attribute(0, 1, 'fontSize', 20) editor:save('notes.md')")?.message.contains("fontSize at offset 0 cannot be written as markdown") == true)
        #expect(contents(dir + "/notes.md") == "*x*\n")
        #expect(scriptError(s, "local dropped = editor:save('notes.md', {lossy = true}) assert(dropped[1].what == 'fontSize')") == nil)
        for format in DocumentFormat.allCases where !format.isSupported {
            #expect(scriptError(s, "editor:save('x.caret', '\(format.name)')")?.message.contains("\(format.name) is not supported yet") == true)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.caret"))
    }

    @Test func lossyReturnsWhatWasDroppedAndTextDropsWithoutAnError() throws {
        let (s, dir) = try session("{underline:a}|")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Markup, JSON and text lose nothing reportable: `lossy` gives an empty list.
        #expect(try s.run("local d = editor:save('a.txt', {lossy = true}) return #d") == [.number(0)])
        #expect(contents(dir + "/a.txt") == "a")
        #expect(try s.run("local e, d = caret.open('a.txt', {lossy = true}) return e:text(), #d") == [.string("a"), .number(0)])
        #expect(try s.run("local e, d = caret.document{source = '{bold:x}\\n', format = 'caret', lossy = true} return e:markup(), type(d)")
            == [.string("{bold:x}|"), .string("table")])
    }

    @Test func aLossIsAnErrorNamingTheOptionThatAcceptsIt() {
        let error = FormatLossError(format: "markdown", losses: [
            FormatLoss(what: "underline", offset: 12, reason: "Markdown has no syntax for it"),
            FormatLoss(what: "foregroundColor", offset: 20, reason: "Markdown has no colours"),
        ])
        #expect(EditorLuaAPI.documentError(error, name: "'notes.md'").message == """
        'notes.md': underline at offset 12 cannot be written as markdown: Markdown has no syntax for it; pass {lossy = true} to write without it
        'notes.md': foregroundColor at offset 20 cannot be written as markdown: Markdown has no colours; pass {lossy = true} to write without it
        """)
        let reading = FormatLossError(format: "html", losses: [FormatLoss(what: "table", offset: 0, reason: "Caret has no tables")], reading: true)
        #expect(EditorLuaAPI.documentError(reading, name: "'a.html'").message
            == "'a.html': table at offset 0 cannot be read from html: Caret has no tables; pass {lossy = true} to read without it")
    }

    @Test func documentFromASourceInANamedFormat() throws {
        let (s, dir) = try session()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try s.run("return caret.document{source = '{bold:x}|\\n', format = 'markup'}:markup()") == [.string("{bold:x}|")])
        #expect(try s.run("return caret.document{source = '{\"text\":\"hi\"}', format = 'json'}:text()") == [.string("hi")])
        #expect(try s.run("return caret.document{source = 'a{b', format = 'txt'}:markup()") == [.string("a\\{b|")])
        // The notation keys keep their exact strings: a final line break stays in the document.
        #expect(try s.run("return caret.document{markup = 'x\\n'}:text()") == [.string("x\n")])
        #expect(try s.run("return select('#', caret.document{text = 'x'})") == [.number(1)])
        #expect(scriptError(s, "caret.document{source = 'x'}")?.message
            == "bad argument #1 to 'document' (field 'format': expected a format name (markup, json, text, markdown, rtf, html) for 'source')")
        #expect(scriptError(s, "caret.document{source = 'x', format = 'doc'}")?.message.hasPrefix("bad argument #1 to 'document' (field 'format': unknown format 'doc'") == true)
        #expect(scriptError(s, "caret.document{text = 'x', format = 'json'}")?.message
            == "bad argument #1 to 'document' (fields 'format' and 'lossy' go with 'source', not 'text')")
        #expect(scriptError(s, "caret.document{txt = 'x'}")?.message.hasPrefix("bad argument #1 to 'document' (unknown field 'txt'") == true)
        #expect(scriptError(s, "caret.document{source = '{bold:', format = 'markup'}")?.message.hasPrefix("bad argument #1 to 'document' (source: 1:") == true)
    }

    @Test func openRefusesInvalidUTF8InsteadOfRepairingIt() throws {
        let (s, dir) = try session()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/bad.txt", contents: Data([0x61, 0xFF, 0x62]))
        #expect(scriptError(s, "caret.open('bad.txt')")?.message == "'bad.txt': not valid UTF-8 (byte 0xFF at byte offset 1)")
    }
}
