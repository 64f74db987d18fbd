/// What an editor keeps for suggestions once attached: its engine (lexicon, document vocabulary,
/// learned words), which every change updates.
final class EditorSuggestionState {
    @exclusivity(unchecked) var engine: SuggestionEngine
    /// How often a change could not be matched to its undo step and the document was rescanned.
    @exclusivity(unchecked) var rescanCount = 0

    init(engine: SuggestionEngine) {
        self.engine = engine
    }
}
