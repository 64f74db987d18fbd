/// Whether a trait is on for a toolbar: for a caret, from the typing attributes; for a selection,
/// on when every character has it, off when none has, mixed otherwise.
public enum TraitState: String, Sendable, CustomStringConvertible {
    /// Every character (or the typing attributes) has the trait.
    case on
    /// No character has it.
    case off
    /// Some characters have it.
    case mixed

    /// `on`, `off` or `mixed`.
    public var description: String { rawValue }
}
