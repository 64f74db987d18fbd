import CCaretLua
import CLuaJIT
import CaretCore

/// The fast paths of the editor methods a script calls in its hottest loops (`replace`,
/// `insert`, `length`): the trampoline has checked the arguments and `self`, so each reads them
/// as they are, skips the ordinary dispatch's closures and command values, and does what the
/// method's ordinary body does in the common case. Anything else (a trace or macro being
/// recorded, a string long enough to count against the memory limit, a negative length or an
/// overflowing range) returns `CARET_LUA_FALLBACK` before changing anything, and the ordinary
/// route then does all of it; errors of the command itself are worded as the ordinary body
/// words them.
extension EditorLuaAPI {
    /// `editor:replace(location, length, text)`.
    static let replaceFastPath = LuaFastPath(receiver: ScriptEditor.self, signature: "iis") { state, box, receiver, arguments in
        let arguments = arguments.unsafelyUnwrapped
        let location = Int(arguments[0].number), length = Int(arguments[1].number)
        let (end, overflow) = location.addingReportingOverflow(length)
        guard length >= 0, !overflow, arguments[2].length < LuaCall.countedArgument else { return CARET_LUA_FALLBACK }
        return Unmanaged<ScriptEditor>.fromOpaque(receiver.unsafelyUnwrapped)._withUnsafeGuaranteedRef { target in
            guard !target.isRecording else { return CARET_LUA_FALLBACK }
            let box = Unmanaged<LuaFunctionBox>.fromOpaque(box.unsafelyUnwrapped)
            let text = box._withUnsafeGuaranteedRef { box in
                box.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() }
                return box.string(arguments[2])
            }
            do {
                try target.editor.performReplacement(location..<end, with: text)
            } catch {
                return box._withUnsafeGuaranteedRef { box in
                    luaReport(replaceFailure(error, LuaCall(state: state.unsafelyUnwrapped, box: box), location: location, end: end),
                              to: state.unsafelyUnwrapped)
                }
            }
            return 0
        }
    }

    /// `editor:insert(text)`.
    static let insertFastPath = LuaFastPath(receiver: ScriptEditor.self, signature: "s") { state, box, receiver, arguments in
        let arguments = arguments.unsafelyUnwrapped
        guard arguments[0].length < LuaCall.countedArgument else { return CARET_LUA_FALLBACK }
        return Unmanaged<ScriptEditor>.fromOpaque(receiver.unsafelyUnwrapped)._withUnsafeGuaranteedRef { target in
            guard !target.isRecording else { return CARET_LUA_FALLBACK }
            let text = Unmanaged<LuaFunctionBox>.fromOpaque(box.unsafelyUnwrapped)._withUnsafeGuaranteedRef { box in
                box.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() }
                return box.string(arguments[0])
            }
            do {
                try target.editor.perform(.insertText(text))
            } catch {
                return luaReport(error, to: state.unsafelyUnwrapped)
            }
            return 0
        }
    }

    /// `editor:length()`.
    static let lengthFastPath = LuaFastPath(receiver: ScriptEditor.self, signature: "") { state, box, receiver, _ in
        Unmanaged<LuaFunctionBox>.fromOpaque(box.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.unmanagedRuntime._withUnsafeGuaranteedRef { $0.countHostCall() }
        }
        let count = Unmanaged<ScriptEditor>.fromOpaque(receiver.unsafelyUnwrapped)._withUnsafeGuaranteedRef { $0.editor.utf16Length }
        lua_pushnumber(state, Double(count))
        return 1
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
    /// The bytes the checker saw of a string argument as a `String` (invalid UTF-8 is repaired
    /// with U+FFFD, as `LuaCall.string(_:)` does), short ones from `shortStrings`.
    @inline(__always)
    func string(_ argument: caret_lua_argument) -> String {
        guard let bytes = argument.bytes else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: argument.length) { bytes in
            guard let shortStrings else {
                return String(decoding: UnsafeBufferPointer(start: bytes, count: argument.length), as: UTF8.self)
            }
            return shortStrings.string(bytes, count: argument.length)
        }
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
