import CaretCore
import Testing
@testable import CaretFormats

/// Random document states over text holding every marker character, astral characters, ZWJ
/// sequences, combining marks, CR, LF, tabs and controls, with every attribute kind.
struct RandomDocuments {
    static let pieces = [
        "a", "b", "xyz", " ", "{", "}", "|", "^", "\\", "<", ">", ":", "\"", "=", "#", "\\u{41}",
        "😀", "𝔸", "👩‍👩‍👧", "e\u{301}", "é", "\r", "\n", "\r\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}",
    ]

    static let attributeChoices: [(AttributeKey, [AttributeValue])] = [
        (.bold, [.bool(true)]), (.italic, [.bool(true)]), (.underline, [.bool(true)]),
        (.strikethrough, [.bool(true)]), (.code, [.bool(true)]),
        (.fontSize, [.number(14), .number(12.5), .number(0.001), .number(10_000), .number(1e-7)]),
        (.fontFamily, [.string("Helvetica Neue"), .string("a\"b\\c}{|^:"), .string("\u{1}\n\t")]),
        (.foregroundColor, [.string("#ff0000"), .string("#00FF0080")]),
        (.backgroundColor, [.string("#123abc")]),
        (.link, [.string("https://a.b/c?x={y}|z^"), .string("mailto:😀")]),
        (.custom("x.y-z_1"), [.bool(true), .bool(false), .number(-3), .number(1e300), .string("s")]),
        (.custom("b"), [.bool(true)]),
        (.custom("weird key:\"\\<>"), [.string(""), .number(0.1)]),
        (.custom("😀"), [.string("#abcdef"), .string("true")]),
        (.custom("true"), [.bool(false), .number(Double.infinity), .number(-Double.infinity)]),
    ]

    static func attributes(_ rng: inout SeededRandom) -> Attributes {
        var result = Attributes()
        if Int.random(in: 0..<3, using: &rng) == 0 { return result }
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let (key, values) = attributeChoices.randomElement(using: &rng)!
            try! result.set(key, values.randomElement(using: &rng)!)
        }
        return result
    }

    static func state(_ rng: inout SeededRandom) -> DocumentState {
        // A small pool of attribute sets per document so that equal neighbours occur.
        let pool = (0..<3).map { _ in attributes(&rng) }
        var runs: [(String, Attributes)] = []
        for _ in 0..<Int.random(in: 0..<12, using: &rng) {
            let text = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            runs.append((text, pool.randomElement(using: &rng)!))
        }
        let text = AttributedText(runs: runs)
        var state = DocumentState(text: text)
        guard Int.random(in: 0..<4, using: &rng) != 0 else { return state }
        // Valid positions: every scalar boundary, even inside a grapheme cluster.
        var positions = [0]
        for scalar in text.string.unicodeScalars { positions.append(positions.last! + scalar.utf16.count) }
        let head = positions.randomElement(using: &rng)!
        let anchor = Bool.random(using: &rng) ? head : positions.randomElement(using: &rng)!
        state.selection = Selection(anchor: anchor, head: head)
        if Bool.random(using: &rng) {
            let typing = Bool.random(using: &rng) ? attributes(&rng) : pool.randomElement(using: &rng)!
            if typing != (try! text.inheritedTypingAttributes(for: Selection(anchor: anchor, head: head))) {
                state.typingAttributes = typing
            }
        }
        return state
    }
}

@Suite struct MarkupRoundTripTests {
    @Test func parseOfPrintIsIdentity() throws {
        var rng = SeededRandom.fromEnvironment(label: "markup round trip")
        for _ in 0..<2000 {
            let state = RandomDocuments.state(&rng)
            let markup = Markup.print(state)
            let back: DocumentState
            do {
                back = try Markup.parse(markup)
            } catch {
                Issue.record("seed \(rng.seed): \(error) parsing \(markup.debugDescription)")
                return
            }
            // NaN is never equal to itself, so compare such states by their printout.
            #expect(back == state, "seed \(rng.seed): \(markup.debugDescription)")
            #expect(Markup.print(back) == markup, "seed \(rng.seed)")
            if back != state { return }
        }
    }

    @Test func typingAttributesWithoutSelectionAreNotPrinted() {
        let state = DocumentState(text: AttributedText("ab"), selection: nil, typingAttributes: .traits(.bold))
        #expect(Markup.print(state) == "ab")
    }

    @Test func invalidSelectionsSnapToAValidPosition() throws {
        let text = AttributedText("a😀")
        #expect(Markup.print(DocumentState(text: text, selection: Selection(caret: 2))) == "a|😀")
        #expect(Markup.print(DocumentState(text: text, selection: Selection(caret: 9))) == "a😀|")
    }
}
