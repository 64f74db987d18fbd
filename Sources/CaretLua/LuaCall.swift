import CCaretLua
import CLuaJIT

/// The arguments and results of one Lua → Swift call.
///
/// Readers validate strictly (no string↔number coercion) and throw `LuaCallError`s that name the
/// function, the argument number and the expected type from the entry's declared parameters:
/// `bad argument #1 to 'select' (integer UTF-16 offset expected, got string)`.
/// Argument numbers are the script's: for methods, argument 1 is the first after `self`.
/// Pushers add results; the host function returns how many it pushed.
public struct LuaCall {
    /// The Lua state, for host code that needs the raw C API (never call raising functions).
    public let state: OpaquePointer
    unowned(unsafe) let box: LuaFunctionBox
    /// What the argument checker saw of the first `seenCount` arguments (their types, numbers
    /// and string bytes), so the readers need not ask LuaJIT again; valid while the call runs.
    let seen: UnsafePointer<caret_lua_argument>?
    let seenCount: Int
    /// `self` as the checker found it: a live host object of the method's registered type, or nil.
    let seenReceiver: UnsafeMutableRawPointer?

    init(state: OpaquePointer, box: LuaFunctionBox, seen: UnsafePointer<caret_lua_argument>? = nil, seenCount: Int = 0,
         seenReceiver: UnsafeMutableRawPointer? = nil) {
        self.state = state
        self.box = box
        self.seen = seen
        self.seenCount = seenCount
        self.seenReceiver = seenReceiver
    }

    /// What the checker saw of argument `argument`, if it looked at it.
    @inline(__always) func seenArgument(_ argument: Int) -> caret_lua_argument? {
        guard let seen, argument >= 1, argument <= seenCount else { return nil }
        return seen[argument - 1]
    }

    /// The runtime that registered the function.
    public var runtime: LuaRuntime { box.runtime }

    @inline(__always) var offset: Int32 { box.isMethod ? 1 : 0 }

    @inline(__always) func slot(_ argument: Int) -> Int32 { Int32(truncatingIfNeeded: argument) + offset }

    /// The number of arguments passed, not counting `self`.
    public var argumentCount: Int { Int(lua_gettop(state) - offset) }

    /// Whether argument `argument` is absent or `nil`.
    public func isNil(_ argument: Int) -> Bool {
        if let seen = seenArgument(argument) { return seen.type <= LUA_TNIL }
        return lua_type(state, slot(argument)) <= LUA_TNIL
    }

    // MARK: Readers

    /// Argument `argument` as an integer (a number with an integral value).
    @inline(__always)
    public func integer(_ argument: Int) throws -> Int {
        if let seen = seenArgument(argument) {
            // caret_lua_is_int64: the value converts exactly (what `Int(exactly:)` would check).
            if seen.type == LUA_TNUMBER, caret_lua_is_int64(seen.number) != 0 { return Int(seen.number) }
            throw badArgument(argument, default: .integer())
        }
        var value: Int64 = 0
        if caret_lua_to_int64(state, slot(argument), &value) != 0, let result = Int(exactly: value) { return result }
        throw badArgument(argument, default: .integer())
    }

    /// Argument `argument` as an integer, or `nil` when absent or `nil`.
    public func optionalInteger(_ argument: Int) throws -> Int? {
        isNil(argument) ? nil : try integer(argument)
    }

    /// Argument `argument` as a number.
    public func number(_ argument: Int) throws -> Double {
        if let seen = seenArgument(argument) {
            guard seen.type == LUA_TNUMBER else { throw badArgument(argument, default: .number()) }
            return seen.number
        }
        let index = slot(argument)
        guard lua_type(state, index) == LUA_TNUMBER else { throw badArgument(argument, default: .number()) }
        return lua_tonumber(state, index)
    }

    /// Argument `argument` as a number, or `nil` when absent or `nil`.
    public func optionalNumber(_ argument: Int) throws -> Double? {
        isNil(argument) ? nil : try number(argument)
    }

    /// Argument `argument` as a boolean (only `true` and `false` are accepted).
    public func boolean(_ argument: Int) throws -> Bool {
        let index = slot(argument)
        guard lua_type(state, index) == LUA_TBOOLEAN else { throw badArgument(argument, default: .boolean) }
        return lua_toboolean(state, index) != 0
    }

    /// Argument `argument` as a boolean, or `nil` when absent or `nil`.
    public func optionalBoolean(_ argument: Int) throws -> Bool? {
        isNil(argument) ? nil : try boolean(argument)
    }

    /// Argument `argument` as a `String` (invalid UTF-8 is repaired with U+FFFD).
    public func string(_ argument: Int) throws -> String {
        try withUTF8(argument) { String(decoding: $0, as: UTF8.self) }
    }

