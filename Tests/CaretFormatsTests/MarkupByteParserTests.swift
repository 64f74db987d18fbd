import CaretCore
import Testing
@testable import CaretFormats

/// The markup parser reads UTF-8 bytes: text between markers is copied a stretch at a time and
/// error columns are counted in scalars from the bytes. These cover what that could get wrong:
/// multi-byte text before markers and errors, stretches longer than a rope leaf, escapes of
/// astral scalars, slices, and the file reader's final line break.
@Suite struct MarkupByteParserTests {
    func error(_ markup: String) -> String {
        do {
            _ = try Markup.parse(markup)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func errorColumnsCountScalarsNotBytes() {
        // 😀 is 4 bytes, é 2, e + U+0301 two scalars: the '{' is at column 5.
        #expect(error("😀ée\u{301}{bold:x") == "1:5: expected '}' to close this run before the end of the markup")
        #expect(error("ab\n😀é\\q") == "2:3: expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}, found 'q'")
        #expect(error("\\é") == "1:1: expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}, found 'é'")
        #expect(error("{bold😀:x}") == "1:6: expected a space or ':' to end the attributes of the run opened at 1:1, found '😀'")
        #expect(error("{😀:x}") == "1:2: expected an attribute (a trait, key=value, or a quoted \"key\"=value) or ':' to end the attributes of the run opened at 1:1, found '😀'")
        #expect(error("😀|x|") == "1:4: expected one '|' (the head) only, one is already at 1:2; a literal bar is written \\|")
        #expect(error("{link=\"😀\\x\":a}") == "1:9: expected an escape in a quoted string: \\\" \\\\ or \\u{hex}, found '\\x'")
        #expect(error("é\u{1}\\\u{1}") == "1:3: expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}, found '\\u{1}'")
    }

    @Test func selectionOffsetsAreUTF16AfterMultiByteText() throws {
        let state = try Markup.parse("😀e\u{301}^é\\u{1F600}{bold:𝔸|}")
        #expect(state.selection == Selection(anchor: 4, head: 9))
        #expect(state.text.string == "😀e\u{301}é😀𝔸")
        #expect(try state.text.attributes(at: 7) == .traits(.bold))
    }

    @Test func quotedValuesKeepMultiByteTextAndEscapes() throws {
        let text = try Markup.parseText("{fontFamily=\"Zapf 😀 \\u{1F600}\\\"\\\\\" link=\"é\":x}")
        let attributes = try text.attributes(at: 0)
        #expect(attributes[.fontFamily] == .string("Zapf 😀 😀\"\\"))
        #expect(attributes[.link] == .string("é"))
    }

    @Test func aSliceParsesInPlace() throws {
        let whole = "prefix 😀 {bold:middle} suffix"
        let start = whole.firstIndex(of: "{")!
        let end = whole.index(after: whole.firstIndex(of: "}")!)
        let state = try Markup.parse(whole[start..<end])
        #expect(state.text == AttributedText("middle", attributes: .traits(.bold)))
    }

    @Test func theFileReaderDropsOneFinalLineBreakWithoutCopying() throws {
        let read = { (text: String) in try DocumentFormat.markup.codec.read(text, acceptingLoss: false).state.text.string }
        #expect(try read("a😀\n") == "a😀")
        #expect(try read("a😀\r\n") == "a😀")
        #expect(try read("a\n\n") == "a\n")
        #expect(try read("a\r") == "a\r")
        #expect(try read("") == "")
        #expect(try read("\n") == "")
    }

    /// ASCII text is scanned eight bytes at a time: a marker or a non-ASCII scalar at every
    /// position of a word must still be found.
    @Test func markersAndNonASCIIAtEveryPositionOfAWord() throws {
        for before in 0..<20 {
            for after in [0, 1, 7, 8, 9, 17] {
                let a = String(repeating: "a", count: before), b = String(repeating: "b", count: after)
                let state = try Markup.parse(a + "|{bold:" + b + "\\}}" + a + "😀" + b + "^")
                #expect(state.selection == Selection(anchor: 2 * before + after + 3 + after, head: before))
                #expect(state.text.string == a + b + "}" + a + "😀" + b)
                #expect(try state.text.attributes(at: before) == .traits(.bold))
                #expect(try state.text.attributes(at: before + after + 1) == Attributes())
                #expect(error(a + "é" + b + "}") == "1:\(before + after + 2): expected text; a '}' outside a run is written \\}")
            }
        }
    }

    /// Many runs and long stretches of text, so runs and stretches cross rope leaves.
    @Test func largeRandomDocumentsRoundTrip() throws {
        var rng = SeededRandom.fromEnvironment(label: "markup byte parser, large documents")
        for _ in 0..<3 {
            let pool = (0..<4).map { _ in RandomDocuments.attributes(&rng) }
            var builder = AttributedText.Builder()
            for _ in 0..<rng.int(in: 100..<800) {
                let count = rng.int(in: 0..<5) == 0 ? rng.int(in: 100..<1500) : rng.int(in: 1...4)
                let text = (0..<count).map { _ in rng.element(of: RandomDocuments.pieces)! }.joined()
                builder.append(text, attributes: rng.element(of: pool)!)
            }
            let text = builder.finish()
            let markup = Markup.print(text)
            let back = try Markup.parseText(markup)
            #expect(back == text, "seed \(rng.seed)")
            try back.checkInvariants()
            if back != text { return }
        }
    }
}
