import CaretLua

/// `:help` and `:help NAME` at the REPL, written from the same `LuaAPI` value that registers the
/// functions and generates docs/lua-api.md, so what the REPL says cannot drift from the code.
enum ReplHelp {
    static let usage = """
    Type Lua: an expression shows its values (as Lua literals), statements run.
    A chunk that is not finished (an open `function`, `do`, `{`, string) goes
    on at a `>>` prompt. The document is shown after a chunk that changed it.
      :help            this text and every API name
      :help NAME       one entry: :help replace, :help editor:replace
      :quit            leave (Ctrl-D on an empty line does too)
    Keys: Left/Right or Ctrl-B/F, Alt-B/F by word, Home/End or Ctrl-A/E,
    Backspace, Delete, Ctrl-K/U delete to the end/start, Ctrl-W the word
    before, Ctrl-Y puts it back, Up/Down history, Tab completes names (after
    `editor:`, `caret.`, any table), Ctrl-C drops the line or stops a running
    chunk, Ctrl-L clears the screen.
    """

    /// The usage and every name of `api`, grouped.
    static func overview(_ api: LuaAPI, width: Int = 80) -> String {
        var out = usage + "\n"
        if !api.globals.isEmpty {
            out += "\nGlobals: " + api.globals.map(\.name).joined(separator: ", ") + "\n"
        }
        for module in api.modules {
            out += "\n" + wrapped("\(module.name).", module.functions.map(\.name).sorted(), width: width)
        }
        for type in api.types {
            let prefix = objectName(type.name)
            out += "\n" + wrapped("\(prefix):", type.methods.map(\.name).sorted(), width: width)
            if !type.properties.isEmpty {
                out += wrapped("\(prefix).", type.properties.map(\.name).sorted(), width: width)
            }
        }
        return out
    }

    /// What `:help NAME` prints: every entry whose full or bare name is `name`, or nil.
    static func entry(_ name: String, in api: LuaAPI) -> String? {
        let wanted = name.trimmingSpaces().replacing("()", with: "")
        var sections: [String] = []
        func matches(_ full: String, _ bare: String) -> Bool { wanted == full || wanted == bare }
        for global in api.globals where global.name == wanted {
            sections.append("\(global.name)  (\(global.type.referenceName))\n" + indented(global.doc))
        }
        for module in api.modules {
            if module.name == wanted { sections.append("module \(module.name)\n" + indented(module.doc)) }
            for function in module.functions where matches("\(module.name).\(function.name)", function.name) {
                sections.append(describe(function, callee: "\(module.name).\(function.name)"))
            }
        }
        for type in api.types {
            let object = objectName(type.name)
            if type.name == wanted || object == wanted { sections.append("type \(type.name) (\(object))\n" + indented(type.doc)) }
            for method in type.methods where matches("\(object):\(method.name)", method.name) || wanted == "\(object).\(method.name)" {
                sections.append(describe(method, callee: "\(object):\(method.name)"))
            }
            for property in type.properties where matches("\(object).\(property.name)", property.name) {
                let access = property.set == nil ? "read-only" : "read-write"
                sections.append("\(object).\(property.name)  (\(property.type.referenceName), \(access))\n" + indented(property.doc))
            }
        }
        for shape in api.shapes where shape.name == wanted {
            var text = "table \(shape.name)\n" + indented(shape.doc)
            for field in shape.fields { text += "\n    \(field.name)  \(field.type.referenceName)  \(field.doc)" }
            sections.append(text)
        }
        for alias in api.aliases where alias.name == wanted {
            sections.append("\(alias.name): " + alias.values.map { "\"\($0)\"" }.joined(separator: ", ")
                + (alias.isOpen ? ", or any other name" : "") + "\n" + indented(alias.doc))
        }
        return sections.isEmpty ? nil : sections.joined(separator: "\n\n")
    }

    private static func describe(_ entry: LuaAPIEntry, callee: String) -> String {
        var out = "\(callee)(\(entry.parameters.map(\.name).joined(separator: ", ")))\n" + indented(entry.doc)
        if let shape = entry.namedArguments { out += "\n  Also callable as \(callee){…} with one \(shape) table." }
        if !entry.parameters.isEmpty {
            let width = entry.parameters.map(\.name.count).max() ?? 0
            for parameter in entry.parameters {
                let padded = parameter.name + String(repeating: " ", count: width - parameter.name.count)
                out += "\n    \(padded)  \(parameter.type.referenceName)" + (parameter.doc.isEmpty ? "" : "  \(parameter.doc)")
            }
        }
        if !entry.returns.isEmpty {
            out += "\n  returns"
            for value in entry.returns {
                out += "\n    " + (value.name.isEmpty ? "" : value.name + "  ") + value.type.referenceName
                    + (value.doc.isEmpty ? "" : "  " + value.doc)
            }
        }
        return out
    }

    /// `text` wrapped at 78 columns, each line indented by two spaces.
    static func indented(_ text: String, width: Int = 78) -> String {
        var lines: [String] = []
        var line = " "
        for word in text.split(separator: " ") {
            if line.count + 1 + word.count > width && line.count > 2 {
                lines.append(line)
                line = " "
            }
            line += " " + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `Editor` → `editor`: how scripts name an object of the type.
    static func objectName(_ type: String) -> String { type.prefix(1).lowercased() + type.dropFirst() }

    /// `prefix` and `names`, wrapped at `width` with the names indented.
    private static func wrapped(_ prefix: String, _ names: [String], width: Int) -> String {
        var out = prefix
        var column = prefix.count
        for (index, name) in names.enumerated() {
            let piece = (index == 0 ? " " : ", ") + name
            if column + piece.count > width && index > 0 {
                out += ",\n    " + name
                column = 4 + name.count
            } else {
                out += piece
                column += piece.count
            }
        }
        return out + "\n"
    }
}
