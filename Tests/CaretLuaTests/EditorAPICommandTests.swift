import CaretCore
import CaretFormats
import CaretReplay
import Testing
@testable import CaretLua

/// Every command as a method, the toolbar queries, range helpers and undo, declared-argument
/// checks for every entry, and the stubs.
@Suite struct EditorAPICommandTests {
    /// A Lua literal for a sample value of a command parameter.
    static func sample(_ descriptor: CommandDescriptor, _ parameter: CommandParameter) -> String {
        switch (descriptor.name, parameter.name) {
        case ("setParagraphAttribute", "value"): return "2"
        case (_, "length"): return "1"
        case (_, "location"): return "0"
        case (_, "level"): return "2"
        case (_, "size"): return "20"
        case (_, "word"): return "'x😀'"
        case (_, "url"): return "'https://e.example'"
        default: break
        }
        switch parameter.type {
        case .string: return "'b'"
        case .integer: return "1"
        case .number: return "12"
        case .boolean: return "true"
        case .attributeKey: return "'bold'"
        case .attributeValue: return "true"
        case .choice(let values): return "'\(values[0])'"
        }
    }

    @Test func everyCommandIsAMethodWithNamedArguments() throws {
        for descriptor in EditorCommand.descriptors {
            let method = EditorLuaAPI.snakeCase(descriptor.name)
            let named = descriptor.parameters.map { "\(EditorLuaAPI.snakeCase($0.name)) = \(Self.sample(descriptor, $0))" }
            let data = descriptor.parameters.map { "\($0.name) = \(Self.sample(descriptor, $0))" }
            let setup = "editor:select(0, 3) editor:copy() editor:select(3, 5)"
            // The method and `editor:run` with the same arguments end in the same state.
            let viaMethod = try session("a😀bc\nline two|")
            let viaRun = try session("a😀bc\nline two|")
            for s in [viaMethod, viaRun] { try s.run(setup) }
            try viaMethod.run("editor:\(method)\(named.isEmpty ? "()" : "{\(named.joined(separator: ", "))}")")
            try viaRun.run("editor:run('\(descriptor.name)'\(data.isEmpty ? "" : ", {\(data.joined(separator: ", "))}"))")
            #expect(viaMethod.main.markup == viaRun.main.markup, "\(method)")
            #expect(viaMethod.main.editor.undoCount == viaRun.main.editor.undoCount, "\(method)")
        }
    }

    @Test func namedArgumentErrorsNameTheField() throws {
        let s = try session("Hello|")
        #expect(scriptError(s, "editor:set_font_size{}")?.message == "bad argument #1 to 'set_font_size' (missing field 'size': number of points expected)")
        #expect(scriptError(s, "editor:set_font_size{size = 'big'}")?.message == "bad argument #1 to 'set_font_size' (field 'size': number of points expected, got string)")
        #expect(scriptError(s, "editor:find_next{pattern = 'l', caseInsensitive = true}")?.message == "bad argument #1 to 'find_next' (unknown field 'caseInsensitive' (findNext takes pattern, regex, case_insensitive))")
        #expect(scriptError(s, "editor:set_selection{anchor = 1.5}")?.message == "bad argument #1 to 'set_selection' (field 'anchor': integer UTF-16 offset expected, got number 1.5)")
        #expect(scriptError(s, "editor:set_selection{anchor = 9}")?.message == "bad argument #1 to 'set_selection' (offset 9 is past the end (length 5, UTF-16))")
        #expect(scriptError(s, "editor:set_attribute{key = 'bold', value = 'x'}")?.message == "bad argument #1 to 'set_attribute' (field 'value': attribute 'bold': expected a boolean, got a string)")
        #expect(scriptError(s, "editor:select_all(1)")?.message == "bad argument #1 to 'select_all' (no value ('select_all' takes no arguments) expected, got number)")
        try s.run("editor:find_next{pattern = 'L', case_insensitive = true}")
        #expect(s.main.markup == "He^l|lo")
        try s.run("editor:select_word() editor:set_font_size{size = 14} editor:move_left{extend = true}")
        #expect(s.main.markup == "^{fontSize=14:Hell|o}")
        try s.run("editor:replace_all{pattern = 'l+', regex = true, replacement = 'L'}")
        #expect(s.main.editor.text.string == "HeLo")
    }

