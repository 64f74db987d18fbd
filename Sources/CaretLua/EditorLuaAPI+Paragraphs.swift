import CaretCore

extension EditorLuaAPI {
    /// Paragraph attributes: queries by offset, and the paragraph commands over the selection
    /// (docs/editor.md#paragraph-attributes).
    static var paragraphMethods: [LuaAPIEntry] { [
        method("paragraph_attributes", [LuaParameter("offset", offset, "Any position in the paragraph, its end included.")],
               returns: [LuaReturn(attributes, "attributes", "Only the paragraph attributes: heading, listStyle, listLevel, blockQuote, codeBlock, alignment.")],
               doc: "The paragraph attributes of the paragraph containing an offset (in the empty last paragraph with the caret there, those typed text would take).") { call, target in
            let offset = try call.offset(1, in: target.editor.text)
            call.push(attributes: try target.editor.paragraphAttributes(at: offset))
            return 1
        },
        method("paragraph_range", [LuaParameter("offset", offset, "Any position in the paragraph.")],
               returns: [LuaReturn(offset, "location", "The paragraph's start."), LuaReturn(length, "length", "Its length, the terminating \\n included.")],
               doc: "The paragraph containing an offset, from its start through its line break.") { call, target in
            let range = try target.editor.text.paragraphRange(containing: try call.offset(1, in: target.editor.text))
            call.push(range.lowerBound)
            call.push(range.count)
            return 2
        },
        method("list_ordinal", [LuaParameter("offset", offset, "Any position in the paragraph.")],
               returns: [LuaReturn(.optional(.integer()), "ordinal", "1-based position in its list; nil when the paragraph is not a list item.")],
               doc: "The number of a list item in its list (consecutive items of the same style at the same level; deeper items do not break it).") { call, target in
            let text = target.editor.text
            if let ordinal = try text.listOrdinal(ofParagraphAt: try call.offset(1, in: text)) { call.push(ordinal) } else { call.pushNil() }
            return 1
        },
        paragraphCommand("set_paragraph_attribute", [LuaParameter("key", .alias("ParagraphAttributeName"), "heading, listStyle, listLevel, blockQuote, codeBlock or alignment."),
                                                     LuaParameter("value", .any, "A value that fits the key.")],
                         doc: "Sets a paragraph attribute on every paragraph the selection touches (runs `setParagraphAttribute`).") { call in
            let key = try call.attributeKey(1)
            return .setParagraphAttribute(key, try call.attributeValue(LuaValue.read(from: call.state, at: call.slot(2)), key: key, argument: 2))
        },
        paragraphCommand("remove_paragraph_attribute", [LuaParameter("key", .alias("ParagraphAttributeName"), "heading, listStyle, listLevel, blockQuote, codeBlock or alignment.")],
                         doc: "Removes a paragraph attribute from every paragraph the selection touches (`listStyle` takes `listLevel` along).") { call in
            .removeParagraphAttribute(try call.attributeKey(1))
        },
        paragraphCommand("set_heading", [LuaParameter("level", .integer(unit: "heading level"), "1–6, or 0 for no heading.")],
                         doc: "Makes the paragraphs the selection touches headings of a level (0: plain).") { call in
            let level = try call.integer(1)
            guard (0...6).contains(level) else { throw call.argumentError(1, "expected a heading level in 0...6 (0: none), got \(level)") }
            return .setHeading(level)
        },
        paragraphCommand("toggle_list", [LuaParameter("style", .alias("ListStyle"), "\"bullet\" or \"ordered\".")],
                         doc: "Makes the paragraphs the selection touches list items of a style, or plain paragraphs when all already are.") { call in
            .toggleList(try call.string(1))
        },
        paragraphCommand("indent_list", doc: "Moves the list items the selection touches one level deeper (at most 16).") { _ in .indentList },
        paragraphCommand("outdent_list", doc: "Moves the list items the selection touches one level shallower; level-1 items leave the list.") { _ in .outdentList },
    ] }

    /// A method that performs the paragraph command `command` builds from the call's arguments.
    static func paragraphCommand(
        _ name: String, _ parameters: [LuaParameter] = [], doc: String,
        _ command: @escaping (LuaCall) throws -> EditorCommand
    ) -> LuaAPIEntry {
        method(name, parameters, doc: doc) { call, target in
            let command = try command(call)
            try target.perform(command, as: .command(command))
            return 0
        }
    }
}
