import Testing
import CaretCore

/// A reference for `TextEdit.map(_:)` written from the documented rule, over cells rather than
/// offsets: the document after the edit is the original cells before the range, the inserted
/// cells, and the original cells after the range. A selection keeps the original characters it
/// had that survive; the inserted text joins it when the replaced range lay inside it or was
/// exactly it (a pure insertion joins only strictly inside, since text inserted at a selection's
/// edge stays outside). When nothing is left selected, the selection was swallowed and becomes a
/// caret after the replacement. A caret goes after text inserted at
/// it or replacing characters before it, stays at the start of a range that begins there.
private func referenceMap(_ selection: Selection, range: Range<Int>, inserted: Int, length: Int) -> Selection {
    enum Cell: Equatable { case original(Int), new }
    let cells = (0..<range.lowerBound).map(Cell.original) + Array(repeating: Cell.new, count: inserted)
        + (range.upperBound..<length).map(Cell.original)
    if selection.isCaret {
        let c = selection.head
        // The caret stands before the first cell that was at or after it.
        let target: Int
        if c < range.lowerBound || (c == range.lowerBound && !range.isEmpty) {
            target = c
        } else if c <= range.upperBound {
            target = range.lowerBound + inserted
        } else {
            target = cells.firstIndex(of: .original(c)) ?? cells.count
        }
        return Selection(caret: target)
    }
    let (s0, s1) = (selection.lowerBound, selection.upperBound)
    let newJoins = s0 <= range.lowerBound && range.upperBound <= s1
        && (!range.isEmpty || (s0 < range.lowerBound && range.upperBound < s1))
    var selected: [Int] = []
    for (i, cell) in cells.enumerated() {
        switch cell {
        case .original(let o) where s0 <= o && o < s1: selected.append(i)
        case .new where newJoins: selected.append(i)
        default: break
        }
    }
    guard let first = selected.first, let last = selected.last else {
        return Selection(caret: range.lowerBound + inserted)
    }
    #expect(selected == Array(first...last), "a mapped selection is contiguous")
    return selection.isBackward ? Selection(anchor: last + 1, head: first) : Selection(anchor: first, head: last + 1)
}

@Suite struct TextEditMapTests {
    /// Every selection (both directions, carets included) of a six-character document against
    /// every replaced range and three replacement lengths.
    @Test func everySelectionAgainstEveryRange() {
        let length = 6
        var cases = 0
        for r0 in 0...length {
            for r1 in r0...length {
                for inserted in [0, 1, 3] {
                    let edit = TextEdit(range: r0..<r1, replacement: AttributedText(String(repeating: "X", count: inserted)))
                    for anchor in 0...length {
                        for head in 0...length {
                            let selection = Selection(anchor: anchor, head: head)
                            let expected = referenceMap(selection, range: r0..<r1, inserted: inserted, length: length)
                            #expect(edit.map(selection) == expected, "selection \(anchor)→\(head), replace \(r0)..<\(r1) with \(inserted)")
                            cases += 1
                        }
                    }
                }
            }
        }
        #expect(cases == 28 * 3 * 49)
    }

    @Test func namedPositionsThroughTheEditor() throws {
        // Swallowed from its start, from its end, exactly, and covered: a caret after the replacement.
        try check("a^bc|d", .replaceRange(1..<4, with: "XYZ"), "aXYZ|")
        try check("ab^cd|", .replaceRange(1..<4, with: "XYZ"), "aXYZ|")
        try check("^abcd|e", .replaceRange(0..<5, with: "XYZ"), "XYZ|")
        // Exactly the selected text: the replacement is selected (nothing, a caret).
        try check("a^bcd|", .replaceRange(1..<4, with: "XYZ"), "a^XYZ|")
        try check("a|bcd^", .replaceRange(1..<4, with: "XYZ"), "a|XYZ^")
        try check("a^bcd|", .replaceRange(1..<4, with: ""), "a|")
        try check("ab^c|de", .replaceRange(1..<4, with: ""), "a|e")
        // Before and after the selection, touching it: the selection keeps its characters.
        try check("ab^cd|e", .replaceRange(0..<2, with: "XYZ"), "XYZ^cd|e")
        try check("a^bc|de", .replaceRange(3..<5, with: "XYZ"), "a^bc|XYZ")
        // Overlapping one end: the surviving characters stay selected, the replacement outside.
        try check("a^bcd|e", .replaceRange(0..<2, with: "XY"), "XY^cd|e")
        try check("a^bcd|e", .replaceRange(3..<5, with: "XY"), "a^bc|XY")
        // Inside the selection: the replacement joins it.
        try check("^abcde|", .replaceRange(1..<3, with: "XYZ"), "^aXYZde|")
        try check("^abcde|", .replaceRange(0..<3, with: "X"), "^Xde|")
        try check("|abcde^", .replaceRange(2..<5, with: "X"), "|abX^")
        // Pure insertions: at an edge outside, strictly inside joins.
        try check("a^bc|d", .replaceRange(1..<1, with: "X"), "aX^bc|d")
        try check("a^bc|d", .replaceRange(3..<3, with: "X"), "a^bc|Xd")
        try check("a^bc|d", .replaceRange(2..<2, with: "X"), "a^bXc|d")
        // Surrogate pairs count two units.
        try check("😀^ab|😀", .replaceRange(0..<4, with: "🇺🇸"), "🇺🇸|😀")
    }
}
