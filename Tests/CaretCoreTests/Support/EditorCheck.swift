import Testing
import CaretCore

/// An editor showing `markup` (a caret at the end when it has no `|`).
func makeEditor(_ markup: String, options: EditorOptions = EditorOptions()) throws -> Editor {
    try Editor(state: parseMarkup(markup), options: options)
}

/// Runs `commands` on the document `before` and expects the markup `after`.
func check(
    _ before: String, _ commands: [EditorCommand], _ after: String,
    options: EditorOptions = EditorOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let editor = try makeEditor(before, options: options)
    for command in commands { try editor.perform(command) }
    #expect(printMarkup(editor.state) == after, "\(before) → \(commands)", sourceLocation: sourceLocation)
}

/// Runs `command` on the document `before` and expects the markup `after`.
func check(
    _ before: String, _ command: EditorCommand, _ after: String,
    options: EditorOptions = EditorOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try check(before, [command], after, options: options, sourceLocation: sourceLocation)
}

/// Runs `command` and expects it to throw an error whose description is `message`.
func checkThrows(
    _ before: String, _ command: EditorCommand, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let editor = try makeEditor(before)
    let state = editor.state
    do {
        try editor.perform(command)
        Issue.record("expected an error: \(message)", sourceLocation: sourceLocation)
    } catch {
        #expect("\(error)" == message, sourceLocation: sourceLocation)
    }
    #expect(editor.state == state, "a failed command must leave the editor unchanged", sourceLocation: sourceLocation)
}

extension EditorCommand {
    static let moveLeft = EditorCommand.move(.left, extend: false)
    static let moveRight = EditorCommand.move(.right, extend: false)
    static let extendLeft = EditorCommand.move(.left, extend: true)
    static let extendRight = EditorCommand.move(.right, extend: true)
}
