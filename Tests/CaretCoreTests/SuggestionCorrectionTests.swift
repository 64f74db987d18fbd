import Testing
@testable import CaretCore

@Suite struct SuggestionCorrectionTests {
    let engine = SuggestionFixtures.engine()

    func first(_ word: String) -> Suggestion? { engine.corrections(for: word).first }

    @Test func singleEdits() {
        #expect(first("teh")?.word == "the")        // transposition
        #expect(first("teh")?.distance == 1)
        #expect(first("thhe")?.word == "the")       // insertion
        #expect(first("hlp")?.word == "help")       // deletion
        #expect(first("hexlo")?.word == "hello")    // substitution
        // Both one edit away: the more frequent first.
        #expect(engine.corrections(for: "hellp").prefix(2).map(\.word) == ["help", "hello"])
    }

    @Test func twoEdits() {
        let result = engine.corrections(for: "hemlet")  // helmet: one transposition
        #expect(result.first?.word == "helmet")
        #expect(result.first?.distance == 1)
        let two = engine.corrections(for: "thoeyr")     // theory: two transpositions
        // they (two deletions, 400) and their (250) outrank theory (two transpositions, 20).
        #expect(two.prefix(3).map(\.word) == ["they", "their", "theory"])
        #expect(two.prefix(3).map(\.distance) == [2, 2, 2])
        let farther = engine.corrections(for: "hxlmxt") // two substitutions
        #expect(farther.map(\.word) == ["helmet"])
        #expect(farther.first?.distance == 2)
        #expect(engine.corrections(for: "hxxmxt").isEmpty)  // three edits
    }

    @Test func rankedByDistanceThenFrequencyThenWord() {
        // "aple": apple and ample... apple/apply/ample/maple all have 30.
        let result = engine.corrections(for: "aple")
        let oneEdit = result.filter { $0.distance == 1 }.map(\.word)
        #expect(oneEdit == ["ample", "apple", "maple"])
        #expect(result.map(\.distance) == result.map(\.distance).sorted())
        // "cta": cat is one transposition away; at (900), act (70), chat and coat (15 each, by
        // word) are two edits away; cart needs three under OSA (no edit inside a transposed pair).
        let cta = engine.corrections(for: "cta")
        #expect(cta.map(\.word) == ["cat", "at", "act", "chat", "coat"])
        #expect(cta.map(\.distance) == [1, 2, 2, 2, 2])
    }

    @Test func typedCapitalisationIsKept() {
        #expect(first("Teh")?.word == "The")
        #expect(first("TEH")?.word == "THE")
        #expect(first("teh")?.word == "the")
        #expect(first("parsi")?.word == "Paris")
        #expect(first("PARSI")?.word == "PARIS")
    }

    @Test func knownWordsGetNone() {
        #expect(engine.corrections(for: "the").isEmpty)
        #expect(engine.corrections(for: "The").isEmpty)
        // A proper noun in lower case is corrected to its capitalised form.
        let paris = engine.corrections(for: "paris")
        #expect(paris.first?.word == "Paris")
        #expect(paris.first?.distance == 0)
    }

    @Test func limitAndMaxDistance() {
        #expect(engine.corrections(for: "thx", limit: 2).count == 2)
        let near = engine.corrections(for: "hxlmxt", maxDistance: 1)
        #expect(near.isEmpty)
    }

    @Test func osaDistanceCases() {
        func d(_ a: String, _ b: String, _ limit: Int = 5) -> Int? {
            EditDistance.optimalStringAlignment(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), limit: limit)
        }
        #expect(d("ca", "ac") == 1)
        #expect(d("ca", "abc") == 3)  // OSA, not unrestricted Damerau (which gives 2)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("kitten", "sitting", 2) == nil)
        #expect(d("", "ab") == 2)
        #expect(d("abc", "abc") == 0)
        #expect(d("émile", "emile") == 1)
    }

    /// The deletion indexes (the lexicon's and the engine's for document words) against a scan of
    /// every word, on random lexicons over a small alphabet, for several index prefix lengths.
    @Test(arguments: [1, 3, 5, 7])
    func matchesNaiveScan(prefixLength: Int) throws {
        var rng = SuggestionRandom(seed: SuggestionRandom.seed("corrections/\(prefixLength)", fallback: 4242))
        for _ in 0..<12 {
            // word → (frequency, source): half from the word list, half document words.
            var known: [String: (frequency: Int, source: Suggestion.Source)] = [:]
            var listed: [String] = []
            var engine: SuggestionEngine? = nil
            var documentWords: [(String, Int)] = []
            for word in SuggestionFixtures.randomWords(240, using: &rng) where known[word] == nil {
                if rng.bool() {
                    let f = rng.int(in: 0...9)
                    known[word] = (f, .wordList)
                    listed.append("\(word)\t\(f)")
                } else {
                    let count = rng.int(in: 1...9)
                    known[word] = (count, .document)
                    documentWords.append((word, count))
                }
            }
            let options = Lexicon.Options(correctionPrefixLength: prefixLength)
            engine = SuggestionEngine(lexicon: try Lexicon(wordListContents: listed.joined(separator: "\n"),
                                                           options: options),
                                      weights: .init(documentWeight: 1, learnedBonus: 0))
            for (word, count) in documentWords { engine!.addDocumentWord(word, count: count) }
            for query in SuggestionFixtures.randomWords(40, using: &rng) where known[query] == nil {
                let q = query.unicodeScalars.map(\.value)
                let expected = known.keys.compactMap { word -> (String, Int)? in
                    EditDistance.optimalStringAlignment(q, word.unicodeScalars.map(\.value), limit: 2).map { (word, $0) }
                }.sorted { a, b in
                    let ka = known[a.0]!, kb = known[b.0]!
                    if a.1 != b.1 { return a.1 < b.1 }
                    if ka.frequency != kb.frequency { return ka.frequency > kb.frequency }
                    if ka.source != kb.source { return ka.source < kb.source }
                    return a.0 < b.0
                }.prefix(15)
                let got = engine!.corrections(for: query, limit: 15)
                #expect(got.map(\.word) == expected.map(\.0), "query \(query)")
                #expect(got.map(\.distance) == expected.map(\.1), "query \(query)")
            }
        }
    }
}
