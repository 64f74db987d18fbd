/// Cutting text into leaves.
extension Node {
    /// Leaves holding `bytes` (valid UTF-8 that starts and ends on cluster boundaries) with
    /// `runs`, cut on cluster boundaries near `targetLeafBytes`; a single cluster longer than a
    /// leaf gets a leaf of its own.
    /// - Complexity: O(bytes.count).
    static func makeLeaves(_ bytes: [UInt8], runs: [LeafRun]) -> [Node] {
        if bytes.count <= maxLeafBytes {
            return bytes.isEmpty ? [] : [Node(leafBytes: bytes, runs: runs, summary: leafSummary(bytes))]
        }
        var leaves: [Node] = []
        leaves.reserveCapacity(bytes.count / targetLeafBytes + 1)
        var splitter = RunSplitter(runs: runs)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer.count - start <= maxLeafBytes ? buffer.count : cut(buffer, from: start)
                let leafBytes = Array(buffer[start..<end])
                leaves.append(Node(leafBytes: leafBytes, runs: splitter.take(end - start), summary: leafSummary(leafBytes)))
                start = end
            }
        }
        return leaves
    }

    /// Where to end a leaf that starts at `start` (a cluster boundary): a cluster boundary near
    /// `start + targetLeafBytes` and no further than `start + maxLeafBytes`, unless one cluster
    /// is longer than that.
    private static func cut(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let target = start + targetLeafBytes
        let limit = start + maxLeafBytes
        // A position between two ASCII bytes (not CR LF) is always a boundary.
        var i = target
        while i < limit {
            let (x, y) = (buffer[i - 1], buffer[i])
            if x < 0x80, y < 0x80, !(x == 0x0D && y == 0x0A) { return i }
            i += 1
        }
        i = target - 1
        while i > start + minLeafBytes {
            let (x, y) = (buffer[i - 1], buffer[i])
            if x < 0x80, y < 0x80, !(x == 0x0D && y == 0x0A) { return i }
            i -= 1
        }
        // Otherwise segment: the window starts on a boundary; a boundary is trusted only if the
        // window extends past it (the window is cut on a scalar boundary, two scalars on).
        var windowEnd = min(buffer.count, limit + 8)
        while windowEnd < buffer.count, buffer[windowEnd] & 0xC0 == 0x80 { windowEnd += 1 }
        let window = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<windowEnd]), as: UTF8.self)
        var position = start
        var best = -1
        for character in window {
            let next = position + character.utf8.count
            if next >= windowEnd && windowEnd < buffer.count { break }
            if next > limit { break }
            position = next
            best = position
            if position >= target { break }
        }
        if best > start { return best }
        // One cluster is longer than a leaf: take it whole.
        let rest = String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        return start + (rest.first.map { $0.utf8.count } ?? (buffer.count - start))
    }
}

/// Hands out consecutive slices of a run list, by byte length.
struct RunSplitter {
    private let runs: [LeafRun]
    private var index = 0
    private var usedOfCurrent = 0

    init(runs: [LeafRun]) { self.runs = runs }

    /// The runs covering the next `length` bytes.
    mutating func take(_ length: Int) -> [LeafRun] {
        var result: [LeafRun] = []
        var remaining = length
        while remaining > 0 {
            let run = runs[index]
            let available = run.length - usedOfCurrent
            let used = min(available, remaining)
            result.appendCoalescing(LeafRun(length: used, attributes: run.attributes))
            remaining -= used
            usedOfCurrent += used
            if usedOfCurrent == run.length {
                index += 1
                usedOfCurrent = 0
            }
        }
        return result
    }
}