    @Test func handWrittenMethodsAlsoTakeTheCommandForm() throws {
        let s = try session("Title\nbody|")
        try s.run("editor:set_heading{level = 2} editor:set_heading(0) editor:set_heading{level = 1}")
        #expect(s.main.markup == "Title\n{heading=1:body}|")
        try s.run("editor:select(0, 5) editor:set_attribute{key = 'italic', value = true} editor:remove_attribute{key = 'italic'} editor:set_attribute{key = 'bold', value = true}")
        #expect(s.main.markup == "^{bold:Title}|\n{heading=1:body}")
        try s.run("editor:toggle_list{style = 'bullet'} editor:select(0) editor:copy() editor:select(0, 2) editor:copy() editor:select(10) editor:paste()")
        #expect(s.main.editor.text.string == "Title\nbodyTi")
        try s.run("editor:learn_word{word = 'zyxw'}")
        #expect(scriptError(s, "editor:set_heading{level = 2, extra = 1}")?.message == "bad argument #1 to 'set_heading' (unknown field 'extra' (setHeading takes level))")
    }

    @Test func toolbarQueries() throws {
        let s = try session("{fontSize=12:ab}{fontSize=14:cd}e|")
        #expect(try s.run("return editor:can_undo(), editor:can_redo(), editor:undo_count(), editor:redo_count()") == [.boolean(false), .boolean(false), .number(0), .number(0)])
        try s.run("editor:insert('x') editor:move_left() editor:insert('y') editor:undo()")
        #expect(try s.run("return editor:can_undo(), editor:can_redo(), editor:undo_count(), editor:redo_count()") == [.boolean(true), .boolean(true), .number(1), .number(1)])
        try s.run("editor:select(0, 2)")
        #expect(try s.run("return editor:common_value('fontSize')") == [.number(12)])
        try s.run("editor:select(1, 4)")
        #expect(try s.run("return editor:common_value('fontSize')") == [.nil, .string("mixed")])
        try s.run("editor:select(3, 5)")
        #expect(try s.run("return editor:common_value('fontSize')") == [.nil, .string("mixed")])
        #expect(try s.run("return editor:common_value('bold')") == [.nil])
        try s.run("editor:select(2)")
        #expect(try s.run("return editor:common_value('fontSize')") == [.number(12)])
        #expect(scriptError(s, "editor:common_value(1)")?.message == "bad argument #1 to 'common_value' (string (AttributeName) expected, got number)")
    }

    @Test func settingTypingAttributes() throws {
        let s = try session("{bold:ab}|\ncd")
        try s.run("editor:set_typing_attributes{italic = true, link = 'x', fontSize = 9}")
        #expect(s.main.markup == "{bold:ab}|<italic fontSize=9>\ncd")
        try s.run("editor:insert('😀')")
        #expect(s.main.markup == "{bold:ab}{italic fontSize=9:😀}|\ncd")
        #expect(try s.run("return editor:trait_state('italic'), editor:trait_state('bold')") == [.string("on"), .string("off")])
        #expect(s.main.editor.undoCount == 1)
        try s.run("editor:select(0)")
        #expect(s.main.markup == "|{bold:ab}{italic fontSize=9:😀}\ncd")
    }

