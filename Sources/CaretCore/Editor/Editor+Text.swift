// Text commands: typing, deleting, clipboard, explicit replacement.

extension Editor {
    /// `string.utf16.count`, from its UTF-8 bytes: a lead byte is one unit, a four-byte one two
    /// (`utf16.count` of a short non-ASCII string allocates here).
    static func utf16Count(of string: String) -> Int {
        // Empty, or one byte (which valid UTF-8 makes ASCII): most edits of a trace.
        let bytes = string.utf8.count
        if bytes <= 1 { return bytes }
        var count = 0
        for byte in string.utf8 where byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        return count
    }

    /// The start of the selection's last character (the caret for a caret), so that a selection
    /// ending right after a line break does not reach into the next line.
    func lastCharacterStart() throws -> Int {
        selection.isCaret ? selection.head : max(selection.lowerBound, try graphemeBefore(selection.upperBound))
    }

    /// Replaces the selection with `string` in the typing attributes; the caret ends after it.
    func insert(_ string: String) throws {
        let attributes = linkFree(typingAttributes)
        guard usesFastPaths else {
            return try replaceSelection(with: AttributedText(string, attributes: attributes))
        }
        let range = selection.range
        let utf16 = Editor.utf16Count(of: string)
        try replace(range, with: string, attributes: attributes, utf16: utf16)
        let end = range.lowerBound + utf16
        let caret = try snappedForward(afterInserting: string.unicodeScalars.last, at: end)
        if caret == end, utf16 > 0, string.utf8.last != 0x0A {
            // The character before the caret is the last one typed: it carries `attributes`
            // (after a line break the caret starts a paragraph and inherits from its first
            // character).
            if selection != Selection(caret: caret) {
                selection = Selection(caret: caret)
                typingAttributes = attributes
            }
        } else {
            select(Selection(caret: caret))
        }
    }

    /// Replaces the selection with `replacement`; the caret ends after it (out of any grapheme
    /// cluster the insertion joined).
    func replaceSelection(with replacement: AttributedText) throws {
        let range = selection.range
        try apply(TextEdit(range: range, replacement: replacement))
        select(Selection(caret: try snappedForward(range.lowerBound + replacement.utf16Count)))
    }

    /// Deletes the selection, or the range `rangeAtCaret` gives for the caret.
    func delete(_ rangeAtCaret: (Int) throws -> Range<Int>) throws {
        if selection.isCaret {
            let range = try rangeAtCaret(selection.head)
            guard !range.isEmpty else { return }
            if usesFastPaths {
                try replace(range, with: "", attributes: Attributes(), utf16: 0)
            } else {
                try apply(TextEdit(range: range, replacement: AttributedText()))
            }
            select(Selection(caret: try snappedForward(range.lowerBound)))
        } else {
            try replaceSelection(with: AttributedText())
        }
    }

    /// Swaps the clusters around the caret (Emacs and macOS ctrl+t): at a line end the two before
    /// it; the caret ends after the pair.
    func transpose() throws {
        guard selection.isCaret else { return }
        var middle = selection.head
        let start = try lineStart(middle)
        if middle == start { return }
        if middle >= (try lineContentEnd(middle)) { middle = try graphemeBefore(middle) }
        let first = try graphemeBefore(middle)
        let last = try graphemeAfter(middle)
        guard first >= start, last > middle, middle > first else { return }
        var swapped = try text.attributedText(in: middle..<last)
        swapped.append(try text.attributedText(in: first..<middle))
        try apply(TextEdit(range: first..<last, replacement: swapped))
        select(Selection(caret: try snappedForward(last)))
    }

    /// Replaces `range` with `string` in the attributes of the range's first character (those
    /// inherited at its start when empty); the selection is mapped through the edit.
    func replaceRange(_ range: Range<Int>, with string: String) throws {
        try checked { try text.validate(range) }
        guard usesFastPaths else {
            let attributes = range.isEmpty
                ? try text.inheritedTypingAttributes(at: range.lowerBound)
                : try text.attributes(at: range.lowerBound)
            return try replaceMapping([TextEdit(range: range, replacement: AttributedText(string, attributes: attributes))])
        }
        let attributes = range.isEmpty ? inheritedAttributes(at: range.lowerBound) : try self.attributes(at: range.lowerBound)
        let utf16 = Editor.utf16Count(of: string)
        guard try replace(range, with: string, attributes: attributes, utf16: utf16, firstAttributes: attributes) else { return }
        try moveSelection(afterReplacing: range, with: string, utf16: utf16, attributes: attributes)
    }

    /// Maps the selection through `range` replaced by `string` (`utf16` units in `attributes`).
    private func moveSelection(afterReplacing range: Range<Int>, with string: String, utf16: Int, attributes: Attributes) throws {
        let mapped = TextEdit.map(selection, range: range, inserted: utf16)
        let newSelection = try snapped(mapped)
        if newSelection == selection { return }
        let end = range.lowerBound + utf16
        if newSelection.isCaret, newSelection.head == end, utf16 > 0, string.utf8.last != 0x0A {
            // The character before the caret is the last one inserted: it carries `attributes`.
            selection = newSelection
            typingAttributes = linkFree(attributes)
        } else {
            select(newSelection)
        }
    }

    /// `perform(.replaceRange(range, with: string))` in one pass, for the common case: nobody
    /// observes, the document has no paragraph attributes and the replaced range is one run
    /// (or empty). The step goes straight into the undo log, with no edit records, command
    /// bookkeeping or second look at the replaced text. Returns false, having changed nothing,
    /// when the command must take the general route (which also reports bad arguments).
    @inlinable
    package func performPlainReplacement(_ range: Range<Int>, with string: String) throws -> Bool {
        // The string's bytes in place (no copy of the string, so no retain and release of it).
        try string.utf8.withContiguousStorageIfAvailable { try performPlainReplacement(range, utf8: $0) } ?? false
    }

