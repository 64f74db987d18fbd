import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretFoundation

/// Random documents — every attribute and paragraph kind, astral characters, combining marks,
/// run boundaries inside clusters — through `AttributedString` and through its JSON, back to
/// the same document. Set `CARET_SEED` to replay one seed.
@Suite struct RandomizedRoundTripTests {
    static let alphabet = ["a", "b", " ", "😀", "e", "\u{301}", "🇫", "🇷", "𝔸", "\t", "漢", "\"", "\\", "{"]

    static func randomInline(_ random: inout SeededRandom) throws -> Attributes {
        var attributes = Attributes()
        for trait in AttributeKey.traits where random.int(in: 0..<4) == 0 {
            try attributes.set(trait, .bool(true))
        }
        switch random.int(in: 0..<10) {
        case 0: try attributes.set(.link, .string(random.element(of: ["https://example.com/a", "mailto:x@y.z", "https://example.com/?q=1#f"])!))
        case 1: try attributes.set(.fontSize, .number(random.element(of: [9, 12.5, 14, 72])!))
        case 2: try attributes.set(.fontFamily, .string(random.element(of: ["Menlo", "Helvetica Neue"])!))
        case 3: try attributes.set(.foregroundColor, .string(random.element(of: ["#ff0000", "#00000080"])!))
        case 4: try attributes.set(.backgroundColor, .string("#ffffcc"))
        case 5: try attributes.set(.custom(random.element(of: ["flag", "note", "my key"])!), random.element(of: [.bool(true), .number(-3.5), .string("x y")])!)
        default: break
        }
        return attributes
    }

    static func randomParagraph(_ random: inout SeededRandom) throws -> Attributes {
        var attributes = Attributes()
        switch random.int(in: 0..<8) {
        case 0: try attributes.set(.heading, .number(Double(random.int(in: 1...6))))
        case 1, 2:
            try attributes.set(.listStyle, .string(random.bool() ? "bullet" : "ordered"))
            try attributes.set(.listLevel, .number(Double(random.int(in: 1...4))))
        case 3: try attributes.set(.codeBlock, .bool(true))
        default: break
        }
        if random.int(in: 0..<5) == 0 { try attributes.set(.blockQuote, .bool(true)) }
        if random.int(in: 0..<6) == 0 {
            try attributes.set(.alignment, .string(random.element(of: ["left", "center", "right", "justified"])!))
        }
        return attributes
    }

    static func randomDocument(_ random: inout SeededRandom) throws -> AttributedText {
        var pieces: [(String, Attributes)] = []
        let plain = random.int(in: 0..<4) == 0
        let paragraphs = random.int(in: 0...6)
        for index in 0..<paragraphs {
            let paragraph = plain ? Attributes() : try randomParagraph(&random)
            for _ in 0..<random.int(in: 0...4) {
                let piece = (0..<random.int(in: 1...4)).map { _ in random.element(of: alphabet)! }.joined()
                pieces.append((piece, try randomInline(&random).merging(paragraph)))
            }
            if index + 1 < paragraphs || random.bool() {
                pieces.append(("\n", try randomInline(&random).merging(paragraph)))
            }
        }
        return AttributedText(runs: pieces)
    }

    @Test func randomDocumentsRoundTripThroughAttributedStringAndJSON() throws {
        var random = SeededRandom.fromEnvironment(label: "RandomizedRoundTripTests")
        for iteration in 0..<400 {
            let text = try Self.randomDocument(&random)
            let context = "iteration \(iteration), seed \(random.seed) (CARET_SEED replays): \(Markup.print(text).debugDescription)"
            let (attributed, losses) = AttributedString.converting(text)
            #expect(losses.isEmpty, "\(losses) — \(context)")
            #expect(attributed.utf16.count == text.utf16Count, "\(context)")
            let (back, readLosses) = AttributedText.converting(attributed)
            #expect(readLosses.isEmpty, "\(readLosses) — \(context)")
            #expect(back == text, "read back \(Markup.print(back).debugDescription) — \(context)")

            let json = try FoundationJSON.encode(text)
            #expect(try FoundationJSON.encode(text) == json, "not deterministic — \(context)")
            let decoded = try JSONDecoder().decode(AttributedStringJSONCoding.self, from: Data(json.utf8))
            #expect(decoded.attributedString == attributed, "\(json) — \(context)")
            let (fromJSON, jsonLosses) = try FoundationJSON.decode(json)
            #expect(jsonLosses.isEmpty, "\(jsonLosses) — \(context)")
            #expect(fromJSON == text, "\(json) read as \(Markup.print(fromJSON).debugDescription) — \(context)")
            if back != text || fromJSON != text { break }
        }
    }
}
