extension AttributedText {
    /// Gives the text from UTF-16 `location` on the attributes of `runs`, in order: each run's
    /// range says only its length (ranges are taken as consecutive from `location`). The inverse
    /// of a formatting change, in one pass: restoring the runs saved before it.
    /// - Complexity: O(log n + leaves and runs touched).
    /// - Throws: `TextError` when the runs reach past the end or a run boundary falls inside a
    ///   surrogate pair.
    public mutating func setAttributes(runs: [Run], startingAt location: Int) throws {
        try validate(location)
        var end = location
        for run in runs {
            // A length that would overflow is past the end: refused like any other, never a trap.
            let (sum, overflow) = end.addingReportingOverflow(run.range.count)
            end = overflow ? Int.max : sum
            try validate(end)
        }
        guard end > location else { return }
        if !isKnownUniquelyReferenced(&root) { root = root.clone() }
        var cursor = RunCursor(runs: runs)
        root.assignRuns(location, end, &cursor)
    }
}

/// Hands out the attributes of consecutive UTF-16 lengths, in order.
struct RunCursor {
    private let runs: [AttributedText.Run]
    private var index = 0
    private var used = 0

    init(runs: [AttributedText.Run]) { self.runs = runs.filter { !$0.range.isEmpty } }

    /// The attributes at the cursor and how many UTF-16 units remain in that run.
    var current: (remaining: Int, attributes: Attributes) {
        (runs[index].range.count - used, runs[index].attributes)
    }

    mutating func advance(_ units: Int) {
        used += units
        if used == runs[index].range.count {
            index += 1
            used = 0
        }
    }
}

extension Node {
    /// Assigns attributes from `cursor` over UTF-16 `lower..<upper` of this uniquely referenced
    /// subtree.
    func assignRuns(_ lower: Int, _ upper: Int, _ cursor: inout RunCursor) {
        forEachLeafForRestyling(lower, upper) { leaf, lower, upper in leaf.assignLeafRuns(lower, upper, &cursor) }
    }

    private func assignLeafRuns(_ lower: Int, _ upper: Int, _ cursor: inout RunCursor) {
        let byteLower = byteOffset(utf16: lower)!
        let byteUpper = byteOffset(utf16: upper)!
        var result: [LeafRun] = []
        result.appendRuns(of: runs, bytes: 0..<byteLower)
        let isASCII = summary.isASCII
        withBytes { buffer in
            var byte = byteLower
            while byte < byteUpper {
                let (remaining, attributes) = cursor.current
                // Take `remaining` UTF-16 units (or what is left of this leaf) as bytes.
                var units = 0
                let start = byte
                if isASCII {
                    units = min(remaining, byteUpper - byte)
                    byte += units
                }
                while units < remaining && byte < byteUpper {
                    let length = Node.sequenceLength(buffer[byte])
                    units += length == 4 ? 2 : 1
                    byte += length
                }
                result.appendCoalescing(LeafRun(length: byte - start, attributes: attributes))
                cursor.advance(units)
            }
        }
        result.appendRuns(of: runs, bytes: byteUpper..<Int.max)
        setRuns(result)
    }
}
