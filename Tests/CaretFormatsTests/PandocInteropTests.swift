import CaretCore
import Foundation
import Testing
@testable import CaretFormats

/// The formats agree with each other as the authority reads them: for every document of a corpus,
/// the Markdown, RTF and HTML Caret writes, each read by pandoc, give the same document (pandoc's
/// AST, reduced to what pandoc models of Caret's attributes). A format takes part for a document
/// when it writes it without loss, and every document is compared across two formats at least.
@Suite struct PandocInteropTests {
    static let pandoc = ExternalTool.pandoc

    /// Documents covering every attribute pandoc models and every paragraph kind, with text that
    /// needs escaping in each format and non-ASCII characters pandoc's readers all take.
    static let corpus: [String] = [
        "Plain text with *stars*, _underscores_, <angles> & \\{braces\\} and backslashes.",
        "Some {bold:bold}, {italic:italic}, {bold italic:both}, {strikethrough:gone}, {code:x = 1} and a {link=\"https://example.com/a?b=c\":link}.",
        "{heading=1:Title\n}{heading=2:Sub }{heading=2 italic:title}{heading=2:\n}Body text.",
        "{listStyle=\"bullet\" listLevel=1:one\n}{listStyle=\"bullet\" listLevel=1:two }{listStyle=\"bullet\" listLevel=1 bold:bold}{listStyle=\"bullet\" listLevel=1:\n}after",
        "{listStyle=\"ordered\" listLevel=1:first\n}{listStyle=\"ordered\" listLevel=1:second\n}{listStyle=\"ordered\" listLevel=1:third\n}after",
        "{listStyle=\"bullet\" listLevel=1:outer\n}{listStyle=\"bullet\" listLevel=2:inner\n}end",
        "Accents: café, naïve, e\u{301}, Ω, “quotes”, em—dash.",
        "{bold:bold }{bold italic:and italic}{bold: then} plain, in{bold:tra}word.",
        "{heading=3:Heading with }{heading=3 code:code}{heading=3:\n}{listStyle=\"bullet\" listLevel=1 link=\"https://a.b/\":linked}{listStyle=\"bullet\" listLevel=1: item\n}tail",
    ]

    /// The formats to compare, with their pandoc reader names.
    static let formats: [(format: DocumentFormat, reader: String)] = [(.markdown, "gfm"), (.rtf, "rtf"), (.html, "html")]

    @Test(arguments: corpus)
    func formatsReadByPandocAgree(markup: String) throws {
        guard let pandoc = Self.pandoc else {
            Issue.record("pandoc is not installed (scripts/setup.sh installs it)")
            return
        }
        let state = try Markup.parse(markup)
        var readings: [(String, String)] = []
        for (format, reader) in Self.formats where format.isSupported {
            let (text, losses) = try format.write(state, acceptingLoss: true)
            guard losses.isEmpty else { continue }
            let json = try Self.run(pandoc, ["-f", reader, "-t", "json"], input: text)
            readings.append((format.name, try Self.reduce(json)))
        }
        // Every document of the corpus is carried by two of the formats at least.
        #expect(readings.count >= 2, "fewer than two formats wrote \(markup) without loss: \(readings.map(\.0))")
        guard let (firstName, first) = readings.first else { return }
        for (name, reading) in readings.dropFirst() {
            #expect(reading == first, "\(name) and \(firstName) read differently by pandoc for \(markup):\n\(name): \(reading)\n\(firstName): \(first)")
        }
    }

    /// pandoc's reading of what Caret writes matches what the document says (checked on the RTF,
    /// which carries all of the corpus).
    @Test func pandocReadsWhatTheDocumentSays() throws {
        guard let pandoc = Self.pandoc else {
            Issue.record("pandoc is not installed (scripts/setup.sh installs it)")
            return
        }
        for (markup, expected) in [
            (Self.corpus[4], "OL(LI(P(first)) LI(P(second)) LI(P(third))) P(after)"),
            (Self.corpus[5], "UL(LI(P(outer) UL(LI(P(inner))))) P(end)"),
            (Self.corpus[7], "P([b]bold [b i]and italic[b] then[] plain, in[b]tra[]word.)"),
        ] {
            let (rtf, _) = try DocumentFormat.rtf.write(try Markup.parse(markup), acceptingLoss: false)
            #expect(try Self.reduce(try Self.run(pandoc, ["-f", "rtf", "-t", "json"], input: rtf)) == expected)
        }
    }

    static let cmark = ExternalTool.cmark