    /// Argument `argument` as a `String` whose bytes are exactly the Lua string's: invalid UTF-8 is
    /// an error naming the parameter (`bad argument #1 to 'read_file' (path is not valid UTF-8)`),
    /// never repaired. For values where a repaired string would name something else, as paths do.
    public func strictString(_ argument: Int) throws -> String {
        try withUTF8(argument) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else {
                throw argumentError(argument, "\(parameterName(argument)) is not valid UTF-8")
            }
            return text
        }
    }

    /// Argument `argument` as a file path: valid UTF-8 (see `strictString`) without NUL bytes,
    /// which the OS would take as the end of the path.
    func path(_ argument: Int) throws -> String {
        let text = try strictString(argument)
        guard !text.utf8.contains(0) else {
            throw argumentError(argument, "\(parameterName(argument)) contains a NUL byte")
        }
        return text
    }

    /// The declared name of parameter `argument`, or `argument` when the entry declares none.
    func parameterName(_ argument: Int) -> String {
        argument >= 1 && argument <= box.parameters.count ? box.parameters[argument - 1].name : "argument"
    }

    /// Argument `argument` as a `String`, or `nil` when absent or `nil`.
    public func optionalString(_ argument: Int) throws -> String? {
        isNil(argument) ? nil : try string(argument)
    }

    /// Calls `body` with the bytes of string argument `argument`, without copying them.
    @inline(__always)
    public func withUTF8<R>(_ argument: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        var length = 0
        let found: UnsafePointer<CChar>?
        if let seen = seenArgument(argument) {
            found = seen.type == LUA_TSTRING ? seen.bytes : nil
            if found != nil { length = seen.length }
        } else {
            found = caret_lua_to_bytes(state, slot(argument), &length)
        }
        guard let bytes = found else { throw badArgument(argument, default: .string) }
        // A large argument is about to be copied by the host (a document, a Swift string).
        if length >= LuaCall.largeArgument {
            try runtime.reserveMemory(2 * length)
        } else if length >= LuaCall.countedArgument {
            try runtime.noteCopied(length)
        }
        return try bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            try body(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Argument `argument` as a host object of class `T`.
    public func object<T: AnyObject>(_ argument: Int, as type: T.Type) throws -> T {
        if let object = hostObject(at: slot(argument)) as? T { return object }
        throw badArgument(argument, default: .object("\(T.self)"))
    }

    /// `self` of a method call, as a host object of class `T`.
    @inline(__always)
    public func receiver<T: AnyObject>(as type: T.Type) throws -> T {
        // Fast path: the handle's type is the one this method was registered on, and that type's
        // class is T (one integer and one pointer compare instead of a dynamic cast).
        if box.receiverClass == ObjectIdentifier(T.self),
           let object = seenReceiver ?? caret_lua_receiver(state, box.receiverTypeID) {
            return Unmanaged<T>.fromOpaque(object).takeUnretainedValue()
        }
        if let object = hostObject(at: 1) as? T { return object }
        let expected = runtime.luaTypeName(of: T.self) ?? "\(T.self)"
        throw LuaCallError(
            "bad self to '\(box.name)' (\(expected) expected, got \(describeValue(at: 1)); call methods with ':')")
    }

    /// The host object at a stack slot, if the value is one.
    func hostObject(at index: Int32) -> AnyObject? {
        guard let block = caret_lua_to_object(state, index) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(block.pointee.object).takeUnretainedValue()
    }

    // MARK: Pushers

    /// Pushes `nil`.
    public func pushNil() { lua_pushnil(state) }

    /// Pushes an integer (as a Lua number).
    @inline(__always)
    public func push(_ value: Int) { lua_pushnumber(state, Double(value)) }

    /// Pushes a number.
    public func push(_ value: Double) { lua_pushnumber(state, value) }

    /// Pushes a boolean.
    public func push(_ value: Bool) { lua_pushboolean(state, value ? 1 : 0) }

    /// Pushes a string.
    public func push(_ value: String) { LuaStack.push(string: value, to: state) }

    /// Pushes a value.
    public func push(_ value: LuaValue) { value.push(to: state, runtime: runtime) }

    /// Pushes a handle to `object`, whose class must belong to a registered `LuaObjectType`.
    public func push(object: AnyObject) throws {
        guard runtime.pushObject(object) else {
            throw LuaCallError("internal error: \(type(of: object)) is not a registered Lua object type")
        }
    }

    // MARK: Errors

    /// The error for argument `argument`, worded from the entry's declared parameter type.
    public func badArgument(_ argument: Int, default fallback: LuaType) -> LuaCallError {
        let declared = argument >= 1 && argument <= box.parameters.count ? box.parameters[argument - 1].type : fallback
        return .badArgument(
            Int32(argument), function: box.name, expected: declared.bareExpectation, got: describeValue(at: slot(argument)))
    }

    /// How an argument is named after "got": `no value`, `string`, `number 1.5`, `Document`.
    func describeValue(at index: Int32) -> String {
        if index > lua_gettop(state) { return "no value" }
        switch lua_type(state, index) {
        case LUA_TNUMBER:
            let value = lua_tonumber(state, index)
            return Int(exactly: value) == nil ? "number \(value)" : "number"
        case LUA_TUSERDATA:
            if let block = caret_lua_to_object(state, index), let name = runtime.luaTypeName(id: block.pointee.type_id) {
                return name
            }
            return "userdata"
        default:
            return LuaStack.typeName(state, at: index)
        }
    }
}
