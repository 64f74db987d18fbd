import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretFoundation

/// What an `AttributedString` has that Caret cannot hold is reported, never dropped unsaid.
@Suite struct ReadingLossTests {
    @Test func foundationAttributesOutsideCaretsScopeAreNamed() throws {
        var string = AttributedString("hello")
        string.languageIdentifier = "en"
        let (text, losses) = AttributedText.converting(string)
        #expect(text == AttributedText("hello"))
        #expect(losses == [FormatLoss(what: "NSLanguage", offset: 0, reason: "the attribute is outside Caret's scope")])
        #expect(throws: FormatLossError.self) { try AttributedText(string) }
    }

    @Test func breaksAndHTMLBitsAreLosses() {
        var string = AttributedString("a")
        var soft = AttributedString(" ")
        soft[Caret.InlinePresentationIntentAttribute.self] = .softBreak
        string.append(soft)
        let (_, losses) = AttributedText.converting(string)
        #expect(kinds(losses) == ["inlinePresentationIntent"])
        #expect(losses.first?.offset == 1)
    }

    @Test func underlineStylesReadAsLineStyles() throws {
        var string = AttributedString("x")
        string[Caret.UnderlineStyleAttribute.self] = 9 // double
        let (text, losses) = AttributedText.converting(string)
        #expect(text == AttributedText("x", attributes: try Attributes([(.underline, .string("double"))])))
        #expect(losses.isEmpty)
        var thick = AttributedString("x")
        thick[Caret.StrikethroughStyleAttribute.self] = 0x8202 // thick, dash, by word
        #expect(try AttributedText(thick) == AttributedText("x", attributes: try Attributes([(.strikethrough, .string("thick dash byWord"))])))
        // Bits NSUnderlineStyle does not define: a single line, reported.
        var odd = AttributedString("x")
        odd[Caret.UnderlineStyleAttribute.self] = 0x7
        let (oddText, oddLosses) = AttributedText.converting(odd)
        #expect(oddText == AttributedText("x", attributes: .traits(.underline)))
        #expect(kinds(oddLosses) == ["underline style"])
    }

    @Test func lineStylesWriteAsNSUnderlineStyleValues() throws {
        let text = AttributedText("x", attributes: try Attributes([(.underline, .string("double")), (.strikethrough, .string("single dot"))]))
        let string = try AttributedString(text)
        #expect(string.runs.first?[Caret.UnderlineStyleAttribute.self] == 9)
        #expect(string.runs.first?[Caret.StrikethroughStyleAttribute.self] == 0x101)
        #expect(try AttributedText(string) == text)
    }

    @Test func strikethroughStyleReadsAsStrikethrough() throws {
        var string = AttributedString("x")
        string[Caret.StrikethroughStyleAttribute.self] = 1
        #expect(try AttributedText(string) == AttributedText("x", attributes: .traits(.strikethrough)))
    }

    @Test func blocksWithoutLineBreaksBetweenThemAreALoss() throws {
        // Foundation's Markdown parser separates blocks by identity, not by line breaks.
        var title = AttributedString("Title")
        title[Caret.PresentationIntentAttribute.self] = PresentationIntent(.header(level: 1), identity: 1)
        var body = AttributedString("Body")
        body[Caret.PresentationIntentAttribute.self] = PresentationIntent(.paragraph, identity: 2)
        let (text, losses) = AttributedText.converting(title + body)
        #expect(text == (try markup("{heading=1:TitleBody}")))
        #expect(losses == [FormatLoss(what: "presentationIntent", offset: 5, reason: "a block starts without a line break; the paragraph takes its first block's")])
    }

    @Test func oneBlockHoldingALineBreakIsALossExceptInCodeBlocks() throws {
        var paragraph = AttributedString("one\ntwo")
        paragraph[Caret.PresentationIntentAttribute.self] = PresentationIntent(.paragraph, identity: 1)
        #expect(kinds(AttributedText.converting(paragraph).1) == ["presentationIntent"])
        var code = AttributedString("let a\nlet b")
        code[Caret.PresentationIntentAttribute.self] = PresentationIntent(.codeBlock(languageHint: nil), identity: 1)
        #expect(try AttributedText(code) == (try markup("{codeBlock=true:let a\nlet b}")))
    }

    @Test func ordinalsOtherThanConsecutiveFromOneAreALoss() throws {
        let list = PresentationIntent(.orderedList, identity: 1)
        var item = AttributedString("third")
        item[Caret.PresentationIntentAttribute.self] = PresentationIntent(.paragraph, identity: 3, parent: PresentationIntent(.listItem(ordinal: 3), identity: 2, parent: list))
        let (text, losses) = AttributedText.converting(item)
        #expect(text == (try markup("{listStyle=\"ordered\" listLevel=1:third}")))
        #expect(losses == [FormatLoss(what: "listItem ordinal", offset: 0, reason: "item 3 reads as item 1: Caret numbers consecutive items from 1")])
    }

    @Test func languageHintsThematicBreaksAndTablesAreLosses() {
        var string = AttributedString("code\n")
        string[Caret.PresentationIntentAttribute.self] = PresentationIntent(.codeBlock(languageHint: "swift"), identity: 1)
        var rule = AttributedString("—\n")
        rule[Caret.PresentationIntentAttribute.self] = PresentationIntent(.thematicBreak, identity: 2)
        var cell = AttributedString("cell")
        let table = PresentationIntent(.table(columns: [.init(alignment: .left)]), identity: 3)
        cell[Caret.PresentationIntentAttribute.self] = PresentationIntent(.tableCell(columnIndex: 0), identity: 5, parent: PresentationIntent(.tableRow(rowIndex: 1), identity: 4, parent: table))
        let (_, losses) = AttributedText.converting(string + rule + cell)
        #expect(kinds(losses) == ["codeBlock languageHint", "thematicBreak", "table"])
        #expect(losses.map(\.offset) == [0, 5, 7])
    }

    @Test func invalidCaretValuesAreLossesNotErrors() {
        var string = AttributedString("x")
        string[Caret.ForegroundColorAttribute.self] = "red"
        string[Caret.CustomAttribute.self] = ["bold": .bool(true)]
        let (text, losses) = AttributedText.converting(string)
        #expect(text == AttributedText("x"))
        #expect(kinds(losses) == ["caret.custom", "foregroundColor"])
    }
}
