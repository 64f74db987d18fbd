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
    /// runs non-empty and coalesced.
    /// - Complexity: O(count).
    mutating func replaceBytes(_ lower: Int, _ upper: Int, insertLength: Int, attributes: Attributes) {
        // The common case, typing inside or at the end of a single run with equal attributes.
        if count == 1, self[0].attributes == attributes || insertLength == 0 {
            self[0].length += insertLength - (upper - lower)
            if self[0].length == 0 { removeAll() }
            return
        }
        var result: [LeafRun] = []
        result.reserveCapacity(count + 2)
        result.appendRuns(of: self, bytes: 0..<lower)
        result.appendCoalescing(LeafRun(length: insertLength, attributes: attributes))
        result.appendRuns(of: self, bytes: upper..<Int.max)
        self = result
    }
}
