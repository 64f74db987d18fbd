@testable import CaretCore

/// A naive backtracking matcher over `RegexNode` trees: the meaning the engine must have, written
/// the obvious (exponential) way, for small patterns and texts only.
///
/// Semantics it fixes: leftmost-first (the first success in the order alternatives and greedy or
/// lazy repetitions are tried); a match starts and ends only on grapheme-cluster boundaries (from
/// Swift's `Character`s, not Caret's segmentation); an iteration of an unbounded repetition past its
/// minimum that consumes nothing fails; a group keeps the text of its last completed iteration;
/// non-overlapping matches left to right, the next search starting at a non-empty match's end or
/// after the cluster an empty one stands before; empty matches are not reported.
final class RegexReference {
    let scalars: [Unicode.Scalar]
    let boundaries: Set<Int>
    let caseInsensitive: Bool
    let groupCount: Int
    let info = RegexScalarInfo()
    /// Calls to `match` left before giving up (nil result), so a blow-up only skips a case.
    var budget = 200_000

    /// A match: scalar offsets of the whole match and of groups 1…groupCount (nil: did not take part).
    struct Match: Equatable, CustomStringConvertible {
        var range: Range<Int>
        var groups: [Range<Int>?]
        var description: String { "\(range) \(groups.map { $0.map { "\($0)" } ?? "nil" })" }
    }

    init(text: String, caseInsensitive: Bool, groupCount: Int) {
        scalars = Array(text.unicodeScalars)
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            offsets.insert(offset)
        }
        boundaries = offsets
        self.caseInsensitive = caseInsensitive
        self.groupCount = groupCount
    }

    /// Every non-empty match of `node`, or nil when the budget ran out.
    func matches(_ node: RegexNode) -> [Match]? {
        var result: [Match] = []
        var from = 0
        while from <= scalars.count {
            guard let found = firstMatch(node, from: from) else { return budget > 0 ? result : nil }
            if !found.range.isEmpty { result.append(found) }
            from = found.range.isEmpty ? found.range.upperBound + 1 : found.range.upperBound
        }
        return budget > 0 ? result : nil
    }

    private func firstMatch(_ node: RegexNode, from: Int) -> Match? {
        for start in from...scalars.count where boundaries.contains(start) {
            var found: Match?
            let groups = [Range<Int>?](repeating: nil, count: groupCount + 1)
            _ = match(node, start, groups) { end, groups in
                guard boundaries.contains(end) else { return false }
                found = Match(range: start..<end, groups: Array(groups.dropFirst()))
                return true
            }
            if budget <= 0 { return nil }
            if let found { return found }
        }
        return nil
    }

    typealias Groups = [Range<Int>?]

    /// Tries `node` at `position`, calling `next` with each way it can end, in preference order,
    /// until `next` accepts one.
    private func match(_ node: RegexNode, _ position: Int, _ groups: Groups, _ next: (Int, Groups) -> Bool) -> Bool {
        budget -= 1
        if budget <= 0 { return false }
        switch node {
        case .empty:
            return next(position, groups)
        case .scalar(let scalar):
            guard position < scalars.count else { return false }
            let value = scalars[position].value
            let same = caseInsensitive ? info.fold(value) == info.fold(scalar.value) : value == scalar.value
            return same && next(position + 1, groups)
        case .scalarClass(let set):
            guard position < scalars.count,
                  set.contains(scalars[position].value, caseInsensitive: caseInsensitive, info: info) else { return false }
            return next(position + 1, groups)
        case .assertion(let assertion):
            return holds(assertion, at: position) && next(position, groups)
        case .group(let body, let capture):
            return match(body, position, groups) { end, inner in
                var inner = inner
                if let capture { inner[capture] = position..<end }
                return next(end, inner)
            }
        case .concatenation(let items):
            return sequence(items[...], position, groups, next)
        case .alternation(let branches):
            for branch in branches where match(branch, position, groups, next) { return true }
            return false
        case .repetition(let body, let min, let max, let lazy):
            return repeatMatch(body, min: min, max: max, lazy: lazy, count: 0, position, groups, next)
        }
    }

    private func sequence(_ items: ArraySlice<RegexNode>, _ position: Int, _ groups: Groups, _ next: (Int, Groups) -> Bool) -> Bool {
        guard let first = items.first else { return next(position, groups) }
        return match(first, position, groups) { end, groups in
            sequence(items.dropFirst(), end, groups, next)
        }
    }

    private func repeatMatch(
        _ body: RegexNode, min: Int, max: Int?, lazy: Bool, count: Int,
        _ position: Int, _ groups: Groups, _ next: (Int, Groups) -> Bool
    ) -> Bool {
        let canStop = count >= min
        let canGo = max.map { count < $0 } ?? true
        func again() -> Bool {
            match(body, position, groups) { end, groups in
                if max == nil && count >= min && end == position { return false }  // empty extra iteration
                return repeatMatch(body, min: min, max: max, lazy: lazy, count: count + 1, end, groups, next)
            }
        }
        if lazy {
            if canStop && next(position, groups) { return true }
            return canGo && again()
        }
        if canGo && again() { return true }
        return canStop && next(position, groups)
    }

    private func holds(_ assertion: RegexAssertion, at position: Int) -> Bool {
        let before = position > 0 ? scalars[position - 1] : nil
        let after = position < scalars.count ? scalars[position] : nil
        func isWord(_ scalar: Unicode.Scalar?) -> Bool {
            scalar.map { info.properties($0.value) & RegexScalarInfo.word != 0 } ?? false
        }
        switch assertion {
        case .lineStart: return before == nil || before == "\n"
        case .lineEnd:
            return after == nil || after == "\n"
                || (after == "\r" && position + 1 < scalars.count && scalars[position + 1] == "\n")
        case .textStart: return position == 0
        case .textEnd: return position == scalars.count
        case .wordBoundary: return isWord(before) != isWord(after)
        case .notWordBoundary: return isWord(before) == isWord(after)
        }
    }
}
