/// Boundary queries around one position, for word movement, double-click selection and "the word
/// under the caret". Positions are scalar indices into the window, as in `boundaries(_:)`.
extension WordSegmentation {
    /// The segment between two consecutive boundaries that contains the scalar at `index`.
    ///
    /// - Precondition: `0 <= index < scalars.count`.
    /// - Complexity: O(n) in the window, without building the boundary array.
    public static func segment(containing index: Int, in scalars: [Unicode.Scalar]) -> Range<Int> {
        precondition(index >= 0 && index < scalars.count,
                     "scalar index \(index) out of range 0..<\(scalars.count)")
        let (lower, upper) = enclosingBoundaries(of: index, in: scalars)
        return lower..<upper
    }

    /// The word-like segment a caret at `position` is in or touches, or `nil` if there is none:
    /// the segment starting at or containing `position` when it is word-like, otherwise the one
    /// ending at `position` (a caret just after a word), as a spelling suggestion needs.
    ///
    /// - Precondition: `0 <= position <= scalars.count`.
    /// - Complexity: O(n) in the window.
    public static func wordRange(at position: Int, in scalars: [Unicode.Scalar]) -> Range<Int>? {
        precondition(position >= 0 && position <= scalars.count,
                     "position \(position) out of range 0...\(scalars.count)")
        if position < scalars.count {
            let after = segment(containing: position, in: scalars)
            if isWordLike(scalars[after]) { return after }
        }
        if position > 0 {
            let before = segment(containing: position - 1, in: scalars)
            if isWordLike(scalars[before]) { return before }
        }
        return nil
    }

    /// The nearest boundary strictly before `position`, or `nil` when `position` is 0.
    ///
    /// - Precondition: `0 <= position <= scalars.count`.
    /// - Complexity: O(n) in the window.
    public static func boundary(before position: Int, in scalars: [Unicode.Scalar]) -> Int? {
        precondition(position >= 0 && position <= scalars.count,
                     "position \(position) out of range 0...\(scalars.count)")
        guard position > 0 else { return nil }
        return enclosingBoundaries(of: position - 1, in: scalars).lower
    }

    /// The nearest boundary strictly after `position`, or `nil` when `position` is the end.
    ///
    /// - Precondition: `0 <= position <= scalars.count`.
    /// - Complexity: O(n) in the window.
    public static func boundary(after position: Int, in scalars: [Unicode.Scalar]) -> Int? {
        precondition(position >= 0 && position <= scalars.count,
                     "position \(position) out of range 0...\(scalars.count)")
        guard position < scalars.count else { return nil }
        return enclosingBoundaries(of: position, in: scalars).upper
    }

    /// The last boundary at or before `index` and the first boundary after it.
    private static func enclosingBoundaries(
        of index: Int, in scalars: [Unicode.Scalar]
    ) -> (lower: Int, upper: Int) {
        var lower = 0
        var upper = scalars.count
        withPackedProperties(scalars[...]) { props in
            WordBreaker.forEachBoundary(props) { boundary in
                if boundary <= index {
                    lower = boundary
                } else if boundary < upper {
                    upper = boundary
                }
            }
        }
        return (lower, upper)
    }
}
