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
        for trait in AttributeKey.traits where Int.random(in: 0..<4, using: &random) == 0 {
            try attributes.set(trait, .bool(true))
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: try attributes.set(.link, .string(["https://example.com/a", "mailto:x@y.z", "https://example.com/?q=1#f"].randomElement(using: &random)!))
        case 1: try attributes.set(.fontSize, .number([9, 12.5, 14, 72].randomElement(using: &random)!))
        case 2: try attributes.set(.fontFamily, .string(["Menlo", "Helvetica Neue"].randomElement(using: &random)!))
        case 3: try attributes.set(.foregroundColor, .string(["#ff0000", "#00000080"].randomElement(using: &random)!))
        case 4: try attributes.set(.backgroundColor, .string("#ffffcc"))
        case 5: try attributes.set(.custom(["flag", "note", "my key"].randomElement(using: &random)!), [.bool(true), .number(-3.5), .string("x y")].randomElement(using: &random)!)
        default: break
        }
        return attributes
    }

    static func randomParagraph(_ random: inout SeededRandom) throws -> Attributes {
        var attributes = Attributes()
        switch Int.random(in: 0..<8, using: &random) {
        case 0: try attributes.set(.heading, .number(Double(Int.random(in: 1...6, using: &random))))
        case 1, 2:
            try attributes.set(.listStyle, .string(Bool.random(using: &random) ? "bullet" : "ordered"))
            try attributes.set(.listLevel, .number(Double(Int.random(in: 1...4, using: &random))))
        case 3: try attributes.set(.codeBlock, .bool(true))
        default: break
        }
        if Int.random(in: 0..<5, using: &random) == 0 { try attributes.set(.blockQuote, .bool(true)) }
        if Int.random(in: 0..<6, using: &random) == 0 {
            try attributes.set(.alignment, .string(["left", "center", "right", "justified"].randomElement(using: &random)!))
        }
        return attributes
    }

    static func randomDocument(_ random: inout SeededRandom) throws -> AttributedText {
        var pieces: [(String, Attributes)] = []
        let plain = Int.random(in: 0..<4, using: &random) == 0
        let paragraphs = Int.random(in: 0...6, using: &random)
        for index in 0..<paragraphs {
            let paragraph = plain ? Attributes() : try randomParagraph(&random)
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let piece = (0..<Int.random(in: 1...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
                pieces.append((piece, try randomInline(&random).merging(paragraph)))
            }
            if index + 1 < paragraphs || Bool.random(using: &random) {
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
