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
        /// How many times each query was timed; a query's latency is its fastest run, which keeps
        /// preemption on a shared machine out of the percentiles.
        public var repetitions: Int
        /// Completion queries run.
        public var completionQueries: Int
        /// Median completion latency.
        public var completionP50: Int
        /// 99th-percentile completion latency.
        public var completionP99: Int
        /// 99th percentile over every timed completion run (preemption included).
        public var completionP99AllRuns: Int
        /// Correction queries run.
        public var correctionQueries: Int
        /// Median correction latency.
        public var correctionP50: Int
        /// 99th-percentile correction latency.
        public var correctionP99: Int
        /// 99th percentile over every timed correction run (preemption included).
        public var correctionP99AllRuns: Int
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
            completions: \(completionQueries) queries, p50 \(us(completionP50)), p99 \(us(completionP99)) \
            (fastest of \(repetitions) runs per query; p99 over all runs \(us(completionP99AllRuns)))
            corrections: \(correctionQueries) queries, p50 \(us(correctionP50)), p99 \(us(correctionP99)) \
            (fastest of \(repetitions) runs per query; p99 over all runs \(us(correctionP99AllRuns)))
            accuracy: top-1 \(pct(top1, scored)), top-5 \(pct(top5, scored)) of \(scored) scored \
            (skipped \(misspellingsKnown) already known); expected word missing from lexicon \(expectedMissing), \
            more than 2 edits away \(expectedTooFar); on the \(reachable) reachable: top-1 \(pct(top1, reachable)), \
            top-5 \(pct(top5, reachable))
            """
        }
    }

    /// Builds a lexicon from `wordList` (and `frequencies`, with `options`), times
    /// `completions(for:)` on every prefix and `corrections(for:)` on every misspelling not already
    /// known (limit 10, `repetitions` runs each), and scores the corrections against the expected
    /// words (case-insensitively).
    /// - Throws: `WordListError` for a malformed line in either file.
    public static func run(
        wordList: String,
        frequencies: String?,
        completionPrefixes: [String],
        misspellings: [(typo: String, expected: String)],
        options: Lexicon.Options = Lexicon.Options(),
        repetitions: Int = 3
    ) throws -> Report {
        let runs = max(1, repetitions)
        let clock = ContinuousClock()
        let buildStart = clock.now
        let lexicon = try Lexicon(wordListContents: wordList, frequencyContents: frequencies, options: options)
        let buildTime = nanoseconds(clock.now - buildStart)
        let engine = SuggestionEngine(lexicon: lexicon)

        var completionTimes: [Int] = []
        var completionAll: [Int] = []
        var sink = 0
        for prefix in completionPrefixes {
            var fastest = Int.max
            for _ in 0..<runs {
                let start = clock.now
                let result = engine.completions(for: prefix, limit: 10)
                let time = nanoseconds(clock.now - start)
                completionAll.append(time)
                fastest = min(fastest, time)
                sink &+= result.count
            }
            completionTimes.append(fastest)
        }

        var correctionTimes: [Int] = []
        var correctionAll: [Int] = []
        var known = 0, missing = 0, tooFar = 0, top1 = 0, top5 = 0
        for (typo, expected) in misspellings {
            if engine.contains(typo) { known += 1; continue }
            var fastest = Int.max
            var result: [Suggestion] = []
            for _ in 0..<runs {
                let start = clock.now
                result = engine.corrections(for: typo, limit: 10)
                let time = nanoseconds(clock.now - start)
                correctionAll.append(time)
                fastest = min(fastest, time)
            }
            correctionTimes.append(fastest)
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
            memoryBytes: lexicon.memoryBytes, repetitions: runs,
            completionQueries: completionTimes.count,
            completionP50: percentile(completionTimes, 50), completionP99: percentile(completionTimes, 99),
            completionP99AllRuns: percentile(completionAll, 99),
            correctionQueries: correctionTimes.count,
            correctionP50: percentile(correctionTimes, 50), correctionP99: percentile(correctionTimes, 99),
            correctionP99AllRuns: percentile(correctionAll, 99),
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
