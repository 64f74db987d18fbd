/// Line diffs in unified format (`--- a`, `+++ b`, `@@ -l,n +l,n @@` hunks with three lines of
/// context), for checkpoint failures. Deterministic: the same inputs give the same diff.
public enum UnifiedDiff {
    enum Operation: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The unified diff turning `old` into `new`, or "" when they are equal. Lines end at `\n`.
    /// - Complexity: common leading and trailing lines cost O(n); the rest is an LCS over at most
    ///   4 million line pairs, beyond which the middle is shown as replaced whole.
    public static func diff(_ old: String, _ new: String, from oldName: String, to newName: String, context: Int = 3) -> String {
        if old == new { return "" }
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let operations = self.operations(a, b)
        var lines = ["--- \(oldName)", "+++ \(newName)"]
        // Group changes closer than 2 * context lines into one hunk.
        var index = 0
        while index < operations.count {
            guard let firstChange = operations[index...].firstIndex(where: { $0 != .same(text(of: $0)) }) else { break }
            var end = firstChange
            var lastChange = firstChange
            while end < operations.count {
                if case .same = operations[end] {
                    if end - lastChange > 2 * context { break }
                } else {
                    lastChange = end
                }
                end += 1
            }
            let start = max(index, firstChange - context)
            let stop = min(operations.count, lastChange + context + 1)
            var oldLine = 1
            var newLine = 1
            for op in operations[..<start] {
                switch op {
                case .same: oldLine += 1; newLine += 1
                case .removed: oldLine += 1
                case .added: newLine += 1
                }
            }
            var oldCount = 0
            var newCount = 0
            var body: [String] = []
            for op in operations[start..<stop] {
                switch op {
                case .same(let s): oldCount += 1; newCount += 1; body.append(" " + s)
                case .removed(let s): oldCount += 1; body.append("-" + s)
                case .added(let s): newCount += 1; body.append("+" + s)
                }
            }
            lines.append("@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@")
            lines += body
            index = stop
        }
        return lines.joined(separator: "\n")
    }

    static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    static func text(of operation: Operation) -> String {
        switch operation {
        case .same(let s), .removed(let s), .added(let s): s
        }
    }

    static func operations(_ a: [String], _ b: [String]) -> [Operation] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        var result = a[..<prefix].map(Operation.same)
        if midA.count * midB.count <= 4_000_000 {
            result += lcs(midA, midB)
        } else {
            result += midA.map(Operation.removed) + midB.map(Operation.added)
        }
        result += a[(a.count - suffix)...].map(Operation.same)
        return result
    }

    static func lcs(_ a: [String], _ b: [String]) -> [Operation] {
        let n = a.count, m = b.count
        if n == 0 { return b.map(Operation.added) }
        if m == 0 { return a.map(Operation.removed) }
        // lengths[i][j]: LCS of a[i...] and b[j...], flattened.
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] = a[i] == b[j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0, j = 0
        while i < n, j < m {
            if a[i] == b[j] {
                result.append(.same(a[i])); i += 1; j += 1
            } else if lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                result.append(.removed(a[i])); i += 1
            } else {
                result.append(.added(b[j])); j += 1
            }
        }
        while i < n { result.append(.removed(a[i])); i += 1 }
        while j < m { result.append(.added(b[j])); j += 1 }
        return result
    }
}
