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

    /// About how many bytes the step keeps alive.
    var estimatedBytes: Int { MemoryLayout<UndoStep>.stride + edits.estimatedBytes + inverses.estimatedBytes }

    /// Adds a later command's edits (and their inverses) to the step. A typed insertion right
    /// after the step's last typed text extends that edit instead, so undoing a typing run is one
    /// edit of the document, not one per key.
    mutating func merge(edits more: EditList, inverses moreInverses: EditList) {
        // Only ranges are read from the step's last records: a copy of the last edit would share
        // its string, and appending to it would then copy the whole string on every key.
        if more.count == 1, moreInverses.count == 1, let edit = more.first, let inverse = moreInverses.first,
           inverse.utf16Count == 0, edit.replacement.isText,
           let lastInverseRange = inverses.lastRange, let lastWritten = edits.lastReplacementRange,
           lastInverseRange == lastWritten, inverse.range == edit.replacementRange,
           edits.extendLast(with: edit) {
            inverses.growLast(by: edit.utf16Count)
            return
        }
        edits.append(contentsOf: more)
        inverses.append(contentsOf: moreInverses)
    }
}

/// A stack of undo steps: the top one as a value, so coalescing edits into it happens in place,
/// and every step below it frozen into a compact `StepLog` (pushing a step freezes the one it
/// covers; popping thaws the next). Only the top step can coalesce: `Editor.lastGroup` is set by
/// the command that made or extended it, so a frozen step's time is kept only for exactness.
struct StepStack: Sendable {
    private var log = StepLog()
    private var topStep: UndoStep?
    /// `topStep`'s `estimatedBytes`, grown by `grewTop`.
    private var topBytes = 0

    var count: Int { topStep == nil ? 0 : log.count + 1 }
    /// About how many bytes the steps keep alive: the log's storage and the top step.
    /// - Complexity: O(1).
    var estimatedBytes: Int { log.estimatedBytes &+ topBytes }

    var isEmpty: Bool { topStep == nil }

    /// The top step.
    var last: UndoStep? { topStep }

    /// The top step, which must exist, for in-place mutation.
    var top: UndoStep {
        get { topStep! }
        _modify { yield &topStep! }
    }

    /// Whether the top step can take more edits of `group` made from `selection` at `time`;
    /// reads fields in place, so the step is not copied (which would make its edit lists shared).
    func topAccepts(_ group: CoalesceGroup, from selection: Selection, at time: Double, interval: Double) -> Bool {
        guard topStep != nil else { return false }
        return topStep!.group == group && topStep!.selectionAfter == selection && time - topStep!.time <= interval
    }

    /// Pushes `step`, moved in (a copy would retain every string it holds); the step it covers
    /// is frozen into the log.
    mutating func append(_ step: consuming UndoStep) {
        topBytes = step.estimatedBytes
        var covered: UndoStep? = step
        swap(&covered, &topStep)
        if covered != nil { log.append(covered.unsafelyUnwrapped) }
    }

    /// Records that edits of `bytes` were merged into the top step in place.
    mutating func grewTop(by bytes: Int) {
        topBytes &+= bytes
    }

    @discardableResult
    mutating func removeLast() -> UndoStep {
        var taken: UndoStep?
        swap(&taken, &topStep)
        topStep = log.popLast()
        topBytes = topStep?.estimatedBytes ?? 0
        return taken!
    }

    mutating func removeAll() {
        log = StepLog()
        topStep = nil
        topBytes = 0
    }
}

/// Undo and redo stacks.
struct UndoHistory: Sendable {
    var undoStack = StepStack()
    var redoStack = StepStack()

    mutating func record(_ step: UndoStep) {
        undoStack.append(step)
        redoStack.removeAll()
    }
}
