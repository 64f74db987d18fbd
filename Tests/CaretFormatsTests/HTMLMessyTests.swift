import CaretCore
import Testing
@testable import CaretFormats

/// Random tag soup: whatever libxml2 recovers, Caret reads it into a well-formed document with
/// one value of each paragraph attribute per paragraph, which the writer carries without loss
/// and reads back the same.
@Suite struct HTMLMessyTests {
    static let fragments = [
        "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</em>", "<u>", "<s>", "<code>", "</code>",
        "<a href=\"x&amp;y\">", "</a>", "<span style=\"color:red;font-size:12px\">", "</span>", "<h2>", "</h2>",
        "<ul>", "<ol>", "<li>", "</li>", "</ul>", "</ol>", "<blockquote>", "</blockquote>", "<pre>", "</pre>",
        "<br>", "<p style=\"text-align:center\">", "<span style=\"white-space:pre\">", "<font face=\"A\">",
        "a", "b c", "  ", "\n", "\t", "&nbsp;", "&amp;", "&lt;", "😀", "e\u{301}", "&#13;", "<!-- c -->", "<", ">", "&",
        "<script>x</script>", "<table><td>", "<img alt=i>", "<sub>", "<hr>",
    ]

    @Test func tagSoupReadsIntoWellFormedDocuments() throws {
        var rng = SeededRandom.fromEnvironment(label: "HTML tag soup")
        for iteration in 0..<1000 {
            let html = (0..<rng.int(in: 0..<30)).map { _ in rng.element(of: Self.fragments)! }.joined()
            let context = "seed \(rng.seed), soup \(iteration): \(html.debugDescription)"
            let text = try HTML.parse(html).0.text
            try text.checkInvariants()
            // Every character of a paragraph has the paragraph attributes of its first.
            var expected: Attributes?
            var offset = 0
            for scalar in text.string.unicodeScalars {
                let own = Self.paragraphPart(try text.attributes(at: offset))
                if expected == nil { expected = own }
                #expect(own == expected, "\(context) at \(offset)")
                if scalar == "\n" { expected = nil }
                offset += scalar.utf16.count
            }
            let (again, losses) = HTML.print(DocumentState(text: text))
            #expect(losses == [], "\(context)")
            let back = try HTML.parse(again).0.text
            #expect(back == text, "\(context)\nread: \(Markup.print(text))\nback: \(Markup.print(back))")
        }
    }

    static func paragraphPart(_ attributes: Attributes) -> Attributes {
        (try? Attributes(attributes.entries.filter(\.key.isParagraph).map { ($0.key, $0.value) })) ?? Attributes()
    }
}
