extension AttributedText {
    /// The text of UTF-16 `range`.
    /// - Complexity: O(log n + range).
    public func string(in range: Range<Int>) throws -> String {
        try validate(range)
        return String(decoding: utf8Bytes(in: range), as: UTF8.self)
    }

    /// The attributed text of UTF-16 `range`.
    /// - Complexity: O(log n + range).
    public func attributedText(in range: Range<Int>) throws -> AttributedText {
        try validate(range)
        let (bytes, runs) = slice(range)
        return AttributedText(bytes: bytes, runs: runs)
    }

    /// The Unicode scalars of UTF-16 `range`.
    /// - Complexity: O(log n + range).
    public func unicodeScalars(in range: Range<Int>) throws -> [Unicode.Scalar] {
        try validate(range)
        return Array(String(decoding: utf8Bytes(in: range), as: UTF8.self).unicodeScalars)
    }

    /// Calls `body` with the UTF-8 bytes of UTF-16 `range`, a leaf's worth at a time, without
    /// copying the text; `body` returns false to stop early.
    /// - Complexity: O(log n + range).
    public func forEachUTF8Chunk(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Bool) throws {
        try validate(range)
        guard !range.isEmpty else { return }
        var failure: Error?
        root.forEachLeaf(overlapping: range) { leaf, start in
            let lower = leaf.byteOffset(utf16: max(range.lowerBound, start) - start)!
            let upper = leaf.byteOffset(utf16: min(range.upperBound, start + leaf.summary.utf16) - start)!
            return leaf.withBytes { buffer in
                do {
                    return try body(UnsafeBufferPointer(rebasing: buffer[lower..<upper]))
                } catch {
                    failure = error
                    return false
                }
            }
        }
        if let failure { throw failure }
    }

    /// Attributes of the character at `offset`, which must be before the end.
    /// - Complexity: O(log n + leaf).
    public func attributes(at offset: Int) throws -> Attributes {
        try validate(offset)
        if offset == utf16Count { throw TextError(.outOfRange, offset: offset, unit: .utf16, length: utf16Count) }
        let (leaf, before) = root.leaf(at: offset, in: .utf16, preferRight: true)
        let byte = leaf.byteOffset(utf16: offset - before.utf16)!
        var start = 0
        for run in leaf.runs {
            if byte < start + run.length { return run.attributes }
            start += run.length
        }
        preconditionFailure("runs do not cover leaf")
    }

    /// All runs, maximal and non-empty, in order.
    /// - Complexity: O(n) for non-ASCII text, O(leaves + runs) for ASCII.
    public var runs: [Run] { isEmpty ? [] : collectRuns(0..<utf16Count) }

    /// The runs that overlap `range`, clipped to it.
    /// - Complexity: O(log n + leaves and runs touched).
    public func runs(in range: Range<Int>) throws -> [Run] {
        try validate(range)
        return range.isEmpty ? [] : collectRuns(range)
    }

    /// Calls `body` with each maximal run overlapping `range`, clipped to it, in order, without
    /// building an array; `body` returns false to stop.
    /// - Complexity: O(log n + leaves and runs touched).
    public func forEachRun(in range: Range<Int>, _ body: (Run) throws -> Bool) throws {
        try validate(range)
        guard !range.isEmpty else { return }
        var pending: Run?
        var failure: Error?
        var stopped = false
        visitRuns(range) { run in
            if let last = pending, last.attributes == run.attributes, last.range.upperBound == run.range.lowerBound {
                pending = Run(range: last.range.lowerBound..<run.range.upperBound, attributes: last.attributes)
                return true
            }
            if let last = pending {
                do {
                    if try !body(last) { stopped = true; return false }
                } catch {
                    failure = error
                    return false
                }
            }
            pending = run
            return true
        }
        if let failure { throw failure }
        if !stopped, let last = pending { _ = try body(last) }
    }

    func collectRuns(_ range: Range<Int>) -> [Run] {
        var result: [Run] = []
        visitRuns(range) { run in
            if let last = result.last, last.attributes == run.attributes, last.range.upperBound == run.range.lowerBound {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append(run)
            }
            return true
        }
        return result
    }

    /// Calls `body` with each leaf run piece overlapping `range`, clipped (neighbours may be equal).
    private func visitRuns(_ range: Range<Int>, _ body: (Run) -> Bool) {
        var stopped = false
        root.forEachLeaf(overlapping: range) { leaf, start in
            var position = start
            leaf.forEachRunUTF16 { length, attributes in
                let lower = max(position, range.lowerBound)
                let upper = min(position + length, range.upperBound)
                position += length
                guard lower < upper else { return position < range.upperBound }
                if !body(Run(range: lower..<upper, attributes: attributes)) {
                    stopped = true
                    return false
                }
                return position < range.upperBound
            }
            return !stopped
        }
    }

    /// The UTF-8 bytes of a valid UTF-16 range.
    func utf8Bytes(in range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        guard !range.isEmpty else { return bytes }
        bytes.reserveCapacity(range.count)
        root.forEachLeaf(overlapping: range) { leaf, start in
            let lower = leaf.byteOffset(utf16: max(range.lowerBound, start) - start)!
            let upper = leaf.byteOffset(utf16: min(range.upperBound, start + leaf.summary.utf16) - start)!
            leaf.withBytes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
            return true
        }
        return bytes
    }

    /// The bytes and byte-measured runs of a valid UTF-16 range.
    func slice(_ range: Range<Int>) -> (bytes: [UInt8], runs: [LeafRun]) {
        var bytes: [UInt8] = []
        var runs: [LeafRun] = []
        guard !range.isEmpty else { return (bytes, runs) }
        root.forEachLeaf(overlapping: range) { leaf, start in
            let lower = leaf.byteOffset(utf16: max(range.lowerBound, start) - start)!
            let upper = leaf.byteOffset(utf16: min(range.upperBound, start + leaf.summary.utf16) - start)!
            leaf.withBytes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
            runs.appendRuns(of: leaf.runs, bytes: lower..<upper)
            return true
        }
        return (bytes, runs)
    }
}

extension Node {
    /// Calls `body` with each run of this leaf measured in UTF-16 units; `body` returns false to stop.
    func forEachRunUTF16(_ body: (Int, Attributes) -> Bool) {
        if summary.isASCII {
            for run in runs where !body(run.length, run.attributes) { return }
            return
        }
        withBytes { buffer in
            var byte = 0
            for run in runs {
                var units = 0
                let end = byte + run.length
                while byte < end {
                    let length = Node.sequenceLength(buffer[byte])
                    units += length == 4 ? 2 : 1
                    byte += length
                }
                if !body(units, run.attributes) { return }
            }
        }
    }
}
