/// Cutting text into leaves.
extension Node {
    /// Leaves holding `bytes` (valid UTF-8 that starts and ends on cluster boundaries) with
    /// `runs`, cut on cluster boundaries near `targetLeafBytes`; `roomy` leaves get a full leaf's
    /// room for typing (see `byteCapacity(for:roomy:)`).
    /// - Complexity: O(bytes.count).
    static func makeLeaves(_ bytes: [UInt8], runs: [LeafRun], roomy: Bool = false) -> [Node] {
        if bytes.count <= maxLeafBytes {
            return bytes.isEmpty ? [] : [Node.leaf(bytes: bytes, runs: runs, summary: leafSummary(bytes), roomy: roomy)]
        }
        var builder = LeafBuilder(roomy: roomy)
        bytes.withUnsafeBufferPointer { builder.append($0, runs: runs) }
        return builder.finish()
    }

    /// Where to end a leaf that starts at `start` (a cluster boundary) in `buffer`: a cluster
    /// boundary near `start + targetLeafBytes` and no further than `start + maxLeafBytes`, or the
    /// end of one cluster longer than that. `buffer` must hold more than `maxLeafBytes` after
    /// `start`. When more text may follow (`isFinal` false), returns nil if the answer depends on it.
    /// `target` (at least `start + minLeafBytes`, at most `start + maxLeafBytes`) is where to aim;
    /// `start + targetLeafBytes` by default.
    static func cut(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool, target: Int? = nil) -> Int? {
        let target = target ?? start + targetLeafBytes
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
        // Otherwise segment a window that starts on a boundary. A boundary is trusted only when
        // the scalar after it is inside the window (it decides the boundary) or the text ends there.
        var windowEnd = min(buffer.count, limit + 8)
        while windowEnd < buffer.count, buffer[windowEnd] & 0xC0 == 0x80 { windowEnd += 1 }
        var best: Int?
        var cursor = GraphemeCursor(utf8: UnsafeBufferPointer(rebasing: buffer[start..<windowEnd]),
                                    isEnd: isFinal && windowEnd == buffer.count)
        while let next = cursor.next() {
            let position = start + next
            if position > limit { break }
            best = position
            if position >= target { break }
        }
        if let best { return best }
        // One cluster is longer than a leaf: take it whole, once it is known where it ends.
        var end = limit
        while end < buffer.count, buffer[end] & 0xC0 == 0x80 { end += 1 }
        while true {
            let window = UnsafeBufferPointer(rebasing: buffer[start..<end])
            if let first = GraphemeSegmentation.nextBoundary(in: window, from: 0, isEnd: isFinal && end == buffer.count) {
                return start + first
            }
            if end == buffer.count { return nil }
            end = min(buffer.count, start + (end - start) * 2)
            while end < buffer.count, buffer[end] & 0xC0 == 0x80 { end += 1 }
        }
    }
}

/// Builds leaves from text that arrives in pieces, holding only a few kilobytes that are not yet
/// cut, so a large document never exists twice in memory while it is built.
struct LeafBuilder {
    private var pending: [UInt8] = []
    private var consumed = 0
    private var runs: [LeafRun] = []
    /// The runs of the leaf being emitted.
    private var leafRuns: [LeafRun] = []
    private var runCursor = LeafRunCursor()
    private(set) var leaves: [Node] = []
    /// Whether the leaves get a full leaf's room for typing (`Node.byteCapacity(for:roomy:)`).
    private let roomy: Bool
    /// When a cut had to wait for more text (a cluster longer than a leaf that may go on), how
    /// many bytes must be pending uncut before trying again: twice as many as then, so a long
    /// cluster appended a scalar at a time is not segmented again on every append.
    private var retryAt = 0

    /// How much of a long append is taken into `pending` at a time: a document built from one
    /// huge piece is cut into leaves a slice at a time, never copied whole.
    static let sliceBytes = 1 << 16

    init(roomy: Bool = false) { self.roomy = roomy }

    /// Appends valid UTF-8 `bytes` covered by `runs`.
    /// - Complexity: O(bytes.count); holds at most a slice more than the leaves it has made.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, runs newRuns: [LeafRun]) {
        for run in newRuns { runs.appendCoalescing(run) }
        var start = 0
        repeat {
            let end = Swift.min(bytes.count, start + LeafBuilder.sliceBytes)
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            cutLeaves(isFinal: false)
            start = end
        } while start < bytes.count
    }

    /// Appends valid UTF-8 `bytes` covered by `runs`, which may be very long.
    mutating func append(_ bytes: [UInt8], runs newRuns: [LeafRun]) {
        bytes.withUnsafeBufferPointer { append($0, runs: newRuns) }
    }

    /// Appends valid UTF-8 `bytes` carrying `attributes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, attributes: Attributes) {
        append(bytes, runs: [LeafRun(length: bytes.count, attributes: attributes)])
    }

    /// The leaves, once all text has been appended.
    mutating func finish() -> [Node] {
        cutLeaves(isFinal: true)
        return leaves
    }

    private mutating func cutLeaves(isFinal: Bool) {
        if !isFinal && pending.count - consumed < retryAt { return }
        var cuts: [Int] = []
        var waitUntil = 0
        pending.withUnsafeBufferPointer { buffer in
            var start = consumed
            while buffer.count - start > Node.maxLeafBytes {
                // The last two leaves of the text share what is left evenly: cutting a full leaf
                // that typing overflowed at `targetLeafBytes` would leave a sliver beside a leaf
                // with little room, and the next keys there would take this path again soon.
                let remaining = buffer.count - start
                let target = isFinal && remaining <= 2 * Node.maxLeafBytes ? start + remaining / 2 : nil
                guard let end = Node.cut(buffer, from: start, isFinal: isFinal, target: target) else {
                    waitUntil = 2 * (buffer.count - start)
                    break
                }
                cuts.append(end)
                start = end
            }
            if isFinal && start < buffer.count { cuts.append(buffer.count) }
        }
        retryAt = waitUntil
        for end in cuts { emit(upTo: end) }
        if consumed > 1 << 16 || consumed == pending.count {
            pending.removeFirst(consumed)
            consumed = 0
        }
    }

    private mutating func emit(upTo end: Int) {
        runCursor.take(end - consumed, of: runs, into: &leafRuns)
        if runCursor.index > 4096 {
            runs.removeFirst(runCursor.index)
            runCursor.dropFirst(runCursor.index)
        }
        let start = consumed
        let leaf = pending.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
            return leafRuns.withUnsafeBufferPointer { Node.leaf(bytes, runs: $0, summary: Node.leafSummary(bytes), roomy: roomy) }
        }
        leaves.append(leaf)
        consumed = end
    }
}

extension AttributedText {
    /// Builds attributed text piece by piece without holding the text twice, for large documents.
    public struct Builder {
        private var leaves = LeafBuilder()

        public init() {}

        /// Appends `string` carrying `attributes`.
        public mutating func append(_ string: String, attributes: Attributes = Attributes()) {
            guard !string.isEmpty else { return }
            var string = string
            string.withUTF8 { leaves.append($0, attributes: attributes) }
        }

        /// The text built so far; the builder is spent.
        public mutating func finish() -> AttributedText {
            var nodes = leaves.finish()
            return AttributedText(root: Node.makeRoot(&nodes))
        }
    }

    init(root: Node) { storage = root }
}
