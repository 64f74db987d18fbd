import CLuaJIT
import CaretCore
import CaretReplay

/// Every editor command as an `Editor` method, generated from `EditorCommand.descriptors`:
/// `editor:select_word()`, `editor:set_font_size{size = 14}`, `editor:find_next{pattern = "a",
/// case_insensitive = true}`. A command with parameters takes one table of named arguments
/// (the command's argument names in snake_case); one without takes none. Where a hand-written
/// method already has the name (`set_heading(level)`, `learn_word(word)`), it keeps its
/// positional form and also takes the named-argument table; a new command needs no edit here.
extension EditorLuaAPI {
    /// `moveWordLeft` → `move_word_left`.
    static func snakeCase(_ name: String) -> String {
        // Command and parameter names are ASCII: bytes, not Characters (this runs for every
        // command at each script's start).
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count + 4)
            for byte in name.utf8 {
                if byte >= 0x41 && byte <= 0x5A {
                    bytes.append(0x5F)
                    bytes.append(byte + 0x20)
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The shape name of a command's argument table: `findNext` → `FindNextArguments`.
    static func argumentsShapeName(_ descriptor: CommandDescriptor) -> String {
        // Strings only (see `EditorCommand.toggleName`).
        descriptor.name.prefix(1).uppercased() + String(descriptor.name.dropFirst()) + "Arguments"
    }

    /// The Lua type of a command parameter.
    static func luaType(_ type: CommandParameterType) -> LuaType {
        switch type {
        case .string: .string
        case .integer(let unit): .integer(unit: unit)
        case .number(let unit): .number(unit: unit)
        case .boolean: .boolean
        case .attributeKey: .alias("AttributeName")
        case .attributeValue: .oneOf([.boolean, .number(), .string])
        case .choice(let values):
            aliases.first { !$0.isOpen && $0.values == values }.map { .alias($0.name) } ?? .string
        }
    }

    /// The argument tables of every command that takes arguments.
    static var commandShapes: [LuaShape] {
        EditorCommand.descriptors.filter { !$0.parameters.isEmpty }.map { descriptor in
            LuaShape(argumentsShapeName(descriptor), doc: "The named arguments of `\(descriptor.name)` (`editor:\(snakeCase(descriptor.name)){…}`).",
                     fields: descriptor.parameters.map { parameter in
                         let type = luaType(parameter.type)
                         var doc = parameter.doc
                         if let value = parameter.defaultValue { doc += " Default: \(value)." }
                         return LuaField(snakeCase(parameter.name), parameter.isRequired ? type : .optional(type), doc)
                     })
        }
    }

    /// `handWritten` with a method for every command folded in.
    static func withCommandMethods(_ handWritten: [LuaAPIEntry]) -> [LuaAPIEntry] {
        var methods = handWritten
        for descriptor in EditorCommand.descriptors {
            let name = snakeCase(descriptor.name)
            let shape = argumentsShapeName(descriptor)
            // Lengths first: most names differ in length, and that test is far cheaper than ==.
            let length = name.utf8.count
            guard let index = methods.firstIndex(where: { $0.name.utf8.count == length && $0.name == name }) else {
                methods.append(commandMethod(descriptor, name: name, shape: shape))
                continue
            }
            // Same name: the hand-written method performs the command. Without parameters both
            // forms are the same call; a method whose first parameter is already a table (such
            // as `apply_suggestion`, which takes `{word, location, length}`) takes the form as is.
            let existing = methods[index]
            guard !descriptor.parameters.isEmpty,
                  !(existing.parameters.first.map { LuaArgumentCheck($0.type).acceptsTable } ?? false) else { continue }
            let positional = existing.function
            let handWrittenDoc = existing.doc
            methods[index] = LuaAPIEntry(existing.name, parameters: existing.parameters, returns: existing.returns, lazyDoc: {
                handWrittenDoc + "\n\nAlso takes the `\(descriptor.name)` command's named arguments as one table (`\(shape)`): `editor:\(name){\(example(descriptor))}`."
            }, namedArguments: shape, function: existing.function)
            methods[index].function = { call in
                guard call.argumentCount == 1, call.isTable(1) else { return try positional(call) }
                try performNamed(descriptor, call, try call.receiver(as: ScriptEditor.self))
                return 0
            }
        }
        return methods
    }

    static func commandMethod(_ descriptor: CommandDescriptor, name: String, shape: String) -> LuaAPIEntry {
        guard !descriptor.parameters.isEmpty else {
            return method(name, lazyDoc: { "\(descriptor.doc) (The `\(descriptor.name)` command.)" }) { call, target in
                try perform(descriptor.command(arguments: [:]), call, target)
                return 0
            }
        }
        let required = descriptor.parameters.contains(where: \.isRequired)
        let type = LuaType.record(shape)
        // Appended by hand: `joined(separator:)` here was the first use of a generic the runtime
        // resolves at start (a quarter of a million instructions in a static binary).
        var names = "Named arguments: "
        for (i, parameter) in descriptor.parameters.enumerated() {
            if i > 0 { names += ", " }
            names += snakeCase(parameter.name)
        }
        names += "."
        return method(name, [LuaParameter("arguments", required ? type : .optional(type), names)],
                      lazyDoc: { "\(descriptor.doc) (The `\(descriptor.name)` command: `editor:\(name){\(example(descriptor))}`.)" }) { call, target in
            try performNamed(descriptor, call, target)
            return 0
        }
    }

    /// An example argument list for docs: `size = 14`.
    static func example(_ descriptor: CommandDescriptor) -> String {
        descriptor.parameters.filter(\.isRequired).map { parameter in
            let value = switch parameter.type {
            case .string: "\"…\""
            case .integer: "0"
            case .number: "14"
            case .boolean: "true"
            case .attributeKey: "\"bold\""
            case .attributeValue: "true"
            case .choice(let values): "\"\(values[0])\""
            }
            return "\(snakeCase(parameter.name)) = \(value)"
        }.joined(separator: ", ")
    }

    /// Performs `descriptor`'s command with the named arguments in table argument 1.
    static func performNamed(_ descriptor: CommandDescriptor, _ call: LuaCall, _ target: ScriptEditor) throws {
        var arguments: [String: CommandArgument] = [:]
        let fields = call.isNil(1) ? [] : try call.stringKeyedFields(1)
        for (key, value) in fields {
            guard let parameter = descriptor.parameters.first(where: { snakeCase($0.name) == key }) else {
                throw call.argumentError(1, "unknown field '\(key)' (\(descriptor.name) takes \(descriptor.parameters.map { snakeCase($0.name) }.joined(separator: ", ")))")
            }
            let argument: CommandArgument? = switch (parameter.type, value) {
            case (.string, .string(let s)), (.attributeKey, .string(let s)), (.choice, .string(let s)), (.attributeValue, .string(let s)): .string(s)
            case (.integer, .number(let n)): Int(exactly: n).map { .int($0) }
            case (.number, .number(let n)), (.attributeValue, .number(let n)): .number(n)
            case (.boolean, .boolean(let b)), (.attributeValue, .boolean(let b)): .bool(b)
            default: nil
            }
            guard let argument else {
                throw call.argumentError(1, "field '\(key)': \(luaType(parameter.type).bareExpectation) expected, got \(typeName(value))")
            }
            arguments[parameter.name] = argument
        }
        if let missing = descriptor.parameters.first(where: { $0.isRequired && arguments[$0.name] == nil }) {
            throw call.argumentError(1, "missing field '\(snakeCase(missing.name))': \(luaType(missing.type).bareExpectation) expected")
        }
        let command: EditorCommand
        do { command = try descriptor.command(arguments: arguments) } catch EditorError.badArgument(_, let argument, let message) {
            throw call.argumentError(1, "field '\(snakeCase(argument))': \(message)")
        }
        do { try perform(command, call, target) } catch EditorError.invalidPosition(let error) {
            throw call.argumentError(1, "\(error)")
        }
    }

    /// Performs `command` on `target`, recorded as the event a trace writes for it.
    static func perform(_ command: EditorCommand, _ call: LuaCall, _ target: ScriptEditor) throws {
        switch command {
        case .undo: try target.perform(.undo, as: .undo(count: 1))
        case .redo: try target.perform(.redo, as: .redo(count: 1))
        case .insertText(let text): try target.perform(command, as: .text(text))
        case .setSelection(let anchor, let head): try target.perform(command, as: .select(anchor: anchor, head: head))
        case .learnWord:
            try ScriptSession.of(call).ensureSuggestions(for: target.editor)
            try target.perform(command, as: .command(command))
        default: try target.perform(command, as: .command(command))
        }
    }
}

extension EditorLuaAPI {
    /// How a field value is named after "got": `string`, `number 1.5`, `table`.
    static func typeName(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .boolean: "boolean"
        case .number(let n): Int(exactly: n) == nil ? "number \(LuaValue.number(n))" : "number"
        case .string: "string"
        case .other(let type): type
        }
    }
}

extension LuaArgumentCheck {
    /// Whether a table is accepted.
    var acceptsTable: Bool { accepted & LuaArgumentCheck.bit(LUA_TTABLE) != 0 }
}
