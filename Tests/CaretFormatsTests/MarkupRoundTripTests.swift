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
        if rng.int(in: 0..<3) == 0 { return result }
        for _ in 0..<rng.int(in: 1...4) {
            let (key, values) = rng.element(of: attributeChoices)!
            try! result.set(key, rng.element(of: values)!)
        }
        return result
    }

    static func state(_ rng: inout SeededRandom) -> DocumentState {
        // A small pool of attribute sets per document so that equal neighbours occur.
        let pool = (0..<3).map { _ in attributes(&rng) }
        var runs: [(String, Attributes)] = []
        for _ in 0..<rng.int(in: 0..<12) {
            let text = (0..<rng.int(in: 1...3)).map { _ in rng.element(of: pieces)! }.joined()
            runs.append((text, rng.element(of: pool)!))
        }
        let text = AttributedText(runs: runs)
        var state = DocumentState(text: text)
        guard rng.int(in: 0..<4) != 0 else { return state }
        // Valid positions: every scalar boundary, even inside a grapheme cluster.
        var positions = [0]
        for scalar in text.string.unicodeScalars { positions.append(positions.last! + scalar.utf16.count) }
        let head = rng.element(of: positions)!
        let anchor = rng.bool() ? head : rng.element(of: positions)!
        state.selection = Selection(anchor: anchor, head: head)
        if rng.bool() {
            let typing = rng.bool() ? attributes(&rng) : rng.element(of: pool)!
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
