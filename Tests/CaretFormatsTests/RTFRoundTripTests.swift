import CaretCore
import Testing
@testable import CaretFormats

/// Random documents made only of what RTF carries: paragraphs with one set of paragraph
/// attributes each, runs with traits, half-point sizes, families that are not monospace, opaque
/// colours and links, over text with RTF's special characters, astral characters and
/// combining marks.
struct RandomRTFDocuments {
    static let pieces = [
        "a", "b", "xyz", " ", "  ", "{", "}", "\\", ";", "-", "1", "?", "\"", "😀", "𝔸", "e\u{301}", "é", "€",
        "\t", "\u{2028}", "\r", "\u{0}", "\u{1B}", "\u{A0}", "\u{FFFD}", "\u{FEFF}",
    ]
    static let characterChoices: [(AttributeKey, [AttributeValue])] = [
        (.bold, [.bool(true)]), (.italic, [.bool(true)]), (.underline, [.bool(true)]),
        (.strikethrough, [.bool(true)]), (.code, [.bool(true)]),
        (.fontSize, [.number(12), .number(12.5), .number(0.5), .number(10_000)]),
        (.fontFamily, [.string("Georgia"), .string("Times New Roman"), .string("Ünï;{c}\\d"), .string("😀 Sans"), .string("  Padded\t "), .string("\tTabbed")]),
        (.foregroundColor, [.string("#ff0000"), .string("#00ff80")]),
        (.backgroundColor, [.string("#123abc"), .string("#000000")]),
        (.link, [.string("https://a.b/c?x={y}"), .string("mailto:😀"), .string("x\"y\\z")]),
    ]
    static let paragraphChoices: [[(AttributeKey, AttributeValue)]] = [
        [], [], [(.heading, .number(1))], [(.heading, .number(6))],
        [(.listStyle, .string("bullet")), (.listLevel, .number(1))],
        [(.listStyle, .string("bullet")), (.listLevel, .number(3))],
        [(.listStyle, .string("ordered")), (.listLevel, .number(1))],
        [(.listStyle, .string("ordered")), (.listLevel, .number(9))],
        [(.blockQuote, .bool(true))], [(.codeBlock, .bool(true))],
        [(.alignment, .string("center"))], [(.alignment, .string("right"))], [(.alignment, .string("justified"))],
        [(.heading, .number(2)), (.alignment, .string("center"))],
        [(.listStyle, .string("ordered")), (.listLevel, .number(2)), (.heading, .number(3))],
    ]

    static func characterAttributes(_ rng: inout SeededRandom) -> Attributes {
        var result = Attributes()
        if rng.int(in: 0..<3) == 0 { return result }
        for _ in 0..<rng.int(in: 1...4) {
            let (key, values) = rng.element(of: characterChoices)!
            try! result.set(key, rng.element(of: values)!)
        }
        if result.has(.code) { result.remove(.fontFamily) }
        return result
    }

    static func state(_ rng: inout SeededRandom) -> DocumentState {
        let pool = (0..<4).map { _ in characterAttributes(&rng) }
        var runs: [(String, Attributes)] = []
        let paragraphs = rng.int(in: 0..<6)
        for index in 0..<paragraphs {
            let paragraph = try! Attributes(rng.element(of: paragraphChoices)!)
            for _ in 0..<rng.int(in: 0..<4) {
                let text = (0..<rng.int(in: 1...3)).map { _ in rng.element(of: pieces)! }.joined()
                runs.append((text, rng.element(of: pool)!.merging(paragraph)))
            }
            if index < paragraphs - 1 || rng.bool() {
                runs.append(("\n", rng.element(of: pool)!.merging(paragraph)))
            }
        }
        return DocumentState(text: AttributedText(runs: runs))
    }
}

@Suite struct RTFRoundTripTests {
    @Test func parseOfPrintIsIdentity() throws {
        var rng = SeededRandom.fromEnvironment(label: "rtf round trip")
        for _ in 0..<1500 {
            let state = RandomRTFDocuments.state(&rng)
            let (rtf, losses) = RTF.print(state)
            #expect(losses.isEmpty, "seed \(rng.seed): \(losses) writing \(Markup.print(state).debugDescription)")
            let back: DocumentState
            do {
                back = try RTF.parse(rtf).0
            } catch {
                Issue.record("seed \(rng.seed): \(error) reading \(rtf.debugDescription) of \(Markup.print(state).debugDescription)")
                return
            }
            if back != state {
                Issue.record("seed \(rng.seed): \(Markup.print(state).debugDescription) came back as \(Markup.print(back).debugDescription) through \(rtf.debugDescription)")
                return
            }
        }
    }

    @Test func printIsStableThroughARoundTrip() throws {
        var rng = SeededRandom.fromEnvironment(label: "rtf print stability")
        for _ in 0..<300 {
            let state = RandomRTFDocuments.state(&rng)
            let rtf = RTF.print(state).0
            let again = RTF.print(try RTF.parse(rtf).0).0
            if again != rtf {
                Issue.record("seed \(rng.seed): \(rtf.debugDescription) printed again as \(again.debugDescription)")
                return
            }
        }
    }
}
