// Changing the document and recording each change as data for undo, redo and observers.

extension Editor {
    /// The attributes of the character at valid `offset` (before the end).
    func attributes(at offset: Int) throws -> Attributes {
        if let knownRun, knownRun.range.contains(offset) { return knownRun.attributes }
        return try text.attributes(at: offset)
    }

    /// Keeps `knownRun` in step with a plain edit that replaced `range` with `inserted` units
    /// carrying `attributes`.
    @inline(__always)
    func updateKnownRun(replacing range: Range<Int>, inserted: Int, attributes: Attributes) {
        guard usesFastPaths else { return }
        // Typing or deleting inside the run (its ends included), in its attributes: the run
        // just grows or shrinks, which is what the general cases work out.
        if let old = knownRun, range.lowerBound >= old.range.lowerBound, range.upperBound <= old.range.upperBound,
           inserted == 0 || old.attributes == attributes {
            let upper = old.range.upperBound &+ inserted &- range.count
            knownRun = upper > old.range.lowerBound ? (Range(uncheckedBounds: (old.range.lowerBound, upper)), old.attributes) : nil
            return
        }
        updateKnownRunAround(replacing: range, inserted: inserted, attributes: attributes)
    }

    /// `updateKnownRun` for an edit that is not inside the run in its attributes.
    private func updateKnownRunAround(replacing range: Range<Int>, inserted: Int, attributes: Attributes) {
        let delta = inserted - range.count
        var before: Range<Int>?
        var after: Range<Int>?
        var oldAttributes = Attributes()
        if let old = knownRun {
            oldAttributes = old.attributes
            let end = min(old.range.upperBound, range.lowerBound)
            if old.range.lowerBound < end { before = old.range.lowerBound..<end }
            let start = max(old.range.lowerBound, range.upperBound)
            if start < old.range.upperBound { after = (start + delta)..<(old.range.upperBound + delta) }
        }
        let insertedEnd = range.lowerBound + inserted
        if inserted > 0 {
            var lower = range.lowerBound
            var upper = insertedEnd
            if oldAttributes == attributes {
                if let before, before.upperBound == lower { lower = before.lowerBound }
                if let after, after.lowerBound == upper { upper = after.upperBound }
            }
            knownRun = (lower..<upper, attributes)
        } else if let before, let after, before.upperBound == after.lowerBound {
            knownRun = (before.lowerBound..<after.upperBound, oldAttributes)
        } else if let survivor = before ?? after {
            knownRun = (survivor, oldAttributes)
        } else {
            knownRun = nil
        }
    }

    /// The attributed text of `range`; the whole document is shared, not copied.
    func snapshot(_ range: Range<Int>) throws -> AttributedText {
        if range.lowerBound == 0 && range.upperBound == text.utf16Count { return text }
        return try text.attributedText(in: range)
    }

    /// Applies one edit to the document and records it for the command in progress.
    func apply(_ edit: TextEdit) throws {
        if edit.range.isEmpty && edit.replacement.isEmpty { return }
        let old = try snapshot(edit.range)
        if old == edit.replacement { return }
        settleTyping()
        knownRun = nil
        try text.replaceSubrange(edit.range, with: edit.replacement)
        record(EditRecord(range: edit.range, replacement: .rich(edit.replacement)),
               inverse: EditRecord(range: edit.replacementRange, replacement: .rich(old)))
    }

    /// Replaces valid `range` with `string` carrying `attributes` (`utf16` is its length) without
    /// building attributed text for it; returns whether the document changed. Callers pass ranges
    /// of valid positions (the selection, boundaries found in the text, or a range they checked),
    /// so the text does not check them again: on non-ASCII text a check reads the leaf.
    @discardableResult
    func replace(_ range: Range<Int>, with string: String, attributes: Attributes, utf16: Int, firstAttributes: Attributes? = nil) throws -> Bool {
        if range.isEmpty && utf16 == 0 { return false }
        let old: EditRecord.Replacement
        if range.isEmpty {
            old = .plain("", Attributes(), utf16: 0)
        } else {
            old = try capture(range, firstAttributes: firstAttributes)
            if case .plain(let oldString, let oldAttributes, let oldUTF16) = old, oldUTF16 == utf16, oldAttributes == attributes,
               oldString.utf8.elementsEqual(string.utf8) { return false }
        }
        settleTyping()
        text.replaceValidated(range, with: string, attributes: attributes)
        updateKnownRun(replacing: range, inserted: utf16, attributes: attributes)
        record(EditRecord(range: range, replacement: .plain(string, attributes, utf16: utf16)),
               inverse: EditRecord(range: range.lowerBound..<(range.lowerBound + utf16), replacement: old))
        return true
    }

    /// The content of a non-empty valid `range`, as a plain string when it is one run;
    /// `firstAttributes`, when known, are those of its first character.
    func capture(_ range: Range<Int>, firstAttributes: Attributes? = nil) throws -> EditRecord.Replacement {
        if usesFastPaths, let (string, attributes) = text.plainContent(in: range) {
            return .plain(string, attributes, utf16: range.count)
        }
        if range.count == 1 {
            return .plain(try string(in: range), try firstAttributes ?? attributes(at: range.lowerBound), utf16: 1)
        }
        let runs = try text.runs(in: range)
        if runs.count == 1 { return .plain(try string(in: range), runs[0].attributes, utf16: range.count) }
        return .rich(try snapshot(range))
    }

    /// The text of a valid `range`, read in place (a short string needs no buffer at all).
    func string(in range: Range<Int>) throws -> String {
        var result = ""
        try text.forEachUTF8Chunk(in: range) { chunk in
            if result.isEmpty {
                result = String(decoding: chunk, as: UTF8.self)
            } else {
                result += String(decoding: chunk, as: UTF8.self)
            }
            return true
        }
        return result
    }

    /// Notes an applied edit and its inverse for the command in progress.
    /// `fromHistory`: an undo or redo, which restores a state this editor already held (so it
    /// needs no look for paragraph attributes: those were noted when that state was made).
    func record(_ edit: consuming EditRecord, inverse: consuming EditRecord, fromHistory: Bool = false) {
        if !paragraphsInUse, !fromHistory { noteParagraphKeys(in: edit) }
        if !observers.isEmpty { observedEdits.append(edit.textEdit(after: text)) }
        pendingEdits.append(edit)
        pendingInverses.append(inverse)
    }

    /// Applies an edit from the history (undo or redo); `inverse` undoes it again.
    func replay(_ edit: EditRecord, inverse: EditRecord) throws {
        knownRun = nil
        try edit.apply(to: &text)
        record(edit, inverse: inverse, fromHistory: true)
    }
}