    /// Caret's Markdown rendered to HTML by cmark-gfm (the reference implementation) is the same
    /// document as Caret's own HTML of it: both read back by Caret's HTML reader give the document.
    @Test(arguments: corpus)
    func cmarkRendersCaretsMarkdownAsCaretsHTML(markup: String) throws {
        guard let cmark = Self.cmark else {
            Issue.record("cmark-gfm is not installed (scripts/setup.sh installs it)")
            return
        }
        let state = try Markup.parse(markup)
        let (markdown, losses) = Markdown.print(state)
        guard losses.isEmpty else { return }  // what Markdown cannot carry is checked elsewhere
        let rendered = try Self.run(cmark, ["--unsafe", "-e", "strikethrough", "-e", "autolink"], input: markdown)
        let viaCmark = try HTML.parse(rendered).0
        let (html, htmlLosses) = HTML.print(state)
        let viaCaret = try HTML.parse(html).0
        #expect(viaCmark.text == viaCaret.text, "cmark-gfm: \(Markup.print(viaCmark))\ncaret: \(Markup.print(viaCaret))\nmarkdown: \(markdown)")
        // A line break formatted unlike the text before it is an HTML loss (reported), not a disagreement.
        if htmlLosses.isEmpty { #expect(viaCaret.text == state.text) }
    }

    // MARK: pandoc

    static func run(_ executable: String, _ arguments: [String], input: String) throws -> String {
        try ExternalTool.run(executable, arguments, input: input)
    }

    /// pandoc's JSON AST as a short string of what Caret's attributes mean: blocks `P(…)`,
    /// `H1(…)`, `UL(LI(…) …)`, `OL(…)`, `Q(…)`, `CODE(…)`; inlines as `<b>…</b>`, `<i>`, `<s>`,
    /// `<u>`, `<code>`, `<a url>`; spans and attributes dropped; adjacent text merged.
    static func reduce(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        guard let root = object as? [String: Any], let blocks = root["blocks"] as? [Any] else { return "?" }
        return Self.blocks(blocks)
    }

    static func blocks(_ list: [Any]) -> String {
        list.map(block).filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func block(_ value: Any) -> String {
        guard let node = value as? [String: Any], let type = node["t"] as? String else { return "?" }
        let content = node["c"]
        switch type {
        case "Para", "Plain": return "P(\(inlines(content as? [Any] ?? [])))"
        case "Header":
            let parts = content as? [Any] ?? []
            return "H\(parts.first as? Int ?? 0)(\(inlines(parts.last as? [Any] ?? [])))"
        case "BulletList": return "UL(\(items(content as? [Any] ?? [])))"
        case "OrderedList": return "OL(\(items((content as? [Any])?.last as? [Any] ?? [])))"
        case "BlockQuote": return "Q(\(blocks(content as? [Any] ?? [])))"
        case "CodeBlock": return "CODE(\((content as? [Any])?.last as? String ?? ""))"
        case "Div": return blocks((content as? [Any])?.last as? [Any] ?? [])
        default: return type
        }
    }

    static func items(_ list: [Any]) -> String {
        list.map { "LI(\(blocks($0 as? [Any] ?? [])))" }.joined(separator: " ")
    }

    /// Inlines as text with the marks of each stretch written before it, marks sorted
    /// (`[b i]both[] plain`), so that nesting order does not matter.
    static func inlines(_ list: [Any]) -> String {
        var segments: [(marks: [String], text: String)] = []
        collect(list, marks: [], into: &segments)
        var out = ""
        var current: [String] = []
        for segment in segments where !segment.text.isEmpty {
            let marks = segment.marks.sorted()
            if marks != current {
                if !(out.isEmpty && marks.isEmpty) { out += "[" + marks.joined(separator: " ") + "]" }
                current = marks
            }
            out += segment.text
        }
        return out
    }

    static func collect(_ list: [Any], marks: [String], into segments: inout [(marks: [String], text: String)]) {
        for value in list {
            guard let node = value as? [String: Any], let type = node["t"] as? String else { continue }
            let content = node["c"]
            switch type {
            case "Str": segments.append((marks, content as? String ?? ""))
            case "Space", "SoftBreak": segments.append((marks, " "))
            case "LineBreak": segments.append((marks, "<br>"))
            case "Strong": collect(content as? [Any] ?? [], marks: marks + ["b"], into: &segments)
            case "Emph": collect(content as? [Any] ?? [], marks: marks + ["i"], into: &segments)
            case "Strikeout": collect(content as? [Any] ?? [], marks: marks + ["s"], into: &segments)
            case "Underline": collect(content as? [Any] ?? [], marks: marks + ["u"], into: &segments)
            case "Code": segments.append((marks + ["code"], (content as? [Any])?.last as? String ?? ""))
            case "Link":
                let parts = content as? [Any] ?? []
                let target = (parts.last as? [Any])?.first as? String ?? ""
                collect(parts.count > 1 ? parts[1] as? [Any] ?? [] : [], marks: marks + ["a=" + target], into: &segments)
            case "Span": collect((content as? [Any])?.last as? [Any] ?? [], marks: marks, into: &segments)
            case "Quoted":
                let parts = content as? [Any] ?? []
                let double = ((parts.first as? [String: Any])?["t"] as? String) == "DoubleQuote"
                segments.append((marks, double ? "“" : "‘"))
                collect(parts.last as? [Any] ?? [], marks: marks, into: &segments)
                segments.append((marks, double ? "”" : "’"))
            default: segments.append((marks, "[\(type)]"))
            }
        }
    }
}
