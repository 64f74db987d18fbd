/// Keeping an editor's vocabulary current, lazily: an edit only widens a pending region of the
/// document (its two ends cut points, see `VocabularyWindow`) and keeps the region's text as the
/// engine last counted it; the region's words are counted when the engine is read, when an edit
/// lands apart from the region, or when the region grows past `pendingLimit`. A typing run inside
/// a paragraph is then one segmentation and one word difference, not one per keystroke, and the
/// words typed half-way (`h`, `he`, `hel`) never reach the engine.
///
/// Why the region is enough: everything that changed since the engine was current lies inside
/// it, and its ends are cut points both in the current document and in the one the engine counts
/// (a cut point depends only on the scalars on either side of it, which are unchanged). So the
/// words of the region's old text and of its current text, segmented alone, are exactly the words
/// the document lost and gained.
extension EditorSuggestionState {
    /// The longest pending region, in UTF-16 units; a longer one is counted at once.
    static let pendingLimit = 1 << 12

    /// The engine with every change counted, `document` being the editor's current text.
    func settledEngine(in document: AttributedText) -> SuggestionEngine {
        settle(in: document)
        return engine
    }

    /// Counts the pending region into the engine; `document` is the editor's current text.
    func settle(in document: AttributedText) {
        guard let region = pending else { return }
        settle(region, in: document)
    }

    /// Forgets the pending region (a rescan has counted everything).
    func discardPending() {
        pending = nil
        pendingOld.removeAll(keepingCapacity: true)
    }

    /// Notes one edit: `document`, the text right after it, holds at `replaced` what replaced
    /// `removed`.
    /// - Complexity: O(1) for an edit inside the pending region away from its ends; otherwise the
    ///   text from the edit back and on to the nearest cut points.
    func noteEdit(replaced: Range<Int>, removed: String, in document: AttributedText) {
        let removedUnits = removed.utf16.count
        // The edit's range in the document just before it.
        let oldUpper = replaced.lowerBound + removedUnits
        let delta = replaced.count - removedUnits
        if let region = pending {
            if replaced.lowerBound <= region.upperBound && oldUpper >= region.lowerBound {
                extend(region, replaced: replaced, removed: removed, removedUnits: removedUnits,
                       delta: delta, in: document)
                if let widened = pending, widened.count > Self.pendingLimit { settle(widened, in: document) }
                return
            }
            // Apart from the region: its text and its ends' neighbours are as they were, shifted
            // when the edit came before it. Counting it brings the engine to the document just
            // before this edit.
            let shifted = oldUpper < region.lowerBound
                ? (region.lowerBound + delta)..<(region.upperBound + delta) : region
            settle(shifted, in: document)
        }
        let lower = VocabularyBytes.cut(before: replaced.lowerBound, in: document, scratch: &scratch)
        let upper = VocabularyBytes.cut(after: replaced.upperBound, in: document, scratch: &scratch)
        pendingOld.removeAll(keepingCapacity: true)
        document.appendUTF8(in: lower..<replaced.lowerBound, to: &pendingOld)
        pendingOld.append(contentsOf: removed.utf8)
        document.appendUTF8(in: replaced.upperBound..<upper, to: &pendingOld)
        pending = lower..<upper
        if upper - lower > Self.pendingLimit { settle(lower..<upper, in: document) }
    }

    /// Widens `region` (in the document before the edit) to cover an edit that meets it, keeping
    /// `pendingOld` the text the engine counts for the widened region.
    private func extend(_ region: Range<Int>, replaced: Range<Int>, removed: String, removedUnits: Int,
                        delta: Int, in document: AttributedText) {
        let editLower = replaced.lowerBound
        let previousLength = document.utf16Count - delta
        var lower = region.lowerBound
        // The start stays a cut point unless the edit reaches the scalar after it (the document's
        // start always stays).
        if lower > 0 && lower >= editLower {
            lower = VocabularyBytes.cut(before: editLower, in: document, scratch: &scratch)
            // The text between the new start and the old one, as the engine counts it: the
            // document's up to the edit, then what the edit removed up to the old start.
            scratch.removeAll(keepingCapacity: true)
            document.appendUTF8(in: lower..<editLower, to: &scratch)
            Self.appendUTF8(of: removed, units: 0..<(region.lowerBound - editLower), to: &scratch)
            pendingOld.insert(contentsOf: scratch, at: 0)
        }
        let upper: Int
        if region.upperBound == previousLength {
            upper = document.utf16Count
        } else if editLower + removedUnits < region.upperBound {
            upper = region.upperBound + delta
        } else {
            upper = VocabularyBytes.cut(after: replaced.upperBound, in: document, scratch: &scratch)
            // What the edit removed past the old end, then the document's from the edit on.
            Self.appendUTF8(of: removed, units: (region.upperBound - editLower)..<removedUnits, to: &pendingOld)
            document.appendUTF8(in: replaced.upperBound..<upper, to: &pendingOld)
        }
        pending = lower..<upper
    }

