/// One edit as data: replace the UTF-16 `range` of the document with `replacement`. Attribute
/// changes are edits too (the same characters with new attributes). Undo stores the inverse.
public struct TextEdit: Equatable, Sendable, CustomStringConvertible {
    /// The UTF-16 range replaced, in the document as it was just before this edit.
    public var range: Range<Int>
    /// The attributed text put in its place.
    public var replacement: AttributedText

    /// An edit replacing `range` with `replacement`.
    public init(range: Range<Int>, replacement: AttributedText) {
        self.range = range
        self.replacement = replacement
    }

    /// The range the replacement occupies after the edit.
    public var replacementRange: Range<Int> { range.lowerBound..<(range.lowerBound + replacement.utf16Count) }

    /// The change in document length.
    public var delta: Int { replacement.utf16Count - range.count }

    /// The edit for logs.
    public var description: String { "replace \(range) with \(replacement.string.debugDescription)" }

    /// Which side of inserted text a position at the insertion point ends on.
    public enum Bias: Sendable {
        /// Stay before text inserted at the position.
        case before
        /// Move after text inserted at the position.
        case after
    }

    /// Where `offset` ends up after the edit. Positions before the range stay, positions after it
    /// shift by `delta`; positions strictly inside a replaced range, and a position at a pure
    /// insertion point, go to the start (`.before`) or end (`.after`) of the replacement.
    public func map(_ offset: Int, bias: Bias) -> Int {
        TextEdit.map(offset, range: range, inserted: replacement.utf16Count, bias: bias)
    }

    /// Maps a selection: a caret moves after inserted text; a selection keeps text inserted at
    /// its edges outside (lower end `.after`, upper end `.before`) and collapses to the end of
    /// the replacement when the edit swallows it (the replaced range holds the selection and
    /// more); a replacement of exactly the selected text is selected. Direction is kept.
    public func map(_ selection: Selection) -> Selection {
        TextEdit.map(selection, range: range, inserted: replacement.utf16Count)
    }

    /// `map(_:bias:)` for an edit replacing `range` with `inserted` UTF-16 units.
    static func map(_ offset: Int, range: Range<Int>, inserted: Int, bias: Bias) -> Int {
        if offset < range.lowerBound { return offset }
        if offset > range.upperBound { return offset + inserted - range.count }
        if range.isEmpty { return bias == .before ? offset : offset + inserted }
        if offset == range.lowerBound { return offset }
        if offset == range.upperBound { return range.lowerBound + inserted }
        return bias == .before ? range.lowerBound : range.lowerBound + inserted
    }

    /// `map(_:)` for an edit replacing `range` with `inserted` UTF-16 units.
    static func map(_ selection: Selection, range: Range<Int>, inserted: Int) -> Selection {
        if selection.isCaret { return Selection(caret: map(selection.head, range: range, inserted: inserted, bias: .after)) }
        // The replaced range reaches beyond the selection on one side or both: nothing of the
        // selection survives but the place after the replacement (as if typed over it). A
        // replacement of exactly the selected text becomes the selection instead (below).
        if range.lowerBound <= selection.lowerBound, selection.upperBound <= range.upperBound, range != selection.range {
            return Selection(caret: range.lowerBound + inserted)
        }
        let lower = map(selection.lowerBound, range: range, inserted: inserted, bias: .after)
        let upper = map(selection.upperBound, range: range, inserted: inserted, bias: .before)
        if lower >= upper { return Selection(caret: max(lower, upper)) }
        return selection.isBackward ? Selection(anchor: upper, head: lower) : Selection(anchor: lower, head: upper)
    }
}
