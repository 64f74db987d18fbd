// Text commands: typing, deleting, clipboard, explicit replacement.

extension Editor {
    /// Dispatches every command but undo and redo.
    func execute(_ command: EditorCommand) throws {
        switch command {
        case .insertText(let string): try insert(string)
        case .insertNewline: try insert("\n")
        case .insertTab: try insert("\t")
        case .deleteBackward: try delete { try self.graphemeBefore($0)..<$0 }
        case .deleteForward: try delete { $0..<(try self.graphemeAfter($0)) }
        case .deleteWordBackward: try delete { try self.wordLeft($0)..<$0 }
        case .deleteWordForward: try delete { $0..<(try self.wordRight($0)) }
        case .deleteToLineStart:
            try delete { offset in
                let start = try self.lineStart(offset)
                return start == offset ? try self.graphemeBefore(offset)..<offset : start..<offset
            }
        case .deleteToLineEnd:
            try delete { offset in
                let end = try self.lineContentEnd(offset)
                return end <= offset ? offset..<(try self.graphemeAfter(offset)) : offset..<end
            }
        case .transpose: try transpose()
        case .openLine:
            let start = selection.lowerBound
            try insert("\n")
            select(Selection(caret: start))
        case .replaceRange(let range, let string): try replaceRange(range, with: string)
        case .cut:
            guard !selection.isCaret else { return }
            clipboard = try text.attributedText(in: selection.range)
            try replaceSelection(with: AttributedText())
        case .copy:
            guard !selection.isCaret else { return }
            clipboard = try text.attributedText(in: selection.range)
        case .paste:
            guard let clipboard else { return }
            try replaceSelection(with: clipboard)
        case .pasteAsPlainText:
            guard let clipboard else { return }
            try insert(clipboard.string)
        case .move(let movement, let extend): try move(movement, extend: extend)
        case .selectAll: select(Selection(0..<length))
        case .selectWord: try selectWord()
        case .selectLine:
            let start = try lineStart(selection.lowerBound)
            let end = try lineContentEnd(try lastCharacterStart())
            select(Selection(start..<max(start, end)))
        case .selectParagraph:
            let start = try lineStart(selection.lowerBound)
            let end = try lineEndIncludingBreak(try lastCharacterStart())
            select(Selection(start..<end))
        case .setSelection(let anchor, let head):
            try checked {
                try text.validate(anchor)
                try text.validate(head)
            }
            select(Selection(anchor: anchor, head: head))
        case .toggleTrait(let key): try toggleTrait(key)
        case .setAttribute(let key, let value): try setAttribute(key, value)
        case .removeAttribute(let key): try removeAttribute(key)
        case .setFontSize(let size): try setAttribute(.fontSize, .number(size))
        case .increaseFontSize: try changeFontSize(by: options.fontSizeStep)
        case .decreaseFontSize: try changeFontSize(by: -options.fontSizeStep)
        case .removeFormatting: try removeFormatting()
        case .setLink(let url): try setLink(url)
        case .removeLink: try removeLink()
        case .findNext(let query): try find(query, forward: true)
        case .findPrevious(let query): try find(query, forward: false)
        case .replaceNext(let query, let replacement): try replaceNext(query, with: replacement)
        case .replaceAll(let query, let replacement): try replaceAll(query, with: replacement)
        case .undo, .redo: break
        }
    }

    /// The start of the selection's last character (the caret for a caret), so that a selection
    /// ending right after a line break does not reach into the next line.
    func lastCharacterStart() throws -> Int {
        selection.isCaret ? selection.head : max(selection.lowerBound, try graphemeBefore(selection.upperBound))
    }

    /// Replaces the selection with `string` in the typing attributes; the caret ends after it.
    func insert(_ string: String) throws {
        try replaceSelection(with: AttributedText(string, attributes: typingAttributes.removing(.link)))
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
            try apply(TextEdit(range: range, replacement: AttributedText()))
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
        let attributes = range.isEmpty
            ? try text.inheritedTypingAttributes(at: range.lowerBound)
            : try text.attributes(at: range.lowerBound)
        try replaceMapping([TextEdit(range: range, replacement: AttributedText(string, attributes: attributes))])
    }

    /// Applies edits given in descending, non-overlapping order (each range valid in the original
    /// document) and maps the selection through them.
    func replaceMapping(_ edits: [TextEdit]) throws {
        var mapped = selection
        for edit in edits {
            try apply(edit)
            mapped = edit.map(mapped)
        }
        if pendingEdits.isEmpty { return }
        let newSelection = try snapped(mapped)
        if newSelection != selection { select(newSelection) }
    }
}
