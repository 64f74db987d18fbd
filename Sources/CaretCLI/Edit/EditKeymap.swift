import CaretCore

/// What a key does in `caret edit`: an editor command, or one of the editor's own actions that
/// are not editing (saving, quitting, a checkpoint, paging).
enum EditBinding: Equatable {
    case command(EditorCommand)
    case save, quit, checkpoint
    case pageUp(extend: Bool), pageDown(extend: Bool)

    static let actionNames: [String: EditBinding] = [
        "save": .save, "quit": .quit, "checkpoint": .checkpoint,
        "pageUp": .pageUp(extend: false), "pageDown": .pageDown(extend: false),
        "pageUpAndModifySelection": .pageUp(extend: true), "pageDownAndModifySelection": .pageDown(extend: true),
    ]
}

/// The keys of `caret edit`: Caret's standard keymap (docs/editor.md) with the bindings a
/// terminal needs on top (ctrl+b/i/u for traits, ctrl+z and ctrl+shift+z for undo and redo,
/// ctrl+s save, ctrl+q quit, ctrl+k checkpoint, home/end within the line), then a `--keymap`
/// file's bindings over those.
struct EditKeymap {
    private(set) var bindings: [KeyChord: EditBinding]

    /// The terminal defaults, which docs/edit.md lists.
    static let terminalDefaults: [(String, EditBinding)] = [
        ("ctrl+b", .command(.toggleBold)),
        ("ctrl+i", .command(.toggleItalic)),
        ("alt+i", .command(.toggleItalic)),
        ("ctrl+u", .command(.toggleUnderline)),
        ("ctrl+z", .command(.undo)),
        ("ctrl+shift+z", .command(.redo)),
        ("ctrl+y", .command(.redo)),
        ("ctrl+c", .command(.copy)),
        ("ctrl+x", .command(.cut)),
        ("ctrl+v", .command(.paste)),
        ("ctrl+s", .save),
        ("ctrl+q", .quit),
        ("ctrl+k", .checkpoint),
        ("home", .command(.move(.lineStart, extend: false))),
        ("shift+home", .command(.move(.lineStart, extend: true))),
        ("end", .command(.move(.lineEnd, extend: false))),
        ("shift+end", .command(.move(.lineEnd, extend: true))),
        ("ctrl+home", .command(.move(.documentStart, extend: false))),
        ("ctrl+shift+home", .command(.move(.documentStart, extend: true))),
        ("ctrl+end", .command(.move(.documentEnd, extend: false))),
        ("ctrl+shift+end", .command(.move(.documentEnd, extend: true))),
        ("ctrl+left", .command(.move(.wordLeft, extend: false))),
        ("ctrl+shift+left", .command(.move(.wordLeft, extend: true))),
        ("ctrl+right", .command(.move(.wordRight, extend: false))),
        ("ctrl+shift+right", .command(.move(.wordRight, extend: true))),
        ("pageup", .pageUp(extend: false)),
        ("shift+pageup", .pageUp(extend: true)),
        ("pagedown", .pageDown(extend: false)),
        ("shift+pagedown", .pageDown(extend: true)),
    ]

    /// The standard keymap with the terminal defaults over it.
    static let standard: EditKeymap = {
        var bindings: [KeyChord: EditBinding] = [:]
        for (chord, command) in Keymap.standard.bindings { bindings[chord] = .command(command) }
        for (text, binding) in terminalDefaults { bindings[try! KeyChord(parsing: text)] = binding }
        return EditKeymap(bindings: bindings)
    }()

    subscript(chord: KeyChord) -> EditBinding? { bindings[chord] }

    /// An error in a keymap file, at a 1-based line and column.
    struct FileError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// This keymap with the bindings of a keymap file over it. A file has one binding a line,
    /// `CHORD COMMAND [name=value ...]` (the words `caret record`'s `run` takes) or
    /// `CHORD ACTION` (save, quit, checkpoint, pageUp, pageDown, …) or `CHORD unbind`; blank
    /// lines and `#` comments are skipped.
    func merging(file text: String) throws(FileError) -> EditKeymap {
        var result = self
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            let words = RecordSyntax.tokens(line, startColumn: 1)
            guard let first = words.first, !first.text.hasPrefix("#") else { continue }
            let chord: KeyChord
            do { chord = try KeyChord(parsing: first.text) } catch {
                throw FileError(line: number, column: first.column, message: "\(error)")
            }
            guard words.count >= 2 else {
                throw FileError(line: number, column: first.column + first.text.count,
                                message: "expected a command after '\(first.text.quotedForError)', e.g. `ctrl+t toggleStrikethrough`")
            }
            let name = words[1]
            if name.text == "unbind", words.count == 2 {
                result.bindings[chord] = nil
                continue
            }
            if let action = EditBinding.actionNames[name.text], words.count == 2 {
                result.bindings[chord] = action
                continue
            }
            var arguments: [String: CommandArgument] = [:]
            for word in words.dropFirst(2) {
                guard let equals = word.text.firstIndex(of: "=") else {
                    throw FileError(line: number, column: word.column, message: "expected name=value, got '\(word.text.quotedForError)'")
                }
                arguments[String(word.text[..<equals])] = RecordSyntax.argument(String(word.text[word.text.index(after: equals)...]), quoted: word.quoted)
            }
            do {
                result.bindings[chord] = .command(try EditorCommand(name: name.text, arguments: arguments))
            } catch {
                var message = "\(error)"
                if case EditorError.unknownCommand = error {
                    message += " (or one of the actions \(EditBinding.actionNames.keys.sorted().joined(separator: ", ")), or unbind)"
                }
                throw FileError(line: number, column: name.column, message: message)
            }
        }
        return result
    }
}
