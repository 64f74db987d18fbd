import Testing
@testable import CaretCore

@Suite struct SuggestionWordListTests {
    @Test func plainListHasNoFrequencies() throws {
        let list = try WordList(parsing: "apple\nbanana\n\n# comment\ncherry")
        #expect(list.entries.map(\.word) == ["apple", "banana", "cherry"])
        #expect(list.entries.map(\.line) == [1, 2, 5])
        #expect(!list.hasFrequencies)
        #expect(list.entries.allSatisfy { $0.frequency == nil })
    }

    @Test func frequencyColumnWithTabsSpacesAndCRLF() throws {
        let list = try WordList(parsing: "the\t23135851162\r\nof   13151942776\r\n  and \t 5 \r\n")
        #expect(list.hasFrequencies)
        #expect(list.entries.map(\.word) == ["the", "of", "and"])
        #expect(list.entries.map(\.frequency) == [23_135_851_162, 13_151_942_776, 5])
    }

    @Test func malformedFrequencyNamesItsLine() {
        #expect(throws: WordListError(line: 3, reason: "frequency 'many' is not a non-negative integer")) {
            try WordList(parsing: "a 1\nb 2\nc many\n")
        }
    }

    @Test func extraFieldsNameTheLine() {
        #expect(throws: WordListError(line: 2, reason: "expected a word and an optional frequency, found 3 fields")) {
            try WordList(parsing: "a 1\nb 2 3\n")
        }
    }

    @Test func mixedColumnsAreMalformed() {
        #expect(throws: WordListError(line: 2, reason: "missing frequency (earlier lines have one)")) {
            try WordList(parsing: "a 1\nb\n")
        }
        #expect(throws: WordListError(line: 3, reason: "unexpected frequency (earlier lines have none)")) {
            try WordList(parsing: "a\n\nb 4\n")
        }
    }

    @Test func errorDescriptionIsLineColonReason() {
        #expect(WordListError(line: 7, reason: "x").description == "line 7: x")
    }

    @Test func skipPolicyRecordsLines() throws {
        let list = try WordList(parsing: "a 1\nb -2\nc 3\nd 4 5\ne\n", malformedLines: .skip)
        #expect(list.entries.map(\.word) == ["a", "c"])
        #expect(list.skippedLines == [2, 4, 5])
        #expect(list.hasFrequencies)
    }

    @Test func overflowingFrequencyIsMalformed() {
        #expect(throws: WordListError.self) {
            try WordList(parsing: "a 99999999999999999999999\n")
        }
    }

    @Test func emptyContents() throws {
        let list = try WordList(parsing: "")
        #expect(list.entries.isEmpty)
        #expect(!list.hasFrequencies)
    }
}
