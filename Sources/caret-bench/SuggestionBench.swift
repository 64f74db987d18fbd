import CaretCore
import Foundation

/// The suggestion engine against its targets and its peers: lexicon build time and memory,
/// completion and correction latency (p50/p99), and correction accuracy on codespell's misspelling
/// list — with hunspell and symspellpy scored on the same queries (see SuggestionBenchPeers).
///
/// Inputs: `/usr/share/dict/words` (Debian `wamerican`, or `$CARET_WORDS`), the frequency list the
/// repository ships (data/frequencies-en.tsv, or `$CARET_FREQUENCIES`), and codespell's
/// `dictionary.txt` installed by scripts/setup-bench-peers.sh.
enum SuggestionBench {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        // `--filter suggest` runs both parts; `suggest: vocabulary` or `suggest: lexicon` one of them.
        let wantsQueries = options.wants("suggest: lexicon, completions, corrections, peers")
        let wantsVocabulary = options.wants("suggest: vocabulary")
        guard wantsQueries || wantsVocabulary else { return }
        let env = ProcessInfo.processInfo.environment
        let wordsPath = env["CARET_WORDS"] ?? "/usr/share/dict/words"
        guard let words = try? String(contentsOfFile: wordsPath, encoding: .utf8) else {
            print("suggest: no word list at \(wordsPath) (apt-get install wamerican); suite skipped")
            return
        }
        // The list the repository ships (and caret compiles in), from the repository root.
        let frequencyPath = env["CARET_FREQUENCIES"] ?? "data/frequencies-en.tsv"
        let frequencies = try? String(contentsOfFile: frequencyPath, encoding: .utf8)
        if frequencies == nil {
            SuggestionBenchPeers.note("no frequency list at \(frequencyPath); ranking alphabetically — run from the repository root or set CARET_FREQUENCIES")
        }
        let runs = options.quick ? 1 : 3

        // Build, with and without the correction index.
        let clock = ContinuousClock()
        var start = clock.now
        let lexicon = try Lexicon(wordListContents: words, frequencyContents: frequencies)
        let build = milliseconds(clock.now - start)
        start = clock.now
        let scanning = try Lexicon(wordListContents: words, frequencyContents: frequencies,
                                   options: .init(indexesCorrections: false))
        let scanBuild = milliseconds(clock.now - start)
        let source = "\(lexicon.count) words from \(wordsPath)" + (frequencies == nil ? "" : " + frequencies")
        report.add("suggest: lexicon build", build, "ms", note: source)
        report.add("suggest: lexicon build, no correction index", scanBuild, "ms", note: "what caret suggest builds")
        report.add("suggest: lexicon memory", Double(lexicon.memoryBytes) / 1_048_576, "MiB",
                   note: "without the correction index \(format(Double(scanning.memoryBytes) / 1_048_576)) MiB")
        if wantsVocabulary { try SuggestionBenchVocabulary.run(options, report, lexicon: lexicon) }
        guard wantsQueries else { return }
        let engine = SuggestionEngine(lexicon: lexicon)

        // Completions: 1–4 letter prefixes of random list words.
        var random = SeededRandom(seed: 1)
        let pool = words.split(separator: "\n")
        let prefixes = (0..<(options.quick ? 2_000 : 20_000)).map { _ in
            let word = pool[random.int(in: 0..<pool.count)]
            return String(word.prefix(1 + random.int(in: 0..<4)))
        }
        let completionTimes = prefixes.map { prefix in
            fastest(runs, clock) { engine.completions(for: prefix, limit: 10).count }
        }
        report.add("suggest: completion p50", percentile(completionTimes, 50) / 1000, "µs",
                   note: "\(prefixes.count) prefixes, limit 10")
        report.add("suggest: completion p99", percentile(completionTimes, 99) / 1000, "µs", note: "target ≤ 200 µs")

