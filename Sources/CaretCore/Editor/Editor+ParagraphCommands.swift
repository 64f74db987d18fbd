// Paragraph commands and the Return / Backspace rules of headings, lists, block quotes and
// code blocks (docs/editor.md#paragraph-attributes).

extension Editor {
    /// Return: a line break, with the paragraph rules. In an empty list item it outdents one
    /// level (at level 1 it ends the list) and in an empty block-quote paragraph it ends the
    /// quote, inserting nothing; at the end of a heading the new paragraph is plain. Anywhere
    /// else the paragraph splits and both halves keep its attributes (a list item starts the next
    /// item; a heading split in the middle gives two headings; a code block stays a code block).
    func insertNewline() throws {
        guard paragraphsInUse, selection.isCaret else { return try insert("\n") }
        let caret = selection.head
        let paragraph = try text.paragraphRange(containing: caret)
        let attributes = try paragraphAttributes(at: caret)
        guard !attributes.isEmpty else { return try insert("\n") }
        let contentEnd = paragraph.isEmpty ? caret : try lineContentEnd(caret)
        if contentEnd == paragraph.lowerBound, attributes.listItemLevel != nil || attributes.has(.blockQuote) {
            suppressCoalescing = true
            return try changeParagraphs(Editor.leavingBlock)
        }
        try insert("\n")
        if attributes[.heading] != nil, caret == contentEnd {
            suppressCoalescing = true
            try changeParagraphs { $0.removing(.heading) }
        }
    }

    /// What Return in an empty list item or quote paragraph leaves: one list level less (no list
    /// at level 1), else no block quote.
    static func leavingBlock(_ paragraph: Attributes) -> Attributes {
        if let level = paragraph.listItemLevel {
            if level <= 1 { return paragraph.removing(.listStyle).removing(.listLevel) }
            return (try? paragraph.setting(.listLevel, .number(Double(level - 1)))) ?? paragraph
        }
        return paragraph.removing(.blockQuote)
    }

    /// Backspace: at the start of a list item's text (a caret at the paragraph's start) it removes
    /// the item's list attributes instead of joining the paragraph to the one before.
    func deleteBackward() throws {
        if paragraphsInUse, selection.isCaret {
            let caret = selection.head
            let paragraph = try text.paragraphRange(containing: caret)
            if paragraph.lowerBound == caret, try paragraphAttributes(at: caret).listItemLevel != nil {
                suppressCoalescing = true
                return try changeParagraphs { $0.removing(.listStyle).removing(.listLevel) }
            }
        }
        try delete { try self.backwardDeletionStart($0)..<$0 }
    }

    /// With a caret, removes the last code point of the canonical decomposition of the character
    /// before it (AppKit's `deleteBackwardByDecomposingPreviousCharacter:`): `é` becomes `e`
    /// (precomposed or not), `한` becomes `하`; a character that does not decompose loses its last
    /// scalar. The rest of a decomposed character stays decomposed (`ễ` leaves `e` + U+0302),
    /// except Hangul, which stays a syllable; a CRLF goes whole. With a selection, deletes it.
    func deleteBackwardByDecomposing() throws {
        guard selection.isCaret else { return try replaceSelection(with: AttributedText()) }
        let caret = selection.head
        guard caret > 0 else { return }
        let start = try graphemeBefore(caret)
        let scalars = try text.unicodeScalars(in: start..<caret)
        guard let last = scalars.last else { return }
        // A CRLF is one line break, not a character with parts.
        if scalars == ["\r", "\n"] { return try delete { _ in start..<caret } }
        let lastStart = caret - last.utf16.count
        var rest: [Unicode.Scalar]
        if let syllable = CanonicalDecomposition.hangulWithoutLastJamo(last) {
            rest = [syllable]
        } else {
            rest = CanonicalDecomposition.decomposition(of: last)
            rest.removeLast()
        }
        let attributes = try text.attributes(at: lastStart)
        var string = ""
        string.unicodeScalars.append(contentsOf: rest)
        try apply(TextEdit(range: lastStart..<caret, replacement: AttributedText(string, attributes: attributes)))
        select(Selection(caret: try snappedForward(lastStart + string.utf16.count)))
    }

