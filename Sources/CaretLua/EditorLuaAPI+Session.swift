import CLuaJIT
import CaretCore
import CaretFormats
import CaretReplay

extension EditorLuaAPI {
    static var sessionMethods: [LuaAPIEntry] { [
        method("set_options", [LuaParameter("options", .record("EditorOptions"),
                                            "Only the fields given change.")],
               doc: "Changes the editor's options (as a trace header's `options`).") { call, target in
            var options = target.editor.options
            for (name, value) in try call.stringKeyedFields(1) {
                switch (name, value) {
                case ("traitToggle", .string(let policy)):
                    guard let parsed = TraitTogglePolicy(rawValue: policy) else {
                        throw call.argumentError(1, "traitToggle: expected \(TraitTogglePolicy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), got \"\(policy)\"")
                    }
                    options.traitToggle = parsed
                case ("undoCoalescingInterval", .number(let n)) where n >= 0: options.undoCoalescingInterval = n
                case ("defaultFontSize", .number(let n)) where n >= 1: options.defaultFontSize = n
                case ("fontSizeStep", .number(let n)) where n >= 0: options.fontSizeStep = n
                case ("traitToggle", _), ("undoCoalescingInterval", _), ("defaultFontSize", _), ("fontSizeStep", _):
                    throw call.argumentError(1, "option '\(name)' cannot be \(value)")
                default:
                    throw call.argumentError(1, "unknown option '\(name)' (expected traitToggle, undoCoalescingInterval, defaultFontSize, fontSizeStep)")
                }
            }
            target.editor.options = options
            return 0
        },
        method("on", [LuaParameter("event", .string, "\"change\" (the text changed) or \"selection\" (the selection moved)."),
                      LuaParameter("handler", .function, "Called with an event table (`EditorEvent`) after the command that caused it returns.")],
               doc: """
               Calls `handler` after every later change of this editor. A change event is \
               `{type = "change", command = name, edits = {{location =, length =, text =}, …}, anchor =, head =}` \
               (each edit's range in the document just before it); a selection event is \
               `{type = "selection", command = name, anchor =, head =, old_anchor =, old_head =}`. \
               Handlers run when the editor call that caused the event returns, never in the middle of a command.
               """) { call, target in
            let event = try call.string(1)
            guard ScriptSession.eventNames.contains(event) else {
                throw call.argumentError(1, "unknown event '\(event)' (expected \(ScriptSession.eventNames.map { "\"\($0)\"" }.joined(separator: " or ")))")
            }
            guard lua_type(call.state, call.slot(2)) == LUA_TFUNCTION else { throw call.badArgument(2, default: .function) }
            try ScriptSession.of(call).addHandler(event, target: target, functionSlot: call.slot(2), state: call.state)
            return 0
        },
        method("off", [LuaParameter("event", .string, "\"change\" or \"selection\"."),
                       LuaParameter("handler", .function, "A function given to `editor:on` before.")],
               returns: [LuaReturn(.integer(), "removed", "How many registrations of the function were removed.")],
               doc: "Stops calling a handler.") { call, target in
            let event = try call.string(1)
            guard ScriptSession.eventNames.contains(event) else {
                throw call.argumentError(1, "unknown event '\(event)' (expected \(ScriptSession.eventNames.map { "\"\($0)\"" }.joined(separator: " or ")))")
            }
            guard lua_type(call.state, call.slot(2)) == LUA_TFUNCTION else { throw call.badArgument(2, default: .function) }
            call.push(try ScriptSession.of(call).removeHandler(event, target: target, functionSlot: call.slot(2), state: call.state))
            return 1
        },
        method("macro_start", [LuaParameter("name", .string, "The macro's name (a register).")],
               doc: "Starts recording what this editor does into a macro (as Vim's `q`).") { call, target in
            do { try target.macros.startRecording(try call.string(1)) } catch let error as MacroError { throw LuaCallError("\(error)") }
            target.isRecordingMacro = true
            return 0
        },
        method("macro_stop", returns: [LuaReturn(.integer(), "events", "How many events the macro holds.")],
               doc: "Stops recording and stores the macro.") { call, target in
            let macro: Macro
            do { macro = try target.macros.stopRecording() } catch let error as MacroError { throw LuaCallError("\(error)") }
            target.isRecordingMacro = false
            call.push(macro.events.count)
            return 1
        },
        method("macro_play", [LuaParameter("name", .string),
                              LuaParameter("options", .optional(.record("MacroPlayOptions")),
                                           "`times`: play N times in a row (default 1, at most 1000000); `at`: UTF-16 offsets in the document before playing, a caret is placed at each (ascending; later ones move with the edits) and the macro played once there.")],
               doc: "Plays a recorded macro.") { call, target in
            let name = try call.string(1)
            if call.fieldIsTable(2, "at") {
                var positions: [Int] = []
                for value in call.sequence(2, field: "at") {
                    guard case .number(let n) = value, let offset = Int(exactly: n) else {
                        throw call.argumentError(2, "option 'at': expected an array of integer UTF-16 offsets, got \(value)")
                    }
                    positions.append(offset)
                }
                try target.recordingObserved { try target.macros.play(name, at: positions) }
            } else {
                var times = 1
                switch call.field(2, "times") {
                case .nil: break
                case .number(let n) where Int(exactly: n).map(MacroRecorder.repetitions.contains) == true: times = Int(n)
                case let other:
                    throw call.argumentError(2, "option 'times': expected an integer in \(MacroRecorder.repetitions.lowerBound)...\(MacroRecorder.repetitions.upperBound), got \(other)")
                }
                try target.recordingObserved { try target.macros.play(name, times: times) }
            }
            return 0
        },
        method("expect", [LuaParameter("markup", .string, "The expected state as canonical markup; with a `|` the selection (and typing attributes) are compared too.")],
               doc: "Raises an error with a unified diff unless the editor shows exactly this (as a trace checkpoint compares).") { call, target in
            try expect(call, target)
            return 0
        },
        method("save", [LuaParameter("path", .string, "Under a directory granted with --allow-write."),
                        LuaParameter("format", formatArgument, formatParameterDoc)],
               returns: [droppedReturn],
               doc: """
               Writes the document to a file atomically, as `caret.write_file` does (needs a writable directory the host granted). \
               A format that cannot carry something in the document is an error naming it and its offset, and nothing is written, \
               unless `lossy = true`: `editor:save("notes.md", {lossy = true})`. Plain text drops attributes and the selection without one.
               """) { call, target in
            let path = try call.path(1)
            let (format, lossy) = try formatChoice(call, 2, path: path)
            let (text, losses) = try write(target.editor.state, format: format, lossy: lossy, name: LuaFileAccess.quoted(path))
            try Array(text.utf8).withUnsafeBufferPointer { try call.runtime.fileAccess.writeFile(path, bytes: $0) }
            return push(losses: losses, lossy: lossy, call)
        },
    ] }

    /// `caret.expect` and `editor:expect`: raises with the diff; counts the failure in the session.
    static func expect(_ call: LuaCall, _ target: ScriptEditor, argument: Int = 1) throws {
        if let session = call.runtime.owner as? ScriptSession, session.expectationLog != nil {
            return try session.logExpectation(try call.string(argument), call: call, editor: target.editor)
        }
        guard let failure = try ScriptSession.expectation(try call.string(argument), editor: target.editor) else { return }
        (call.runtime.owner as? ScriptSession)?.failedExpectations.append(failure)
        throw LuaCallError(failure)
    }
}
