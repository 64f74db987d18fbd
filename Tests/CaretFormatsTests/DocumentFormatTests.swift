import CaretCore
import Testing
@testable import CaretFormats

@Suite struct DocumentFormatTests {
    @Test func everyFormatHasItsNamesAndExtensions() {
        #expect(DocumentFormat.allCases.map(\.name) == ["markup", "json", "text", "markdown", "rtf", "html"])
        #expect(DocumentFormat.markup.extensions == ["caret", "markup"])
        #expect(DocumentFormat.text.names == ["text", "txt"])
        #expect(DocumentFormat.markdown.names == ["markdown", "md"])
        #expect(DocumentFormat.html.names == ["html", "htm"])
        #expect(DocumentFormat.knownNames == "markup, json, text, markdown, rtf, html")
        #expect(DocumentFormat.knownExtensions == ".caret, .markup, .json, .txt, .md, .markdown, .rtf, .html, .htm")
        // No two formats share a name or an extension.
        let names = DocumentFormat.allCases.flatMap(\.names)
        #expect(Set(names).count == names.count)
    }

    @Test func namesChooseFormatsInAnyCase() throws {
        #expect(try DocumentFormat.named("md") == .markdown)
        #expect(try DocumentFormat.named("JSON") == .json)
        #expect(try DocumentFormat.named("caret") == .markup)
        #expect(try DocumentFormat.named("txt") == .text)
        #expect(throws: DocumentFormatError.unknownName("doc")) { try DocumentFormat.named("doc") }
        #expect(DocumentFormatError.unknownName("doc").description
            == "unknown format 'doc' (known: markup, json, text, markdown, rtf, html)")
    }

    @Test func extensionsChooseFormatsInAnyCase() throws {
        #expect(try DocumentFormat.forPath("notes.caret") == .markup)
        #expect(try DocumentFormat.forPath("dir/notes.MARKUP") == .markup)
        #expect(try DocumentFormat.forPath("notes.Json") == .json)
        #expect(try DocumentFormat.forPath("a.b/notes.txt") == .text)
        #expect(try DocumentFormat.forPath("NOTES.MD") == .markdown)
        #expect(try DocumentFormat.forPath("notes.markdown") == .markdown)
        #expect(try DocumentFormat.forPath("notes.rtf") == .rtf)
        #expect(try DocumentFormat.forPath("index.HTM") == .html)
    }

    @Test func unknownOrMissingExtensionsAreErrorsNeverText() {
        #expect(throws: DocumentFormatError.unknownExtension(path: "notes.doc", extension: "doc")) { try DocumentFormat.forPath("notes.doc") }
        #expect(throws: DocumentFormatError.unknownExtension(path: "t.caret-trace", extension: "caret-trace")) { try DocumentFormat.forPath("t.caret-trace") }
        for path in ["notes", "notes.", "dir.d/notes", ".caret", "dir/", ""] {
            #expect(throws: DocumentFormatError.noExtension(path: path)) { try DocumentFormat.forPath(path) }
        }
        #expect(DocumentFormatError.unknownExtension(path: "notes.doc", extension: "doc").description
            == "notes.doc: unknown extension '.doc' (known: .caret, .markup, .json, .txt, .md, .markdown, .rtf, .html, .htm)")
        #expect(DocumentFormatError.noExtension(path: "notes").description.hasPrefix("notes: no extension to choose a format by (known: .caret,"))
    }

    @Test func formatsNotWrittenYetSaySoForReadingAndWriting() {
        let state = DocumentState(text: AttributedText("x"))
        for format in DocumentFormat.allCases where !format.isSupported {
            #expect(throws: DocumentFormatError.notSupportedYet(format: format.name, reading: false)) { try format.write(state, acceptingLoss: true) }
            #expect(throws: DocumentFormatError.notSupportedYet(format: format.name, reading: true)) { try format.read("x", acceptingLoss: true) }
        }
        #expect(DocumentFormat.supported.starts(with: [.markup, .json, .text, .markdown]))
        #expect(DocumentFormatError.notSupportedYet(format: "x", reading: false).description
            == "x is not supported yet: Caret cannot write it (choose \(DocumentFormat.supported.map(\.name).joined(separator: ", ")))")
    }

    @Test func markupAndJSONCarryEverything() throws {
        let state = try Markup.parse("^{bold:Hel}l|<italic fontSize=12.5>o {underline foregroundColor=#ff0000 x=2:😀}\n")
        for format in [DocumentFormat.markup, .json] {
            let (text, losses) = try format.write(state, acceptingLoss: false)
            #expect(losses.isEmpty)
            #expect(text.hasSuffix("\n"))
            let (back, readLosses) = try format.read(text, acceptingLoss: false)
            #expect(readLosses.isEmpty)
            #expect(back == state, "\(format)")
        }
        #expect(try DocumentFormat.markup.write(state, acceptingLoss: false).text == Markup.print(state) + "\n")
    }

    @Test func markupFilesEndInOneLineBreakThatIsNotTheDocuments() throws {
        #expect(try DocumentFormat.markup.read("ab|\n", acceptingLoss: false).state == Markup.parse("ab|"))
        #expect(try DocumentFormat.markup.read("ab\n\r\n", acceptingLoss: false).state == Markup.parse("ab\n"))
        #expect(try DocumentFormat.markup.read("\u{FEFF}{bold:a}", acceptingLoss: false).state == Markup.parse("{bold:a}"))
        #expect(try DocumentFormat.text.read("\u{FEFF}a\n", acceptingLoss: false).state.text.string == "a\n")
    }

    @Test func textDropsAttributesAndSelectionWithoutAnError() throws {
        let state = try Markup.parse("a{bold:b}^c{underline:d}|")
        let (text, losses) = try DocumentFormat.text.write(state, acceptingLoss: false)
        #expect(text == "abcd")
        #expect(losses.isEmpty)
        let (back, _) = try DocumentFormat.text.read("a{bold:b}|\n", acceptingLoss: false)
        #expect(back == DocumentState(text: AttributedText("a{bold:b}|\n")))
        #expect(back.selection == nil && back.typingAttributes == nil)
    }

    @Test func readErrorsAreLocated() {
        #expect(throws: DocumentReadError(line: 2, column: 7, message: "expected a trait (bold italic underline strikethrough code, or b i u s) or key=value, found 'x'")) {
            try DocumentFormat.markup.read("ok\n{bold x", acceptingLoss: false)
        }
        do {
            _ = try DocumentFormat.json.read("{\"text\":\"a\",\n \"runs\":[{\"length\":5}]}", acceptingLoss: false)
            Issue.record("expected an error")
        } catch let error as DocumentReadError {
            #expect(error.line == 2)
            #expect(error.message.hasPrefix("runs"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: DocumentReadError.self) { try DocumentFormat.json.read("{", acceptingLoss: false) }
    }
}

