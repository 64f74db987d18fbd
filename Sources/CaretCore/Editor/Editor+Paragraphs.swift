// Keeping paragraph attributes uniform (docs/editor.md#paragraph-attributes).
//
// The rule, applied after every command but undo and redo (which replay states that already
// obeyed it): each paragraph the command's edits touched takes the paragraph attributes of its
// first character, on every character through its line break. So deleting the break between two
// paragraphs gives the merged one the first one's; splitting a paragraph keeps both halves'
// (a Return inside a list item starts the next item). The fixes are edits of the same command,
// so one undo step takes back both. A document that never held a paragraph attribute skips all
// of this (`paragraphsInUse`).

extension Editor {
    /// Whether any run of `text` carries a paragraph attribute.
    /// - Complexity: O(leaves + runs), each distinct set asked once.
    static func holdsParagraphAttributes(_ text: AttributedText) -> Bool {
        // Each distinct set is asked once, found by its interned number in a bit set (a
        // `Set<Attributes>` would cost a search of every protocol conformance in the executable at
        // its first use, on every start).
        var seen: [UInt64] = []
        var found = false
        try? text.forEachRun(in: 0..<text.utf16Count) { run in
            let id = Int(run.attributes.id)
            let word = id >> 6
            let bit = UInt64(1) << UInt64(id & 63)
            if word >= seen.count { seen.append(contentsOf: repeatElement(0, count: word + 1 - seen.count)) }
            if seen[word] & bit == 0 {
                seen[word] |= bit
                if run.attributes.hasParagraphAttributes { found = true }
            }
            return !found
        }
        return found
    }

    /// Sets `paragraphsInUse` when `edit` brings in a paragraph attribute.
    func noteParagraphKeys(in edit: EditRecord) {
        switch edit.replacement {
        case .plain(_, let attributes, _):
            if attributes.isEmpty { return }
            if paragraphMemo.0 != attributes { paragraphMemo = (attributes, attributes.hasParagraphAttributes) }
            if paragraphMemo.1 { paragraphsInUse = true }
        case .rich(let replacement):
            if Editor.holdsParagraphAttributes(replacement) { paragraphsInUse = true }
        case .restyle(let map):
            if map.values.contains(where: \.hasParagraphAttributes) { paragraphsInUse = true }
        case .runs(let runs):
            if runs.contains(where: { $0.attributes.hasParagraphAttributes }) { paragraphsInUse = true }
        }
    }

    /// The range of the current document the command's edits so far wrote (each earlier range
    /// mapped through the later edits), or nil when there are none.
    func touchedRange() -> Range<Int>? {
        var touched: Range<Int>?
        pendingEdits.forEach { edit in
            let written = edit.replacementRange
            if let before = touched {
                let lower = edit.map(before.lowerBound, bias: .before)
                let upper = max(lower, edit.map(before.upperBound, bias: .after))
                touched = min(lower, written.lowerBound)..<max(upper, written.upperBound)
            } else {
                touched = written
            }
        }
        return touched
    }

    /// Makes every paragraph the command touched uniform (see the top of this file), then fixes
    /// the typing attributes' paragraph attributes to the caret's paragraph.
    func normalizeParagraphs() throws {
        if try keepsParagraphsUniform() { return }
        guard let touched = touchedRange() else { return }
        let span = try text.paragraphRange(covering: touched)
        try restyleParagraphs(in: span) { $0 }
        refreshTypingParagraph()
    }

    /// Whether the command was one plain edit inside a paragraph that cannot have broken its
    /// uniformity: typing (text without a line break inserted in the paragraph attributes of the
    /// character after it, or at the end of the document) or deleting text without a line break.
    /// Asks the rope at most once, usually not at all (`knownRun`): this keeps typing in
    /// documents with paragraph attributes cheap.
    func keepsParagraphsUniform() throws -> Bool {
        guard pendingEdits.count == 1, let edit = pendingEdits.first, let inverse = pendingInverses.first,
              case .plain(let string, let attributes, let inserted) = edit.replacement else { return false }
        if edit.range.isEmpty {
            if string.utf8.contains(0x0A) { return false }
            let end = edit.range.lowerBound + inserted
            if end == length { return true }
            let after = try self.attributes(at: end)
            return after == attributes || after.paragraphAttributes == attributes.paragraphAttributes
        }
        // A deletion: what it removed is the inverse's replacement.
        guard inserted == 0, case .plain(let removed, _, _) = inverse.replacement else { return false }
        return !removed.utf8.contains(0x0A)
    }

    /// A paragraph attribute set with `listLevel` dropped when it is not a list item.
    static func normalized(_ paragraph: Attributes) -> Attributes {
        paragraph[.listLevel] != nil && paragraph[.listStyle] == nil ? paragraph.removing(.listLevel) : paragraph
    }

