/// Where the previous edit of a leaf's runs was: run `index` starts at byte `start`. A hint,
/// reset whenever the runs change another way.
struct RunHint: Sendable {
    var index = 0
    var start = 0
}

/// A stretch of a leaf's bytes that shares one attribute set. Within a leaf, runs are non-empty
/// and no two neighbours are equal; a logical run may continue across a leaf boundary.
struct LeafRun: Equatable, Sendable {
    /// Length in UTF-8 bytes; always ends on a scalar boundary.
    var length: Int
    var attributes: Attributes
}

/// A mutable list of runs: an array, or a leaf's runs in place (`InlineRuns`).
protocol RunList {
    var count: Int { get }
    subscript(i: Int) -> LeafRun { get set }
    @discardableResult mutating func remove(at i: Int) -> LeafRun
    mutating func insert(_ run: LeafRun, at i: Int)
    mutating func append(_ run: LeafRun)
    func withRunPointer<R>(_ body: (UnsafeBufferPointer<LeafRun>) -> R) -> R
}

extension Array: RunList where Element == LeafRun {
    @inline(__always)
    func withRunPointer<R>(_ body: (UnsafeBufferPointer<LeafRun>) -> R) -> R { withUnsafeBufferPointer(body) }
}

/// A leaf's runs in place: `count` of them at `base`, with room for the edit's growth (the
/// caller checked it, `Node.mutateRuns`).
struct InlineRuns: RunList {
    let base: UnsafeMutablePointer<LeafRun>
    var count: Int

    subscript(i: Int) -> LeafRun {
        @inline(__always) get { base[i] }
        @inline(__always) nonmutating set { base[i] = newValue }
    }

    @discardableResult
    mutating func remove(at i: Int) -> LeafRun {
        let run = base[i]
        (base + i).update(from: base + i + 1, count: count - i - 1)
        count -= 1
        return run
    }

    mutating func insert(_ run: LeafRun, at i: Int) {
        // Runs are trivial values: moving them up one is a byte copy.
        UnsafeMutableRawPointer(base + i + 1).copyMemory(from: UnsafeRawPointer(base + i),
                                                         byteCount: (count - i) * MemoryLayout<LeafRun>.stride)
        (base + i).initialize(to: run)
        count += 1
    }

    mutating func append(_ run: LeafRun) {
        (base + count).initialize(to: run)
        count += 1
    }

    @inline(__always)
    func withRunPointer<R>(_ body: (UnsafeBufferPointer<LeafRun>) -> R) -> R { body(UnsafeBufferPointer(start: base, count: count)) }
}

extension RunList {
    /// Appends a run, merging it into the last one when the attributes are equal; drops empty runs.
    mutating func appendCoalescing(_ run: LeafRun) {
        guard run.length > 0 else { return }
        if count > 0, self[count - 1].attributes == run.attributes {
            self[count - 1].length += run.length
        } else {
            append(run)
        }
    }

