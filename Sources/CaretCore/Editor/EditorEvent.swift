/// A change of the document: the edits applied (each in the coordinates of the document just
/// before it), the command that caused them, and the selection before and after.
public struct EditorChange: Equatable, Sendable {
    /// The command that caused the change (`undo`/`redo` for history steps), or nil for changes
    /// made outside a command.
    public var command: EditorCommand?
    /// The edits, in the order applied.
    public var edits: [TextEdit]
    /// The selection before the command.
    public var selectionBefore: Selection
    /// The selection after the command.
    public var selectionAfter: Selection

    /// A change record, as an editor sends it or a trace describes it.
    public init(command: EditorCommand?, edits: [TextEdit], selectionBefore: Selection, selectionAfter: Selection) {
        self.command = command
        self.edits = edits
        self.selectionBefore = selectionBefore
        self.selectionAfter = selectionAfter
    }
}

/// What observers of an editor are told, after the fact.
public enum EditorEvent: Equatable, Sendable {
    /// The document changed.
    case textChanged(EditorChange)
    /// The selection changed (sent after `textChanged` when a command did both).
    case selectionChanged(old: Selection, new: Selection, command: EditorCommand?)
}

/// A subscription to an editor's events; pass it to `Editor.removeObserver(_:)` to end it.
public struct EditorObservation: Hashable, Sendable {
    let id: Int
}