    /// Gives each paragraph overlapping the paragraph-aligned `span` the paragraph attributes
    /// `transform(first)`, where `first` are those of its first character, on every character;
    /// one recorded edit per paragraph that changes. Returns whether anything changed.
    /// - Complexity: O(paragraphs × log n + runs in `span`).
    @discardableResult
    func restyleParagraphs(in span: Range<Int>, _ transform: (Attributes) throws -> Attributes) throws -> Bool {
        guard !span.isEmpty else { return false }
        var memo: [Attributes: Attributes] = [:]
        func paragraphPart(_ attributes: Attributes) -> Attributes {
            if let known = memo[attributes] { return known }
            let part = attributes.paragraphAttributes
            memo[attributes] = part
            return part
        }
        var line = try text.lineColumn(fromUTF16: span.lowerBound).line
        var changed = false
        while true {
            let paragraph = text.paragraphRange(line: line)
            if paragraph.isEmpty || paragraph.lowerBound >= span.upperBound { break }
            let runs = try text.runs(in: paragraph)
            let wanted = Editor.normalized(try transform(paragraphPart(runs[0].attributes)))
            var map: [Attributes: Attributes] = [:]
            for run in runs where map[run.attributes] == nil && paragraphPart(run.attributes) != wanted {
                map[run.attributes] = run.attributes.withParagraphAttributes(of: wanted)
            }
            if !map.isEmpty {
                if !changed { settleTyping() }
                changed = true
                knownRun = nil
                try text.transformAttributes(in: paragraph) { map[$0] ?? $0 }
                record(EditRecord(range: paragraph, replacement: .restyle(map)),
                       inverse: EditRecord(range: paragraph, replacement: .runs(runs)))
            }
            if paragraph.upperBound >= span.upperBound || paragraph.upperBound >= text.utf16Count { break }
            line += 1
        }
        return changed
    }

    /// Whether the caret (or the selection's start) is in the empty last paragraph, whose
    /// paragraph attributes live only in the typing attributes.
    var isInEmptyLastParagraph: Bool {
        let offset = selection.lowerBound
        guard offset == length else { return false }
        return offset == 0 || ((try? text.string(in: (offset - 1)..<offset)) == "\n")
    }

    /// Makes stored typing attributes carry the paragraph attributes of the selection's
    /// paragraph (left alone in the empty last paragraph, where they are the only record).
    func refreshTypingParagraph() {
        guard let typing = typingStorage, !isInEmptyLastParagraph else { return }
        guard let paragraph = try? text.paragraphAttributes(at: selection.lowerBound) else { return }
        if typing.paragraphAttributes != paragraph { typingStorage = typing.withParagraphAttributes(of: paragraph) }
    }

    /// The paragraph attributes of the paragraph containing valid `offset`; in the empty last
    /// paragraph when the selection is there, those text typed there would take.
    /// - Throws: `EditorError.invalidPosition` for an invalid offset.
    /// - Complexity: O(log n + leaf).
    public func paragraphAttributes(at offset: Int) throws -> Attributes {
        let range = try checked { try text.paragraphRange(containing: offset) }
        if range.isEmpty { return isInEmptyLastParagraph ? typingAttributes.paragraphAttributes : Attributes() }
        return try text.attributes(at: range.lowerBound).paragraphAttributes
    }

    /// Applies `transform` to the paragraph attributes of every paragraph the selection touches
    /// (a caret: its paragraph), as edits of the command in progress; in the empty last
    /// paragraph, to the typing attributes. The selection stays.
    func changeParagraphs(_ transform: (Attributes) throws -> Attributes) throws {
        let span = try text.paragraphRange(covering: selection.range)
        try restyleParagraphs(in: span, transform)
        if isInEmptyLastParagraph {
            let typing = typingAttributes
            typingAttributes = typing.withParagraphAttributes(of: Editor.normalized(try transform(typing.paragraphAttributes)))
        } else {
            refreshTypingParagraph()
        }
    }

    /// The paragraph attributes of each paragraph the selection touches, in order (the typing
    /// attributes' for the empty last paragraph when the caret is there).
    func selectedParagraphAttributes() throws -> [Attributes] {
        let span = try text.paragraphRange(covering: selection.range)
        if span.isEmpty { return [typingAttributes.paragraphAttributes] }
        var result: [Attributes] = []
        var line = try text.lineColumn(fromUTF16: span.lowerBound).line
        while line < text.lineCount {
            let paragraph = text.paragraphRange(line: line)
            if paragraph.isEmpty || paragraph.lowerBound >= span.upperBound { break }
            result.append(try text.attributes(at: paragraph.lowerBound).paragraphAttributes)
            line += 1
        }
        return result
    }
}