    /// Appends the runs covering bytes `range` of `source`.
    /// - Complexity: O(source.count).
    mutating func appendRuns<Source: Sequence>(of source: Source, bytes range: Range<Int>) where Source.Element == LeafRun {
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
    /// runs non-empty and coalesced. Works in place: typing inside or at the end of a run with
    /// equal attributes only changes one length.
    /// - Complexity: O(count).
    mutating func replaceBytes(_ lower: Int, _ upper: Int, insertLength: Int, attributes: Attributes, hint: inout RunHint) {
        // The run where the edit starts: the first that reaches past `lower`, or for an
        // insertion the run that ends at `lower`. The search starts at the run the previous
        // edit touched when that is not past `lower` (typing moves forward through a leaf).
        let isInsertion = lower == upper
        let from = hint.index < count ? hint : RunHint()
        var (index, start) = withRunPointer { runs -> (Int, Int) in
            var index = from.index
            var start = from.start
            // Backspacing moves backward: step back until the run starts at or before `lower`
            // (for an insertion, strictly before, so that a run ending at `lower` is found).
            while index > 0 && (start > lower || (isInsertion && start == lower)) {
                index &-= 1
                start &-= runs[index].length
            }
            while index < runs.count {
                let end = start &+ runs[index].length
                if lower < end || (isInsertion && lower == end) { break }
                start = end
                index &+= 1
            }
            return (index, start)
        }
        // Delete: shorten every run the range overlaps, dropping those that empty. Only the first
        // may be entered partway; the deletion takes the others from their start.
        var remaining = upper - lower
        var changedShape = remaining > 0
        var i = index
        var offsetInRun = lower - start
        while remaining > 0 {
            let inRun = Swift.min(remaining, self[i].length - offsetInRun)
            self[i].length -= inRun
            remaining -= inRun
            offsetInRun = 0
            if self[i].length == 0 { remove(at: i) } else { i += 1 }
        }
        if insertLength > 0 {
            changedShape = true
            // `lower` is now inside run `index`, at its end (an insertion), at its start, or past
            // the last run.
            let new = LeafRun(length: insertLength, attributes: attributes)
            if index == count {
                if index > 0, self[index - 1].attributes == attributes {
                    self[index - 1].length += insertLength
                } else {
                    append(new)
                }
            } else if lower == start {
                if index > 0, self[index - 1].attributes == attributes {
                    self[index - 1].length += insertLength
                    index -= 1
                    start -= self[index].length - insertLength
                } else if self[index].attributes == attributes {
                    self[index].length += insertLength
                } else {
                    insert(new, at: index)
                }
            } else if self[index].attributes == attributes {
                self[index].length += insertLength
                changedShape = upper != lower
            } else if lower == start + self[index].length {
                if index + 1 < count, self[index + 1].attributes == attributes {
                    self[index + 1].length += insertLength
                } else {
                    insert(new, at: index + 1)
                }
            } else {
                // Split run `index` around the insertion.
                let tail = LeafRun(length: start + self[index].length - lower, attributes: self[index].attributes)
                self[index].length = lower - start
                insert(tail, at: index + 1)
                insert(new, at: index + 1)
            }
        }
        // The runs were coalesced before; only the junctions at the edit can have become equal,
        // and only if a run was shortened, removed, split or added.
        // Run `index` still starts at `start` unless coalescing merged it into its predecessor.
        let mergedAtIndex = changedShape && coalesce(near: index)
        hint = index < count && !mergedAtIndex ? RunHint(index: index, start: start) : RunHint()
    }

    /// Merges neighbours with equal attributes and drops empty runs among the runs from
    /// `index - 1` to `index + 2`.
    /// Returns whether run `index` itself was merged into the run before it.
    @discardableResult
    mutating func coalesce(near index: Int) -> Bool {
        var i = Swift.max(1, index)
        var limit = Swift.min(count, index + 3)
        var mergedAtIndex = false
        while i < limit {
            if self[i - 1].attributes == self[i].attributes {
                self[i - 1].length += self[i].length
                remove(at: i)
                limit -= 1
                if i == index { mergedAtIndex = true }
            } else {
                i += 1
            }
        }
        return mergedAtIndex
    }
}

/// A place in a list of leaf runs (lengths in bytes), for cutting consecutive leaves' runs from
/// it: `take` returns the runs over the next bytes and moves past them. (`RunCursor` does the
/// same over a document's runs, in UTF-16 units, for restyling.)
struct LeafRunCursor {
    /// The run the next byte is in.
    private(set) var index = 0
    /// Bytes of that run already taken.
    private var used = 0

    /// The runs (coalesced) over the next `count` bytes of `runs`, which must cover them, put in
    /// `taken` in place of what it held: one buffer serves every leaf a region is cut into.
    mutating func take(_ count: Int, of runs: [LeafRun], into taken: inout [LeafRun]) {
        taken.removeAll(keepingCapacity: true)
        var remaining = count
        while remaining > 0 {
            let run = runs[index]
            let length = Swift.min(run.length - used, remaining)
            taken.appendCoalescing(LeafRun(length: length, attributes: run.attributes))
            remaining -= length
            used += length
            if used == run.length {
                index += 1
                used = 0
            }
        }
    }

    /// The cursor after the first `count` runs are removed from the list it reads (which must be
    /// runs it has passed).
    mutating func dropFirst(_ count: Int) { index -= count }
}
