/// Renders the Lua API reference (Markdown) and LuaLS annotations from the same `LuaAPI` value
/// that registration reads, so documentation and stubs cannot drift from the code.
public enum LuaAPIReference {
    /// The Markdown API reference: one section per module and per object type.
    public static func markdown(for api: LuaAPI, title: String = "Caret Lua API") -> String {
        var out = "# \(title)\n\n"
        out += "<!-- Generated from the API entry table by LuaAPIReference.markdown; do not edit by hand. -->\n"
        if !api.globals.isEmpty {
            out += "\n## Globals\n\n| Global | Type | Description |\n|---|---|---|\n"
            for global in api.globals {
                out += "| `\(global.name)` | \(global.type.referenceName) | \(cell(global.doc)) |\n"
            }
        }
        for module in api.modules {
            out += "\n## Module `\(module.name)`\n\n\(module.doc)\n"
            for entry in module.functions {
                out += entrySection(entry, callee: "\(module.name).\(entry.name)")
            }
        }
        for type in api.types {
            out += "\n## Type `\(type.name)`\n\n\(type.doc)\n"
            if !type.properties.isEmpty {
                out += "\n| Field | Type | Access | Description |\n|---|---|---|---|\n"
                for property in type.properties {
                    let access = property.set == nil ? "read-only" : "read-write"
                    out += "| `\(property.name)` | \(property.type.referenceName) | \(access) | \(cell(property.doc)) |\n"
                }
            }
            for method in type.methods {
                out += entrySection(method, callee: "\(lowerFirst(type.name)):\(method.name)")
            }
        }
        if !api.shapes.isEmpty {
            out += "\n## Tables\n\nThe shapes of the tables functions take and return (LuaLS classes in the stubs).\n"
            for shape in api.shapes {
                out += "\n### `\(shape.name)`\n\n\(shape.doc)\n\n| Field | Type | Description |\n|---|---|---|\n"
                for field in shape.fields {
                    out += "| `\(field.name)` | \(field.type.referenceName) | \(cell(field.doc)) |\n"
                }
                if let elements = shape.elements { out += "| `[1…n]` | \(elements.referenceName) | The elements, in order. |\n" }
                if let other = shape.otherKeys { out += "| any other name | \(other.referenceName) | |\n" }
            }
        }
        if !api.aliases.isEmpty {
            out += "\n## Names\n\n| Name | Strings |\n|---|---|\n"
            for alias in api.aliases {
                let values = alias.values.map { "`\($0)`" }.joined(separator: ", ") + (alias.isOpen ? ", or any other name" : "")
                out += "| `\(alias.name)` | \(values) — \(cell(alias.doc)) |\n"
            }
        }
        return out
    }

    private static func entrySection(_ entry: LuaAPIEntry, callee: String) -> String {
        let parameters = entry.parameters.map(\.name).joined(separator: ", ")
        var out = "\n### `\(callee)(\(parameters))`\n\n\(entry.doc)\n"
        if let shape = entry.namedArguments {
            out += "\nAlso callable as `\(callee){…}` with one `\(shape)` table.\n"
        }
        if !entry.parameters.isEmpty {
            out += "\n| Parameter | Type | Description |\n|---|---|---|\n"
            for parameter in entry.parameters {
                out += "| `\(parameter.name)` | \(parameter.type.referenceName) | \(cell(parameter.doc)) |\n"
            }
        }
        if !entry.returns.isEmpty {
            out += "\nReturns: " + entry.returns.map { value in
                var text = value.type.referenceName
                if !value.name.isEmpty { text = "`\(value.name)` " + text }
                if !value.doc.isEmpty { text += " — " + value.doc }
                return text
            }.joined(separator: "; ") + "\n"
        }
        return out
    }

    /// A LuaLS definition file (`---@meta`) with `---@class`, `---@field`, `---@param` and
    /// `---@return` annotations for every module, type, field and function.
    public static func luaLSAnnotations(for api: LuaAPI) -> String {
        var out = "---@meta\n-- Generated from the API entry table by LuaAPIReference.luaLSAnnotations; do not edit by hand.\n"
        for alias in api.aliases {
            let values = alias.values.map { "\"\($0)\"" } + (alias.isOpen ? ["string"] : [])
            out += "\n" + comment(alias.doc) + "---@alias \(alias.name) \(values.joined(separator: "|"))\n"
        }
        for shape in api.shapes {
            out += "\n" + comment(shape.doc) + "---@class \(shape.name)\n"
            for field in shape.fields {
                var type = field.type
                var optional = ""
                if case .optional(let wrapped) = type { type = wrapped; optional = "?" }
                out += "---@field \(field.name)\(optional) \(type.luaLSName)\(trailing(field.doc))\n"
            }
            if let elements = shape.elements { out += "---@field [integer] \(elements.luaLSName)\n" }
            if let other = shape.otherKeys { out += "---@field [string] \(other.luaLSName)\n" }
        }
        for type in api.types {
            out += "\n" + comment(type.doc)
            out += "---@class \(type.name)\n"
            for property in type.properties {
                out += "---@field \(property.name) \(property.type.luaLSName)\(trailing(property.doc))\n"
            }
            out += "local \(type.name) = {}\n"
            for method in type.methods {
                out += "\n" + functionStub(method, declaration: "\(type.name):\(method.name)", receiver: type.name)
            }
        }
        for global in api.globals {
            out += "\n" + comment(global.doc) + "---@type \(global.type.luaLSName)\n\(global.name) = nil\n"
        }
        for module in api.modules {
            out += "\n" + comment(module.doc)
            out += "---@class \(module.name)lib\n\(module.name) = {}\n"
            for entry in module.functions {
                out += "\n" + functionStub(entry, declaration: "\(module.name).\(entry.name)")
            }
        }
        return out
    }

    private static func functionStub(_ entry: LuaAPIEntry, declaration: String, receiver: String? = nil) -> String {
        var out = comment(entry.doc)
        if let shape = entry.namedArguments {
            let receiverParameter = receiver.map { "self: \($0), " } ?? ""
            out += "---@overload fun(\(receiverParameter)arguments: \(shape))\n"
        }
        for parameter in entry.parameters {
            let optional = parameter.type.isOptional ? "?" : ""
            var type = parameter.type
            if case .optional(let wrapped) = type { type = wrapped }
            out += "---@param \(parameter.name)\(optional) \(type.luaLSName)\(trailing(parameter.doc))\n"
        }
        for value in entry.returns {
            out += "---@return \(value.type.luaLSName)"
            if !value.name.isEmpty { out += " \(value.name)" }
            if !value.doc.isEmpty { out += " # \(oneLine(value.doc))" }
            out += "\n"
        }
        let parameters = entry.parameters.map(\.name).joined(separator: ", ")
        return out + "function \(declaration)(\(parameters)) end\n"
    }

    private static func comment(_ doc: String) -> String {
        doc.split(separator: "\n", omittingEmptySubsequences: false).map { "---\($0)\n" }.joined()
    }

    /// ` doc` on one line, or nothing for an empty doc (no trailing space).
    private static func trailing(_ doc: String) -> String {
        doc.isEmpty ? "" : " " + oneLine(doc)
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private static func cell(_ text: String) -> String {
        var escaped = ""
        for character in oneLine(text) {
            if character == "|" { escaped += "\\|" } else { escaped.append(character) }
        }
        return escaped
    }

    private static func lowerFirst(_ name: String) -> String {
        name.prefix(1).lowercased() + name.dropFirst()
    }
}