        // Corrections: codespell's single-word misspellings the lexicon does not know.
        let misspellingsPath = SuggestionBenchPeers.directory + "/codespell_lib/data/dictionary.txt"
        guard let pairs = misspellings(misspellingsPath) else {
            SuggestionBenchPeers.note("no codespell list at \(misspellingsPath) (run scripts/setup-bench-peers.sh); accuracy skipped")
            return
        }
        var queries = pairs.filter { !engine.contains($0.typo) }
        let known = pairs.count - queries.count
        if options.quick { queries = stride(from: 0, to: queries.count, by: 10).map { queries[$0] } }
        var caretAnswers: [[String]] = []
        var correctionTimes: [Double] = []
        for query in queries {
            var answer: [String] = []
            correctionTimes.append(fastest(runs, clock) {
                answer = engine.corrections(for: query.typo, limit: 10).prefix(5).map(\.word)
                return answer.count
            })
            caretAnswers.append(answer)
        }
        let note = "\(queries.count) codespell misspellings (\(known) that are known words skipped)"
        report.add("suggest: correction p50", percentile(correctionTimes, 50) / 1000, "µs", note: note)
        report.add("suggest: correction p99", percentile(correctionTimes, 99) / 1000, "µs", note: "target ≤ 2000 µs")
        let caret = accuracy(caretAnswers, queries)
        report.add("suggest: correction top-1", caret.top1, "%", note: note)
        report.add("suggest: correction top-5", caret.top5, "%", note: note)
        // Misses no engine over this lexicon could avoid, and the accuracy on the rest.
        let missing = queries.indices.filter { lexicon.frequency(of: queries[$0].expected) == nil }
        let tooFar = queries.indices.filter { i in
            lexicon.frequency(of: queries[i].expected) != nil
                && EditDistance.optimalStringAlignment(queries[i].typo.lowercased().unicodeScalars.map(\.value),
                                                       queries[i].expected.lowercased().unicodeScalars.map(\.value), limit: 2) == nil
        }
        let unreachable = Set(missing).union(tooFar)
        let reachable = queries.indices.filter { !unreachable.contains($0) }
        let onReachable = accuracy(reachable.map { caretAnswers[$0] }, reachable.map { queries[$0] })
        let reachableNote = "\(reachable.count) reachable: \(missing.count) expect a word the lexicon lacks, \(tooFar.count) one more than 2 edits away"
        report.add("suggest: correction top-1, reachable", onReachable.top1, "%", note: reachableNote)
        report.add("suggest: correction top-5, reachable", onReachable.top5, "%", note: reachableNote)
        // Other lexicon configurations on the same queries.
        let configurations: [(String, String?, Lexicon.Options)] = [
            ("possessives included", frequencies, .init(includesPossessives: true)),
            ("word list only", nil, .init()),
        ]
        for (name, counts, lexiconOptions) in configurations {
            let other = SuggestionEngine(lexicon: try Lexicon(wordListContents: words, frequencyContents: counts, options: lexiconOptions))
            let answers = queries.map { other.corrections(for: $0.typo, limit: 5).map(\.word) }
            let scores = accuracy(answers, queries)
            let otherNote = "\(other.lexicon.count) words, index memory \(format(Double(other.lexicon.memoryBytes) / 1_048_576)) MiB"
            report.add("suggest: correction top-1, \(name)", scores.top1, "%", note: otherNote)
            report.add("suggest: correction top-5, \(name)", scores.top5, "%", note: otherNote)
        }
        // The same queries over symspellpy's dictionary (the frequency list as the word list), so
        // the comparison with symspellpy below is on the same vocabulary.
        if let frequencies {
            let theirs = SuggestionEngine(lexicon: try Lexicon(wordListContents: frequencies))
            let answers = queries.map { theirs.corrections(for: $0.typo, limit: 5).map(\.word) }
            let same = accuracy(answers, queries)
            let sameNote = "the same queries over symspellpy's \(theirs.lexicon.count)-word dictionary"
            report.add("suggest: correction top-1, symspellpy's dictionary", same.top1, "%", note: sameNote)
            report.add("suggest: correction top-5, symspellpy's dictionary", same.top5, "%", note: sameNote)
        }
        guard options.peers else { return }

