import CCaretLua
import CLuaJIT

/// What a registered host function needs at call time. The trampoline's upvalue is `entry`,
/// the C description of it (its checks, its context, its fast path) that points back here.
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
    /// `checks` as the C checker reads them, in memory the box owns (after `entry`): the call
    /// path reads them without touching an array (no retain, no bounds check).
    let compiledChecks: UnsafeMutablePointer<caret_lua_check>
    let checkCount: Int32
    /// Some parameter names a host-object type, which only Swift can check (by name).
    let checksObjectTypes: Bool
    /// The entry also takes one table of named arguments (see `LuaAPIEntry.namedArguments`).
    let acceptsNamedArguments: Bool
    /// For methods: the registered type id and the Swift class of `self` (0 and nil otherwise).
    var receiverTypeID: UInt32 {
        get { entry.pointee.receiver_type }
        set { entry.pointee.receiver_type = newValue }
    }
    var receiverClass: ObjectIdentifier?
    /// What the trampoline reads (its upvalue): this box, the state's context, the compiled
    /// checks, and the fast path, if the entry has one.
    let entry: UnsafeMutablePointer<caret_lua_host_function>
    /// For a fast path: the Strings it made lately of short string arguments (made at the first
    /// call that needs one, not at every start). Only the call path, on the script's thread,
    /// touches it.
    @exclusivity(unchecked) var shortStrings: LuaShortStrings?
    var hasFastPath: Bool { entry.pointee.fast != nil }
    /// The owning runtime outlives every box (it closes the state before releasing them).
    unowned(unsafe) let runtime: LuaRuntime
    /// The same runtime, for the call path: used through `_withUnsafeGuaranteedRef`, it is not
    /// retained and released on every call as a strong copy of `runtime` would be.
    let unmanagedRuntime: Unmanaged<LuaRuntime>

    init(name: String, isMethod: Bool, parameters: [LuaParameter], function: @escaping LuaHostFunction, runtime: LuaRuntime,
         checksArguments: Bool = false, acceptsNamedArguments: Bool = false, fastPath: LuaFastPath? = nil) {
        self.name = name
        self.isMethod = isMethod
        self.parameters = parameters
        self.function = function
        let checks = parameters.map { LuaArgumentCheck($0.type) }
        self.checks = checks
        self.checksArguments = checksArguments
        // The description and its checks in one allocation (a runtime makes ~200 boxes at start).
        let checksOffset = MemoryLayout<caret_lua_host_function>.stride
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: checksOffset + max(1, checks.count) * MemoryLayout<caret_lua_check>.stride,
            alignment: MemoryLayout<caret_lua_host_function>.alignment)
        entry = memory.bindMemory(to: caret_lua_host_function.self, capacity: 1)
        compiledChecks = (memory + checksOffset).bindMemory(to: caret_lua_check.self, capacity: max(1, checks.count))
        for (i, check) in checks.enumerated() {
            (compiledChecks + i).initialize(to: caret_lua_check(accepted: check.accepted, integral: check.integral ? 1 : 0))
        }
        checkCount = Int32(checks.count)
        checksObjectTypes = checks.contains { $0.objectName != nil }
        self.acceptsNamedArguments = acceptsNamedArguments
        self.runtime = runtime
        unmanagedRuntime = Unmanaged.passUnretained(runtime)
        let checked = checksArguments && checks.count <= Int(CARET_LUA_SEEN_CAPACITY)
        entry.initialize(to: caret_lua_host_function(
            box: nil, ctx: runtime.context, checks: compiledChecks, check_count: checkCount, offset: isMethod ? 1 : 0,
            checked: checked ? 1 : 0, receiver_type: 0, fast: nil, compiled: nil, signature: (0, 0, 0, 0, 0, 0, 0, 0),
            results: 0, verified_receiver: nil))
        entry.pointee.box = Unmanaged.passUnretained(self).toOpaque()
        if let fastPath {
            // The fast path accepts what this signature says: the declared parameters must
            // accept that and nothing else.
            precondition(checked && fastPath.accepts(checks, isMethod: isMethod),
                         "the fast path of '\(name)' does not match its declared parameters")
            entry.pointee.fast = fastPath.function
            if let compiled = fastPath.compiled {
                let kinds = UnsafeBufferPointer(start: fastPath.signature.utf8Start, count: fastPath.signature.utf8CodeUnitCount)
                precondition(kinds.count < MemoryLayout.size(ofValue: entry.pointee.signature),
                             "the compiled entry of '\(name)' has too many parameters")
                withUnsafeMutableBytes(of: &entry.pointee.signature) { signature in
                    for (i, kind) in kinds.enumerated() { signature[i] = kind }
                }
                entry.pointee.compiled = compiled
                entry.pointee.results = fastPath.results
            }
        }
    }

    deinit {
        UnsafeMutableRawPointer(entry).deallocate()
        shortStrings?.deallocate()
    }
}

/// Strings of up to 15 UTF-8 bytes made from Lua strings, kept by content, so that a script
/// passing the same short text again (typing one character a call, replaying edits) gets the
/// String it got last time instead of a new one (decoding and validating 1 byte costs ~100
/// instructions). One ASCII character comes from `String.ascii(_:)`; other texts share 64 slots by
/// a hash of their bytes. A slot holds the bytes themselves, so a hit never depends on where
/// LuaJIT keeps the string.
struct LuaShortStrings {
    struct Slot {
        var low: UInt64
        var high: UInt64
        var length: Int
        var string: String
    }

