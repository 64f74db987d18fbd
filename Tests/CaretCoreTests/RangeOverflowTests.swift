import Testing
@testable import CaretCore

/// Offsets and lengths at the ends of `Int` at every CaretCore entry that takes a number: each
/// is refused with the documented error (or accepted when valid), never an overflow trap (which
/// would kill the test process).
@Suite struct RangeOverflowTests {
    static let integers: [Int] = [0, 1, -1, 2, 3, 7, 1 << 31, 1 << 53, Int.max - 1023, Int.max - 1, Int.max, Int.min, Int.min + 1]
    static let doubles: [Double] = [0, -1, 0x1p31, 0x1p53, 0x1p63 - 1024, 0x1p63, -0x1p63, .nan, .infinity, -.infinity, 1.5]

    /// "ab😀c\nd": 7 UTF-16 units, a surrogate pair at 2..<4, two lines.
    static func text() -> AttributedText { AttributedText("ab😀c\nd") }

    func editor() throws -> Editor { try Editor(text: Self.text(), selection: Selection(caret: 1)) }

    @Test func commandArgumentsNearIntMaxAreRefusedByName() throws {
        for location in Self.integers {
            for length in Self.integers {
                for name in ["replaceRange", "applySuggestion"] {
                    let arguments: [String: CommandArgument] = ["location": .int(location), "length": .int(length),
                                                                 name == "replaceRange" ? "text" : "word": .string("x")]
                    let editor = try editor()
                    do {
                        try editor.perform(name, arguments)
                        #expect(location >= 0 && length >= 0 && location.addingReportingOverflow(length).partialValue <= 7,
                                "\(name) \(location) \(length) was accepted")
                    } catch let error as EditorError {
                        let message = "\(error)"
                        let (end, overflow) = location.addingReportingOverflow(length)
                        if length < 0 {
                            #expect(message == "command '\(name)', argument 'length': must not be negative, got \(length)")
                        } else if overflow {
                            #expect(message == "command '\(name)', argument 'length': the range \(location)..<\(location)+\(length) ends past the end of any document (the end overflows Int; UTF-16)")
                        } else {
                            // The editor's own range error names the offset at fault and the valid range.
                            #expect(message.hasPrefix("invalid position: offset "), "\(message)")
                            #expect(message.contains("offset \(Self.text().isValidPosition(location) ? end : location) "), "\(message)")
                            #expect(message.contains("UTF-16"), "\(message)")
                        }
                        #expect(editor.text == Self.text())
                    }
                }
            }
        }
    }

    @Test func commandArgumentsThatAreDoublesAreRefusedUnlessIntegral() throws {
        for location in Self.doubles {
            for length in Self.doubles {
                let editor = try editor()
                let arguments: [String: CommandArgument] = ["location": .number(location), "length": .number(length), "text": .string("x")]
                do {
                    try editor.perform("replaceRange", arguments)
                    #expect(location >= 0 && length >= 0 && location + length <= 7, "\(location) \(length) was accepted")
                } catch {
                    #expect(error is EditorError)
                }
                do {
                    try editor.perform("setSelection", ["anchor": .number(location), "head": .number(length)])
                    #expect(location >= 0 && length >= 0 && location <= 7 && length <= 7)
                } catch {
                    #expect(error is EditorError)
                }
            }
        }
    }

    @Test func commandsWithExtremeRangesAreRefused() throws {
        let ranges: [Range<Int>] = [Int.min..<Int.min, Int.min..<0, Int.min..<Int.max, (Int.max - 1)..<Int.max, Int.max..<Int.max,
                                    -1..<0, 7..<Int.max, 0..<(1 << 53)]
        for range in ranges {
            for command in [EditorCommand.replaceRange(range, with: "x"), .applySuggestion("x", range: range)] {
                let editor = try editor()
                #expect(throws: EditorError.self) { try editor.perform(command) }
                #expect(editor.text == Self.text())
            }
        }
        for anchor in Self.integers {
            for head in Self.integers {
                let editor = try editor()
                do {
                    try editor.perform(.setSelection(anchor: anchor, head: head))
                    #expect(Self.text().isValidPosition(anchor) && Self.text().isValidPosition(head))
                } catch let error as EditorError {
                    guard case .invalidPosition(let text) = error else { Issue.record("\(error)"); continue }
                    #expect(text.offset == (Self.text().isValidPosition(anchor) ? head : anchor))
                }
            }
        }
    }

    @Test func textAPIsRefuseExtremeOffsets() throws {
        var text = Self.text()
        for n in Self.integers {
            let valid = text.isValidPosition(n)
            #expect(((try? text.validate(n)) != nil) == valid)
            #expect((0...7).contains(text.clamped(n)))
            _ = try? text.scalarOffset(fromUTF16: n)
            _ = try? text.utf16Offset(fromScalar: n)
            _ = try? text.utf8Offset(fromUTF16: n)
            _ = try? text.utf16Offset(fromUTF8: n)
            _ = try? text.characterIndex(fromUTF16: n)
            _ = try? text.utf16Offset(fromCharacter: n)
            _ = try? text.lineColumn(fromUTF16: n)
            _ = try? text.lineRange(n)
            _ = try? text.isGraphemeBoundary(n)
            _ = try? text.graphemeBoundary(before: n)
            _ = try? text.graphemeBoundary(after: n)
            _ = try? text.graphemeRange(containing: n)
            _ = try? text.attributes(at: n)
            _ = try? text.inheritedTypingAttributes(at: n)
            for m in Self.integers {
                _ = try? text.utf16Offset(line: n, column: m)
                _ = try? text.validateRange(lower: n, upper: m)
                if n <= m {
                    _ = try? text.string(in: n..<m)
                    _ = try? text.runs(in: n..<m)
                    #expect(((try? text.validate(n..<m)) != nil) == (valid && text.isValidPosition(m)))
                }
            }
            var copy = text
            #expect(((try? copy.insert("x", at: n, attributes: Attributes())) != nil) == valid)
        }
        // Run lengths that add up past Int.max: past the end, refused, the text unchanged.
        let bold = try Attributes().setting(.bold, .bool(true))
        for lengths in [[1, Int.max], [Int.max, 1], [Int.max, Int.max], [Int.max - 1, 2]] {
            let runs = lengths.map { AttributedText.Run(range: 0..<$0, attributes: bold) }
            #expect(throws: TextError.self) { try text.setAttributes(runs: runs, startingAt: 1) }
            #expect(text == Self.text())
        }
    }

    @Test func editorPositionsAndWordsRefuseExtremeOffsets() throws {
        let editor = try editor()
        for n in Self.integers {
            for adjustment in PositionAdjustment.allCases {
                if let position = try? editor.position(n, adjusting: adjustment) {
                    #expect(editor.text.isValidPosition(position))
                } else {
                    #expect(adjustment == .exact && !editor.text.isValidPosition(n))
                }
            }
            _ = try? editor.word(at: n)
            for m in Self.integers where n <= m { _ = try? editor.words(in: n..<m) }
        }
    }
}
