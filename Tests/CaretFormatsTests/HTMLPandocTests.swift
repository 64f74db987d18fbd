import CaretCore
import Foundation
import Testing
@testable import CaretFormats

/// Interop with pandoc (installed by scripts/setup.sh): pandoc reads Caret's HTML as the
/// structure meant, and Caret reads pandoc's HTML as the attributed text meant. Skipped, saying
/// so, when no pandoc binary is on PATH.
@Suite struct HTMLPandocTests {
    static let pandoc = ExternalTool.pandoc

    /// pandoc's output for `input` with `arguments`.
    func runPandoc(_ arguments: [String], _ input: String) throws -> String {
        try ExternalTool.run(Self.pandoc!, arguments, input: input)
    }

    /// Every `"t"` tag in pandoc's JSON, in document order, with the value of its `"c"`.
    func nodes(_ value: JSONValue, into result: inout [(String, JSONValue?)]) {
        switch value {
        case .object(let object):
            if case .string(let tag)? = object["t"] { result.append((tag, object["c"])) }
            for key in object.keys { if let child = object[key] { nodes(child, into: &result) } }
        case .array(let items):
            for item in items { nodes(item, into: &result) }
        default:
            break
        }
    }

    @Test(.enabled(if: pandoc != nil, "pandoc is not installed (scripts/setup.sh installs it); interop not checked"))
    func pandocReadsCaretHTML() throws {
        let markup = "{heading=2:Title\n}Some {bold:bold}, {italic:em}, {underline:under}, {strikethrough:gone}, {code:x<y}, "
            + "{link=\"https://a.b/?q=1&r=2\":a link}.\n"
            + "{listStyle=\"bullet\" listLevel=1:one\n}{listStyle=\"bullet\" listLevel=2:nested\n}{listStyle=\"ordered\" listLevel=1:first\n}"
            + "{blockQuote=true:quoted\n}{codeBlock=true:let a = 1 < 2\n}{codeBlock=true:  indented}"
        let (html, losses) = HTML.print(DocumentState(text: try Markup.parseText(markup)))
        #expect(losses == [])
        let json = try JSONValue.parse(try runPandoc(["-f", "html", "-t", "json"], html))
        var found: [(String, JSONValue?)] = []
        nodes(json, into: &found)
        let tags = Set(found.map(\.0))
        for tag in ["Header", "Strong", "Emph", "Underline", "Strikeout", "Code", "Link", "BulletList", "OrderedList", "BlockQuote", "CodeBlock"] {
            #expect(tags.contains(tag), "pandoc's JSON lacks \(tag): \(html)")
        }
        let code = found.first { $0.0 == "CodeBlock" }?.1?.arrayValue?.last?.stringValue
        #expect(code == "let a = 1 < 2\n  indented")
        let inline = found.first { $0.0 == "Code" }?.1?.arrayValue?.last?.stringValue
        #expect(inline == "x<y")
        let header = found.first { $0.0 == "Header" }?.1?.arrayValue?.first
        #expect(header == .integer(2))
        let target = found.first { $0.0 == "Link" }?.1?.arrayValue?.last?.arrayValue?.first?.stringValue
        #expect(target == "https://a.b/?q=1&r=2")
        // The nested list is inside the bullet list's item.
        let bullet = found.firstIndex { $0.0 == "BulletList" }!
        #expect(found[(bullet + 1)...].contains { $0.0 == "BulletList" })
    }

    @Test(.enabled(if: pandoc != nil, "pandoc is not installed (scripts/setup.sh installs it); interop not checked"))
    func caretReadsPandocHTML() throws {
        let markdown = """
            # Title

            Some **bold** and *em* and `code` and ~~gone~~ and [a link](https://a.b/c "t").

            - a
            - b
                - deep

            1. c
            2. d

            > quoted

            ```
            x = 1
              y
            ```

            Last  line.
            """
        let html = try runPandoc(["-f", "markdown", "-t", "html"], markdown)
        let (state, losses) = try HTML.parse(html)
        #expect(losses == [])
        let expected = "{heading=1:Title\n}Some {bold:bold} and {italic:em} and {code:code} and {strikethrough:gone} and {link=\"https://a.b/c\":a link}.\n"
            + "{listStyle=\"bullet\" listLevel=1:a\nb\n}{listStyle=\"bullet\" listLevel=2:deep\n}"
            + "{listStyle=\"ordered\" listLevel=1:c\nd\n}{blockQuote=true:quoted\n}{codeBlock=true:x = 1\n  y\n}Last line."
        #expect(Markup.print(state.text) == Markup.print(try Markup.parseText(expected)), "\(html)")
    }
}
