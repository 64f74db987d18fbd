extension Keymap {
    /// macOS/iOS text-editing bindings, including the Emacs-style control keys macOS has.
    /// docs/editor.md lists them.
    public static let standard: Keymap = {
        var pairs: [(String, EditorCommand)] = []
        func move(_ chord: String, _ movement: Movement) {
            pairs.append((chord, .move(movement, extend: false)))
            pairs.append(("shift+" + chord, .move(movement, extend: true)))
        }
        move("left", .left)
        move("right", .right)
        move("up", .up)
        move("down", .down)
        move("alt+left", .wordLeft)
        move("alt+right", .wordRight)
        move("cmd+left", .lineStart)
        move("cmd+right", .lineEnd)
        move("cmd+up", .documentStart)
        move("cmd+down", .documentEnd)
        move("home", .documentStart)
        move("end", .documentEnd)
        // Emacs-style keys of the macOS text system.
        move("ctrl+a", .lineStart)
        move("ctrl+e", .lineEnd)
        move("ctrl+b", .left)
        move("ctrl+f", .right)
        move("ctrl+p", .up)
        move("ctrl+n", .down)
        pairs += [
            ("ctrl+d", .deleteForward),
            ("ctrl+h", .deleteBackward),
            ("ctrl+k", .deleteToLineEnd),
            ("ctrl+t", .transpose),
            ("ctrl+o", .openLine),
            ("backspace", .deleteBackward),
            ("shift+backspace", .deleteBackward),
            ("ctrl+backspace", .deleteBackwardByDecomposing),
            ("forwarddelete", .deleteForward),
            ("alt+backspace", .deleteWordBackward),
            ("alt+forwarddelete", .deleteWordForward),
            ("cmd+backspace", .deleteToLineStart),
            ("cmd+forwarddelete", .deleteToLineEnd),
            ("return", .insertNewline),
            ("shift+return", .insertNewline),
            ("tab", .insertTab),
            ("cmd+a", .selectAll),
            ("cmd+x", .cut),
            ("cmd+c", .copy),
            ("cmd+v", .paste),
            ("alt+shift+cmd+v", .pasteAsPlainText),
            ("cmd+z", .undo),
            ("shift+cmd+z", .redo),
            ("cmd+b", .toggleBold),
            ("cmd+i", .toggleItalic),
            ("cmd+u", .toggleUnderline),
            ("cmd+=", .increaseFontSize),
            ("shift+cmd+=", .increaseFontSize),
            ("cmd+plus", .increaseFontSize),
            ("cmd+-", .decreaseFontSize),
        ]
        return try! Keymap(pairs)
    }()
}