    /// Where Backspace at `offset` deletes from: the start of the grapheme cluster before it,
    /// except in a cluster of a Brahmic script, where only its last scalar goes (the rule of
    /// Apple's text system; docs/editor.md, "Backspace"). Such a cluster has two or more scalars
    /// and both its first and its last scalar have an Indic_Syllabic_Category other than Other.
    func backwardDeletionStart(_ offset: Int) throws -> Int {
        let start = try graphemeBefore(offset)
        // One unit is one scalar; two units either one scalar or two BMP scalars.
        guard offset - start >= 2 else { return start }
        let scalars = try text.unicodeScalars(in: start..<offset)
        guard scalars.count >= 2, let first = scalars.first, let last = scalars.last,
              IndicSyllabicCategory.isSyllabic(first), IndicSyllabicCategory.isSyllabic(last) else { return start }
        return offset - last.utf16.count
    }

    /// Checks that `key` is a paragraph key for `command`.
    func requireParagraphKey(_ key: AttributeKey, command: String) throws {
        guard key.isParagraph else {
            throw EditorError.badArgument(command: command, argument: "key", message: "'\(key.name)' is not a paragraph attribute (\(AttributeKey.paragraphKeys.map(\.name).joined(separator: ", ")))")
        }
    }

    /// Sets paragraph attribute `key` on every paragraph the selection touches. `listLevel`
    /// changes only list items.
    func setParagraphAttribute(_ key: AttributeKey, _ value: AttributeValue, command: String = "setParagraphAttribute") throws {
        try requireParagraphKey(key, command: command)
        do {
            _ = try Attributes().setting(key, value)
        } catch let error as AttributeError {
            throw EditorError.badAttribute(error)
        }
        try changeParagraphs { paragraph in
            if key == .listLevel && paragraph[.listStyle] == nil { return paragraph }
            let result = try paragraph.setting(key, value)
            return key == .listStyle && paragraph[.listLevel] == nil ? try result.setting(.listLevel, .number(1)) : result
        }
    }

    /// Removes paragraph attribute `key` from every paragraph the selection touches (removing
    /// `listStyle` removes `listLevel` too).
    func removeParagraphAttribute(_ key: AttributeKey, command: String = "removeParagraphAttribute") throws {
        try requireParagraphKey(key, command: command)
        try changeParagraphs { key == .listStyle ? $0.removing(.listStyle).removing(.listLevel) : $0.removing(key) }
    }

    /// Makes the touched paragraphs list items of `style` (at their level, or 1: the editor always
    /// writes `listLevel`), or plain paragraphs when every one already is one.
    func toggleList(_ style: String) throws {
        let value = AttributeValue.string(style)
        do {
            _ = try Attributes().setting(.listStyle, value)
        } catch let error as AttributeError {
            throw EditorError.badArgument(command: "toggleList", argument: "style", message: error.message)
        }
        let all = try selectedParagraphAttributes().allSatisfy { $0[.listStyle] == value }
        try changeParagraphs { paragraph in
            if all { return paragraph.removing(.listStyle).removing(.listLevel) }
            let level = Double(paragraph.listItemLevel ?? 1)
            return try paragraph.setting(.listStyle, value).setting(.listLevel, .number(level))
        }
    }

    /// Makes the touched paragraphs headings of `level` (1–6), or not headings for 0.
    func setHeading(_ level: Int) throws {
        guard (0...6).contains(level) else {
            throw EditorError.badArgument(command: "setHeading", argument: "level", message: "expected 0 (none) or a level in 1...6, got \(level)")
        }
        try changeParagraphs { level == 0 ? $0.removing(.heading) : try $0.setting(.heading, .number(Double(level))) }
    }

    /// Moves the touched list items one level deeper (at most 16) or shallower (from level 1:
    /// out of the list); other paragraphs stay.
    func changeListLevel(by step: Int) throws {
        try changeParagraphs { paragraph in
            guard let level = paragraph.listItemLevel else { return paragraph }
            let next = min(16, level + step)
            if next < 1 { return paragraph.removing(.listStyle).removing(.listLevel) }
            return try paragraph.setting(.listLevel, .number(Double(next)))
        }
    }
}
