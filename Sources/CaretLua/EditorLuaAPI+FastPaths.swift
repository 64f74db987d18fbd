import CCaretLua
import CLuaJIT
import CaretCore

/// The fast paths of the editor methods a script calls in its hottest loops (`replace`,
/// `insert`, `length`): each checks its own arguments and `self` (one question to LuaJIT a
/// value, accepting exactly what the declared parameters accept), skips the ordinary dispatch's
/// checker, closures and command values, and does what the method's ordinary body does in the
/// common case. Anything else (a trace or macro being
/// recorded, a string long enough to count against the memory limit, a negative length or an
/// overflowing range) returns `CARET_LUA_FALLBACK` before changing anything, and the ordinary
/// route then does all of it; errors of the command itself are worded as the ordinary body
/// words them.
///
/// Each also has a compiled entry, which the JIT calls from a script's compiled loop (see
/// `caret_lua_compiled_fn`): the same body with the arguments already read, which declines
/// (`CARET_LUA_COMPILED_FALLBACK`) where the fast path would report an error or take the
/// editor's general route, so that the fast path then does exactly what it does today.
extension EditorLuaAPI {
    /// `editor:replace(location, length, text)`.
    static let replaceFastPath = LuaFastPath(receiver: ScriptEditor.self, signature: "iis", { state, function in
        let state = state.unsafelyUnwrapped, function = function.unsafelyUnwrapped
        var location: Int64 = 0, length: Int64 = 0, count = 0
        guard lua_gettop(state) == 4, let receiver = caret_lua_method_receiver(state, function),
              caret_lua_to_int64(state, 2, &location) != 0, caret_lua_to_int64(state, 3, &length) != 0,
              let bytes = caret_lua_to_bytes(state, 4, &count)
        else { return CARET_LUA_FALLBACK }
        return replace(receiver, function, location: location, length: length, bytes, count: count, state: state)
    }, compiled: { function, object, location, length, bytes, count in
        guard let function, let object, let bytes, caret_lua_is_int64(location) != 0, caret_lua_is_int64(length) != 0,
              replace(object, function, location: Int64(location), length: Int64(length), bytes, count: count, state: nil) == 0
        else { return CARET_LUA_COMPILED_FALLBACK }
        return 0
    })

