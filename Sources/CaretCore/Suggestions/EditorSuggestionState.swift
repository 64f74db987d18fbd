/// What an editor keeps for suggestions once attached: its engine (lexicon, document vocabulary,
/// learned words) and the observation that keeps the vocabulary current.
final class EditorSuggestionState {
    @exclusivity(unchecked) var engine: SuggestionEngine
    @exclusivity(unchecked) var observation: EditorObservation?
    /// How often a change could not be matched to its undo step and the document was rescanned.
    @exclusivity(unchecked) var rescanCount = 0

    init(engine: SuggestionEngine) {
        self.engine = engine
    }
}
