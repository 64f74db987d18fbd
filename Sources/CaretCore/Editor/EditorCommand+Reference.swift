// The command reference (docs/commands.md), rendered from the command table.

extension EditorCommand {
    /// Markdown listing every command by category: its name, the Lua method, its arguments and
    /// what it does. `lua` turns a command name into the Lua method name.
    public static func referenceMarkdown(lua: (String) -> String) -> String {
        var out = "# Editor commands\n\n"
        out += "<!-- Generated from EditorCommand.descriptors by EditorCommand.referenceMarkdown; do not edit by hand. -->\n\n"
        out += "Every command by name, as traces, `editor:run(name, args)` and `Editor.perform(_:_:)` take it, with the "
        out += "Lua method that performs it (named arguments in snake_case). docs/editor.md explains their semantics.\n"
        for category in CommandCategory.allCases {
            let rows = descriptors.filter { $0.category == category }
            guard !rows.isEmpty else { continue }
            out += "\n## \(category.title)\n\n| command | Lua | arguments | what it does |\n|---|---|---|---|\n"
            for descriptor in rows {
                let arguments = descriptor.parameters.map { parameter in
                    var text = "`\(parameter.name)` (\(parameter.type.referenceName)"
                    if let value = parameter.defaultValue { text += ", default \(value)" }
                    return text + ")"
                }.joined(separator: ", ")
                out += "| `\(descriptor.name)` | `editor:\(lua(descriptor.name))\(descriptor.parameters.isEmpty ? "()" : "{…}")` | \(arguments) | \(cell(descriptor.doc)) |\n"
            }
        }
        return out
    }

    private static func cell(_ text: String) -> String {
        text.replacingPipes()
    }
}

extension CommandCategory {
    /// The section title in the reference.
    var title: String {
        switch self {
        case .text: "Text"
        case .selection: "Movement and selection"
        case .formatting: "Formatting"
        case .paragraphs: "Paragraphs"
        case .find: "Find and replace"
        case .history: "History"
        }
    }
}

extension String {
    /// `|` escaped for a Markdown table cell.
    fileprivate func replacingPipes() -> String {
        var result = ""
        for character in self {
            if character == "|" { result += "\\|" } else { result.append(character) }
        }
        return result
    }
}
