/// How toggling a trait over a selection decides what to do.
public enum TraitTogglePolicy: String, Hashable, Sendable, CaseIterable {
    /// If every character in the selection has the trait, remove it; otherwise add it to all
    /// (Pages, Word, UIKit's toolbar). The default.
    case uniform
    /// Flip the trait run by run: runs that have it lose it, runs that lack it gain it (the
    /// behaviour of common `UITextView` tutorial code).
    case perRunFlip
    /// If any character in the selection has the trait, remove it from all; otherwise add it to
    /// all (ProseMirror's `toggleMark` by default, and editors built on it).
    case removeIfAny
}

/// Settings of an editor.
public struct EditorOptions: Hashable, Sendable {
    /// How trait toggles act on a selection.
    public var traitToggle: TraitTogglePolicy
    /// Typing coalesces into one undo step while no more than this many virtual seconds pass
    /// between two keystrokes.
    public var undoCoalescingInterval: Double
    /// The font size a run without `fontSize` has, for increase/decrease.
    public var defaultFontSize: Double
    /// Points added or removed by increase/decrease font size.
    public var fontSizeStep: Double

    /// Options with the defaults: uniform toggles, 1 s coalescing, 17 pt text, 1 pt steps.
    public init(
        traitToggle: TraitTogglePolicy = .uniform,
        undoCoalescingInterval: Double = 1.0,
        defaultFontSize: Double = 17,
        fontSizeStep: Double = 1
    ) {
        self.traitToggle = traitToggle
        self.undoCoalescingInterval = undoCoalescingInterval
        self.defaultFontSize = defaultFontSize
        self.fontSizeStep = fontSizeStep
    }
}
