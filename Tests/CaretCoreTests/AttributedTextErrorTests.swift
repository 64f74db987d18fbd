import Testing
@testable import CaretCore

/// Every way a caller can pass a bad position gets a `TextError` that names the offset, the unit
/// and the valid range — never a trap, never a silent clamp.
@Suite struct AttributedTextErrorTests {
    // "a😀b": UTF-16 units a, high, low, b (4); UTF-8 bytes 1 + 4 + 1 (6).
    let text = AttributedText("a😀b")

    private func error(_ body: () throws -> Void) -> TextError? {
        do {
            try body()
            return nil
        } catch let error as TextError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func pastTheEnd() {
        let e = error { _ = try text.attributes(at: 9) }
        #expect(e == TextError(.outOfRange, offset: 9, unit: .utf16, length: 4))
        #expect(e?.description == "offset 9 is past the end (length 4, UTF-16)")
    }

    @Test func negative() {
        let e = error { _ = try text.string(in: -1..<2) }
        #expect(e?.description == "offset -1 is negative (valid 0...4, UTF-16)")
    }

    @Test func insideASurrogatePair() {
        var copy = text
        let e = error { try copy.insert("x", at: 2, attributes: Attributes()) }
        #expect(e == TextError(.insideScalar, offset: 2, unit: .utf16, length: 4))
        #expect(e?.description == "offset 2 is inside a surrogate pair (valid 0...4, UTF-16)")
        #expect(copy == text, "a failed edit changes nothing")
        #expect(!text.isValidPosition(2))
        #expect(text.isValidPosition(3))
    }

    @Test func attributesAtTheEnd() {
        #expect(error { _ = try text.attributes(at: 4) }?.kind == .outOfRange)
    }

    @Test func insideAUTF8Sequence() {
        let e = error { _ = try text.utf16Offset(fromUTF8: 2) }
        #expect(e == TextError(.insideScalar, offset: 2, unit: .utf8, length: 6))
        #expect(e?.description == "offset 2 is inside a multi-byte character (valid 0...6, UTF-8)")
    }

    @Test func otherUnits() {
        #expect(error { _ = try text.utf16Offset(fromScalar: 4) } == TextError(.outOfRange, offset: 4, unit: .scalars, length: 3))
        #expect(error { _ = try text.utf16Offset(fromCharacter: 4) } == TextError(.outOfRange, offset: 4, unit: .characters, length: 3))
        #expect(error { _ = try text.utf16Offset(line: 1, column: 0) } == TextError(.outOfRange, offset: 1, unit: .lines, length: 0))
        #expect(error { _ = try text.utf16Offset(line: 0, column: 5) } == TextError(.outOfRange, offset: 5, unit: .utf16, length: 4))
    }

    @Test func invertedRange() {
        let e = error { _ = try text.validateRange(lower: 3, upper: 1) }
        #expect(e?.description == "range 3..<1 has its lower bound above its upper bound (length 4, UTF-16)")
    }

    @Test func everyEditingEntryPointValidates() {
        var copy = text
        #expect(error { try copy.replaceSubrange(0..<5, with: "x", attributes: Attributes()) } != nil)
        #expect(error { try copy.replaceSubrange(2..<3, with: AttributedText("x")) } != nil)
        #expect(error { try copy.setAttributes(.traits(.bold), in: 0..<2) } != nil)
        #expect(error { try copy.mergeAttributes(.traits(.bold), in: 1..<2) } != nil)
        #expect(error { try copy.removeAttribute(.bold, in: 2..<4) } != nil)
        #expect(error { try copy.removeSubrange(0..<7) } != nil)
        #expect(error { try copy.setAttributes(runs: [AttributedText.Run(range: 0..<2, attributes: Attributes())], startingAt: 0) } != nil)
        #expect(error { _ = try copy.isGraphemeBoundary(2) } != nil)
        #expect(error { _ = try copy.graphemeBoundary(before: 5) } != nil)
        #expect(copy == text)
    }

    @Test func clampingIsExplicit() {
        #expect(text.clamped(-3) == 0)
        #expect(text.clamped(2) == 1)
        #expect(text.clamped(99) == 4)
    }

    /// Every editing and reading entry point, over every pair of offsets from before the start
    /// to past the end (inside surrogate pairs included), throws exactly the error the model's
    /// validation gives, or succeeds exactly when it does; a refused edit changes nothing.
    @Test func everyRangeAtEveryEntryPoint() throws {
        for string in ["a😀b\r\n🇺🇸", "😀😀", "", String(repeating: "x😀", count: 20)] {
            let original = AttributedText(string)
            let reference = ReferenceText(string)
            let count = reference.utf16Count
            for lower in -2...(count + 2) {
                for upper in lower...(count + 2) {
                    let expected = RopeCheck.outcome { try reference.validate(lower..<upper) }
                    let entryPoints: [(String, (inout AttributedText) throws -> Void)] = [
                        ("replace", { try $0.replaceSubrange(lower..<upper, with: "é", attributes: .traits(.bold)) }),
                        ("replace ascii", { try $0.replaceSubrange(lower..<upper, with: "x", attributes: Attributes()) }),
                        ("replace attributed", { try $0.replaceSubrange(lower..<upper, with: AttributedText(runs: [("a", .traits(.bold)), ("b", Attributes())])) }),
                        ("remove", { try $0.removeSubrange(lower..<upper) }),
                        ("set", { try $0.setAttributes(.traits(.italic), in: lower..<upper) }),
                        ("merge", { try $0.mergeAttributes(.traits(.italic), in: lower..<upper) }),
                        ("remove attribute", { try $0.removeAttribute(.bold, in: lower..<upper) }),
                        ("transform", { try $0.transformAttributes(in: lower..<upper) { $0.merging(.traits(.underline)) } }),
                        ("string", { _ = try $0.string(in: lower..<upper) }),
                        ("slice", { _ = try $0.attributedText(in: lower..<upper) }),
                        ("runs", { _ = try $0.runs(in: lower..<upper) }),
                        ("scalars", { _ = try $0.unicodeScalars(in: lower..<upper) }),
                        ("chunks", { try $0.forEachUTF8Chunk(in: lower..<upper) { _ in true } }),
                        ("validateRange", { _ = try $0.validateRange(lower: lower, upper: upper) }),
                    ]
                    for (name, body) in entryPoints {
                        var text = original
                        let actual = RopeCheck.outcome { try body(&text) }
                        let succeeded = actual.hasPrefix("ok")
                        if succeeded != expected.hasPrefix("ok") || (!succeeded && actual != expected) {
                            Issue.record("\(name) \(lower)..<\(upper) in \(string.debugDescription): \(actual), expected \(expected)")
                            return
                        }
                        if !succeeded && text != original { Issue.record("\(name) \(lower)..<\(upper): a refused edit changed the text") }
                        if succeeded { try text.checkInvariants() }
                    }
                    // `insert` at each end on its own.
                    var text = original
                    let insertOutcome = RopeCheck.outcome { try text.insert("z", at: lower, attributes: Attributes()) }
                    #expect(insertOutcome.hasPrefix("ok") ? reference.isValidPosition(lower) : insertOutcome == RopeCheck.outcome { try reference.validate(lower) })
                }
            }
        }
    }

    /// Extreme offsets and lengths (a script can pass any integer) throw; none traps on
    /// overflow. Found: `setAttributes(runs:startingAt:)` added run lengths to the location
    /// unchecked, so `startingAt: 1` with a run of `0..<Int.max` trapped.
    @Test func extremeOffsetsThrowWithoutTrapping() {
        var copy = text
        for offset in [Int.min, Int.min + 1, -1, 5, Int.max - 1, Int.max] {
            #expect(error { _ = try copy.attributes(at: offset) }?.kind == .outOfRange)
            #expect(error { _ = try copy.scalarOffset(fromUTF16: offset) }?.kind == .outOfRange)
            #expect(error { _ = try copy.utf16Offset(fromScalar: offset) }?.kind == .outOfRange)
            #expect(error { _ = try copy.utf16Offset(fromUTF8: offset == 5 ? 7 : offset) }?.kind == .outOfRange)
            #expect(error { _ = try copy.utf16Offset(fromCharacter: offset) }?.kind == .outOfRange)
            #expect(error { _ = try copy.utf16Offset(line: offset, column: 0) }?.kind == .outOfRange)
            #expect(error { _ = try copy.utf16Offset(line: 0, column: offset) }?.kind == .outOfRange)
            #expect(error { _ = try copy.lineRange(offset) }?.kind == .outOfRange)
            #expect(error { _ = try copy.graphemeRange(containing: offset) }?.kind == .outOfRange)
            #expect(error { try copy.insert("x", at: offset, attributes: Attributes()) }?.kind == .outOfRange)
            #expect(error { try copy.setAttributes(runs: [.init(range: 0..<1, attributes: Attributes())], startingAt: offset) }?.kind == .outOfRange)
        }
        #expect(error { try copy.removeSubrange(Int.min..<Int.max) }?.kind == .outOfRange)
        #expect(error { try copy.setAttributes(.traits(.bold), in: 0..<Int.max) }?.kind == .outOfRange)
        let huge = AttributedText.Run(range: 0..<Int.max, attributes: .traits(.bold))
        #expect(error { try copy.setAttributes(runs: [huge], startingAt: 1) } == TextError(.outOfRange, offset: Int.max, unit: .utf16, length: 4))
        #expect(error { try copy.setAttributes(runs: [.init(range: 0..<1, attributes: Attributes()), huge, huge], startingAt: 0) }?.kind == .outOfRange)
        #expect(error { try copy.setAttributes(runs: [.init(range: 0..<1, attributes: Attributes())], startingAt: -1) }
                == TextError(.outOfRange, offset: -1, unit: .utf16, length: 4), "the location is named, not where the runs end")
        #expect(copy == text)
        #expect(text.clamped(Int.min) == 0)
        #expect(text.clamped(Int.max) == 4)
    }
}
