import CCaretLua
import CLuaJIT

/// What one declared parameter accepts, compiled from its `LuaType` once at registration, so the
/// dispatcher can check every call's arguments before the function body runs (one type test a
/// parameter; the body's own readers then never see a value of the wrong Lua type).
struct LuaArgumentCheck {
    /// Bit `1 << lua_type` for every accepted Lua type (`LUA_TNONE` counts as nil).
    var accepted: UInt16 = 0
    /// Whether a number must have an integral value (every accepted number type is an integer).
    var integral = false
    /// For host objects: the accepted registered type name (nil: any host object).
    var objectName: String?

    init(_ type: LuaType) {
        var integerOnly = true
        var sawNumber = false
        add(type, integerOnly: &integerOnly, sawNumber: &sawNumber)
        integral = sawNumber && integerOnly
    }

    private mutating func add(_ type: LuaType, integerOnly: inout Bool, sawNumber: inout Bool) {
        switch type {
        case .integer: accepted |= LuaArgumentCheck.bit(LUA_TNUMBER); sawNumber = true
        case .number: accepted |= LuaArgumentCheck.bit(LUA_TNUMBER); sawNumber = true; integerOnly = false
        case .string, .alias: accepted |= LuaArgumentCheck.bit(LUA_TSTRING)
        case .boolean: accepted |= LuaArgumentCheck.bit(LUA_TBOOLEAN)
        case .table, .array, .record: accepted |= LuaArgumentCheck.bit(LUA_TTABLE)
        case .function: accepted |= LuaArgumentCheck.bit(LUA_TFUNCTION)
        case .object(let name): accepted |= LuaArgumentCheck.bit(LUA_TUSERDATA); objectName = name
        case .optional(let wrapped):
            accepted |= LuaArgumentCheck.bit(LUA_TNIL)
            add(wrapped, integerOnly: &integerOnly, sawNumber: &sawNumber)
        case .oneOf(let types): for type in types { add(type, integerOnly: &integerOnly, sawNumber: &sawNumber) }
        case .any: accepted = 0xFFFF
        }
    }

    static func bit(_ type: Int32) -> UInt16 { 1 << UInt16(truncatingIfNeeded: max(type, 0)) }

    /// Whether the value at `index` fits.
    @inline(__always)
    func accepts(_ state: OpaquePointer, _ index: Int32, runtime: LuaRuntime) -> Bool {
        let type = lua_type(state, index)
        guard accepted & LuaArgumentCheck.bit(type) != 0 else { return false }
        if type == LUA_TNUMBER, integral { return Int(exactly: lua_tonumber(state, index)) != nil }
        if type == LUA_TUSERDATA, let objectName {
            guard let block = caret_lua_to_object(state, index) else { return false }
            return runtime.luaTypeName(id: block.pointee.type_id) == objectName
        }
        return true
    }
}

extension LuaFunctionBox {
    /// Checks the call's arguments against the declared parameters: each argument's type, then
    /// that no more were passed than declared. A method called without its receiver (with `.`)
    /// and the named-argument form of a command method are left to the function, which words
    /// those errors itself. The receiver is looked at only when a check fails, so a good call
    /// pays one type test a parameter and nothing else.
    ///
    /// The trampoline checks first (`caret_check_call` in shim.c, one type test a parameter and
    /// the count); only a failure, a parameter naming a host-object type, or a function with more
    /// parameters than the trampoline describes comes here, and this words the error.
    @inline(never)
    func checkArgumentsSlowly(_ call: LuaCall) throws {
        let state = call.state
        let count = call.argumentCount
        if acceptsNamedArguments, count == 1, lua_type(state, call.slot(1)) == LUA_TTABLE { return }
        var failed = 0
        checks.withUnsafeBufferPointer { checks in
            for i in 0..<checks.count where !checks[i].accepts(state, call.slot(i + 1), runtime: runtime) {
                failed = i + 1
                return
            }
        }
        guard failed != 0 || count > checks.count else { return }
        if isMethod {
            guard let block = caret_lua_to_object(state, 1), block.pointee.type_id == receiverTypeID else { return }
        }
        if failed != 0 { throw call.badArgument(failed, default: .any) }
        throw LuaCallError.badArgument(
            Int32(checks.count + 1), function: name,
            expected: "no value ('\(name)' takes \(checks.count == 0 ? "no" : "at most \(checks.count)") argument\(checks.count == 1 ? "" : "s"))",
            got: call.describeValue(at: call.slot(checks.count + 1)))
    }
}