    @Test func rangeHelpersUndoToTheUsersSelection() throws {
        let s = try session("one t^wo thr|ee")
        try s.run("editor:set_attribute(0, 3, 'bold', true) editor:merge_attributes(8, 5, {italic = true, fontSize = 20})")
        #expect(s.main.markup == "{bold:one} t^wo {italic fontSize=20:thr|ee}")
        #expect(s.main.editor.undoCount == 2)
        try s.run("editor:undo()")
        #expect(s.main.markup == "{bold:one} t^wo thr|ee")
        try s.run("editor:undo()")
        #expect(s.main.markup == "one t^wo thr|ee")
        try s.run("editor:redo() editor:redo()")
        #expect(s.main.markup == "{bold:one} t^wo {italic fontSize=20:thr|ee}")
        try s.run("editor:set_attributes(0, 13, {code = true}) editor:undo()")
        #expect(s.main.markup == "{bold:one} t^wo {italic fontSize=20:thr|ee}")
        try s.run("editor:remove_attribute(0, 13, 'bold') editor:undo()")
        #expect(s.main.markup == "{bold:one} t^wo {italic fontSize=20:thr|ee}")
    }

    @Test func recordedCommandMethodsReplayToTheSameState() throws {
        let s = try session("héllo 😀 world|")
        let sink = TraceMemorySink()
        try s.main.startRecording(to: sink)
        try s.run("""
        editor:move_word_left() editor:select_word() editor:set_font_size{size = 9}
        editor:set_attribute(0, 5, 'bold', true) editor:move_right() editor:set_typing_attributes{italic = true} editor:insert_text{text = '!'}
        editor:find_next{pattern = 'L', case_insensitive = true} editor:undo()
        """)
        #expect(sink.lines.dropFirst().joined(separator: "\n").contains(#"{"command":"setFontSize","args":{"size":9.0}}"#))
        let replayed = try TraceReplay.play(Array(sink.text.utf8), file: "t", check: true).player.editor
        #expect(Markup.print(replayed.state) == s.main.markup)
        // With a range selected, typing attributes cannot be recorded: an error, nothing changes.
        let before = s.main.markup
        #expect(scriptError(s, "editor:select(0, 2) editor:set_typing_attributes{code = true}")?.message.hasPrefix("bad argument #1 to 'set_typing_attributes' (set_typing_attributes with a range selected cannot be recorded") == true)
        #expect(s.main.editor.text == (try Markup.parse(before)).text)
    }

    /// Each entry called with a wrong value for one parameter (the ones before it valid) fails
    /// before its body runs, naming the parameter's declared type; one argument too many fails too.
    @Test func everyEntryChecksItsDeclaredArguments() throws {
        let api = ScriptSession.api
        var callees: [(String, LuaAPIEntry)] = []
        for module in api.modules { for entry in module.functions { callees.append(("\(module.name).\(entry.name)", entry)) } }
        for type in api.types where type.name == "Editor" { for entry in type.methods { callees.append(("editor:\(entry.name)", entry)) } }
        var checked = 0
        for (callee, entry) in callees {
            let valid = entry.parameters.map { Self.validValue($0.type) }
            for (index, parameter) in entry.parameters.enumerated() {
                guard let wrong = Self.wrongValue(parameter.type) else { continue }
                let s = try session("ab😀|")
                let before = s.main.markup
                let arguments = (valid.prefix(index) + [wrong.literal]).joined(separator: ", ")
                let message = scriptError(s, "\(callee)(\(arguments))")?.message
                #expect(message == "bad argument #\(index + 1) to '\(entry.name)' (\(parameter.type.bareExpectation) expected, got \(wrong.name))", "\(callee)")
                #expect(s.main.markup == before)
                checked += 1
            }
            let s = try session("ab😀|")
            let message = scriptError(s, "\(callee)(\((valid + ["true"]).joined(separator: ", ")))")?.message
            #expect(message?.hasPrefix("bad argument #\(entry.parameters.count + 1) to '\(entry.name)' (no value") == true, "\(callee): \(message ?? "no error")")
        }
        #expect(checked > 80)
    }

