import CCaretLua
import CLuaJIT

/// Reading table arguments and pushing table results, with raw (metamethod-free) access only.
extension LuaCall {
    /// Whether argument `argument` is a table.
    public func isTable(_ argument: Int) -> Bool {
        lua_type(state, slot(argument)) == LUA_TTABLE
    }

    /// The string-keyed fields of table argument `argument`, sorted by key (bytewise), with
    /// scalar values (tables and functions come back as `.other`).
    /// - Throws: when the argument is not a table or has a key that is not a string.
    public func stringKeyedFields(_ argument: Int) throws -> [(key: String, value: LuaValue)] {
        let index = slot(argument)
        guard lua_type(state, index) == LUA_TTABLE else { throw badArgument(argument, default: .table()) }
        // The values are copied into Swift strings: count them against the memory limit first
        // (one Lua string under many keys costs Lua once and the host once a key).
        var bytes = 0
        lua_pushnil(state)
        while lua_next(state, index) != 0 {
            if lua_type(state, -1) == LUA_TSTRING { bytes &+= Int(lua_objlen(state, -1)) }
            if lua_type(state, -2) == LUA_TSTRING { bytes &+= Int(lua_objlen(state, -2)) }
            lua_settop(state, -2)
        }
        if bytes >= LuaCall.largeArgument { try runtime.reserveMemory(2 * bytes) }
        var fields: [(key: String, value: LuaValue)] = []
        lua_pushnil(state)
        while lua_next(state, index) != 0 {
            guard let key = LuaStack.string(state, at: -2) else {
                let type = LuaStack.typeName(state, at: -2)
                lua_settop(state, -3)
                throw LuaCallError("bad argument #\(argument) to '\(box.name)' (table with string keys expected, got a \(type) key)")
            }
            fields.append((key, LuaValue.read(from: state, at: -1)))
            lua_settop(state, -2)
        }
        return fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// Field `key` of table argument `argument` (raw access), or `.nil`.
    public func field(_ argument: Int, _ key: String) -> LuaValue {
        let index = slot(argument)
        guard lua_type(state, index) == LUA_TTABLE else { return .nil }
        LuaStack.rawGet(state, table: index, key: key)
        defer { LuaStack.pop(state) }
        return LuaValue.read(from: state, at: -1)
    }

    /// Whether field `key` of table argument `argument` is itself a table.
    public func fieldIsTable(_ argument: Int, _ key: String) -> Bool {
        let index = slot(argument)
        guard lua_type(state, index) == LUA_TTABLE else { return false }
        LuaStack.rawGet(state, table: index, key: key)
        defer { LuaStack.pop(state) }
        return lua_type(state, -1) == LUA_TTABLE
    }

    /// The sequence `1…n` of table argument `argument` (or of its field `key`), as values.
    public func sequence(_ argument: Int, field key: String? = nil) -> [LuaValue] {
        let index = slot(argument)
        guard lua_type(state, index) == LUA_TTABLE else { return [] }
        var table = index
        if let key {
            LuaStack.rawGet(state, table: index, key: key)
            table = lua_gettop(state)
        }
        defer { if key != nil { LuaStack.pop(state) } }
        guard lua_type(state, table) == LUA_TTABLE else { return [] }
        var values: [LuaValue] = []
        var i: Int32 = 1
        while true {
            lua_rawgeti(state, table, i)
            if lua_type(state, -1) == LUA_TNIL { LuaStack.pop(state); break }
            values.append(LuaValue.read(from: state, at: -1))
            LuaStack.pop(state)
            i += 1
        }
        return values
    }

    // MARK: Pushing tables

    /// Pushes a new table with `fields` (string keys; `.nil` values are left out).
    public func pushTable(_ fields: [(String, LuaValue)]) {
        lua_createtable(state, 0, Int32(fields.count))
        for (key, value) in fields where value != .nil {
            value.push(to: state, runtime: runtime)
            LuaStack.rawSet(state, table: -2, key: key)
        }
    }

    /// Pushes a new empty table sized for `count` array elements.
    public func pushArray(capacity count: Int) {
        lua_createtable(state, Int32(clamping: count), 0)
    }

    /// Pops the value on top into element `index` (1-based) of the table just below it.
    public func appendTop(at index: Int) {
        lua_rawseti(state, -2, Int32(clamping: index))
    }

    /// Pops the value on top into field `key` of the table just below it.
    public func setTopField(_ key: String) {
        LuaStack.rawSet(state, table: -2, key: key)
    }
}
