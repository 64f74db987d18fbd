import CaretCore
import Foundation
import Testing
@testable import CaretCLI

/// The frequency list shipped in data/ and compiled into the binary ranks suggestions with no
/// download and no cache: the suite reads it as an installed `caret` does.
@Suite struct BuiltInFrequenciesTests {
    @Test func theBinaryHoldsTheShippedListAndItsLicense() throws {
        #expect(BuiltInFrequencies.isAvailable)
        let shipped = try #require(FileManager.default.contents(atPath: repositoryRoot + "/data/frequencies-en.tsv"))
        #expect(Array(BuiltInFrequencies.text.utf8) == Array(shipped))
        let license = try #require(FileManager.default.contents(atPath: repositoryRoot + "/data/LICENSE-frequencies"))
        #expect(Array(BuiltInFrequencies.license.utf8) == Array(license))
        #expect(BuiltInFrequencies.license.hasPrefix("MIT License"))
        let list = try BuiltInFrequencies.wordList()
        #expect(list.entries.count == 82_834)
    }

    @Test func theStandardLoaderRanksWithItWhateverTheCache() throws {
        // No XDG_CACHE_HOME or HOME is consulted: the standard loader takes the built-in list.
        let loader = SuggestLexiconLoader.standard()
        #expect(loader.defaultFrequencySource == .builtIn)
        let dir = TempDirectory()
        defer { dir.remove() }
        let words = dir.file("words", "the\nthen\nten\ntea\nteh\n")
        let output = CapturedOutput()
        let loaded = try loader.load(wordList: words, frequencies: nil, terminal: .capturing(output))
        #expect(loaded.frequenciesPath == "built-in frequencies-en")
        #expect(loaded.lexicon.hasFrequencies)
        #expect(output.stderr == "")
        // --frequencies still wins, and a loader whose default is turned off ranks alphabetically.
        let mine = dir.file("freq", "tea 5\n")
        #expect(try loader.load(wordList: words, frequencies: mine, terminal: .capturing(output)).frequenciesPath == mine)
        var off = loader
        off.defaultFrequencies = nil
        #expect(try off.load(wordList: words, frequencies: nil, terminal: .capturing(output)).frequenciesPath == nil)
    }

    @Test func caretSuggestRanksByTheShippedCounts() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("doc.txt", "teh")
        let words = dir.file("words", "the\nthen\nten\ntea\ntee\n")
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        let code = try SuggestCommand.run(["--doc", doc, "--at", "3", "--lexicon", words, "--kind", "correction", "--limit", "3"],
                                          &terminal, loader: .standard())
        #expect(code == .ok)
        #expect(output.stdout == """
            word "teh" at 0..<3 (not known)
            corrections:
              1. the  distance 1  frequency 23135851162  word list
              2. ten  distance 1  frequency 46907473  word list
              3. tea  distance 1  frequency 27406794  word list

            """)
        #expect(output.stderr.contains("(\(words) + built-in frequencies-en)"))
    }

    @Test func theLicenseShipsInTheBinary() throws {
        let result = caret(["suggest", "--frequencies-license"])
        #expect(result.code == .ok)
        #expect(result.stdout == BuiltInFrequencies.license)
        #expect(result.stdout.contains("Copyright (c) 2021 Wolf Garbe"))
    }
}
