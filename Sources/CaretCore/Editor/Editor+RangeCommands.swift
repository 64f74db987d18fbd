// Commands applied to an explicit range instead of the selection: what a script's
// `set_attribute(location, length, …)` does. The user's selection is what the undo step records
// on both sides, so undo and redo restore what the user saw, never the internal selection.

extension Editor {
    /// Performs `commands` as if `range` were selected, as one undo step, and leaves the selection
    /// and typing attributes as the user had them (the selection mapped through the edits, should a
    /// command move text). Undo and redo of the step restore the user's selection and typing
    /// attributes, not `range`. Observers hear one change (its command is the command when there
    /// is one, nil for several) and a selection event only when the user's selection moved.
    ///
    /// - Parameters:
    ///   - commands: any commands but `undo` and `redo`, performed in order on the range.
    ///   - range: valid UTF-16 offsets (never inside a surrogate pair).
    /// - Throws: `EditorError.invalidPosition` for a range outside the text,
    ///   `EditorError.badArgument` for `undo`/`redo`, and whatever a command throws; the editor is
    ///   then exactly as it was.
    public func perform(_ commands: [EditorCommand], in range: Range<Int>) throws {
        for command in commands where command == .undo || command == .redo {
            throw EditorError.badArgument(command: command.name, argument: "range", message: "undo and redo cannot act on a range")
        }
        try checked {
            try text.validate(range.lowerBound)
            try text.validate(range.upperBound)
        }
        guard !commands.isEmpty else { return }
        let selectionBefore = selection
        let typingBefore = typingStorage
        // What the user would type now; kept unless their selection moves.
        let userTyping = typingStorage ?? inherited(for: selection)
        let goalBefore = goalColumn
        goalColumn = nil
        pendingEdits = EditList()
        pendingInverses = EditList()
        suppressCoalescing = false
        if !observedEdits.isEmpty { observedEdits.removeAll(keepingCapacity: true) }
        do {
            select(Selection(range))
            for command in commands { try execute(command) }
            if paragraphsInUse, !pendingEdits.isEmpty { try normalizeParagraphs() }
        } catch {
            rollBack(selection: selectionBefore, typing: typingBefore)
            goalColumn = goalBefore
            throw error
        }
        // Attribute changes (and other edits that keep the length) leave positions where they
        // were; an edit that changes the length moves the user's selection as typing would.
        var mapped = selectionBefore
        pendingEdits.forEach { edit in
            if edit.utf16Count != edit.range.count { mapped = edit.map(mapped) }
        }
        selection = mapped
        if mapped == selectionBefore {
            typingStorage = typingBefore == nil && userTyping == inherited(for: mapped) ? nil : userTyping
        } else {
            typingStorage = usesFastPaths ? nil : inherited(for: mapped)
        }
        let changed = !pendingEdits.isEmpty
        // Observers inside CaretCore (the suggestion vocabulary) read what each edit replaced;
        // copied only when someone listens, since recording moves the lists into the history.
        if !observers.isEmpty { notifiedInverses = pendingInverses }
        if changed, suggestionState != nil { updateVocabulary() }
        if changed { recordHistory(group: nil, selectionBefore: selectionBefore, typingBefore: typingBefore) }
        lastGroup = nil
        if !observers.isEmpty {
            notify(command: commands.count == 1 ? commands[0] : nil, changed: changed, selectionBefore: selectionBefore)
            notifiedInverses = EditList()
        }
    }
}
