@testable import CaretCore

/// Draws small random regex trees over the letters a, b, c in the shape `RegexParser` builds, and
/// renders them as pattern text, so a test can check that the text parses back to the tree and
/// that the engine agrees with `RegexReference` on it.
struct RegexTreeDrawer {
    var random: SeededRandom

    /// Classes by their pattern text.
    static let classes = [".", "[ab]", "[^a]", "[a-b]", "\\w", "\\W", "[^\\n]", "[c\\d]"]
    static let assertions: [(String, RegexAssertion)] = [
        ("^", .lineStart), ("$", .lineEnd), ("\\b", .wordBoundary), ("\\B", .notWordBoundary),
        ("\\A", .textStart), ("\\z", .textEnd),
    ]

    mutating func below(_ count: Int) -> Int { random.int(in: 0..<count) }

    /// A tree and its pattern text; captures numbered in the order of their `(`.
    mutating func pattern(depth: Int) -> (node: RegexNode, text: String) {
        var node = draw(depth: depth)
        if node == .empty { node = .scalar("a") }
        var counter = 0
        node = Self.number(node, &counter)
        return (node, Self.render(node))
    }

    mutating func draw(depth: Int) -> RegexNode {
        switch depth <= 0 ? below(4) : below(12) {
        case 0, 1: return .scalar(["a", "b", "c"][below(3)])
        case 2:
            let text = Self.classes[below(Self.classes.count)]
            return try! RegexParser.parse(text).node
        case 3: return .assertion(Self.assertions[below(Self.assertions.count)].1)
        case 4, 5:
            let items = (0..<(2 + below(2))).map { _ in draw(depth: depth - 1) }
                .map { item -> RegexNode in
                    switch item {
                    case .concatenation, .alternation, .empty: return .group(item, capture: nil)
                    default: return item
                    }
                }
            return .concatenation(items)
        case 6, 7:
            let branches = (0..<(2 + below(2))).map { _ -> RegexNode in
                if below(5) == 0 { return .empty }
                let branch = draw(depth: depth - 1)
                if case .alternation = branch { return .group(branch, capture: nil) }
                return branch
            }
            return .alternation(branches)
        case 8, 9, 10:
            var body = draw(depth: depth - 1)
            switch body {
            case .scalar, .scalarClass, .group: break
            default: body = .group(body, capture: nil)
            }
            let min = below(3)
            let max: Int? = [nil, min, min + 1, min + 2][below(4)]
            return .repetition(body, min: min, max: max, lazy: below(3) == 0)
        default:
            return .group(draw(depth: depth - 1), capture: below(3) == 0 ? nil : 0)
        }
    }

    static func number(_ node: RegexNode, _ counter: inout Int) -> RegexNode {
        switch node {
        case .group(let body, let capture):
            var assigned: Int?
            if capture != nil {
                counter += 1
                assigned = counter
            }
            return .group(number(body, &counter), capture: assigned)
        case .concatenation(let items): return .concatenation(items.map { number($0, &counter) })
        case .alternation(let branches): return .alternation(branches.map { number($0, &counter) })
        case .repetition(let body, let min, let max, let lazy):
            return .repetition(number(body, &counter), min: min, max: max, lazy: lazy)
        default: return node
        }
    }

    static func render(_ node: RegexNode) -> String {
        switch node {
        case .empty: return ""
        case .scalar(let scalar): return String(scalar)
        case .scalarClass(let set):
            return classes.first { try! RegexParser.parse($0).node == .scalarClass(set) }!
        case .assertion(let assertion): return assertions.first { $0.1 == assertion }!.0
        case .group(let body, let capture): return (capture == nil ? "(?:" : "(") + render(body) + ")"
        case .concatenation(let items): return items.map(render).joined()
        case .alternation(let branches): return branches.map(render).joined(separator: "|")
        case .repetition(let body, let min, let max, let lazy):
            let counts = switch (min, max) {
            case (0, nil): "*"
            case (1, nil): "+"
            case (0, 1): "?"
            case (_, nil): "{\(min),}"
            case (_, let max?) where max == min: "{\(min)}"
            case (_, let max?): "{\(min),\(max)}"
            }
            return render(body) + counts + (lazy ? "?" : "")
        }
    }
}