    /// Appends the UTF-8 bytes of the UTF-16 `units` of `string` (scalar boundaries) to `bytes`.
    private static func appendUTF8(of string: String, units: Range<Int>, to bytes: inout [UInt8]) {
        guard !units.isEmpty else { return }
        let view = string.utf16
        let start = view.index(view.startIndex, offsetBy: units.lowerBound)
        let end = view.index(start, offsetBy: units.count)
        bytes.append(contentsOf: string.utf8[start..<end])
    }

    /// Counts `region` of the current `document` against `pendingOld` and clears the region.
    private func settle(_ region: Range<Int>, in document: AttributedText) {
        pending = nil
        settleCount += 1
        current.removeAll(keepingCapacity: true)
        document.appendUTF8(in: region, to: &current)
        countDifference()
        // A large paste should not keep its buffers alive.
        if pendingOld.capacity > 1 << 16 { pendingOld = [] } else { pendingOld.removeAll(keepingCapacity: true) }
        if current.capacity > 1 << 16 { current = [] }
    }

    /// Removes from the engine the words of `pendingOld` that `current` lacks and adds those it
    /// gained (words on both sides cancel, compared as bytes: only a changed word becomes a
    /// `String`).
    private func countDifference() {
        oldWords.removeAll(keepingCapacity: true)
        newWords.removeAll(keepingCapacity: true)
        pendingOld.withUnsafeBufferPointer { bytes in VocabularyBytes.forEachWord(in: bytes) { oldWords.append($0) } }
        current.withUnsafeBufferPointer { bytes in VocabularyBytes.forEachWord(in: bytes) { newWords.append($0) } }
        pendingOld.withUnsafeBufferPointer { old in
            current.withUnsafeBufferPointer { new in
                func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
                    guard a.count == b.count else { return false }
                    var i = a.lowerBound
                    var j = b.lowerBound
                    while i < a.upperBound {
                        if old[i] != new[j] { return false }
                        i += 1
                        j += 1
                    }
                    return true
                }
                func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                // Words before and after the change are usually the same on both sides.
                var first = 0
                while first < oldWords.count && first < newWords.count && same(oldWords[first], newWords[first]) {
                    first += 1
                }
                var oldEnd = oldWords.count
                var newEnd = newWords.count
                while oldEnd > first && newEnd > first && same(oldWords[oldEnd - 1], newWords[newEnd - 1]) {
                    oldEnd -= 1
                    newEnd -= 1
                }
                if oldEnd == first && newEnd == first { return }
                if (oldEnd - first) * (newEnd - first) > 1_024 {
                    engine.applyWordDifference(removed: oldWords[first..<oldEnd].map { string(old, $0) },
                                               inserted: newWords[first..<newEnd].map { string(new, $0) })
                    return
                }
                matched.removeAll(keepingCapacity: true)
                matched.append(contentsOf: repeatElement(false, count: newEnd - first))
                for i in first..<oldEnd {
                    var j = first
                    while j < newEnd && (matched[j - first] || !same(oldWords[i], newWords[j])) { j += 1 }
                    if j < newEnd {
                        matched[j - first] = true
                    } else {
                        engine.removeDocumentWord(string(old, oldWords[i]))
                    }
                }
                for j in first..<newEnd where !matched[j - first] {
                    engine.addDocumentWord(string(new, newWords[j]))
                }
            }
        }
    }
}
