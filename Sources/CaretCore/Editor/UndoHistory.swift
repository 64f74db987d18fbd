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

    /// Everything but the edits.
    struct Fields: Sendable {
        var selectionBefore: Selection
        var selectionAfter: Selection
        var typingBefore: Attributes?
        var typingAfter: Attributes?
        var group: CoalesceGroup?
        var time: Double
    }

    var fields: Fields {
        Fields(selectionBefore: selectionBefore, selectionAfter: selectionAfter, typingBefore: typingBefore,
               typingAfter: typingAfter, group: group, time: time)
    }

    /// What an empty stack holds in place of a top step.
    static let placeholder = UndoStep(
        edits: EditList(), inverses: EditList(), selectionBefore: Selection(caret: 0), selectionAfter: Selection(caret: 0),
        typingBefore: nil, typingAfter: nil, group: nil, time: 0)

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

/// A stack of undo steps, nearly all frozen into a compact `StepLog`. Only a step that can still
/// coalesce (one with a group, just made or extended) is kept as a value on top, so merging edits
/// into it happens in place; pushing any later step freezes it. A step without a group goes into
/// the log as it is pushed, and a step is thawed when it is taken off. `Editor.lastGroup` is the
/// group of the command that made or extended the top step, so no frozen step is ever asked to
/// coalesce; its time is kept all the same, so a thawed step is exactly the step pushed.
struct StepStack: Sendable {
    private var log = StepLog()
    /// The top step when `hasTop`, else an empty placeholder (a stored step rather than an
    /// optional one, so pushing and popping move steps instead of copying them).
    private var topStep = UndoStep.placeholder
    private var hasTop = false
    /// `topStep`'s `estimatedBytes` while `hasTop`, grown by `mergeIntoTop`.
    private var topBytes = 0

    var count: Int { hasTop ? log.count + 1 : log.count }
    /// About how many bytes the steps keep alive: the log's storage and the top step.
    /// - Complexity: O(1).
    var estimatedBytes: Int { log.estimatedBytes &+ topBytes }

    var isEmpty: Bool { !hasTop && log.isEmpty }

    /// The top step (thawed from the log when it is frozen).
    var last: UndoStep? { hasTop ? topStep : log.last }

    /// Whether the top step can take more edits of `group` made from `selection` at `time`;
    /// reads fields in place, so the step is not copied (which would make its edit lists shared).
    func topAccepts(_ group: CoalesceGroup, from selection: Selection, at time: Double, interval: Double) -> Bool {
        hasTop && topStep.group == group && topStep.selectionAfter == selection && time - topStep.time <= interval
    }

    /// Pushes `step`, moved in (a copy would retain every string it holds); a value on top
    /// when it has a group, else frozen at once.
    mutating func append(_ step: consuming UndoStep) {
        freezeTop()
        if step.group == nil {
            log.append(step)
        } else {
            topBytes = step.estimatedBytes
            topStep = step
            hasTop = true
        }
    }

    /// Pushes the step of `edits` and `inverses` (left empty) with `fields`: frozen straight
    /// from the lists when it has no group (no step value is made), else as `append` does.
    mutating func push(edits: inout EditList, inverses: inout EditList, _ fields: UndoStep.Fields) {
        if fields.group == nil {
            freezeTop()
            log.append(edits: edits, inverses: inverses, fields)
            edits = EditList()
            inverses = EditList()
        } else {
            append(UndoStep(edits: edits.take(), inverses: inverses.take(), selectionBefore: fields.selectionBefore,
                            selectionAfter: fields.selectionAfter, typingBefore: fields.typingBefore,
                            typingAfter: fields.typingAfter, group: fields.group, time: fields.time))
        }
    }

    /// Pushes the step of one plain replacement without a coalescing group, frozen at once
    /// (`StepLog.appendPlain`): no edit record or step value is made for it.
    @inline(__always)
    mutating func pushPlain(range: Range<Int>, utf8 string: UnsafeBufferPointer<UInt8>, attributes: Attributes, written: Int,
                            old: UnsafeBufferPointer<UInt8>, oldAttributes: Attributes, _ fields: UndoStep.Fields) {
        precondition(fields.group == nil, "a step that can coalesce stays a value on top")
        freezeTop()
        log.appendPlain(range: range, utf8: string, attributes: attributes, written: written,
                        old: old, oldAttributes: oldAttributes, fields)
    }

    /// Moves the top step, if it is a value, into the log.
    private mutating func freezeTop() {
        guard hasTop else { return }
        log.append(topStep)
        topStep = UndoStep.placeholder
        hasTop = false
        topBytes = 0
    }

    /// Merges a later command's edits into the top step, which `topAccepts` said is a value, in
    /// place (copying the step out would copy its edit lists on every keystroke), and moves its
    /// far side to `selectionAfter`, `typingAfter` and `time`.
    mutating func mergeIntoTop(edits: consuming EditList, inverses: consuming EditList,
                               selectionAfter: Selection, typingAfter: Attributes?, time: Double) {
        precondition(hasTop, "merging into a frozen undo step")
        topBytes &+= edits.estimatedBytes &+ inverses.estimatedBytes
        topStep.merge(edits: edits, inverses: inverses)
        topStep.selectionAfter = selectionAfter
        topStep.typingAfter = typingAfter
        topStep.time = time
    }

    @discardableResult
    mutating func removeLast() -> UndoStep {
        guard hasTop else { return log.popLast()! }
        var taken = UndoStep.placeholder
        swap(&taken, &topStep)
        hasTop = false
        topBytes = 0
        return taken
    }

    mutating func removeAll() {
        log = StepLog()
        topStep = UndoStep.placeholder
        hasTop = false
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
