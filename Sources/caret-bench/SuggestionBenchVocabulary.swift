import CaretCore
import Foundation

/// What keeping an editor's vocabulary current costs: the automerge-paper trace replayed through
/// `Editor.perform(.replaceRange…)` with and without an attached suggestion engine, and a check
/// that the incrementally kept vocabulary equals a rescan of the final document.
enum SuggestionBenchVocabulary {
    static func run(_ options: BenchOptions, _ report: BenchReport, lexicon: Lexicon) throws {
        let directory = options.tracesDirectory ?? EditingTrace.defaultDirectory()
        guard let path = try? EditingTrace.automergePaperPath(in: directory) else {
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
            // Words still pending are counted when the engine is read: that is part of the cost.
            if attached { _ = editor.suggestionEngine }
            return (SuggestionBench.milliseconds(clock.now - start), editor)
        }
        // The difference of two replays is small beside either, so each is the fastest of a few
        // runs, taken in turns so that other load falls on both alike.
        let repetitions = options.quick ? 1 : 3
        var plain = try replay(attached: false)
        var attached = try replay(attached: true)
        for _ in 1..<max(repetitions, 1) {
            let p = try replay(attached: false)
            if p.milliseconds < plain.milliseconds { plain = p }
            let a = try replay(attached: true)
            if a.milliseconds < attached.milliseconds { attached = a }
        }
        var rescan = SuggestionEngine(lexicon: lexicon)
        rescan.addDocumentWords(in: attached.editor.text.string)
        let kept = attached.editor.suggestionEngine?.documentWords.map { "\($0.word) \($0.count)" } ?? []
        guard kept == rescan.documentWords.map({ "\($0.word) \($0.count)" }) else {
            throw BenchError("the vocabulary kept through automerge-paper differs from a rescan of the final document")
        }
        let perEdit = (attached.milliseconds - plain.milliseconds) * 1000 / Double(edits.count)
        report.add("suggest: vocabulary, automerge-paper via Editor, no engine", plain.milliseconds, "ms",
                   note: "\(edits.count) replaceRange commands; fastest of \(repetitions)")
        report.add("suggest: vocabulary, automerge-paper via Editor, engine attached", attached.milliseconds, "ms",
                   note: "+\(SuggestionBench.format(perEdit)) µs per edit; vocabulary equals a rescan: yes; fastest of \(repetitions)")
        report.target("vocabulary upkeep with a suggestion engine attached", perEdit, "µs per edit", mustReach: 1, aim: 0.3,
                      blocker: "what remains is the edit that lands apart from the pending region: it segments the region's old and new bytes and reads the words around the edit; the figure is the difference of two ~0.3-0.6 s replays, so load on the machine moves it by ~0.1 µs")
    }
}
