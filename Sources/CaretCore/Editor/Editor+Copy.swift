extension Editor {
    /// An independent editor in exactly this one's state: text, selection, typing attributes,
    /// options, clock, clipboard, keymap, undo and redo history, typing coalescing and the column
    /// vertical moves aim for, so that the same commands do the same to both. Observers and
    /// attached suggestions are not copied; the work limit is shared.
    ///
    /// Every stored property is copied here by name: one added to `Editor` must be added here
    /// (a test counts them).
    /// - Complexity: O(1): the text and the histories are shared until one of the two changes.
    public func copy() -> Editor {
        let other = try! Editor(options: options)
        other.text = text
        other.selection = selection
        other.typingStorage = typingStorage
        other.workLimit = workLimit
        other.clock = clock
        other.clipboard = clipboard
        other.keymapStorage = keymapStorage
        other.history = history
        other.lastGroup = lastGroup
        other.goalColumn = goalColumn
        other.pendingEdits = pendingEdits
        other.pendingInverses = pendingInverses
        other.usesFastPaths = usesFastPaths
        other.knownRun = knownRun
        other.linkFreeMemo = linkFreeMemo
        other.notifiedInverses = notifiedInverses
        other.paragraphsInUse = paragraphsInUse
        other.paragraphMemo = paragraphMemo
        other.suppressCoalescing = suppressCoalescing
        // Not copied: observers, nextObserverID, observedEdits (the observers' own), suggestionState.
        return other
    }

    /// How many stored properties `copy()` accounts for (copied or deliberately not).
    static let copiedPropertyCount = 24
}
