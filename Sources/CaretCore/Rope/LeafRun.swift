/// A stretch of a leaf's bytes that shares one attribute set. Within a leaf, runs are non-empty
/// and no two neighbours are equal; a logical run may continue across a leaf boundary.
struct LeafRun: Equatable, Sendable {
    /// Length in UTF-8 bytes; always ends on a scalar boundary.
    var length: Int
    var attributes: Attributes
}

extension Array where Element == LeafRun {
    /// Appends a run, merging it into the last one when the attributes are equal; drops empty runs.
    mutating func appendCoalescing(_ run: LeafRun) {
        guard run.length > 0 else { return }
        if let last = self.last, last.attributes == run.attributes {
            self[count - 1].length += run.length
        } else {
            append(run)
        }
    }

    /// Appends the runs covering bytes `range` of `source`.
    /// - Complexity: O(source.count).
    mutating func appendRuns(of source: [LeafRun], bytes range: Range<Int>) {
        var start = 0
        for run in source {
            let end = start + run.length
            let lower = Swift.max(start, range.lowerBound)
            let upper = Swift.min(end, range.upperBound)
            if lower < upper { appendCoalescing(LeafRun(length: upper - lower, attributes: run.attributes)) }
            if end >= range.upperBound { break }
            start = end
        }
    }

    /// Replaces bytes `lower..<upper` with `insertLength` bytes carrying `attributes`, keeping
    /// runs non-empty and coalesced. Works in place: typing inside a run with equal attributes
    /// only changes one length.
    /// - Complexity: O(count).
    mutating func replaceBytes(_ lower: Int, _ upper: Int, insertLength: Int, attributes: Attributes) {
        // Find the run where the edit starts: the first whose end reaches past `lower`, or (for an
        // insertion at a run's end) the run that ends at `lower`.
        var index = 0
        var start = 0
        while index < count {
            let end = start + self[index].length
            if lower < end || (lower == end && lower == upper) { break }
            start = end
            index += 1
        }
        // Delete: shorten every run the range overlaps, dropping those that empty. Only the first
        // may be entered partway; the deletion takes the others from their start.
        var remaining = upper - lower
        var i = index
        var offsetInRun = lower - start
        while remaining > 0 {
            let inRun = Swift.min(remaining, self[i].length - offsetInRun)
            self[i].length -= inRun
            remaining -= inRun
            offsetInRun = 0
            if self[i].length == 0 { remove(at: i) } else { i += 1 }
        }
        if insertLength > 0 { insertRun(at: lower, length: insertLength, attributes: attributes) }
        // The runs were coalesced before; only the junctions at the edit can have become equal.
        coalesce(near: index)
    }

    /// Inserts `length` bytes carrying `attributes` at byte `offset`, extending a neighbouring
    /// run with equal attributes when there is one.
    private mutating func insertRun(at offset: Int, length: Int, attributes: Attributes) {
        if offset == 0 {
            if let first, first.attributes == attributes {
                self[0].length += length
            } else {
                insert(LeafRun(length: length, attributes: attributes), at: 0)
            }
            return
        }
        // The first run that reaches `offset`.
        var j = 0
        var end = 0
        while j < count {
            end += self[j].length
            if end >= offset { break }
            j += 1
        }
        let new = LeafRun(length: length, attributes: attributes)
        if j == count {
            append(new)
        } else if self[j].attributes == attributes {
            self[j].length += length
        } else if end == offset {
            if j + 1 < count, self[j + 1].attributes == attributes {
                self[j + 1].length += length
            } else {
                insert(new, at: j + 1)
            }
        } else {
            // Split run j around the insertion.
            let tail = LeafRun(length: end - offset, attributes: self[j].attributes)
            self[j].length -= end - offset
            insert(contentsOf: [new, tail], at: j + 1)
        }
    }

    /// Merges neighbours with equal attributes and drops empty runs among the runs from
    /// `index - 1` to `index + 2`.
    mutating func coalesce(near index: Int) {
        var i = Swift.max(1, index)
        let end = Swift.min(count, index + 3)
        var limit = end
        while i < limit {
            if self[i - 1].attributes == self[i].attributes {
                self[i - 1].length += self[i].length
                remove(at: i)
                limit -= 1
            } else {
                i += 1
            }
        }
    }

    /// Merges neighbours with equal attributes and drops empty runs.
    /// - Complexity: O(count).
    mutating func coalesce() {
        var write = 0
        for read in indices {
            if self[read].length == 0 { continue }
            if write > 0, self[write - 1].attributes == self[read].attributes {
                self[write - 1].length += self[read].length
            } else {
                if write != read { self[write] = self[read] }
                write += 1
            }
        }
        if write < count { removeSubrange(write...) }
    }
}
