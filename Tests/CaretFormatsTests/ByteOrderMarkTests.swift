import CaretCore
import Testing
@testable import CaretFormats

/// U+FEFF at the start of a text is a character like any other: readers drop a leading byte
/// order mark (a file signature), so writers put one before such a text, and markup escapes it.
@Suite struct ByteOrderMarkTests {
    static let texts = ["\u{FEFF}x", "\u{FEFF}", "\u{FEFF}\u{FEFF}a😀", "a\u{FEFF}b", "\u{FEFF}e\u{301}\nz"]

    @Test func markupEscapesItAndReadsItBack() throws {
        #expect(Markup.print(AttributedText("\u{FEFF}x")) == "\\u{FEFF}x")
        #expect(Markup.print(AttributedText("a\u{FEFF}")) == "a\\u{FEFF}")
        for text in Self.texts {
            let printed = Markup.print(AttributedText(text))
            #expect(!printed.unicodeScalars.contains("\u{FEFF}"), "\(printed.debugDescription)")
            #expect(try Markup.parseText(printed).string == text)
        }
    }

    @Test(arguments: DocumentFormat.supported.filter { $0.codec.canRead && $0.codec.canWrite })
    func everyFormatKeepsALeadingFEFF(format: DocumentFormat) throws {
        for text in Self.texts {
            let state = DocumentState(text: AttributedText(text))
            let (written, _) = try format.codec.write(state, acceptingLoss: true)
            let read = try format.codec.read(written, acceptingLoss: true).state
            // Formats that end with a line break (Markdown) or drop a last one (HTML) differ there only.
            let expected = text.hasSuffix("\n") ? String(text.dropLast()) : text
            let got = read.text.string.hasSuffix("\n") && !expected.hasSuffix("\n") ? String(read.text.string.dropLast()) : read.text.string
            #expect(got == expected, "\(format.name): \(text.debugDescription) wrote \(written.debugDescription), read \(read.text.string.debugDescription)")
        }
    }

    @Test func aSignatureAloneIsStillDropped() throws {
        let read = try DocumentFormat.named("text").codec.read("\u{FEFF}x", acceptingLoss: false).state
        #expect(read.text.string == "x")
    }
}
