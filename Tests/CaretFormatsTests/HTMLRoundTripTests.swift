import CaretCore
import Testing
@testable import CaretFormats

/// Random documents of what HTML carries: paragraphs of every kind, every built-in character
/// attribute, text with markup characters, astral characters, combining marks, tabs, CR and
/// spaces that HTML would collapse. Each line break has the character attributes of the text
/// before it (link aside), the one form HTML can carry.
struct RandomHTMLDocuments {
    static let pieces = [
        "a", "b", "xyz", " ", "  ", "<", ">", "&", "\"", "'", "&amp;", "{", "\\", "😀", "𝔸", "👩‍👩‍👧",
        "e\u{301}", "é", "\r", "\t", "\u{85}", "\u{2028}", "\u{A0}", "\u{7F}", "&nbsp;", "<b>",
    ]

    static let characterChoices: [(AttributeKey, [AttributeValue])] = [
        (.bold, [.bool(true)]), (.italic, [.bool(true)]), (.underline, [.bool(true)]),
        (.strikethrough, [.bool(true)]), (.code, [.bool(true)]),
        (.fontSize, [.number(14), .number(12.5), .number(0.001), .number(10_000), .number(1e-7)]),
        (.fontFamily, [.string("Helvetica Neue"), .string("a\"b\\c}{|^:'"), .string("x, y"), .string("\u{1}\n\t"), .string(" lead")]),
        (.foregroundColor, [.string("#ff0000"), .string("#00FF0080"), .string("#ff0000ff")]),
        (.backgroundColor, [.string("#123abc")]),
        (.link, [.string("https://a.b/c?x={y}|z^&q=\"'<>"), .string("mailto:😀"), .string("a\tb\nc\rd")]),
    ]

    static func characterAttributes(_ rng: inout SeededRandom, codeBlock: Bool) -> Attributes {
        var result = Attributes()
        if rng.int(in: 0..<3) == 0 { return result }
        for _ in 0..<rng.int(in: 1...4) {
            let (key, values) = rng.element(of: characterChoices)!
            if key == .code && codeBlock { continue }
            try! result.set(key, rng.element(of: values)!)
        }
        return result
    }

    static func paragraphAttributes(_ rng: inout SeededRandom) -> [(AttributeKey, AttributeValue)] {
        var pairs: [(AttributeKey, AttributeValue)] = []
        let code = rng.int(in: 0..<4) == 0
        if code { pairs.append((.codeBlock, .bool(true))) }
        if !code && rng.int(in: 0..<5) == 0 { pairs.append((.heading, .number(Double(rng.int(in: 1...6))))) }
        if rng.int(in: 0..<3) == 0 {
            pairs.append((.listStyle, .string(rng.bool() ? "bullet" : "ordered")))
            pairs.append((.listLevel, .number(Double(rng.int(in: 1...4)))))
        }
        if rng.int(in: 0..<4) == 0 { pairs.append((.blockQuote, .bool(true))) }
        if rng.int(in: 0..<4) == 0 {
            pairs.append((.alignment, .string(rng.element(of: ["left", "center", "right", "justified"])!)))
        }
        return pairs
    }

    /// `attributes` with each pair set.
    static func with(_ attributes: Attributes, _ pairs: [(AttributeKey, AttributeValue)]) -> Attributes {
        var copy = attributes
        for (key, value) in pairs { try! copy.set(key, value) }
        return copy
    }

    static func text(_ rng: inout SeededRandom) -> AttributedText {
        var runs: [(String, Attributes)] = []
        let paragraphs = rng.int(in: 0..<8)
        for index in 0..<paragraphs {
            let block = paragraphAttributes(&rng)
            let isCode = block.contains { $0.0 == .codeBlock }
            let pool = (0..<3).map { _ in characterAttributes(&rng, codeBlock: isCode) }
            var last: Attributes?
            for _ in 0..<rng.int(in: 0..<5) {
                let text = (0..<rng.int(in: 1...3)).map { _ in rng.element(of: pieces)! }.joined()
                let attributes = rng.element(of: pool)!
                runs.append((text, with(attributes, block)))
                last = attributes
            }
            // The last paragraph is left unterminated half of the time.
            if index < paragraphs - 1 || rng.bool() {
                runs.append(("\n", with(last?.removing(.link) ?? Attributes(), block)))
            }
        }
        return AttributedText(runs: runs)
    }
}



@Suite struct HTMLRoundTripTests {
    @Test func parseOfPrintIsIdentity() throws {
        var rng = SeededRandom.fromEnvironment(label: "HTML round trip")
        for iteration in 0..<1500 {
            let text = RandomHTMLDocuments.text(&rng)
            let fragment = iteration % 2 == 0
            let (html, written) = HTML.print(DocumentState(text: text), fragment: fragment)
            let context = "seed \(rng.seed), document \(iteration): \(Markup.print(text).debugDescription)\nHTML: \(html.debugDescription)"
            #expect(written == [], "\(context)")
            let (back, read) = try HTML.parse(html)
            #expect(read == [], "\(context)")
            if back.text != text {
                Issue.record("\(context)\nread back: \(Markup.print(back.text).debugDescription)")
                return
            }
        }
    }
}
