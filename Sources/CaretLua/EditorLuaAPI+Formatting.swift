import CaretCore

extension EditorLuaAPI {
    static var formattingMethods: [LuaAPIEntry] { [
        method("set_attribute", [LuaParameter("location", offset), LuaParameter("length", length),
                                 LuaParameter("key", .alias("AttributeName"), "`bold`, `fontSize`, `link`, … or a custom name."),
                                 LuaParameter("value", .any, "A boolean, number or string that fits the key.")],
               doc: "Sets one attribute over a range (the `setAttribute` command applied to the range, one undo step); the selection and typing attributes stay as they were, and undo restores them too.") { call, target in
            let range = try call.range(1, in: target.editor.text, defaultWhole: false)
            let key = try call.attributeKey(3)
            let value = try call.attributeValue(LuaValue.read(from: call.state, at: call.slot(4)), key: key, argument: 4)
            try restyle(target, range, [.setAttribute(key, value)])
            return 0
        },
        method("remove_attribute", [LuaParameter("location", offset), LuaParameter("length", length), LuaParameter("key", .alias("AttributeName"))],
               doc: "Removes one attribute over a range.") { call, target in
            let range = try call.range(1, in: target.editor.text, defaultWhole: false)
            try restyle(target, range, [.removeAttribute(try call.attributeKey(3))])
            return 0
        },
        method("merge_attributes", [LuaParameter("location", offset), LuaParameter("length", length), LuaParameter("attributes", attributes)],
               doc: "Sets every attribute of the table over a range; other attributes stay.") { call, target in
            let range = try call.range(1, in: target.editor.text, defaultWhole: false)
            let attributes = try call.attributes(3)
            try restyle(target, range, attributes.entries.map { .setAttribute($0.key, $0.value) })
            return 0
        },
        method("set_attributes", [LuaParameter("location", offset), LuaParameter("length", length), LuaParameter("attributes", attributes)],
               doc: "Makes the attributes over a range exactly the table's: removes every other key, sets these.") { call, target in
            let text = target.editor.text
            let range = try call.range(1, in: text, defaultWhole: false)
            let attributes = try call.attributes(3)
            var present: Set<AttributeKey> = []
            for run in try text.runs(in: range) { present.formUnion(run.attributes.keys) }
            let removals = present.filter { attributes[$0] == nil }.sorted().map { EditorCommand.removeAttribute($0) }
            try restyle(target, range, removals + attributes.entries.map { .setAttribute($0.key, $0.value) })
            return 0
        },
    ] }

    /// Performs `commands` over `range` as one undo step that records the user's selection, so
    /// undo and redo restore what the user saw (`Editor.perform(_:in:)`). While a trace or macro
    /// is recorded, the steps go in as ordinary events instead (select the range, each command,
    /// select back), since a trace has no event for a command over a range.
    static func restyle(_ target: ScriptEditor, _ range: Range<Int>, _ commands: [EditorCommand]) throws {
        guard !range.isEmpty, !commands.isEmpty else { return }
        guard target.isRecording else { return try target.editor.perform(commands, in: range) }
        let saved = target.editor.selection
        try target.apply(.select(anchor: range.lowerBound, head: range.upperBound))
        for command in commands { try target.apply(.command(command)) }
        try target.apply(.select(anchor: saved.anchor, head: saved.head))
    }
}
