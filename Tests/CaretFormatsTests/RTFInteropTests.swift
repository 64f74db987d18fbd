import CaretCore
import Foundation
import Testing
@testable import CaretFormats

/// Runs pandoc when it is installed (scripts/setup.sh installs it); nil when it is not.
enum Pandoc {
    static let path = ExternalTool.pandoc

    /// pandoc's output for `input` with `arguments`.
    static func run(_ arguments: [String], input: String) throws -> String {
        try ExternalTool.run(path!, arguments, input: input)
    }

    /// pandoc's JSON document as a short outline: `H1 Title`, `**strong**`, `_emph_`,
    /// `~~strike~~`, `<u>underline</u>`, `` `code` ``, `[text](url)`, `Bullet[item | item]`,
    /// `Ordered[…]`; blocks joined by " / ".
    static func outline(json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return blocks(object?["blocks"])
    }

    static func blocks(_ value: Any?) -> String {
        ((value as? [Any]) ?? []).map(block).joined(separator: " / ")
    }

    static func block(_ value: Any) -> String {
        guard let node = value as? [String: Any], let type = node["t"] as? String else { return "?" }
        let content = node["c"]
        switch type {
        case "Header":
            let parts = content as? [Any] ?? []
            return "H\(parts.first as? Int ?? 0) " + inlines(parts.count > 2 ? parts[2] : nil)
        case "Para", "Plain": return inlines(content)
        case "BulletList": return "Bullet[" + ((content as? [Any]) ?? []).map(blocks).joined(separator: " | ") + "]"
        case "OrderedList":
            let parts = content as? [Any] ?? []
            return "Ordered[" + ((parts.count > 1 ? parts[1] : nil) as? [Any] ?? []).map(blocks).joined(separator: " | ") + "]"
        case "BlockQuote": return "Quote[" + blocks(content) + "]"
        default: return type
        }
    }

    static func inlines(_ value: Any?) -> String {
        ((value as? [Any]) ?? []).map { item -> String in
            guard let node = item as? [String: Any], let type = node["t"] as? String else { return "?" }
            let content = node["c"]
            switch type {
            case "Str": return content as? String ?? ""
            case "Space", "SoftBreak": return " "
            case "LineBreak": return "\\n"
            case "Strong": return "**" + inlines(content) + "**"
            case "Emph": return "_" + inlines(content) + "_"
            case "Strikeout": return "~~" + inlines(content) + "~~"
            case "Underline": return "<u>" + inlines(content) + "</u>"
            case "Code": return "`" + ((content as? [Any])?.last as? String ?? "") + "`"
            case "Link":
                let parts = content as? [Any] ?? []
                let target = (parts.count > 2 ? parts[2] : nil) as? [Any]
                return "[" + inlines(parts.count > 1 ? parts[1] : nil) + "](" + (target?.first as? String ?? "") + ")"
            default: return type
            }
        }.joined()
    }
}

@Suite struct RTFInteropTests {
    @Test func pandocReadsWhatCaretWrites() throws {
        guard Pandoc.path != nil else {
            print("RTFInteropTests: pandoc is not installed (scripts/setup.sh installs it); skipping")
            return
        }
        let markup = "{heading=1:Title\n}{heading=2:Sub\n}Some {bold:bold}, {italic:it}, {strikethrough:gone}, {underline:under}, {code:x = 1}, {link=\"https://example.com/a?b=c\":a link} and é.\n"
            + "{listStyle=\"bullet\" listLevel=1:one\ntwo\n}{listStyle=\"bullet\" listLevel=2:nested\n}{listStyle=\"ordered\" listLevel=1:first\nsecond\n}"
            + "{alignment=\"center\":centred}"
        let (rtf, losses) = RTF.print(try Markup.parse(markup))
        #expect(losses.isEmpty)
        let outline = try Pandoc.outline(json: Pandoc.run(["-f", "rtf", "-t", "json"], input: rtf))
        #expect(outline == "H1 Title / H2 Sub / Some **bold**, _it_, ~~gone~~, <u>under</u>, `x = 1`, [a link](https://example.com/a?b=c) and é."
            + " / Bullet[one | two / Bullet[nested]] / Ordered[first | second] / centred", "\(rtf)")
    }

    @Test func caretReadsWhatPandocWrites() throws {
        guard Pandoc.path != nil else {
            print("RTFInteropTests: pandoc is not installed (scripts/setup.sh installs it); skipping")
            return
        }
        let markdown = "# Title\n\nSome **bold** *it* ~~gone~~ `code` [link](http://x.y/) é\n\n- a\n- b\n    - c\n\n1. one\n2. two\n\nend\n"
        let rtf = try Pandoc.run(["-f", "markdown", "-t", "rtf", "-s"], input: markdown)
        let (state, losses) = try RTF.parse(rtf)
        // pandoc writes headings bold and large, links underlined, code in Courier, list markers
        // as text with a hanging indent.
        #expect(Markup.print(state) == "{bold fontSize=18 heading=1:Title\n}Some {bold:bold} {italic:it} {strikethrough:gone} {code:code} "
            + "{underline link=\"http://x.y/\":link} é\n{listStyle=\"bullet\" listLevel=1:a\nb\n}{listStyle=\"bullet\" listLevel=2:c\n}"
            + "{listStyle=\"ordered\" listLevel=1:one\ntwo\n}end\n", "\(rtf)")
        #expect(losses.isEmpty)
    }
}
