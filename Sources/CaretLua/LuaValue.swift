import CLuaJIT

/// A Lua value crossing into or out of Swift by copy (script results, arguments of `call`).
public enum LuaValue: Sendable, Hashable, CustomStringConvertible {
    /// `nil`.
    case `nil`
    /// A boolean.
    case boolean(Bool)
    /// A number (Lua 5.1 numbers are doubles).
    case number(Double)
    /// A string.
    case string(String)
    /// A value Swift does not copy (table, function, userdata, thread), by its Lua type name.
    case other(String)

    /// A readable rendering: strings unquoted, integral numbers without a fraction.
    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let value): return String(value)
        case .number(let value):
            if let integer = Int(exactly: value) { return String(integer) }
            return String(value)
        case .string(let value): return value
        case .other(let type): return type
        }
    }

    /// The value at `index` of the stack.
    static func read(from state: OpaquePointer, at index: Int32) -> LuaValue {
        switch lua_type(state, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(state, index) != 0)
        case LUA_TNUMBER: return .number(lua_tonumber(state, index))
        case LUA_TSTRING: return .string(LuaStack.string(state, at: index) ?? "")
        default: return .other(LuaStack.typeName(state, at: index))
        }
    }

    /// Pushes the value (`other` pushes `nil`).
    func push(to state: OpaquePointer, runtime: LuaRuntime) {
        switch self {
        case .nil, .other: lua_pushnil(state)
        case .boolean(let value): lua_pushboolean(state, value ? 1 : 0)
        case .number(let value): lua_pushnumber(state, value)
        case .string(let value): LuaStack.push(string: value, to: state)
        }
    }
}
