/// What to do with an explicit position that is not valid as given. The default everywhere is
/// `.exact`: no silent clamping.
public enum PositionAdjustment: String, Hashable, Sendable, CaseIterable {
    /// Take the position as given; an invalid one is an error.
    case exact
    /// Clamp into `0...length`, then step back off a surrogate half.
    case clamp
    /// Clamp, then move back to the start of the grapheme cluster the position is inside.
    case snap
}

extension Editor {
    /// `offset` made valid by `adjustment`, for scripts that ask for clamping or snapping before
    /// `setSelection` or `replaceRange`.
    /// - Throws: `EditorError.invalidPosition` when `adjustment` is `.exact` and `offset` is not a
    ///   valid position.
    public func position(_ offset: Int, adjusting adjustment: PositionAdjustment) throws -> Int {
        switch adjustment {
        case .exact:
            try checked { try text.validate(offset) }
            return offset
        case .clamp, .snap:
            var result = min(max(offset, 0), length)
            if !text.isValidPosition(result) { result -= 1 }
            if adjustment == .snap, try !text.isGraphemeBoundary(result) { result = try graphemeBefore(result) }
            return result
        }
    }
}
