// The dispatch from a command to the code that performs it.

extension Editor {
    /// Dispatches every command but undo and redo.
    func execute(_ command: EditorCommand) throws {
        switch command {
        case .insertText(let string): try insert(string)
        case .insertNewline: try insertNewline()
        case .insertTab: try insert("\t")
        case .deleteBackward: try deleteBackward()
        case .deleteBackwardByDecomposing: try deleteBackwardByDecomposing()
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
            // A "\r" before the caret joins the new break into one "\r\n" cluster: stay before it.
            select(Selection(caret: try text.isGraphemeBoundary(start) ? start : graphemeBefore(start)))
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
        case .applySuggestion(let word, let range): try applySuggestion(word, to: range)
        case .learnWord(let word): try learn(word)
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
        case .toggleTrait(let key, let policy, let skip):
            try toggleTrait(key, policy: policy ?? options.traitToggle, skipEdgeWhitespace: skip)
        case .setAttribute(let key, let value):
            if key.isParagraph { try setParagraphAttribute(key, value, command: "setAttribute") } else { try setAttribute(key, value) }
        case .removeAttribute(let key):
            if key.isParagraph { try removeParagraphAttribute(key, command: "removeAttribute") } else { try removeAttribute(key) }
        case .setFontSize(let size): try setAttribute(.fontSize, .number(size))
        case .increaseFontSize: try changeFontSize(by: options.fontSizeStep)
        case .decreaseFontSize: try changeFontSize(by: -options.fontSizeStep)
        case .removeFormatting: try removeFormatting()
        case .setLink(let url): try setLink(url)
        case .removeLink: try removeLink()
        case .setParagraphAttribute(let key, let value): try setParagraphAttribute(key, value)
        case .removeParagraphAttribute(let key): try removeParagraphAttribute(key)
        case .toggleList(let style): try toggleList(style)
        case .setHeading(let level): try setHeading(level)
        case .indentList: try changeListLevel(by: 1)
        case .outdentList: try changeListLevel(by: -1)
        case .findNext(let query): try find(query, forward: true)
        case .findPrevious(let query): try find(query, forward: false)
        case .replaceNext(let query, let replacement): try replaceNext(query, with: replacement)
        case .replaceAll(let query, let replacement): try replaceAll(query, with: replacement)
        case .undo, .redo: break
        }
    }
}
