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

/// A stack of undo steps in fixed-size chunks: pushing never moves the steps already stored
/// (one array would copy them all each time it grows, and a replay records one step per edit).
struct StepStack: Sendable {
    static let chunkSize = 4096
    private var chunks: [[UndoStep]] = []
    private(set) var count = 0
    /// The steps' `estimatedBytes`, kept up to date by every change (`grewTop` for in-place ones).
    private(set) var estimatedBytes = 0

    var isEmpty: Bool { count == 0 }

    /// The top step; mutations through it happen in place.
    var last: UndoStep? {
        get { chunks.last?.last }
    }

    /// The top step, which must exist, for in-place mutation.
    var top: UndoStep {
        get { chunks[chunks.count - 1][chunks[chunks.count - 1].count - 1] }
        _modify {
            let c = chunks.count - 1
            let i = chunks[c].count - 1
            yield &chunks[c][i]
        }
    }

    /// Whether the top step can take more edits of `group` made from `selection` at `time`;
    /// reads fields in place, so the step is not copied (which would make its edit lists shared).
    func topAccepts(_ group: CoalesceGroup, from selection: Selection, at time: Double, interval: Double) -> Bool {
        guard let c = chunks.indices.last else { return false }
        let i = chunks[c].count - 1
        return chunks[c][i].group == group && chunks[c][i].selectionAfter == selection && time - chunks[c][i].time <= interval
    }

    /// Pushes `step`, moved in (a copy would retain every string it holds).
    mutating func append(_ step: consuming UndoStep) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == StepStack.chunkSize {
            var chunk: [UndoStep] = []
            chunk.reserveCapacity(chunks.isEmpty ? 16 : StepStack.chunkSize)
            chunks.append(chunk)
        }
        count += 1
        estimatedBytes &+= step.estimatedBytes
        chunks[chunks.count - 1].append(step)
    }

    /// Records that edits of `bytes` were merged into the top step in place.
    mutating func grewTop(by bytes: Int) {
        estimatedBytes &+= bytes
    }

    @discardableResult
    mutating func removeLast() -> UndoStep {
        let step = chunks[chunks.count - 1].removeLast()
        if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
        count -= 1
        estimatedBytes &-= step.estimatedBytes
        return step
    }

    mutating func removeAll() {
        chunks = []
        count = 0
        estimatedBytes = 0
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
