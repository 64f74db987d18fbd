import CaretCore
import Testing
@testable import CaretFormats

/// `Markup.write` and `DocumentJSON.write` hand a document's printout over in pieces (what the
/// CLI writes large files with): the pieces, joined, are exactly what `Markup.print` and
/// `DocumentJSON.encodeString` give, wherever the pieces are cut.
@Suite struct StreamingWriteTests {
    static func joined(_ produce: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> (String, Int) {
        var bytes: [UInt8] = []
        var pieces = 0
        produce { bytes.append(contentsOf: $0); pieces += 1 }
        return (String(decoding: bytes, as: UTF8.self), pieces)
    }

    @Test func piecesJoinToThePrintoutWhereverTheyAreCut() {
        var rng = SeededRandom.fromEnvironment(label: "streaming writes")
        for _ in 0..<400 {
            let state = RandomDocuments.state(&rng)
            let chunk = rng.int(in: 1...40)
            var printer = MarkupPrinter(state: state)
            let (markup, _) = Self.joined { printer.write(chunkSize: chunk, to: $0) }
            #expect(markup == Markup.print(state), "seed \(rng.seed), chunk \(chunk)")
            let (json, _) = Self.joined { DocumentJSON.write(state, chunkSize: chunk, to: $0) }
            #expect(json == DocumentJSON.encodeString(state), "seed \(rng.seed), chunk \(chunk)")
            if markup != Markup.print(state) || json != DocumentJSON.encodeString(state) { return }
        }
    }

    @Test func aLargeDocumentComesInPiecesOfAboutAMebibyte() throws {
        var builder = AttributedText.Builder()
        for i in 0..<30_000 {
            builder.append("word \(i) naïve 😀 \"quoted\" {braces}\n", attributes: i % 3 == 0 ? .traits(.bold) : Attributes())
        }
        let state = DocumentState(text: builder.finish(), selection: Selection(anchor: 3, head: 7))
        let (markup, markupPieces) = Self.joined { Markup.write(state, to: $0) }
        #expect(markup == Markup.print(state))
        let (json, jsonPieces) = Self.joined { DocumentJSON.write(state, to: $0) }
        #expect(json == DocumentJSON.encodeString(state))
        #expect(markupPieces >= 2 && jsonPieces >= 2)
        #expect(try DocumentJSON.decode(json) == state)
    }

    @Test func emptyAndSelectionOnlyDocuments() {
        for state in [DocumentState(text: AttributedText()),
                      DocumentState(text: AttributedText(), selection: Selection(caret: 0), typingAttributes: .traits(.italic))] {
            #expect(Self.joined { Markup.write(state, to: $0) }.0 == Markup.print(state))
            #expect(Self.joined { DocumentJSON.write(state, to: $0) }.0 == DocumentJSON.encodeString(state))
        }
    }
}