    /// `performPlainReplacement(_:with:)` with the string as its bytes, which must be valid UTF-8
    /// (for callers that hold bytes, not a `String`).
    @usableFromInline
    package func performPlainReplacement(_ range: Range<Int>, utf8 inserted: UnsafeBufferPointer<UInt8>) throws -> Bool {
        guard usesFastPaths, observers.isEmpty, !paragraphsInUse,
              (try? text.validate(range)) != nil else { return false }
        let taken: Bool
        if range.isEmpty {
            taken = try replacePlain(range, with: inserted, attributes: inheritedAttributes(at: range.lowerBound),
                                     old: UnsafeBufferPointer(start: nil, count: 0))
        } else {
            // The replaced text, copied out before the edit changes its leaf (a UTF-16 unit takes at
            // most 3 bytes); in one run, whose attributes are the first character's, which the
            // inserted text takes. A range longer than a leaf's bytes cannot lie in one leaf.
            guard range.count <= Node.maxLeafBytes else { return false }
            taken = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count * 3) { buffer in
                guard let base = buffer.baseAddress, let (count, attributes) = text.copyPlainContent(in: range, to: base) else {
                    return false
                }
                return try replacePlain(range, with: inserted, attributes: attributes,
                                        old: UnsafeBufferPointer(start: base, count: count))
            }
        }
        guard taken else { return false }
        // What `perform` does after any command that is not a vertical move and does not coalesce.
        goalColumn = nil
        suppressCoalescing = false
        lastGroup = nil
        return true
    }

    /// The edit and step of `performPlainReplacement`: `inserted` replaces `range`, which holds
    /// `removed` in `attributes` (the attributes the inserted text takes). Returns false, having
    /// changed nothing, when the attributes hold paragraph attributes (the general route then
    /// normalizes paragraphs).
    @inline(__always)
    private func replacePlain(_ range: Range<Int>, with inserted: UnsafeBufferPointer<UInt8>, attributes: Attributes,
                              old removed: UnsafeBufferPointer<UInt8>) throws -> Bool {
        if !attributes.isEmpty {
            if paragraphMemo.0 != attributes { paragraphMemo = (attributes, attributes.hasParagraphAttributes) }
            if paragraphMemo.1 { return false }
        }
        // The UTF-16 length, as `Editor.utf16Count(of:)` counts it, from the bytes in hand.
        var utf16 = inserted.count
        if utf16 > 1 {
            utf16 = 0
            for byte in inserted where byte & 0xC0 != 0x80 { utf16 &+= byte >= 0xF0 ? 2 : 1 }
        }
        // Nothing changes: no step, as in `replace`.
        if range.count == utf16, inserted.elementsEqual(removed) { return true }

        let selectionBefore = selection
        let typingBefore = typingStorage
        let mapped = TextEdit.map(selectionBefore, range: range, inserted: utf16)
        // Typing attributes left to inheritance must be fixed before the text changes only if the
        // selection then stays put. When every byte is a cluster before the edit and after it (no
        // byte the edit brings in can join another), snapping moves nothing, so the mapped
        // selection says whether it will.
        if typingStorage == nil,
           mapped == selectionBefore || text.characterCount != text.utf8Count
            || inserted.contains(where: { $0 >= 0x80 || $0 == 0x0D }) {
            settleTyping()
        }
        text.replace(range, utf8: inserted, attributes: attributes)
        updateKnownRun(replacing: range, inserted: utf16, attributes: attributes)
        let written = range.lowerBound..<(range.lowerBound + utf16)
        // When every byte is a cluster, every position is a boundary: nothing to snap.
        var newSelection = mapped
        if text.characterCount != text.utf8Count {
            do {
                newSelection = try snapped(mapped)
            } catch {
                // As `perform` rolls back a failed command: the editor is left as it was.
                knownRun = nil
                text.replace(written, utf8: removed, attributes: attributes)
                typingStorage = typingBefore
                throw error
            }
        }
        if newSelection != selectionBefore {
            selection = newSelection
            if newSelection.isCaret, newSelection.head == written.upperBound, utf16 > 0, inserted.last != 0x0A {
                // The character before the caret is the last one inserted: it carries `attributes`.
                typingStorage = linkFree(attributes)
            } else {
                // As `select(_:)`: inherited again, looked up when asked.
                typingStorage = nil
            }
        }
        if let suggestionState {
            suggestionState.noteEdit(replaced: written, removed: String(decoding: removed, as: UTF8.self), in: text)
        }
        if !history.redoStack.isEmpty { history.redoStack.removeAll() }
        history.undoStack.pushPlain(range: range, utf8: inserted, attributes: attributes, written: utf16,
                                    old: removed, oldAttributes: attributes, UndoStep.Fields(
                                        selectionBefore: selectionBefore, selectionAfter: newSelection,
                                        typingBefore: typingBefore, typingAfter: typingStorage,
                                        group: nil, time: clock))
        return true
    }

    /// Applies edits given in descending, non-overlapping order (each range valid in the original
    /// document) and maps the selection through them.
    func replaceMapping(_ edits: [TextEdit]) throws {
        var mapped = selection
        for edit in edits {
            let applied = pendingEdits.count
            try apply(edit)
            // An edit that changed nothing (same text, same attributes) leaves the selection alone.
            if pendingEdits.count > applied { mapped = edit.map(mapped) }
        }
        if pendingEdits.isEmpty { return }
        let newSelection = try snapped(mapped)
        if newSelection != selection { select(newSelection) }
    }
}
