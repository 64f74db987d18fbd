import CaretCore
import Foundation
import Testing
@testable import CaretFormats

/// Reads the files in Fixtures/rtf (see its README for where each came from).
@Suite struct RTFFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/rtf")

    func read(_ name: String) throws -> (markup: String, losses: [String]) {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let (state, losses) = try RTF.parse(text)
        return (Markup.print(state), losses.map { "\($0.what)@\($0.offset)" })
    }

    /// Bold is written as the font Helvetica-Bold as well as `\b`: a face of the default family,
    /// so no family; the default font gives no family; Menlo-Regular is \fmodern, so code; lists from the list table.
    @Test func cocoa() throws {
        let (markup, losses) = try read("cocoa-textedit.rtf")
        #expect(markup == "{bold fontSize=18 alignment=\"center\":Café notes\n}{fontSize=12:Plain, }{italic fontSize=12:italic}{fontSize=12:, }{underline fontSize=12:underlined}{fontSize=12:, }{strikethrough fontSize=12:struck}{fontSize=12:, }{code fontSize=12:code}{fontSize=12:, }{fontSize=12 foregroundColor=#fb0007:red}{fontSize=12:, 50€ “quoted” → 😀 and a }{underline fontSize=12 foregroundColor=#0000e9 link=\"https://example.com/\":link}{fontSize=12:.\n}{fontSize=12 listStyle=\"bullet\" listLevel=1:first\nsecond\n}{fontSize=12 listStyle=\"ordered\" listLevel=1:one\n}{fontSize=12 alignment=\"right\":right}")
        #expect(losses == [])
    }

    /// Every run names Calibri (`\loch\f37`) and 11pt; the heading comes from the "heading 1"
    /// style and `\outlinelevel0`; Courier New is code; `\highlight7` is yellow; the picture,
    /// the footnote and the tinted theme colour are reported; Word's metadata is skipped silently.
    @Test func word() throws {
        let (markup, losses) = try read("word.rtf")
        #expect(markup == "{fontSize=16 fontFamily=\"Calibri Light\" foregroundColor=#000000 heading=1:Report}{fontSize=16 foregroundColor=#000000 heading=1:\n}{fontSize=11 fontFamily=\"Calibri\":Some }{bold fontSize=11 fontFamily=\"Calibri\":bold}{fontSize=11 fontFamily=\"Calibri\": and }{italic fontSize=11 fontFamily=\"Calibri\":italic}{fontSize=11 fontFamily=\"Calibri\":, }{fontSize=11 fontFamily=\"Calibri\" backgroundColor=#ffff00:marked}{fontSize=11 fontFamily=\"Calibri\":, }{code fontSize=11:mono}{fontSize=11 fontFamily=\"Calibri\":, }{underline fontSize=11 fontFamily=\"Calibri\" foregroundColor=#0000ff link=\"https://example.org/a?b=1\":a link}{fontSize=11 fontFamily=\"Calibri\": “quoted” € }{fontSize=11:\n}{fontSize=11 fontFamily=\"Calibri\" listStyle=\"bullet\" listLevel=1:Apples\n}{fontSize=11 fontFamily=\"Calibri\" listStyle=\"bullet\" listLevel=2:Green\n}{fontSize=11 fontFamily=\"Calibri\" listStyle=\"ordered\" listLevel=1:Step one\n}{fontFamily=\"Calibri\" alignment=\"center\":Centred}{alignment=\"center\":\n}")
        #expect(losses == ["colorTint@0", "picture@61", "footnote@91"])
    }

    /// `\u223\'df` reads as one ß (the `\'hh` is the fallback); Quotations and Preformatted
    /// Text styles give block quote and code block.
    @Test func libreOffice() throws {
        let (markup, losses) = try read("libreoffice.rtf")
        #expect(markup == "{bold fontSize=18 fontFamily=\"Liberation Sans\" heading=1:Straße und Plätze\n}{fontSize=12 fontFamily=\"Liberation Serif\":Body with }{bold fontSize=12 fontFamily=\"Liberation Serif\":bold}{fontSize=12 fontFamily=\"Liberation Serif\":, }{italic fontSize=12 fontFamily=\"Liberation Serif\":italic}{fontSize=12 fontFamily=\"Liberation Serif\":, }{underline fontSize=12 fontFamily=\"Liberation Serif\":under}{fontSize=12 fontFamily=\"Liberation Serif\":, }{strikethrough fontSize=12 fontFamily=\"Liberation Serif\":struck}{fontSize=12 fontFamily=\"Liberation Serif\":, }{fontSize=12 fontFamily=\"Liberation Serif\" foregroundColor=#c9211e:red}{fontSize=12 fontFamily=\"Liberation Serif\": and a }{underline fontSize=12 fontFamily=\"Liberation Serif\" foregroundColor=#000080 link=\"https://www.libreoffice.org/\":link}{fontSize=12 fontFamily=\"Liberation Serif\":.\n}{fontSize=12 fontFamily=\"Liberation Serif\" listStyle=\"bullet\" listLevel=1:Item one\n}{fontSize=12 fontFamily=\"Liberation Serif\" listStyle=\"bullet\" listLevel=2:Nested\n}{fontSize=12 fontFamily=\"Liberation Serif\" listStyle=\"ordered\" listLevel=1:First\n}{fontSize=12 fontFamily=\"Liberation Serif\" blockQuote=true:Quoted words\n}{code fontSize=10 codeBlock=true:let x = 1\n}{fontSize=12 fontFamily=\"Liberation Serif\" alignment=\"center\":Centred\n}")
        #expect(losses == [])
    }

    /// pandoc writes list markers as text under a hanging indent; block quotes as an indent,
    /// which is reported.
    @Test func pandoc() throws {
        let (markup, losses) = try read("pandoc.rtf")
        #expect(markup == "{bold fontSize=18 heading=1:Pandoc heading\n}A paragraph with {bold:strong}, {italic:emphasis}, {strikethrough:deleted}, {code:inline code} and a {underline link=\"https://pandoc.org/\":link}. Curly “quotes” — and a dash.\n{listStyle=\"bullet\" listLevel=1:bullet one\nbullet two\n}{listStyle=\"bullet\" listLevel=2:nested\n}{listStyle=\"ordered\" listLevel=1:first\nsecond\n}A quotation.\n{bold fontSize=16 heading=2:Second level\n}")
        #expect(losses == ["indent@167"])
    }
}
