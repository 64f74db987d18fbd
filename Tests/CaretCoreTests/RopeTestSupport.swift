import Testing
@testable import CaretCore

/// Comparing the rope with the naive `ReferenceText` in every query, for the adversarial tests.
enum RopeCheck {
    /// A query's outcome as text: the value, or the error (a `TextError` prints its kind, offset,
    /// unit and length), so that two outcomes compare with one string comparison.
    static func outcome<T>(_ body: () throws -> T) -> String {
        do {
            return "ok \(try body())"
        } catch let error as TextError {
            return "error \(error.kind) \(error.offset) \(error.unit) \(error.length)"
        } catch {
            return "other error \(error)"
        }
    }

    /// Checks the invariants, the text, the runs and the counts; with `exhaustive`, also every
    /// conversion and cluster query at every offset (valid or not, one past each end included).
    /// Returns false (having recorded an issue) at the first disagreement.
    @discardableResult
    static func agree(
        _ text: AttributedText, _ reference: ReferenceText, _ context: @autoclosure () -> String,
        exhaustive: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        func fail(_ what: String) -> Bool {
            Issue.record("\(what); \(context())\nrope: \(text)\nshape: \(text.shape(text.root))\nreference: \(reference)",
                         sourceLocation: sourceLocation)
            return false
        }
        do { try text.checkInvariants() } catch { return fail("invariant: \(error)") }
        guard text.string == reference.string else { return fail("text differs") }
        guard text.runs == reference.runs else { return fail("runs differ") }
        let counts = [text.utf16Count, text.utf8Count, text.unicodeScalarCount, text.characterCount, text.lineCount]
        let expectedCounts = [reference.utf16Count, reference.utf8Count, reference.unicodeScalarCount,
                              reference.characterCount, reference.lineCount]
        guard counts == expectedCounts else { return fail("counts \(counts) != \(expectedCounts)") }
        guard exhaustive else { return true }

        for offset in -1...(reference.utf16Count + 1) {
            let pairs: [(String, String, String)] = [
                ("valid", "\(text.isValidPosition(offset))", "\(reference.isValidPosition(offset))"),
                ("scalarOffset", outcome { try text.scalarOffset(fromUTF16: offset) }, outcome { try reference.scalarOffset(fromUTF16: offset) }),
                ("utf8Offset", outcome { try text.utf8Offset(fromUTF16: offset) }, outcome { try reference.utf8Offset(fromUTF16: offset) }),
                ("characterIndex", outcome { try text.characterIndex(fromUTF16: offset) }, outcome { try reference.characterIndex(fromUTF16: offset) }),
                ("isGraphemeBoundary", outcome { try text.isGraphemeBoundary(offset) }, outcome { try reference.isGraphemeBoundary(offset) }),
                ("boundaryBefore", outcome { try text.graphemeBoundary(before: offset) }, outcome { try reference.graphemeBoundary(before: offset) }),
                ("boundaryAfter", outcome { try text.graphemeBoundary(after: offset) }, outcome { try reference.graphemeBoundary(after: offset) }),
                ("graphemeRange", outcome { try text.graphemeRange(containing: offset) }, outcome { try reference.graphemeRange(containing: offset) }),
                ("lineColumn", outcome { try text.lineColumn(fromUTF16: offset) }, outcome { try reference.lineColumn(fromUTF16: offset) }),
                ("attributes", outcome { try text.attributes(at: offset) }, outcome { try reference.attributes(at: offset) }),
                ("clamped", "\(text.clamped(offset))", "\(reference.isValidPosition(max(0, min(offset, reference.utf16Count))) ? max(0, min(offset, reference.utf16Count)) : offset - 1)"),
                ("string to end", outcome { try text.string(in: offset..<max(offset, reference.utf16Count)) },
                 outcome { try reference.string(in: offset..<max(offset, reference.utf16Count)) }),
                ("runs from start", outcome { try text.runs(in: 0..<max(0, offset)) }, outcome { try reference.runs(in: 0..<max(0, offset)) }),
            ]
            for (name, actual, expected) in pairs where actual != expected {
                return fail("\(name)(\(offset)): \(actual) != \(expected)")
            }
        }
        for offset in -1...(reference.unicodeScalarCount + 1) {
            let (a, e) = (outcome { try text.utf16Offset(fromScalar: offset) }, outcome { try reference.utf16Offset(fromScalar: offset) })
            if a != e { return fail("utf16Offset(fromScalar: \(offset)): \(a) != \(e)") }
        }
        for offset in -1...(reference.utf8Count + 1) {
            let (a, e) = (outcome { try text.utf16Offset(fromUTF8: offset) }, outcome { try reference.utf16Offset(fromUTF8: offset) })
            if a != e { return fail("utf16Offset(fromUTF8: \(offset)): \(a) != \(e)") }
        }
        for offset in -1...(reference.characterCount + 1) {
            let (a, e) = (outcome { try text.utf16Offset(fromCharacter: offset) }, outcome { try reference.utf16Offset(fromCharacter: offset) })
            if a != e { return fail("utf16Offset(fromCharacter: \(offset)): \(a) != \(e)") }
        }
        for line in -1...reference.lineCount {
            let (a, e) = (outcome { try text.lineRange(line) }, outcome { try reference.lineRange(line) })
            if a != e { return fail("lineRange(\(line)): \(a) != \(e)") }
            let length = (try? reference.lineRange(line).count) ?? 0
            for column in -1...(length + 1) {
                let (a, e) = (outcome { try text.utf16Offset(line: line, column: column) }, outcome { try reference.utf16Offset(line: line, column: column) })
                if a != e { return fail("utf16Offset(line: \(line), column: \(column)): \(a) != \(e)") }
            }
        }
        return true
    }

    /// The same text laid out in different leaves: built whole, from one scalar at a time with
    /// the builder, typed scalar by scalar at the end, typed backwards at the start, and inserted
    /// piece by piece in the middle. Every layout must hold the same text.
    static func layouts(_ string: String, attributes: Attributes = Attributes()) -> [(name: String, text: AttributedText)] {
        var result: [(String, AttributedText)] = [("whole", AttributedText(string, attributes: attributes))]
        var builder = AttributedText.Builder()
        for scalar in string.unicodeScalars { builder.append(String(scalar), attributes: attributes) }
        result.append(("builder by scalar", builder.finish()))
        var typed = AttributedText()
        for scalar in string.unicodeScalars { try! typed.insert(String(scalar), at: typed.utf16Count, attributes: attributes) }
        result.append(("typed", typed))
        var backwards = AttributedText()
        for scalar in string.unicodeScalars.reversed() { try! backwards.insert(String(scalar), at: 0, attributes: attributes) }
        result.append(("typed backwards", backwards))
        // Halves inserted into each other's middle: the tail first, then the head before it, a
        // scalar at a time from the middle outwards.
        let scalars = Array(string.unicodeScalars)
        var middle = AttributedText()
        var tail = String.UnicodeScalarView()
        tail.append(contentsOf: scalars[(scalars.count / 2)...])
        try! middle.insert(String(tail), at: 0, attributes: attributes)
        for scalar in scalars[..<(scalars.count / 2)].reversed() { try! middle.insert(String(scalar), at: 0, attributes: attributes) }
        result.append(("middle out", middle))
        return result
    }
}
