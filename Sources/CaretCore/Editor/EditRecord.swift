/// An edit as the editor keeps it for undo and redo: the cheapest data that reproduces it. A
/// typed or deleted string is kept as the string and its one set of attributes (no rope is built
/// for it); an attribute change as the attribute sets it maps; anything else as attributed text.
/// `TextEdit`s are made from these only when an observer asks.
struct EditRecord: Sendable {
    enum Replacement: Sendable {
        /// `string` (empty for a deletion) carrying `attributes`; `utf16` is its length.
        case plain(String, Attributes, utf16: Int)
        /// Attributed text.
        case rich(AttributedText)
        /// The same characters, each attribute set mapped (sets missing from the map stay).
        case restyle([Attributes: Attributes])
        /// The same characters with these runs' attributes (ranges in the document).
        case runs([AttributedText.Run])

        /// Whether the replacement is text (plain or attributed), not an attribute change.
        var isText: Bool {
            switch self {
            case .plain, .rich: true
            case .restyle, .runs: false
            }
        }
    }

    /// The UTF-16 range replaced, in the document just before this edit.
    var range: Range<Int>
    var replacement: Replacement

    /// The UTF-16 length of the replacement.
    var utf16Count: Int {
        switch replacement {
        case .plain(_, _, let utf16): utf16
        case .rich(let text): text.utf16Count
        case .restyle, .runs: range.count
        }
    }

    /// About how many bytes the record keeps alive (its own size and what its replacement holds).
    var estimatedBytes: Int {
        let payload: Int
        switch replacement {
        case .plain(let string, _, _): payload = string.utf8.count
        case .rich(let text): payload = text.utf8Count
        case .restyle(let map): payload = map.count * 64
        case .runs(let runs): payload = runs.count * 48
        }
        return MemoryLayout<EditRecord>.stride + payload
    }

    /// The range the replacement occupies after the edit.
    var replacementRange: Range<Int> { range.lowerBound..<(range.lowerBound + utf16Count) }

    /// Applies the edit to `text`, which must be the document it was recorded against.
    func apply(to text: inout AttributedText) throws {
        switch replacement {
        case .plain(let string, let attributes, _):
            // History replays exactly the states it recorded: its ranges are valid positions
            // whenever the text has the recorded length.
            guard range.lowerBound >= 0, range.upperBound <= text.utf16Count else {
                return try text.replaceSubrange(range, with: string, attributes: attributes)
            }
            text.replaceValidated(range, with: string, attributes: attributes)
        case .rich(let replacement):
            if range.lowerBound == 0 && range.upperBound == text.utf16Count {
                // The whole document: share the stored copy instead of rebuilding it.
                text = replacement
            } else {
                try text.replaceSubrange(range, with: replacement)
            }
        case .restyle(let map):
            try text.transformAttributes(in: range) { map[$0] ?? $0 }
        case .runs(let runs):
            for run in runs { try text.setAttributes(run.attributes, in: run.range) }
        }
    }

    /// The public form of the edit; `after` is the document right after it was applied.
    func textEdit(after: AttributedText) -> TextEdit {
        switch replacement {
        case .plain(let string, let attributes, _):
            TextEdit(range: range, replacement: AttributedText(string, attributes: attributes))
        case .rich(let replacement):
            TextEdit(range: range, replacement: replacement)
        case .restyle, .runs:
            TextEdit(range: range, replacement: (try? after.attributedText(in: range)) ?? AttributedText())
        }
    }

    /// Appends `inserted` to this record's replacement when it is inserted at `offset`, right
    /// after it: plain text in the same attributes onto plain text, or anything onto attributed
    /// text. Returns whether it did. The text grows in place.
    mutating func extend(inserting inserted: Replacement, at offset: Int) -> Bool {
        guard offset == range.lowerBound + utf16Count else { return false }
        // Matched on the stored value itself (a tuple of the two would hold a second reference
        // and make every append copy the text).
        if case .plain(var text, let own, let ownUTF16) = replacement {
            guard case .plain(let added, let attributes, let addedUTF16) = inserted, own == attributes else { return false }
            // Drop the record's reference first, so the string is unique and grows in place.
            replacement = .restyle([:])
            text.append(added)
            replacement = .plain(text, own, utf16: ownUTF16 + addedUTF16)
            return true
        }
        if case .rich(var text) = replacement {
            // As for plain text: one attribute set throughout, so both kinds of record merge
            // under the same rule.
            guard case .rich(let added) = inserted, let own = EditRecord.soleAttributes(of: text),
                  let attributes = EditRecord.soleAttributes(of: added), own == attributes else { return false }
            replacement = .restyle([:])
            text.append(added)
            replacement = .rich(text)
            return true
        }
        return false
    }

