/// A word being ranked for a query, before the typed capitalisation is applied.
struct SuggestionCandidate {
    var key: String
    var display: String
    var frequency: Int
    var source: Suggestion.Source
    var distance: Int

    /// Unicode scalar order.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The ranking: distance ascending, frequency descending, source priority, then key and display
    /// form in Unicode scalar order. Total, so sorting is deterministic.
    static func ranksBefore(_ a: SuggestionCandidate, _ b: SuggestionCandidate) -> Bool {
        if a.distance != b.distance { return a.distance < b.distance }
        if a.frequency != b.frequency { return a.frequency > b.frequency }
        if a.source != b.source { return a.source < b.source }
        if a.key != b.key { return precedes(a.key, b.key) }
        return precedes(a.display, b.display)
    }

    func suggestion(kind: Suggestion.Kind, shape: CaseShape) -> Suggestion {
        Suggestion(word: shape.apply(to: display), kind: kind, distance: distance,
                   frequency: frequency, source: source)
    }
}
