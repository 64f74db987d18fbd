/// Measures the suggestion engine: lexicon build time and memory, completion and correction latency
/// (p50/p99), and correction accuracy on known misspellings. Reads the clock, so it is for
/// benchmarks only (build in release); nothing else in the engine does.
public enum SuggestionBenchmarks {
    /// The measurements of one run. Times are in nanoseconds.
    public struct Report: Sendable, CustomStringConvertible {
        /// Distinct words in the lexicon.
        public var words: Int
        /// Whether the lexicon had frequencies.
        public var hasFrequencies: Bool
        /// Time to parse the files and build the lexicon.
        public var buildNanoseconds: Int
        /// `Lexicon.memoryBytes` after the build.
        public var memoryBytes: Int
        /// Completion queries run, and their latency percentiles.
        public var completionQueries: Int
        /// Median completion latency.
        public var completionP50: Int
        /// 99th-percentile completion latency.
        public var completionP99: Int
        /// Correction queries run, and their latency percentiles.
        public var correctionQueries: Int
        /// Median correction latency.
        public var correctionP50: Int
        /// 99th-percentile correction latency.
        public var correctionP99: Int
        /// Misspellings the lexicon already accepts (no corrections asked for; not scored).
        public var misspellingsKnown: Int
        /// Scored misspellings whose expected word the lexicon lacks (always misses).
        public var expectedMissing: Int
        /// Scored misspellings whose expected word is more than 2 edits away (always misses).
        public var expectedTooFar: Int
        /// Scored misspellings whose first suggestion is the expected word.
        public var top1: Int
        /// Scored misspellings with the expected word among the first five.
        public var top5: Int

        /// A readable multi-line summary.
        public var description: String {
            func us(_ ns: Int) -> String {
                let tenths = (ns + 50) / 100
                return "\(tenths / 10).\(tenths % 10) µs"
            }
            func pct(_ n: Int, _ d: Int) -> String {
                guard d > 0 else { return "n/a" }
                let tenths = (n * 1000 + d / 2) / d
                return "\(tenths / 10).\(tenths % 10)%"
            }
            let scored = correctionQueries
            let reachable = scored - expectedMissing - expectedTooFar
            return """
            lexicon: \(words) words, frequencies: \(hasFrequencies), build \(buildNanoseconds / 1_000_000) ms, \
            index memory \(memoryBytes / 1024) KiB
            completions: \(completionQueries) queries, p50 \(us(completionP50)), p99 \(us(completionP99))
            corrections: \(correctionQueries) queries, p50 \(us(correctionP50)), p99 \(us(correctionP99))
            accuracy: top-1 \(pct(top1, scored)), top-5 \(pct(top5, scored)) of \(scored) scored \
            (skipped \(misspellingsKnown) already known); expected word missing from lexicon \(expectedMissing), \
            more than 2 edits away \(expectedTooFar); on the \(reachable) reachable: top-1 \(pct(top1, reachable)), \
            top-5 \(pct(top5, reachable))
            """
        }
    }

    /// Builds a lexicon from `wordList` (and `frequencies`, with `options`), times `completions(for:)` on every
    /// prefix and `corrections(for:)` on every misspelling (limit 10), and scores the corrections
    /// against the expected words (case-insensitively).
    /// - Throws: `WordListError` for a malformed line in either file.
    public static func run(
        wordList: String,
        frequencies: String?,
        completionPrefixes: [String],
        misspellings: [(typo: String, expected: String)],
        options: Lexicon.Options = Lexicon.Options()
    ) throws -> Report {
        let clock = ContinuousClock()
        let buildStart = clock.now
        let lexicon = try Lexicon(wordListContents: wordList, frequencyContents: frequencies, options: options)
        let buildTime = nanoseconds(clock.now - buildStart)
        let engine = SuggestionEngine(lexicon: lexicon)

        var completionTimes: [Int] = []
        var sink = 0
        for prefix in completionPrefixes {
            let start = clock.now
            let result = engine.completions(for: prefix, limit: 10)
            completionTimes.append(nanoseconds(clock.now - start))
            sink &+= result.count
        }

        var correctionTimes: [Int] = []
        var known = 0, missing = 0, tooFar = 0, top1 = 0, top5 = 0
        for (typo, expected) in misspellings {
            if engine.contains(typo) { known += 1; continue }
            let start = clock.now
            let result = engine.corrections(for: typo, limit: 10)
            correctionTimes.append(nanoseconds(clock.now - start))
            sink &+= result.count
            let want = expected.lowercased()
            if let at = result.firstIndex(where: { $0.word.lowercased() == want }) {
                if at == 0 { top1 += 1 }
                if at < 5 { top5 += 1 }
            } else if lexicon.frequency(of: expected) == nil {
                missing += 1
            } else if EditDistance.optimalStringAlignment(
                typo.lowercased().unicodeScalars.map(\.value), want.unicodeScalars.map(\.value), limit: 2) == nil {
                tooFar += 1
            }
        }
        precondition(sink >= 0)
        return Report(
            words: lexicon.count, hasFrequencies: lexicon.hasFrequencies, buildNanoseconds: buildTime,
            memoryBytes: lexicon.memoryBytes,
            completionQueries: completionTimes.count,
            completionP50: percentile(completionTimes, 50), completionP99: percentile(completionTimes, 99),
            correctionQueries: correctionTimes.count,
            correctionP50: percentile(correctionTimes, 50), correctionP99: percentile(correctionTimes, 99),
            misspellingsKnown: known, expectedMissing: missing, expectedTooFar: tooFar, top1: top1, top5: top5)
    }

    static func nanoseconds(_ d: Duration) -> Int {
        let c = d.components
        return Int(c.seconds) * 1_000_000_000 + Int(c.attoseconds / 1_000_000_000)
    }

    /// The `p`th percentile (nearest rank) of `values`, or 0 when empty.
    static func percentile(_ values: [Int], _ p: Int) -> Int {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = max(1, (p * sorted.count + 99) / 100)
        return sorted[min(rank, sorted.count) - 1]
    }
}