    /// Shared by a hash of the bytes.
    static let slotCount = 64
    let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: LuaShortStrings.slotCount)
        slots.initialize(repeating: Slot(low: 0, high: 0, length: -1, string: ""), count: LuaShortStrings.slotCount)
    }

    func deallocate() {
        slots.deinitialize(count: LuaShortStrings.slotCount)
        slots.deallocate()
    }

    /// `String(decoding: bytes, as: UTF8.self)`.
    @inline(__always)
    func string(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
        if count == 0 { return "" }
        if count == 1, bytes[0] < 0x80 { return String.ascii(bytes[0]) }
        guard count <= 15 else { return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) }
        var low: UInt64 = 0, high: UInt64 = 0
        var i = 0
        while i < count && i < 8 {
            low |= UInt64(bytes[i]) &<< UInt64(8 &* i)
            i &+= 1
        }
        while i < count {
            high |= UInt64(bytes[i]) &<< UInt64(8 &* (i &- 8))
            i &+= 1
        }
        let hash = (low ^ (high &* 0x100000001B3) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        let slot = slots + Int(truncatingIfNeeded: hash &>> 58)
        if slot.pointee.low == low, slot.pointee.high == high, slot.pointee.length == count { return slot.pointee.string }
        let string = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        slot.pointee = Slot(low: low, high: high, length: count, string: string)
        return string
    }
}

/// A host function's fast path (see `caret_lua_fast_fn`): the trampoline calls it before the
/// ordinary dispatch. It checks its arguments itself, does the common case of the call alone and
/// returns `CARET_LUA_FALLBACK`, having changed nothing, for anything else (the ordinary route
/// then does all of it, error wording included).
struct LuaFastPath {
    /// The class of `self` it takes (the method's type must be registered for it).
    let receiver: ObjectIdentifier
    /// What it accepts of each argument: `i` an integer, `s` a string (the declared parameters
    /// must accept exactly that, and no `nil`, so that the fast path takes no call the ordinary
    /// route would refuse).
    let signature: StaticString
    /// The function.
    let function: caret_lua_fast_fn
    /// The same common case for the compiled route (see `caret_lua_compiled_fn`), when the JIT
    /// runs: the arguments arrive already read, `self` already found. It takes what `function`
    /// takes and does what it does, and declines (`CARET_LUA_COMPILED_FALLBACK`, having changed
    /// nothing) whatever would make `function` report an error or take a route that may.
    let compiled: caret_lua_compiled_fn?
    /// How many values the method returns to Lua (0 or 1; the compiled entry's result, if 1).
    /// A method with a result must queue no events (its result is lost when the wrapper attends
    /// to them; a tripped limit is raised instead of a result anyway).
    let results: Int32

    init(receiver: AnyObject.Type, signature: StaticString, _ function: caret_lua_fast_fn,
         compiled: caret_lua_compiled_fn? = nil, results: Int32 = 0) {
        self.receiver = ObjectIdentifier(receiver)
        self.signature = signature
        self.function = function
        self.compiled = compiled
        self.results = results
    }

    /// Whether `checks` (compiled from the declared parameters) admit only what `signature` reads.
    func accepts(_ checks: [LuaArgumentCheck], isMethod: Bool) -> Bool {
        let kinds = UnsafeBufferPointer(start: signature.utf8Start, count: signature.utf8CodeUnitCount)
        guard isMethod, checks.count == kinds.count else { return false }
        for (check, kind) in zip(checks, kinds) {
            switch kind {
            case UInt8(ascii: "i"): if check.accepted != LuaArgumentCheck.bit(LUA_TNUMBER) || !check.integral { return false }
            case UInt8(ascii: "s"): if check.accepted != LuaArgumentCheck.bit(LUA_TSTRING) { return false }
            default: return false
            }
        }
        return true
    }
}

/// The single C entry point into Swift (but for fast paths): runs the host function and converts
/// a thrown error into a pushed message and a status; the C trampoline raises it after this
/// returns. `seen` is what the trampoline's check saw of every argument when all of them fitted.
let luaDispatch: caret_lua_dispatch_fn = { state, pointer, seen, receiver in
    Unmanaged<LuaFunctionBox>.fromOpaque(pointer!)._withUnsafeGuaranteedRef { box in
        box.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() }
        guard box.checksArguments else { return luaRun(box, LuaCall(state: state!, box: box)) }
        if let seen, !box.checksObjectTypes {
            return luaRun(box, LuaCall(state: state!, box: box, seen: seen,
                                       seenCount: Int(box.checkCount), seenReceiver: receiver))
        }
        // A failed check (or one the trampoline leaves to the host): the slow checker words the
        // error (or accepts a named-argument table).
        return luaRun(box, LuaCall(state: state!, box: box), checking: true)
    }
}

/// Runs the host function (after the full argument check when `checking`) and turns a thrown
/// error into a pushed message and a status for the trampoline.
@inline(__always)
func luaRun(_ box: LuaFunctionBox, _ call: LuaCall, checking: Bool = false) -> Int32 {
    do {
        if checking { try box.checkArgumentsSlowly(call) }
        return try box.function(call)
    } catch {
        return luaReport(error, to: call.state)
    }
}

/// Pushes `error`'s message and returns the status that makes the trampoline raise it.
@inline(never)
func luaReport(_ error: any Error, to state: OpaquePointer) -> Int32 {
    if let error = error as? LuaCallError {
        LuaStack.push(string: error.message, to: state)
        return error.isRaw ? CARET_LUA_ERROR_RAW : CARET_LUA_ERROR
    }
    LuaStack.push(string: "\(error)", to: state)
    return CARET_LUA_ERROR
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