/// The loss rule, through a codec that loses on purpose (no real format loses anything yet).
@Suite struct DocumentCodecLossTests {
    /// Writes the characters, reporting every attribute it sees once per run (so duplicates too).
    static let lossy = DocumentCodec(
        name: "lossy",
        read: { text in
            (DocumentState(text: AttributedText(text)), text.contains("#") ? [FormatLoss(what: "table", offset: 1, reason: "no tables")] : [])
        },
        write: { state in
            var found: [FormatLoss] = []
            for run in state.text.runs {
                for key in run.attributes.keys {
                    found.append(FormatLoss(what: key.name, offset: run.range.lowerBound, reason: "lossy cannot write it"))
                }
            }
            return (state.text.string, found.reversed())
        })

    @Test func aLossIsAnErrorUnlessAccepted() throws {
        let state = try Markup.parse("a{underline:b}c{bold underline:d}{italic:e}")
        #expect(throws: FormatLossError(format: "lossy", losses: [
            FormatLoss(what: "underline", offset: 1, reason: "lossy cannot write it"),
            FormatLoss(what: "bold", offset: 3, reason: "lossy cannot write it"),
            FormatLoss(what: "italic", offset: 4, reason: "lossy cannot write it"),
        ])) { try Self.lossy.write(state, acceptingLoss: false) }
        let (text, losses) = try Self.lossy.write(state, acceptingLoss: true)
        #expect(text == "abcde")
        #expect(losses.map(\.what) == ["underline", "bold", "italic"])
        #expect(losses.map(\.offset) == [1, 3, 4])
        #expect(try Self.lossy.write(DocumentState(text: AttributedText("plain")), acceptingLoss: false).losses.isEmpty)
    }

    @Test func readingLossesFollowTheSameRule() throws {
        #expect(throws: FormatLossError(format: "lossy", losses: [FormatLoss(what: "table", offset: 1, reason: "no tables")], reading: true)) {
            try Self.lossy.read("a#b", acceptingLoss: false)
        }
        #expect(try Self.lossy.read("a#b", acceptingLoss: true).losses.count == 1)
        let error = FormatLossError(format: "markdown", losses: [FormatLoss(what: "table", offset: 3, reason: "Caret has no tables")], reading: true)
        #expect(error.description == "table at offset 3 cannot be read from markdown: Caret has no tables")
        let writing = FormatLossError(format: "markdown", losses: [FormatLoss(what: "underline", offset: 12, reason: "no syntax for it")])
        #expect(writing.messages == ["underline at offset 12 cannot be written as markdown: no syntax for it"])
    }

    @Test func readerErrorsAreLocatedWhenTheyCanBe() {
        let failing = DocumentCodec(name: "f", read: { _ in throw MarkupError(line: 3, column: 4, message: "bad") }, write: nil)
        #expect(throws: DocumentReadError(line: 3, column: 4, message: "bad")) { try failing.read("", acceptingLoss: false) }
        struct Opaque: Error, CustomStringConvertible { var description: String { "opaque" } }
        let opaque = DocumentCodec(name: "o", read: { _ in throw Opaque() }, write: nil)
        #expect(throws: DocumentReadError(line: 1, column: 1, message: "opaque")) { try opaque.read("", acceptingLoss: false) }
        #expect(throws: DocumentFormatError.notSupportedYet(format: "o", reading: false)) { try opaque.write(DocumentState(text: AttributedText()), acceptingLoss: true) }
    }
}
