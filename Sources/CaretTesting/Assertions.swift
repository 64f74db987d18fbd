import CaretCore
import CaretFormats
import CaretReplay

// The assertions a test target of an app built on Caret needs: replay a recorded session and
// check every checkpoint in it, and compare an editor (or any document) with canonical markup.
// Each reports a failure to the running framework (Swift Testing or XCTest, see
// FailureReporting.swift) with a unified diff, and also returns whether it passed, so a test can
// stop early.

/// Replays the trace file at `path`, checking each of its checkpoints, and reports the first
/// failure (`file:line:1: step N: …` with the diff of expected against actual) at the caller.
/// - Parameter endsWith: optional canonical markup the document must show after the last event
///   (with `|` or `^…|` to check the selection too).
/// - Returns: the editor as the trace left it, or nil when the trace could not be read, parsed or
///   replayed to its end.
@discardableResult
public func assertReplay(trace path: String, endsWith expected: String? = nil, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) -> Editor? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let bytes: [UInt8]
    do {
        bytes = try TraceReplay.readFile(path)
    } catch {
        reportFailure("\(error)", at: site)
        return nil
    }
    return assertReplay(traceBytes: bytes, name: path, endsWith: expected, site)
}

/// Replays a trace given as its JSON Lines text (named `name` in messages); otherwise as
/// `assertReplay(trace:endsWith:)`.
@discardableResult
public func assertReplay(traceText: String, name: String = "<trace>", endsWith expected: String? = nil, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) -> Editor? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return assertReplay(traceBytes: Array(traceText.utf8), name: name, endsWith: expected, site)
}

private func assertReplay(traceBytes: [UInt8], name: String, endsWith expected: String?, _ site: CallSite) -> Editor? {
    let outcome: (player: TracePlayer, failure: ReplayFailure?)
    do {
        outcome = try TraceReplay.play(traceBytes, file: name, check: true)
    } catch {
        reportFailure(error.description, at: site)
        return nil
    }
    if let failure = outcome.failure {
        reportFailure(failure.description, at: site)
        return nil
    }
    let editor = outcome.player.editor
    if let expected, !expectMarkup(editor, expected, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column) { return nil }
    return editor
}

/// Checks that `editor` shows `expected`, canonical markup with or without a selection marker:
/// without one only the text and its attributes are compared; with `|` or `^…|` the selection
/// and the typing attributes markup shows are compared too. Both sides are printed canonically,
/// so spelling differences in `expected` (attribute order, spaces) do not count.
/// - Returns: whether they matched (a mismatch, or markup that does not parse, is reported).
@discardableResult
public func expectMarkup(_ editor: Editor, _ expected: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) -> Bool {
    expectMarkup(editor.state, expected, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks that `state` shows `expected`; as `expectMarkup(_:_:)` for an editor.
@discardableResult
public func expectMarkup(_ state: DocumentState, _ expected: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) -> Bool {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let wanted: DocumentState
    do {
        wanted = try DocumentState(markup: expected)
    } catch {
        reportFailure("expected markup does not parse: \(error)", at: site)
        return false
    }
    let shown = wanted.selection == nil ? DocumentState(text: state.text) : state
    let expectedText = Markup.print(wanted)
    let actualText = Markup.print(shown)
    if expectedText == actualText { return true }
    reportFailure("document does not match\n" + UnifiedDiff.diff(expectedText, actualText, from: "expected", to: "actual"), at: site)
    return false
}

/// Checks that `text` carries exactly the text and attributes of `expected` (markup without a
/// selection marker).
@discardableResult
public func expectMarkup(_ text: AttributedText, _ expected: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) -> Bool {
    expectMarkup(DocumentState(text: text), expected, fileID: fileID, filePath: filePath, line: line, column: column)
}

extension Editor {
    /// An editor showing `markup`, canonical markup with `|` for the caret or `^…|` for a range
    /// selection (no marker: a caret at the end), the fixture most editor tests start from:
    /// `let editor = try Editor(marked: "hello ^{bold:world}|")`.
    /// - Throws: `MarkupError` (`line:col: …`) when the markup does not parse.
    public convenience init(marked markup: String, options: EditorOptions = EditorOptions()) throws {
        try self.init(state: DocumentState(markup: markup), options: options)
    }
}
