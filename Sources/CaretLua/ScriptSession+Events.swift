import CCaretLua
import CLuaJIT
import CaretCore

/// Swift → Lua callbacks without re-entry: the editor's observer only queues; the C trampoline
/// calls the registry's `take_events` function after the host function returned and calls each
/// handler with each event (see `caret_deliver_events` in shim.c).
extension ScriptSession {
    /// The event names `editor:on` accepts.
    static let eventNames = ["change", "selection"]

    /// Puts the `take_events` host function and an empty handler table into the registry.
    func installEventDelivery() {
        let state = runtime.state
        runtime.context.pointee.in_host += 1
        defer { runtime.context.pointee.in_host -= 1 }
        let box = runtime.makeBox(name: "take_events", isMethod: false, parameters: []) { call in
            try ScriptSession.of(call).pushQueuedEvents(call)
            return 1
        }
        runtime.pushFunction(box)
        LuaStack.rawSet(state, table: LUA_REGISTRYINDEX, key: CARET_TAKE_EVENTS_KEY)
        lua_createtable(state, 0, 0)
        LuaStack.rawSet(state, table: LUA_REGISTRYINDEX, key: CARET_HANDLERS_KEY)
    }

    /// Adds the function at stack slot `function` as a handler of `event` on `target`, and
    /// starts observing `target` if it was not observed yet.
    func addHandler(_ event: String, target: ScriptEditor, functionSlot: Int32, state: OpaquePointer) {
        let key = "\(target.id):\(event)"
        LuaStack.rawGet(state, table: LUA_REGISTRYINDEX, key: CARET_HANDLERS_KEY)
        let handlers = lua_gettop(state)
        LuaStack.rawGet(state, table: handlers, key: key)
        if lua_type(state, -1) != LUA_TTABLE {
            LuaStack.pop(state)
            lua_createtable(state, 1, 0)
            lua_pushvalue(state, -1)
            LuaStack.rawSet(state, table: handlers, key: key)
        }
        let count = lua_objlen(state, -1)
        lua_pushvalue(state, functionSlot)
        lua_rawseti(state, -2, Int32(count + 1))
        lua_settop(state, handlers - 1)
        if target.observation == nil {
            let id = target.id
            target.observation = target.editor.addObserver { [weak self] event in
                guard let self else { return }
                switch event {
                case .textChanged: self.queue.append(("\(id):change", event))
                case .selectionChanged: self.queue.append(("\(id):selection", event))
                }
                self.runtime.context.pointee.pending_events = 1
            }
        }
    }

    /// Removes the handler at stack slot `functionSlot` from `event` on `target` (every
    /// registration of that function); returns how many were removed.
    func removeHandler(_ event: String, target: ScriptEditor, functionSlot: Int32, state: OpaquePointer) -> Int {
        let key = "\(target.id):\(event)"
        let base = lua_gettop(state)
        defer { lua_settop(state, base) }
        LuaStack.rawGet(state, table: LUA_REGISTRYINDEX, key: CARET_HANDLERS_KEY)
        LuaStack.rawGet(state, table: base + 1, key: key)
        let list = base + 2
        guard lua_type(state, list) == LUA_TTABLE else { return 0 }
        let count = Int32(lua_objlen(state, list))
        var kept: Int32 = 0
        var index: Int32 = 1
        while index <= count {
            defer { index += 1 }
            lua_rawgeti(state, list, index)
            if lua_rawequal(state, -1, functionSlot) != 0 {
                LuaStack.pop(state)
            } else {
                kept += 1
                lua_rawseti(state, list, kept)
            }
        }
        for index in stride(from: count, to: kept, by: -1) {
            lua_pushnil(state)
            lua_rawseti(state, list, index)
        }
        return Int(count - kept)
    }

    /// Pushes the queued events as a flat array of (handler key, event table) and empties the queue.
    func pushQueuedEvents(_ call: LuaCall) throws {
        let events = queue
        queue = []
        call.pushArray(capacity: events.count * 2)
        for (index, (key, event)) in events.enumerated() {
            call.push(key)
            call.appendTop(at: 2 * index + 1)
            pushEvent(event, call)
            call.appendTop(at: 2 * index + 2)
        }
    }

    func pushEvent(_ event: EditorEvent, _ call: LuaCall) {
        switch event {
        case .textChanged(let change):
            call.pushTable([
                ("type", .string("change")),
                ("command", change.command.map { .string($0.name) } ?? .nil),
                ("anchor", .number(Double(change.selectionAfter.anchor))),
                ("head", .number(Double(change.selectionAfter.head))),
            ])
            call.pushArray(capacity: change.edits.count)
            for (index, edit) in change.edits.enumerated() {
                call.pushTable([
                    ("location", .number(Double(edit.range.lowerBound))),
                    ("length", .number(Double(edit.range.count))),
                    ("text", .string(edit.replacement.string)),
                ])
                call.appendTop(at: index + 1)
            }
            call.setTopField("edits")
        case .selectionChanged(let old, let new, let command):
            call.pushTable([
                ("type", .string("selection")),
                ("command", command.map { .string($0.name) } ?? .nil),
                ("anchor", .number(Double(new.anchor))),
                ("head", .number(Double(new.head))),
                ("old_anchor", .number(Double(old.anchor))),
                ("old_head", .number(Double(old.head))),
            ])
        }
    }
}
