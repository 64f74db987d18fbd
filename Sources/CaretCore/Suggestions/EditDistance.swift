/// Damerau–Levenshtein distance in its optimal-string-alignment form (insertions, deletions,
/// substitutions, and transpositions of adjacent symbols; no substring is edited twice), bounded.
package enum EditDistance {
    /// The OSA distance between `a` and `b`, or `nil` when it exceeds `limit`.
    /// - Complexity: O(`a.count` × `b.count`), stopping early once every cell of a row exceeds `limit`.
    package static func optimalStringAlignment(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int? {
        let n = a.count
        let m = b.count
        if abs(n - m) > limit { return nil }
        if n == 0 { return m }
        if m == 0 { return n }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { buffer in
            var twoBack = buffer.baseAddress!
            var previous = twoBack + (m + 1)
            var current = previous + (m + 1)
            for j in 0...m {
                twoBack[j] = 0
                previous[j] = j
            }
            for i in 1...n {
                current[0] = i
                var rowMin = i
                let ai = a[i - 1]
                for j in 1...m {
                    let bj = b[j - 1]
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ai == bj ? 0 : 1))
                    if i > 1, j > 1, ai == b[j - 2], a[i - 2] == bj {
                        value = min(value, twoBack[j - 2] + 1)
                    }
                    current[j] = value
                    if value < rowMin { rowMin = value }
                }
                if rowMin > limit { return nil }
                let recycled = twoBack
                twoBack = previous
                previous = current
                current = recycled
            }
            let distance = previous[m]
            return distance <= limit ? distance : nil
        }
    }
}