    /// The one attribute set `text` carries throughout, or nil when it has several (or is empty).
    static func soleAttributes(of text: AttributedText) -> Attributes? {
        let runs = text.runs
        return runs.count == 1 ? runs[0].attributes : nil
    }

    /// Where `offset` ends up after the edit (see `TextEdit.map(_:bias:)`).
    func map(_ offset: Int, bias: TextEdit.Bias) -> Int {
        TextEdit.map(offset, range: range, inserted: utf16Count, bias: bias)
    }

    /// Maps a selection through the edit (see `TextEdit.map(_:)`).
    func map(_ selection: Selection) -> Selection {
        TextEdit.map(selection, range: range, inserted: utf16Count)
    }
}

/// The edits of one command or undo step, in order. One edit — the usual case — is stored inline,
/// so recording it allocates nothing.
struct EditList: Sendable {
    private(set) var first: EditRecord?
    private(set) var rest: [EditRecord] = []
    /// The records' `estimatedBytes`, added up as they are appended.
    private(set) var estimatedBytes = 0
    /// The number of records (kept, so that asking needs no look at the optional record).
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ record: consuming EditRecord) {
        estimatedBytes &+= record.estimatedBytes
        if count == 0 { first = record } else { rest.append(record) }
        count += 1
    }

    /// The list, leaving this one empty: moves the records instead of copying them (a copy of a
    /// record retains its strings and switches over its replacement's cases).
    mutating func take() -> EditList {
        var taken = EditList()
        swap(&taken, &self)
        return taken
    }

    mutating func append(contentsOf other: EditList) {
        guard let head = other.first else { return }
        if count == 0 { first = head } else { rest.append(head) }
        rest.append(contentsOf: other.rest)
        estimatedBytes &+= other.estimatedBytes
        count += other.count
    }

    /// Extends the last record with `next` when `next` inserts plain text right after what the
    /// last one wrote, in the same attributes (the next keystroke of a typing run); returns false,
    /// changing nothing, otherwise. The text is appended in place, so a run of n keys costs O(n).
    mutating func extendLast(with next: EditRecord) -> Bool {
        guard next.range.isEmpty else { return false }
        if rest.isEmpty {
            guard first != nil else { return false }
            return first!.extend(inserting: next.replacement, at: next.range.lowerBound)
        }
        return rest[rest.count - 1].extend(inserting: next.replacement, at: next.range.lowerBound)
    }

    /// Grows the last record's range by `count` units at its upper end (the inverse of a typing
    /// run that `extendLast(with:)` extended).
    mutating func growLast(by count: Int) {
        if rest.isEmpty {
            first!.range = first!.range.lowerBound..<(first!.range.upperBound + count)
        } else {
            let i = rest.count - 1
            rest[i].range = rest[i].range.lowerBound..<(rest[i].range.upperBound + count)
        }
    }

    /// The range of the last record.
    var lastRange: Range<Int>? { rest.isEmpty ? first?.range : rest[rest.count - 1].range }

    /// The range the last record's replacement occupies after it.
    var lastReplacementRange: Range<Int>? {
        rest.isEmpty ? first?.replacementRange : rest[rest.count - 1].replacementRange
    }

    func forEach(_ body: (EditRecord) throws -> Void) rethrows {
        guard let first else { return }
        try body(first)
        for record in rest { try body(record) }
    }

    func forEachReversed(_ body: (EditRecord) throws -> Void) rethrows {
        guard let first else { return }
        for record in rest.reversed() { try body(record) }
        try body(first)
    }
}
