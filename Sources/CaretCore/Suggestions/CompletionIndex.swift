/// Ranks the words of a key range by frequency: a segment tree whose nodes hold the best-ranked
/// index of their span, so the best `k` of any range come out in O(k log n) without scanning it.
///
/// Rank order: higher frequency first, then lower index (keys are sorted in scalar order, so ties
/// break by word).
struct CompletionIndex: Sendable {
    private let frequencies: [Int]
    private let leafBase: Int
    /// `tree[leafBase + i] == i`; an inner node holds the better of its children; -1 is empty.
    private let tree: [Int32]

    /// Builds the index over per-key frequencies.
    /// - Complexity: O(n).
    init(frequencies: [Int]) {
        self.frequencies = frequencies
        var base = 1
        while base < frequencies.count { base *= 2 }
        var tree = [Int32](repeating: -1, count: 2 * base)
        for i in 0..<frequencies.count { tree[base + i] = Int32(i) }
        var node = base - 1
        while node >= 1 {
            tree[node] = CompletionIndex.better(tree[2 * node], tree[2 * node + 1], frequencies)
            node -= 1
        }
        self.leafBase = base
        self.tree = tree
    }

    private static func better(_ a: Int32, _ b: Int32, _ frequencies: [Int]) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        let fa = frequencies[Int(a)]
        let fb = frequencies[Int(b)]
        if fa != fb { return fa > fb ? a : b }
        return a < b ? a : b
    }

    /// The best-ranked index in `range`, or nil when it is empty.
    /// - Complexity: O(log n).
    func best(in range: Range<Int>) -> Int? {
        var low = range.lowerBound + leafBase
        var high = range.upperBound + leafBase
        var result: Int32 = -1
        while low < high {
            if low & 1 == 1 { result = CompletionIndex.better(result, tree[low], frequencies); low += 1 }
            if high & 1 == 1 { high -= 1; result = CompletionIndex.better(result, tree[high], frequencies) }
            low >>= 1
            high >>= 1
        }
        return result < 0 ? nil : Int(result)
    }

    /// Calls `body` with the indices of `range` best first until it returns false or the range is
    /// exhausted.
    /// - Complexity: O(k log n + k²) for k indices visited (k is small: a suggestion limit).
    func forEachRanked(in range: Range<Int>, _ body: (Int) -> Bool) {
        var pending: [(best: Int, span: Range<Int>)] = []
        if let first = best(in: range) { pending.append((first, range)) }
        while !pending.isEmpty {
            var pick = 0
            for k in 1..<pending.count where CompletionIndex.better(
                Int32(pending[k].best), Int32(pending[pick].best), frequencies) == Int32(pending[k].best) {
                pick = k
            }
            let (index, span) = pending.remove(at: pick)
            if !body(index) { return }
            let left = span.lowerBound..<index
            let right = (index + 1)..<span.upperBound
            if let b = best(in: left) { pending.append((b, left)) }
            if let b = best(in: right) { pending.append((b, right)) }
        }
    }

    /// Bytes held by the tree (the frequencies are shared with the lexicon).
    var memoryBytes: Int { tree.capacity * 4 }
}