    /// The body of both routes of `editor:replace`. `state` is nil on the compiled route, which
    /// takes the editor's plain lane alone and declines any call that fails or needs more.
    @inline(__always)
    static func replace(_ receiver: UnsafeMutableRawPointer, _ function: UnsafePointer<caret_lua_host_function>,
                        location: Int64, length: Int64, _ bytes: UnsafePointer<CChar>, count: Int, state: OpaquePointer?) -> Int32 {
        guard length >= 0, count < LuaCall.countedArgument else { return CARET_LUA_FALLBACK }
        let (end, overflow) = Int(location).addingReportingOverflow(Int(length))
        guard !overflow else { return CARET_LUA_FALLBACK }
        return Unmanaged<ScriptEditor>.fromOpaque(receiver)._withUnsafeGuaranteedRef { target in
            guard !target.isRecording else { return CARET_LUA_FALLBACK }
            let box = Unmanaged<LuaFunctionBox>.fromOpaque(function.pointee.box.unsafelyUnwrapped)
            box._withUnsafeGuaranteedRef { box in box.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() } }
            // ASCII bytes are valid UTF-8 as they are: the editor's plain lane reads them in place,
            // and a `String` (repairing invalid UTF-8, as the ordinary route does) is made only
            // when the text is not ASCII or the edit takes the general route.
            let utf8 = UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self)
            var ascii = true
            for i in 0..<count where utf8[i] >= 0x80 {
                ascii = false
                break
            }
            let range = Int(location)..<end
            do {
                guard state != nil else {
                    let done = ascii
                        ? try target.editor.performPlainReplacement(range, utf8: UnsafeBufferPointer(start: utf8, count: count))
                        : try target.editor.performPlainReplacement(range, with: box._withUnsafeGuaranteedRef { $0.string(bytes, count: count) })
                    return done ? 0 : CARET_LUA_FALLBACK
                }
                if ascii {
                    try target.editor.performReplacement(range, utf8: UnsafeBufferPointer(start: utf8, count: count)) {
                        box._withUnsafeGuaranteedRef { $0.string(bytes, count: count) }
                    }
                } else {
                    let text = box._withUnsafeGuaranteedRef { $0.string(bytes, count: count) }
                    try target.editor.performReplacement(range, with: text)
                }
            } catch {
                guard let state else { return CARET_LUA_FALLBACK }
                return box._withUnsafeGuaranteedRef { box in
                    luaReport(replaceFailure(error, LuaCall(state: state, box: box), location: Int(location), end: end), to: state)
                }
            }
            return 0
        }
    }

    /// `editor:insert(text)`.
    static let insertFastPath = LuaFastPath(receiver: ScriptEditor.self, signature: "s", { state, function in
        let state = state.unsafelyUnwrapped, function = function.unsafelyUnwrapped
        var count = 0
        guard lua_gettop(state) == 2, let receiver = caret_lua_method_receiver(state, function),
              let bytes = caret_lua_to_bytes(state, 2, &count)
        else { return CARET_LUA_FALLBACK }
        return insert(receiver, function, bytes, count: count, state: state)
    }, compiled: { function, object, _, _, bytes, count in
        guard let function, let object, let bytes, insert(object, function, bytes, count: count, state: nil) == 0 else {
            return CARET_LUA_COMPILED_FALLBACK
        }
        return 0
    })

    /// The body of both routes of `editor:insert`. `state` is nil on the compiled route, which
    /// declines a command that fails (the editor is then unchanged) for the fast path to report.
    @inline(__always)
    static func insert(_ receiver: UnsafeMutableRawPointer, _ function: UnsafePointer<caret_lua_host_function>,
                       _ bytes: UnsafePointer<CChar>, count: Int, state: OpaquePointer?) -> Int32 {
        guard count < LuaCall.countedArgument else { return CARET_LUA_FALLBACK }
        return Unmanaged<ScriptEditor>.fromOpaque(receiver)._withUnsafeGuaranteedRef { target in
            guard !target.isRecording else { return CARET_LUA_FALLBACK }
            let text = Unmanaged<LuaFunctionBox>.fromOpaque(function.pointee.box.unsafelyUnwrapped)._withUnsafeGuaranteedRef { box in
                box.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() }
                return box.string(bytes, count: count)
            }
            do {
                try target.editor.perform(.insertText(text))
            } catch {
                guard let state else { return CARET_LUA_FALLBACK }
                return luaReport(error, to: state)
            }
            return 0
        }
    }

    /// `editor:length()`.
    static let lengthFastPath = LuaFastPath(receiver: ScriptEditor.self, signature: "", { state, function in
        let state = state.unsafelyUnwrapped, function = function.unsafelyUnwrapped
        guard lua_gettop(state) == 1, let receiver = caret_lua_method_receiver(state, function) else {
            return CARET_LUA_FALLBACK
        }
        lua_pushnumber(state, length(receiver, function))
        return 1
    }, compiled: { function, object, _, _, _, _ in
        guard let function, let object else { return CARET_LUA_COMPILED_FALLBACK }
        return length(object, function)
    }, results: 1)

    /// The body of both routes of `editor:length`.
    @inline(__always)
    static func length(_ receiver: UnsafeMutableRawPointer, _ function: UnsafePointer<caret_lua_host_function>) -> Double {
        Unmanaged<LuaFunctionBox>.fromOpaque(function.pointee.box.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() }
        }
        return Double(Unmanaged<ScriptEditor>.fromOpaque(receiver)._withUnsafeGuaranteedRef { $0.editor.utf16Length })
    }

    /// The error `editor:replace` reports for `error`, thrown by the replacement of
    /// `location..<end`: a bad offset is the argument's that holds it.
    static func replaceFailure(_ error: any Error, _ call: LuaCall, location: Int, end: Int) -> any Error {
        guard case EditorError.invalidPosition(let position) = error else { return error }
        if position.offset == location { return call.argumentError(1, "\(position)") }
        return call.argumentError(2, "the range \(location)..<\(end) ends outside the text: \(position)")
    }
}

extension LuaCall {
    /// String arguments at least this long count against the memory limit when the host copies
    /// them (see `withUTF8`); fast paths leave them to the ordinary route.
    static let countedArgument = 4096
}

extension LuaFunctionBox {
    /// The bytes of a string argument as a `String` (invalid UTF-8 is repaired with U+FFFD, as
    /// `LuaCall.string(_:)` does), short ones from `shortStrings`.
    @inline(__always)
    func string(_ bytes: UnsafePointer<CChar>, count: Int) -> String {
        bytes.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            if let shortStrings { return shortStrings.string(bytes, count: count) }
            guard hasFastPath else { return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) }
            let made = LuaShortStrings()
            shortStrings = made
            return made.string(bytes, count: count)
        }
    }
}

extension EditorLuaAPI {
    /// `api` with every method's fast path removed (for tests that compare the two routes).
    static func withoutFastPaths(_ api: LuaAPI) -> LuaAPI {
        var api = api
        for type in api.types.indices {
            for method in api.types[type].methods.indices { api.types[type].methods[method].fastPath = nil }
        }
        return api
    }
}

extension LuaAPIEntry {
    /// This entry with `fastPath`.
    func with(_ fastPath: LuaFastPath) -> LuaAPIEntry {
        var entry = self
        entry.fastPath = fastPath
        return entry
    }
}
