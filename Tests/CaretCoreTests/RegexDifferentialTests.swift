import Testing
@testable import CaretCore

/// The engine against `RegexReference` on random small patterns and texts. Prints its seed; set
/// `CARET_SEED` to replay one.
@Suite struct RegexDifferentialTests {
    /// The engine's matches in scalar offsets, tracking groups 1…min(9, groupCount).
    static func engineMatches(_ pattern: String, in text: String, caseInsensitive: Bool) throws -> [RegexReference.Match] {
        let query = FindQuery(pattern, isRegex: true, caseInsensitive: caseInsensitive)
        let search = try TextSearch(query, in: AttributedText(text))
        let (_, groupCount) = try RegexParser.parse(pattern)
        let tracked = Array(stride(from: 1, through: min(9, groupCount), by: 1))
        let matcher = try search.matcher(tracking: tracked)
        // Byte offset → scalar offset.
        var scalarAt: [Int: Int] = [:]
        var byte = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            scalarAt[byte] = index
            byte += UTF8.width(scalar)
        }
        scalarAt[byte] = text.unicodeScalars.count
        var result: [RegexReference.Match] = []
        try search.bytes.withUnsafeBufferPointer { buffer in
            try matcher.run(buffer, workLimit: nil) { start, end, slots in
                let groups = tracked.map { group -> Range<Int>? in
                    let slot = matcher.program.slots(forGroup: group)!
                    guard slots[slot] >= 0 else { return nil }
                    return scalarAt[slots[slot]]!..<scalarAt[slots[slot + 1]]!
                }
                result.append(RegexReference.Match(range: scalarAt[start]!..<scalarAt[end]!, groups: groups))
                return true
            }
        }
        return result
    }

    func compare(seed: UInt64, rounds: Int, pieces: [String], caseInsensitive: Bool) throws {
        print("RegexDifferentialTests: seed \(seed) (replay with CARET_SEED=\(seed))")
        var drawer = RegexTreeDrawer(random: SeededRandom(seed: seed))
        var failures = 0
        var compared = 0
        for round in 0..<rounds {
            let (node, pattern) = drawer.pattern(depth: 3)
            let parsed = try RegexParser.parse(pattern)
            guard parsed.node == node else {
                Issue.record("seed \(seed) round \(round): '\(pattern)' parsed as \(parsed.node), drawn as \(node)")
                failures += 1
                continue
            }
            for _ in 0..<6 {
                let text = (0..<drawer.below(11)).map { _ in pieces[drawer.below(pieces.count)] }.joined()
                let ci = caseInsensitive && drawer.below(2) == 0
                let reference = RegexReference(text: text, caseInsensitive: ci, groupCount: parsed.groupCount)
                guard var expected = reference.matches(node) else { continue }  // too slow to say
                for index in expected.indices { expected[index].groups = Array(expected[index].groups.prefix(9)) }
                let actual = try Self.engineMatches(pattern, in: text, caseInsensitive: ci)
                compared += 1
                if actual != expected {
                    failures += 1
                    Issue.record("seed \(seed) round \(round): /\(pattern)/\(ci ? "i" : "") on \(text.debugDescription): engine \(actual), reference \(expected)")
                }
                // Ranges alone (no groups tracked) and the anchored re-run agree with the full run.
                let search = try TextSearch(FindQuery(pattern, isRegex: true, caseInsensitive: ci), in: AttributedText(text))
                let ranges = try search.ranges(workLimit: nil)
                let utf16 = try search.matches(groups: [0], workLimit: nil).map(\.range)
                #expect(ranges == utf16, "seed \(seed) round \(round): /\(pattern)/ on \(text.debugDescription)")
                let groups = Array(0...min(9, parsed.groupCount))
                let full = try search.matches(groups: groups, workLimit: nil)
                for match in full {
                    let again = try search.match(at: match.range, groups: groups, workLimit: nil)
                    #expect(again.groups == match.groups, "seed \(seed) round \(round): anchored /\(pattern)/ on \(text.debugDescription) at \(match.range)")
                }
                if failures > 10 { return }
            }
        }
        #expect(compared > rounds * 3, "too few cases compared: \(compared)")
    }

    @Test func agreesWithTheReferenceOverThreeLetters() throws {
        for seed in SeededRandom.seeds(default: [0x5265_6765_7850_696B]) {
            try compare(seed: seed, rounds: 600, pieces: ["a", "b", "c"], caseInsensitive: false)
        }
    }

    @Test func agreesWithTheReferenceWithLinesCaseAndClusters() throws {
        for seed in SeededRandom.seeds(default: [0x4C69_6E65_7343_6173]) {
            try compare(seed: seed, rounds: 400, pieces: ["a", "b", "c", "A", "B", "\n", "\u{301}", "\r\n"], caseInsensitive: true)
        }
    }
}
