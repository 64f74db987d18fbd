/// A caret movement. The raw value is the command name (`moveLeft`, `moveWordRight`, …).
public enum Movement: String, Hashable, Sendable, CaseIterable {
    /// One grapheme cluster left; a non-empty selection collapses to its start instead.
    case left = "moveLeft"
    /// One grapheme cluster right; a non-empty selection collapses to its end instead.
    case right = "moveRight"
    /// To the start of the word before (or containing) the caret.
    case wordLeft = "moveWordLeft"
    /// To the end of the word after (or containing) the caret.
    case wordRight = "moveWordRight"
    /// To the start of the logical line.
    case lineStart = "moveToLineStart"
    /// To the end of the logical line (before its line break).
    case lineEnd = "moveToLineEnd"
    /// One logical line up, keeping the goal column (in grapheme clusters).
    case up = "moveUp"
    /// One logical line down, keeping the goal column.
    case down = "moveDown"
    /// To the start of the document.
    case documentStart = "moveToDocumentStart"
    /// To the end of the document.
    case documentEnd = "moveToDocumentEnd"
}

/// A command the editor performs: a named, serializable value with arguments. Scripts and traces
/// refer to commands by `name` and build them with `init(name:arguments:)`; see docs/editor.md.
public enum EditorCommand: Hashable, Sendable {
    // Text
    /// Replace the selection with `text` in the typing attributes.
    case insertText(String)
    /// Insert a line break (`\n`).
    case insertNewline
    /// Insert a tab (`\t`).
    case insertTab
    /// Delete the selection, or backward from the caret as Apple's text system does: the grapheme
    /// cluster before it, but only the last code point of a cluster of a Brahmic script (`कि`
    /// leaves `क`; docs/editor.md, "Backspace").
    case deleteBackward
    /// Delete the selection, or the last code point of the canonical decomposition of the
    /// character before the caret (`é` leaves `e`; AppKit's
    /// `deleteBackwardByDecomposingPreviousCharacter:`).
    case deleteBackwardByDecomposing
    /// Delete the selection, or the grapheme cluster after the caret.
    case deleteForward
    /// Delete the selection, or back to the start of the word before the caret.
    case deleteWordBackward
    /// Delete the selection, or up to the end of the word after the caret.
    case deleteWordForward
    /// Delete the selection, or back to the line start (the line break when already there).
    case deleteToLineStart
    /// Delete the selection, or up to the line end (the line break when already there).
    case deleteToLineEnd
    /// Swap the grapheme clusters around the caret (at a line end, the two before it).
    case transpose
    /// Insert a line break after the caret without moving it.
    case openLine
    /// Replace a UTF-16 range with text in the attributes of the range's first character; the
    /// selection is mapped through the edit.
    case replaceRange(Range<Int>, with: String)
    /// Copy the selection to the editor's clipboard and delete it.
    case cut
    /// Copy the selection, with its attributes, to the editor's clipboard.
    case copy
    /// Replace the selection with the clipboard, keeping its attributes.
    case paste
    /// Replace the selection with the clipboard's characters in the typing attributes.
    case pasteAsPlainText
    /// Replace a word's UTF-16 range with a chosen suggestion in the attributes of the word's first
    /// character; the caret ends after it.
    case applySuggestion(String, range: Range<Int>)
    /// Add a word to this editor's learned words (needs an attached suggestion engine).
    case learnWord(String)

    // Selection
    /// Move the caret; with `extend`, move only the head.
    case move(Movement, extend: Bool)
    /// Select the whole document.
    case selectAll
    /// Select the word at the caret (or widen the selection to word boundaries).
    case selectWord
    /// Select the logical line(s) of the selection, without the line break.
    case selectLine
    /// Select the paragraph(s) of the selection, with the trailing line break.
    case selectParagraph
    /// Set the selection explicitly (UTF-16 offsets, never inside a surrogate pair).
    case setSelection(anchor: Int, head: Int)

    // Formatting
    /// Toggle a trait (bold, italic, underline, strikethrough, code) by `policy` (nil: the
    /// editor's `options.traitToggle`); with `skipEdgeWhitespace`, whitespace at the selection's
    /// edges is left as it is when the trait is added. With a caret, only the typing attributes
    /// change.
    case toggleTrait(AttributeKey, policy: TraitTogglePolicy? = nil, skipEdgeWhitespace: Bool = false)
    /// Set an attribute over the selection (typing attributes for a caret).
    case setAttribute(AttributeKey, AttributeValue)
    /// Remove an attribute over the selection (typing attributes for a caret).
    case removeAttribute(AttributeKey)
    /// Set the font size, leaving other attributes alone.
    case setFontSize(Double)
    /// Make every run `fontSizeStep` points bigger.
    case increaseFontSize
    /// Make every run `fontSizeStep` points smaller (not below 1).
    case decreaseFontSize
    /// Remove every built-in attribute but `link`; custom attributes stay.
    case removeFormatting
    /// Link the selection (with a caret, retarget the link around it).
    case setLink(String)
    /// Remove links from the selection (with a caret, the link around it).
    case removeLink

    // Paragraphs (each acts on every paragraph the selection touches; a caret: its paragraph)
    /// Set a paragraph attribute (`heading`, `listStyle`, `listLevel`, `blockQuote`, `codeBlock`,
    /// `alignment`) on whole paragraphs.
    case setParagraphAttribute(AttributeKey, AttributeValue)
    /// Remove a paragraph attribute from whole paragraphs (`listStyle` takes `listLevel` along).
    case removeParagraphAttribute(AttributeKey)
    /// Make the paragraphs list items of a style ("bullet" or "ordered"), or plain when all are.
    case toggleList(String)
    /// Make the paragraphs headings of a level 1–6; 0 removes the heading.
    case setHeading(Int)
    /// Move list items one level deeper (at most 16).
    case indentList
    /// Move list items one level shallower; level-1 items leave the list.
    case outdentList

    // Find and replace
    /// Select the next match after the selection, wrapping around.
    case findNext(FindQuery)
    /// Select the previous match before the selection, wrapping around.
    case findPrevious(FindQuery)
    /// Replace the selection when it is a match, then select the next match.
    case replaceNext(FindQuery, with: String)
    /// Replace every match (one undo step).
    case replaceAll(FindQuery, with: String)

    // History
    /// Undo the last step.
    case undo
    /// Redo the last undone step.
    case redo
}

extension EditorCommand {
    /// Bold on or off.
    public static let toggleBold = EditorCommand.toggleTrait(.bold)
    /// Italic on or off.
    public static let toggleItalic = EditorCommand.toggleTrait(.italic)
    /// Underline on or off.
    public static let toggleUnderline = EditorCommand.toggleTrait(.underline)
    /// Strikethrough on or off.
    public static let toggleStrikethrough = EditorCommand.toggleTrait(.strikethrough)
    /// Code (monospace) on or off.
    public static let toggleCode = EditorCommand.toggleTrait(.code)

    /// Coalescing group of typing-like commands.
    var coalesceGroup: CoalesceGroup? {
        switch self {
        case .insertText, .insertNewline, .insertTab: .typing
        case .deleteBackward, .deleteBackwardByDecomposing: .deletingBackward
        case .deleteForward: .deletingForward
        default: nil
        }
    }

    var isVerticalMove: Bool {
        if case .move(let m, _) = self { return m == .up || m == .down }
        return false
    }
}
