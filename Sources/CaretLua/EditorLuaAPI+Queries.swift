import CaretCore

/// What a toolbar asks: undo and redo availability, an attribute's value over the selection,
/// and setting the typing attributes.
extension EditorLuaAPI {
    static var queryMethods: [LuaAPIEntry] { [
        method("can_undo", returns: [LuaReturn(.boolean, "can")], doc: "Whether `editor:undo()` would do something (an Undo button's enabled state).") { call, target in
            call.push(target.editor.canUndo)
            return 1
        },
        method("can_redo", returns: [LuaReturn(.boolean, "can")], doc: "Whether `editor:redo()` would do something.") { call, target in
            call.push(target.editor.canRedo)
            return 1
        },
        method("undo_count", returns: [LuaReturn(.integer(), "count")], doc: "How many steps `editor:undo()` can take back.") { call, target in
            call.push(target.editor.undoCount)
            return 1
        },
        method("redo_count", returns: [LuaReturn(.integer(), "count")], doc: "How many undone steps `editor:redo()` can re-apply.") { call, target in
            call.push(target.editor.redoCount)
            return 1
        },
        method("common_value", [LuaParameter("key", .alias("AttributeName"), "`fontSize`, `fontFamily`, `link`, a paragraph key, a custom name, …")],
               returns: [LuaReturn(.oneOf([.boolean, .number(), .string]), "value", "The one value, or nil"),
                         LuaReturn(.optional(.string), "mixed", "\"mixed\" when the selection holds more than one value (or the key on some characters only); absent otherwise.")],
               doc: """
               The value of an attribute over the selection, for a picker (a font-size field shows the value, blank when mixed): \
               for a caret, the typing attributes' value; for a selection, the value every selected character has. \
               Returns nil when no character has the key (a font size picker then shows the default size), and nil, "mixed" \
               when characters differ — different values, or the key on some characters and not on others.
               """) { call, target in
            let key = try call.attributeKey(1)
            let editor = target.editor
            if editor.selection.isCaret {
                if let value = editor.typingAttributes[key] { call.push(luaValue(value)) } else { call.pushNil() }
                return 1
            }
            let runs = try editor.text.runs(in: editor.selection.range)
            let first = runs.first?.attributes[key]
            if runs.contains(where: { $0.attributes[key] != first }) {
                call.pushNil()
                call.push("mixed")
                return 2
            }
            if let first { call.push(luaValue(first)) } else { call.pushNil() }
            return 1
        },
        method("set_typing_attributes", [LuaParameter("attributes", .record("Attributes"), "What typed text takes; `link` and paragraph keys are ignored (typed text joins the caret's paragraph).")],
               doc: """
               Sets the typing attributes, as assigning `UITextView.typingAttributes` does: no undo step; the next selection change \
               resets them to the inherited ones. While a trace or macro is recorded this needs a caret (it is recorded as \
               `setAttribute`/`removeAttribute` commands, which with a caret change only the typing attributes).
               """) { call, target in
            let attributes = try call.attributes(1)
            let editor = target.editor
            guard target.isRecording else {
                editor.setTypingAttributes(attributes)
                return 0
            }
            guard editor.selection.isCaret else {
                throw call.argumentError(1, "set_typing_attributes with a range selected cannot be recorded (a trace has no event for it); collapse the selection first")
            }
            let current = editor.typingAttributes
            var commands: [EditorCommand] = []
            for entry in current.entries where !entry.key.isParagraph && attributes[entry.key] == nil {
                commands.append(.removeAttribute(entry.key))
            }
            for entry in attributes.entries where !entry.key.isParagraph && entry.key != .link && current[entry.key] != entry.value {
                commands.append(.setAttribute(entry.key, entry.value))
            }
            for command in commands { try target.apply(.command(command)) }
            return 0
        },
    ] }

    static func luaValue(_ value: AttributeValue) -> LuaValue {
        switch value {
        case .bool(let b): .boolean(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        }
    }
}
