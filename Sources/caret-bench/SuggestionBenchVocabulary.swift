import CaretCore
import Foundation

/// What keeping an editor's vocabulary current costs: the automerge-paper trace replayed through
/// `Editor.perform(.replaceRange…)` with and without an attached suggestion engine, and a check
/// that the incrementally kept vocabulary equals a rescan of the final document.
enum SuggestionBenchVocabulary {
    static func run(_ options: BenchOptions, _ report: BenchReport, lexicon: Lexicon) throws {
        let directory = options.tracesDirectory ?? EditingTrace.defaultDirectory()
        guard let path = (try? EditingTrace.files(in: directory))?.first(where: { $0.hasSuffix("automerge-paper.json.gz") }) else {
            SuggestionBenchPeers.note("no automerge-paper trace in \(directory); vocabulary cost skipped")
            return
        }
        let trace = try EditingTrace(path: path)
        let edits = options.quick ? Array(trace.edits.prefix(20_000)) : trace.edits
        let clock = ContinuousClock()
        func replay(attached: Bool) throws -> (milliseconds: Double, editor: Editor) {
            let editor = try Editor(text: AttributedText(trace.startContent))
            if attached { editor.attachSuggestions(lexicon: lexicon) }
            let start = clock.now
            for edit in edits {
                // Trace positions count Unicode scalars.
                let lower = try editor.text.utf16Offset(fromScalar: edit.location)
                let upper = try editor.text.utf16Offset(fromScalar: edit.location + edit.length)
                try editor.perform(.replaceRange(lower..<upper, with: edit.text))
            }
            return (SuggestionBench.milliseconds(clock.now - start), editor)
        }
        let plain = try replay(attached: false)
        let attached = try replay(attached: true)
        var rescan = SuggestionEngine(lexicon: lexicon)
        rescan.addDocumentWords(in: attached.editor.text.string)
        let kept = attached.editor.suggestionEngine?.documentWords.map { "\($0.word) \($0.count)" } ?? []
        let matches = kept == rescan.documentWords.map { "\($0.word) \($0.count)" }
        let perEdit = (attached.milliseconds - plain.milliseconds) * 1000 / Double(edits.count)
        report.add("suggest: vocabulary, automerge-paper via Editor, no engine", plain.milliseconds, "ms",
                   note: "\(edits.count) replaceRange commands")
        report.add("suggest: vocabulary, automerge-paper via Editor, engine attached", attached.milliseconds, "ms",
                   note: "+\(SuggestionBench.format(perEdit)) µs per edit; vocabulary equals a rescan: \(matches ? "yes" : "NO")")
        report.target("vocabulary upkeep with a suggestion engine attached", perEdit, "µs per edit", mustReach: 1, aim: 0.3,
                      blocker: "the window around each edit is still segmented with a few allocations (scalars, boundaries, one string per word)")
    }
}
