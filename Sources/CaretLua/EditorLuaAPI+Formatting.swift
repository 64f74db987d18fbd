import CaretCore

extension EditorLuaAPI {
    static var formattingMethods: [LuaAPIEntry] { [
        method("set_attribute", [LuaParameter("location", offset), LuaParameter("length", length),
                                 LuaParameter("key", .string, "`bold`, `fontSize`, `link`, … or a custom name."),
                                 LuaParameter("value", .any, "A boolean, number or string that fits the key.")],
               doc: "Sets one attribute over a range (selects it, runs `setAttribute`, restores the selection).") { call, target in
            let range = try call.range(1, in: target.editor.text, defaultWhole: false)
            let key = try call.attributeKey(3)
            let value = try call.attributeValue(LuaValue.read(from: call.state, at: call.slot(4)), key: key, argument: 4)
            try restyle(target, range, [.setAttribute(key, value)])
            return 0
        },
        method("remove_attribute", [LuaParameter("location", offset), LuaParameter("length", length), LuaParameter("key", .string)],
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

    /// Selects `range`, performs `commands`, and puts the selection back where it was (mapped
    /// through nothing: formatting does not move text). Each step is an ordinary command.
    static func restyle(_ target: ScriptEditor, _ range: Range<Int>, _ commands: [EditorCommand]) throws {
        guard !range.isEmpty, !commands.isEmpty else { return }
        let saved = target.editor.selection
        try target.perform(.setSelection(anchor: range.lowerBound, head: range.upperBound),
                           as: .select(anchor: range.lowerBound, head: range.upperBound))
        for command in commands { try target.perform(command, as: .command(command)) }
        try target.perform(.setSelection(anchor: saved.anchor, head: saved.head), as: .select(anchor: saved.anchor, head: saved.head))
    }
}