        // hunspell is slow (tens of ms a word here): an evenly spaced sample, Caret scored on it too.
        let sampleSize = options.quick ? 100 : 1_000
        let step = max(1, queries.count / sampleSize)
        let sample = Array(stride(from: 0, to: queries.count, by: step).prefix(sampleSize))
        if let answers = SuggestionBenchPeers.hunspell(sample.map { queries[$0].typo }) {
            let sampled = sample.map { queries[$0] }
            let theirs = accuracy(answers, sampled)
            let ours = accuracy(sample.map { caretAnswers[$0] }, sampled)
            let sampleNote = "\(sample.count) of the misspellings, evenly spaced"
            report.add("suggest: hunspell top-1", theirs.top1, "%", note: sampleNote)
            report.add("suggest: hunspell top-5", theirs.top5, "%", note: sampleNote)
            report.add("suggest: caret top-1 on the hunspell sample", ours.top1, "%",
                       note: "target: within 5 points of hunspell or better")
            report.add("suggest: caret top-5 on the hunspell sample", ours.top5, "%", note: sampleNote)
        }
        if let sym = SuggestionBenchPeers.symspell(queries.map(\.typo), repetitions: runs) {
            let theirs = accuracy(sym.suggestions, queries)
            let symNote = "its own \(sym.words)-word dictionary, max distance 2, prefix 7"
            report.add("suggest: symspellpy top-1", theirs.top1, "%", note: symNote)
            report.add("suggest: symspellpy top-5", theirs.top5, "%", note: symNote)
            let all = sym.allNanoseconds.map(Double.init)
            let closest = sym.closestNanoseconds.map(Double.init)
            report.add("suggest: symspellpy correction p50", percentile(all, 50) / 1000, "µs", note: "Verbosity.ALL, as Caret")
            report.add("suggest: symspellpy correction p99", percentile(all, 99) / 1000, "µs", note: "Verbosity.ALL")
            report.add("suggest: symspellpy CLOSEST p50", percentile(closest, 50) / 1000, "µs", note: "smallest distance only")
            report.add("suggest: symspellpy CLOSEST p99", percentile(closest, 99) / 1000, "µs", note: "smallest distance only")
        }
    }

    /// `typo->correction` lines of codespell's list whose typo and first correction are single
    /// words of letters.
    static func misspellings(_ path: String) -> [(typo: String, expected: String)]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var pairs: [(typo: String, expected: String)] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "->", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let typo = String(parts[0])
            let expected = String(parts[1].split(separator: ",").first ?? "").trimmingCharacters(in: .whitespaces)
            let letters = { (s: String) in !s.isEmpty && s.allSatisfy { $0.isLetter } }
            guard letters(typo), letters(expected) else { continue }
            pairs.append((typo, expected))
        }
        return pairs
    }

    /// Top-1 and top-5 accuracy (percent) of `answers` against the expected words, case-insensitively.
    static func accuracy(_ answers: [[String]], _ queries: [(typo: String, expected: String)]) -> (top1: Double, top5: Double) {
        guard !queries.isEmpty else { return (0, 0) }
        var top1 = 0
        var top5 = 0
        for (answer, query) in zip(answers, queries) {
            let want = query.expected.lowercased()
            guard let at = answer.prefix(5).firstIndex(where: { $0.lowercased() == want }) else { continue }
            if at == 0 { top1 += 1 }
            top5 += 1
        }
        return (100 * Double(top1) / Double(queries.count), 100 * Double(top5) / Double(queries.count))
    }

    /// The fastest of `runs` timings of `body`, in nanoseconds.
    static func fastest(_ runs: Int, _ clock: ContinuousClock, _ body: () -> Int) -> Double {
        var best = Double.infinity
        var sink = 0
        for _ in 0..<runs {
            let start = clock.now
            sink &+= body()
            best = min(best, nanoseconds(clock.now - start))
        }
        if sink == Int.min { print(sink) }
        return best
    }

    static func nanoseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    }

    static func milliseconds(_ d: Duration) -> Double { nanoseconds(d) / 1e6 }

    /// The `p`th percentile (nearest rank) of `values`.
    static func percentile(_ values: [Double], _ p: Int) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count, max(1, (p * sorted.count + 99) / 100)) - 1]
    }

    static func format(_ value: Double) -> String { BenchReport.format(value) }
}
