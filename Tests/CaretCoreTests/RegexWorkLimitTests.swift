import Testing
import CaretCore

/// A search stopped by the editor's `WorkLimit` throws `WorkLimit.Exceeded` out of `perform` and
/// leaves the editor as it was.
@Suite struct RegexWorkLimitTests {
    /// Counts the units charged; stops once more than `budget` have been (nil: never).
    final class Meter {
        var charged = 0
        var budget: Int?
        init(budget: Int?) { self.budget = budget }

        var limit: WorkLimit {
            WorkLimit(interval: 64) { [self] units in
                charged += units
                if let budget, charged > budget { return "time limit exceeded" }
                return nil
            }
        }
    }

    static let document = String(repeating: "abcab cabba ", count: 4000) + "end"
    /// Its only match is at the very end, so every command must read the whole document.
    static let query = FindQuery("(a|b)*e", isRegex: true)

    /// The units one search for `query` charges over `document`.
    static func cost(_ query: FindQuery) throws -> Int {
        let editor = try Editor(text: AttributedText(document), selection: Selection(caret: 0))
        let meter = Meter(budget: nil)
        let limit = meter.limit
        editor.workLimit = limit
        _ = try editor.matches(of: query)
        try limit.ask()
        return meter.charged
    }

    func expectStopped(_ command: EditorCommand, budget: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let editor = try Editor(text: AttributedText(Self.document), selection: Selection(caret: 3))
        let state = editor.state
        let meter = Meter(budget: budget)
        editor.workLimit = meter.limit
        #expect(throws: WorkLimit.Exceeded(reason: "time limit exceeded"), sourceLocation: sourceLocation) {
            try editor.perform(command)
        }
        let unchanged = editor.state == state
        #expect(unchanged, sourceLocation: sourceLocation)
        #expect(!editor.canUndo, sourceLocation: sourceLocation)
        // Without a limit the same command completes.
        editor.workLimit = nil
        try editor.perform(command)
    }

    @Test func searchesChargeAboutOneUnitPerScalarAndThread() throws {
        let cost = try Self.cost(Self.query)
        #expect(cost >= Self.document.unicodeScalars.count)
        #expect(cost < 20 * Self.document.unicodeScalars.count)
    }

    @Test func aLimitStopsEveryFindCommand() throws {
        let budget = 1000
        try expectStopped(.findNext(Self.query), budget: budget)
        try expectStopped(.findPrevious(Self.query), budget: budget)
        try expectStopped(.replaceAll(Self.query, with: "$1"), budget: budget)
        try expectStopped(.replaceNext(Self.query, with: "x"), budget: budget)
        try expectStopped(.findNext(FindQuery("end")), budget: budget)
        try expectStopped(.findNext(FindQuery("END", caseInsensitive: true)), budget: budget)
    }

    @Test func aLimitStopsMatches() throws {
        let editor = try Editor(text: AttributedText(Self.document))
        editor.workLimit = Meter(budget: 500).limit
        #expect(throws: WorkLimit.Exceeded.self) { _ = try editor.matches(of: Self.query) }
    }

    @Test func replaceNextStoppedAfterItsEditIsRolledBack() throws {
        // The first search (finding the selected match) fits in the budget; the second, over the
        // edited text, does not: the edit is undone and the error comes out unchanged.
        let query = FindQuery("end")
        let cost = try Self.cost(query)
        let editor = try Editor(text: AttributedText(Self.document), selection: Selection(Self.document.utf16.count - 3..<Self.document.utf16.count))
        let state = editor.state
        editor.workLimit = Meter(budget: cost + cost / 2).limit
        #expect(throws: WorkLimit.Exceeded(reason: "time limit exceeded")) {
            try editor.perform(.replaceNext(query, with: "END"))
        }
        let unchanged = editor.state == state
        #expect(unchanged)
        #expect(!editor.canUndo)
    }

    @Test func aGenerousLimitChangesNothing() throws {
        let editor = try Editor(text: AttributedText(Self.document), selection: Selection(caret: 0))
        editor.workLimit = Meter(budget: 100 * (try Self.cost(Self.query))).limit
        try editor.perform(.findNext(Self.query))
        #expect(editor.selection.range == (Self.document.utf16.count - 3)..<(Self.document.utf16.count - 2))
    }
}
