/// Kinds of command whose consecutive runs coalesce into one undo step.
enum CoalesceGroup: Hashable, Sendable {
    case typing, deletingBackward, deletingForward
}

/// One undoable step: the edits in the order they were applied, their inverses (each the
/// replaced range's old content only, never a copy of the document), and the selection and
/// typing attributes on both sides.
struct UndoStep: Sendable {
    var edits: EditList
    var inverses: EditList
    var selectionBefore: Selection
    var selectionAfter: Selection
    /// nil: the inherited ones, looked up when asked (the text and selection are restored with them).
    var typingBefore: Attributes?
    var typingAfter: Attributes?
    var group: CoalesceGroup?
    /// Virtual time of the last edit merged into this step.
    var time: Double
}

/// Undo and redo stacks.
struct UndoHistory: Sendable {
    var undoStack: [UndoStep] = []
    var redoStack: [UndoStep] = []

    mutating func record(_ step: UndoStep) {
        undoStack.append(step)
        redoStack.removeAll()
    }
}
