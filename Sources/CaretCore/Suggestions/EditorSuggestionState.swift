/// What an editor keeps for suggestions once attached: its engine (lexicon, document vocabulary,
/// learned words), which every change updates, and the change not yet counted in it.
final class EditorSuggestionState {
    /// The engine. Its document counts may lag behind `pending`: read it through
    /// `settledEngine(in:)` (or call `settle(in:)` first) so that they are current.
    @exclusivity(unchecked) var engine: SuggestionEngine
    /// How often a change could not be matched to its undo step and the document was rescanned.
    @exclusivity(unchecked) var rescanCount = 0
    /// How often the pending region was counted into the engine (for tests: a typing run settles
    /// once, not per keystroke).
    @exclusivity(unchecked) var settleCount = 0

    /// The region of the current document whose words are not yet counted: both ends are cut
    /// points (or the document's ends) in the current document and in the document the engine
    /// counts, and all text that changed since the engine was current lies inside it.
    @exclusivity(unchecked) var pending: Range<Int>?
    /// The region's text (UTF-8) in the document the engine counts.
    @exclusivity(unchecked) var pendingOld: [UInt8] = []

    // Reused buffers, so that an edit allocates nothing once they have grown.
    @exclusivity(unchecked) var scratch: [UInt8] = []
    @exclusivity(unchecked) var current: [UInt8] = []
    @exclusivity(unchecked) var oldWords: [Range<Int>] = []
    @exclusivity(unchecked) var newWords: [Range<Int>] = []
    @exclusivity(unchecked) var matched: [Bool] = []

    init(engine: SuggestionEngine) {
        self.engine = engine
    }
}
