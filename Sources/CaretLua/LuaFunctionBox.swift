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
    /// The declared parameters compiled for checking (used when `checksArguments`; otherwise the
    /// function checks everything itself, as property accessors and metamethods do).
    let checks: [LuaArgumentCheck]
    let checksArguments: Bool
    /// `checks` as the C checker reads them, in memory the box owns: the call path reads them
    /// without touching an array (no retain, no bounds check).
    let compiledChecks: UnsafeMutablePointer<caret_lua_check>
    let checkCount: Int32
    /// Some parameter names a host-object type, which only Swift can check (by name).
    let checksObjectTypes: Bool
    /// The entry also takes one table of named arguments (see `LuaAPIEntry.namedArguments`).
    let acceptsNamedArguments: Bool
    /// For methods: the registered type id and the Swift class of `self` (0 and nil otherwise).
    var receiverTypeID: UInt32 = 0
    var receiverClass: ObjectIdentifier?
    /// The owning runtime outlives every box (it closes the state before releasing them).
    unowned(unsafe) let runtime: LuaRuntime
    /// The same runtime, for the call path: used through `_withUnsafeGuaranteedRef`, it is not
    /// retained and released on every call as a strong copy of `runtime` would be.
    let unmanagedRuntime: Unmanaged<LuaRuntime>

    init(name: String, isMethod: Bool, parameters: [LuaParameter], function: @escaping LuaHostFunction, runtime: LuaRuntime,
         checksArguments: Bool = false, acceptsNamedArguments: Bool = false) {
        self.name = name
        self.isMethod = isMethod
        self.parameters = parameters
        self.function = function
        let checks = parameters.map { LuaArgumentCheck($0.type) }
        self.checks = checks
        self.checksArguments = checksArguments
        compiledChecks = .allocate(capacity: max(1, checks.count))
        for (i, check) in checks.enumerated() {
            (compiledChecks + i).initialize(to: caret_lua_check(accepted: check.accepted, integral: check.integral ? 1 : 0))
        }
        checkCount = Int32(checks.count)
        checksObjectTypes = checks.contains { $0.objectName != nil }
        self.acceptsNamedArguments = acceptsNamedArguments
        self.runtime = runtime
        unmanagedRuntime = Unmanaged.passUnretained(runtime)
    }

    deinit { compiledChecks.deallocate() }
}

/// The single C entry point into Swift: runs the host function and converts a thrown error into
/// a pushed message and a status; the C trampoline raises it after this returns.
let luaDispatch: caret_lua_dispatch_fn = { state, pointer in
    Unmanaged<LuaFunctionBox>.fromOpaque(pointer!)._withUnsafeGuaranteedRef { box in
        box.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() }
        guard box.checksArguments else { return luaRun(box, LuaCall(state: state!, box: box)) }
        guard box.checkCount <= LuaFunctionBox.seenCapacity else {
            return luaRun(box, LuaCall(state: state!, box: box), checking: true)
        }
        // The checker notes what it saw of each argument here, on the stack (no allocation).
        return withUnsafeTemporaryAllocation(of: caret_lua_argument.self, capacity: Int(LuaFunctionBox.seenCapacity)) { seen in
            var receiver: UnsafeMutableRawPointer?
            let verdict = caret_lua_check_arguments(state, box.isMethod ? 1 : 0, box.compiledChecks, box.checkCount,
                                                    seen.baseAddress, box.receiverTypeID, &receiver)
            if verdict == 0, !box.checksObjectTypes {
                return luaRun(box, LuaCall(state: state!, box: box, seen: seen.baseAddress, seenCount: Int(box.checkCount),
                                           seenReceiver: receiver))
            }
            // A failed check: the slow checker words the error (or accepts a named-argument table).
            return luaRun(box, LuaCall(state: state!, box: box), checking: true)
        }
    }
}

/// Runs the host function (after the full argument check when `checking`) and turns a thrown
/// error into a pushed message and a status for the trampoline.
@inline(__always)
func luaRun(_ box: LuaFunctionBox, _ call: LuaCall, checking: Bool = false) -> Int32 {
    do {
        if checking { try box.checkArgumentsSlowly(call) }
        return try box.function(call)
    } catch let error as LuaCallError {
        LuaStack.push(string: error.message, to: call.state)
        return error.isRaw ? CARET_LUA_ERROR_RAW : CARET_LUA_ERROR
    } catch {
        LuaStack.push(string: "\(error)", to: call.state)
        return CARET_LUA_ERROR
    }
}

extension LuaFunctionBox {
    /// Arguments the checker describes for the readers (boxes with more parameters are checked
    /// and read without that help).
    static let seenCapacity: Int32 = 8
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