    static func validValue(_ type: LuaType) -> String {
        switch type {
        case .optional, .any: "nil"
        case .integer, .number: "0"
        case .string, .alias: "'bold'"
        case .boolean: "true"
        case .table, .array, .record: "{}"
        case .function: "function() end"
        case .object: "editor"
        case .oneOf(let types): validValue(types[0])
        }
    }

    /// A value the type refuses, with how the error names it.
    static func wrongValue(_ type: LuaType) -> (literal: String, name: String)? {
        let check = LuaArgumentCheck(type)
        let candidates: [(String, String, Int32)] = [("true", "boolean", 1), ("'x'", "string", 4), ("1.5", "number 1.5", 3), ("{}", "table", 5), ("print", "function", 6)]
        for (literal, name, luaType) in candidates where check.accepted & LuaArgumentCheck.bit(luaType) == 0 || (luaType == 3 && check.integral) {
            return (literal, name)
        }
        return nil
    }

    @Test func stubsParseAsLuaAndNameEveryEntry() throws {
        let api = ScriptSession.api
        let stubs = LuaAPIReference.luaLSAnnotations(for: api)
        let lua = try LuaRuntime()
        lua.setGlobal("stubs", .string(stubs))
        #expect(try lua.run("local chunk, err = loadstring(stubs, '=caret.d.lua') return chunk ~= nil, err") == [.boolean(true), .nil])
        for module in api.modules { for entry in module.functions { #expect(stubs.contains("function \(module.name).\(entry.name)(")) } }
        for type in api.types {
            #expect(stubs.contains("---@class \(type.name)\n"))
            for entry in type.methods { #expect(stubs.contains("function \(type.name):\(entry.name)("), "\(entry.name)") }
        }
        for shape in ["Run", "Match", "Suggestion", "SuggestionList", "Word", "Attributes", "DocumentSource", "FindOptions", "FindNextArguments"] {
            #expect(stubs.contains("---@class \(shape)\n"), "\(shape)")
        }
        #expect(stubs.contains("---@alias TraitName \"bold\"|\"italic\"|\"underline\"|\"strikethrough\"|\"code\"\n"))
        #expect(stubs.contains("---@return Match[] matches"))
        #expect(stubs.contains("---@return Run[] runs"))
        #expect(stubs.contains("---@field case_insensitive? boolean"))
        #expect(stubs.contains("---@overload fun(self: Editor, arguments: SetHeadingArguments)"))
        // Every shape and alias a type names is declared.
        let declared = Set(api.shapes.map(\.name) + api.aliases.map(\.name) + api.types.map(\.name))
        func names(_ type: LuaType) -> [String] {
            switch type {
            case .record(let name), .alias(let name), .object(let name): [name]
            case .optional(let wrapped), .array(let wrapped): names(wrapped)
            case .oneOf(let types): types.flatMap(names)
            default: []
            }
        }
        var used: [LuaType] = api.shapes.flatMap { $0.fields.map(\.type) + [$0.elements, $0.otherKeys].compactMap { $0 } }
        for module in api.modules { for entry in module.functions { used += entry.parameters.map(\.type) + entry.returns.map(\.type) } }
        for type in api.types { for entry in type.methods { used += entry.parameters.map(\.type) + entry.returns.map(\.type) } }
        for name in used.flatMap(names) { #expect(declared.contains(name), "\(name) is not declared") }
        // No result is described as a bare table any more.
        var entries = api.types.flatMap(\.methods)
        for module in api.modules { entries += module.functions }
        for entry in entries {
            for value in entry.returns { #expect(!value.type.luaLSName.contains("table"), "\(entry.name) returns a bare table") }
            // Only `editor:run` takes a free-form table (command arguments named by data).
            for parameter in entry.parameters where entry.name != "run" {
                #expect(!parameter.type.luaLSName.contains("table"), "\(entry.name) takes a bare table")
            }
        }
    }
}
