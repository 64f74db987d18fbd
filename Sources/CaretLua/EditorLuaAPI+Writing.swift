import CaretCore
import CaretFormats
import CaretReplay

extension EditorLuaAPI {
    static var writingMethods: [LuaAPIEntry] { [
        method("insert", [LuaParameter("text", .string, "Lua (UTF-8) string.")],
               doc: "Types text: replaces the selection, takes the typing attributes, coalesces with neighbouring typing for undo; the caret ends after it.") { call, target in
            let text = try call.string(1)
            try target.perform(.insertText(text), as: .text(text))
            return 0
        }.with(insertFastPath),
        method("key", [LuaParameter("chord", .string, "`cmd+b`, `shift+alt+left`, `backspace` … (docs/editor.md#key-bindings).")],
               returns: [LuaReturn(.boolean, "handled", "false when nothing is bound to the chord.")],
               doc: "Presses a key chord: performs the command the standard keymap binds to it.") { call, target in
            let chord: KeyChord
            do { chord = try KeyChord(parsing: try call.string(1)) } catch { throw call.argumentError(1, "\(error)") }
            let bound = target.editor.keymap[chord] != nil
            if target.isRecording { try target.apply(.key(chord)) } else { try target.editor.handle(chord) }
            call.push(bound)
            return 1
        },
        method("select", [LuaParameter("anchor", offset, "Where the selection starts."),
                          LuaParameter("head", .optional(offset), "Where the cursor goes; omit for a caret at anchor.")],
               doc: "Sets the selection. Offsets must be valid (0…length, not inside a surrogate pair); nothing is clamped.") { call, target in
            let anchor = try call.integer(1)
            let head = call.isNil(2) ? anchor : try call.integer(2)
            do {
                try target.perform(.setSelection(anchor: anchor, head: head), as: .select(anchor: anchor, head: head))
            } catch EditorError.invalidPosition(let error) {
                // The editor validates; the error names the argument that holds the bad offset.
                throw call.argumentError(error.offset == anchor ? 1 : 2, "\(error)")
            }
            return 0
        },
        method("replace", [LuaParameter("location", offset), LuaParameter("length", length), LuaParameter("text", .string)],
               doc: "Replaces a UTF-16 range with text in the attributes of its first character (the `replaceRange` command); the selection is mapped through the edit.") { call, target in
            let location = try call.integer(1)
            let length = try call.integer(2)
            guard length >= 0 else { throw call.argumentError(2, "length \(length) is negative (a count of UTF-16 units)") }
            let (end, overflow) = location.addingReportingOverflow(length)
            if overflow {
                // Past the end of any text; a bad location is still the first argument's fault.
                _ = try call.offset(1, in: target.editor.text)
                throw call.overflowingRange(2, location: location, length: length, in: target.editor.text)
            }
            let text = try call.string(3)
            let range = location..<end
            do {
                try target.perform(.replaceRange(range, with: text), as: .command(.replaceRange(range, with: text)))
            } catch {
                throw replaceFailure(error, call, location: location, end: end)
            }
            return 0
        }.with(replaceFastPath),
        method("run", [LuaParameter("name", .string, "A command name (docs/editor.md#commands), e.g. `moveWordLeft`, `findNext`."),
                       LuaParameter("arguments", .optional(.table(description: "command arguments: {pattern = \"a\", regex = true}")))],
               doc: "Performs any editor command by name with its arguments.") { call, target in
            let name = try call.string(1)
            let command = try EditorCommand(name: name, arguments: try call.commandArguments(2))
            try perform(command, call, target)
            return 0
        },
        method("undo", doc: "Undoes the last step (text, attributes, selection and typing attributes as before it).") { _, target in
            try target.perform(.undo, as: .undo(count: 1))
            return 0
        },
        method("redo", doc: "Re-applies the last undone step.") { _, target in
            try target.perform(.redo, as: .redo(count: 1))
            return 0
        },
        method("advance_clock", [LuaParameter("seconds", .number(unit: "seconds"), "≥ 0.")],
               doc: "Advances the virtual clock: the editor's (undo coalescing reads it) and the script's (`os.time`, `os.date`, `os.clock`).") { call, target in
            let seconds = try call.number(1)
            guard seconds.isFinite, seconds >= 0 else { throw call.argumentError(1, "seconds must be finite and not negative, got \(seconds)") }
            try target.apply(.wait(seconds))
            call.runtime.virtualTime += seconds
            return 0
        },
        method("paste", [LuaParameter("markup", .optional(.string), "Attributed text as markup without selection markers, e.g. `{bold:hi} there`; omit it to paste what the clipboard holds (the `paste` command)."),
                         LuaParameter("plain", .optional(.boolean), "true: paste the text alone in the typing attributes, as `pasteAsPlainText` does (what a trace's plain paste records).")],
               doc: "Puts attributed text on the editor's clipboard and pastes it over the selection, attributes kept (with `plain`, the text alone); without markup, pastes the clipboard as it is (after `editor:copy()` or `editor:cut()`). A paste never coalesces with typing for undo.") { call, target in
            if call.isNil(1) {
                try target.perform(.paste, as: .command(.paste))
                return 0
            }
            let content: AttributedText
            do { content = try Markup.parseText(try call.string(1)) } catch { throw call.argumentError(1, "the markup does not parse: \(error)") }
            try target.apply(.paste(content, plain: call.isNil(2) ? false : try call.boolean(2)))
            return 0
        },
        method("toggle", [LuaParameter("trait", .alias("TraitName"), "bold, italic, underline, strikethrough or code.")],
               doc: "Toggles a trait as a toolbar button does: over a selection by the trait-toggle policy (one undo step); with a caret only the typing attributes change.") { call, target in
            let command = EditorCommand.toggleTrait(try call.trait(1))
            try target.perform(command, as: .command(command))
            return 0
        },
    ] }
}
