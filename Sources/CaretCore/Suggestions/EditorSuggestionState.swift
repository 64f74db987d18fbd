/// What an editor keeps for suggestions once attached: its engine (lexicon, document vocabulary,
/// learned words) and the observation that keeps the vocabulary current.
final class EditorSuggestionState {
    var engine: SuggestionEngine
    var observation: EditorObservation?

    init(engine: SuggestionEngine) {
        self.engine = engine
    }
}
