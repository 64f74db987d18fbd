import CCaretLua
import CLuaJIT

/// What a registered host function needs at call time; its address is the trampoline's upvalue.
final class LuaFunctionBox {
    /// The name used in argument errors (`bad argument #1 to 'select'`).
    let name: String
    /// For methods, stack slot 1 is `self` and user argument n is slot n + 1.
    let isMethod: Bool
    let parameters: [LuaParameter]
    let function: LuaHostFunction
    /// The declared parameters compiled for checking; nil: the function checks everything itself
    /// (property accessors and metamethods).
    let checks: [LuaArgumentCheck]
    let checksArguments: Bool
    /// The entry also takes one table of named arguments (see `LuaAPIEntry.namedArguments`).
    let acceptsNamedArguments: Bool
    /// For methods: the registered type id and the Swift class of `self` (0 and nil otherwise).
    var receiverTypeID: UInt32 = 0
    var receiverClass: ObjectIdentifier?
    /// The owning runtime outlives every box (it closes the state before releasing them).
    unowned(unsafe) let runtime: LuaRuntime

    init(name: String, isMethod: Bool, parameters: [LuaParameter], function: @escaping LuaHostFunction, runtime: LuaRuntime,
         checksArguments: Bool = false, acceptsNamedArguments: Bool = false) {
        self.name = name
        self.isMethod = isMethod
        self.parameters = parameters
        self.function = function
        self.checks = parameters.map { LuaArgumentCheck($0.type) }
        self.checksArguments = checksArguments
        self.acceptsNamedArguments = acceptsNamedArguments
        self.runtime = runtime
    }
}

/// The single C entry point into Swift: runs the host function and converts a thrown error into
/// a pushed message and a status; the C trampoline raises it after this returns.
let luaDispatch: caret_lua_dispatch_fn = { state, pointer in
    Unmanaged<LuaFunctionBox>.fromOpaque(pointer!)._withUnsafeGuaranteedRef { box in
        box.runtime.countHostCall()
        do {
            let call = LuaCall(state: state!, box: box)
            if box.checksArguments { try box.checkArguments(call) }
            return try box.function(call)
        } catch let error as LuaCallError {
            LuaStack.push(string: error.message, to: state!)
            return error.isRaw ? CARET_LUA_ERROR_RAW : CARET_LUA_ERROR
        } catch {
            LuaStack.push(string: "\(error)", to: state!)
            return CARET_LUA_ERROR
        }
    }
}

/// Releases the retain a host-object userdata held.
let luaRelease: caret_lua_release_fn = { pointer in
    Unmanaged<AnyObject>.fromOpaque(pointer!).release()
}

/// Small helpers over LuaJIT's C API (its function-like macros are not imported into Swift).
/// Only non-raising calls are used; allocation cannot fail on the limit while Swift runs.
package enum LuaStack {
    static func push(string: String, to state: OpaquePointer) {
        var string = string
        string.withUTF8 { lua_pushlstring(state, $0.baseAddress, $0.count) }
    }

    static func pop(_ state: OpaquePointer, _ count: Int32 = 1) {
        lua_settop(state, -count - 1)
    }

    /// Pushes `table[key]` without metamethods.
    static func rawGet(_ state: OpaquePointer, table: Int32, key: String) {
        let table = table < 0 && table > LUA_REGISTRYINDEX ? lua_gettop(state) + table + 1 : table
        push(string: key, to: state)
        lua_rawget(state, table)
    }

    /// Sets `table[key]` to the value on top (popped) without metamethods.
    package static func rawSet(_ state: OpaquePointer, table: Int32, key: String) {
        let table = table < 0 && table > LUA_REGISTRYINDEX ? lua_gettop(state) + table + 1 : table
        push(string: key, to: state)
        lua_insert(state, -2)
        lua_rawset(state, table)
    }

    /// The string at `index` if it is a string (numbers are not converted).
    static func string(_ state: OpaquePointer, at index: Int32) -> String? {
        guard lua_type(state, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(state, index, &length) else { return nil }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    static func typeName(_ state: OpaquePointer, at index: Int32) -> String {
        String(cString: lua_typename(state, lua_type(state, index)))
    }
}
