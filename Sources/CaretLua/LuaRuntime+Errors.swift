import CCaretLua
import CLuaJIT

extension LuaRuntime {
    /// Turns the error value on top of the stack, the recorded traceback and the tripped limit
    /// into a `LuaScriptError`.
    func makeError(status: Int32) -> LuaScriptError {
        context.pointee.in_host += 1
        defer { context.pointee.in_host -= 1 }
        let rawMessage: String
        switch LuaValue.read(from: state, at: -1) {
        case .string(let text): rawMessage = LuaScriptError.capped(text)
        case .number(let value): rawMessage = LuaValue.number(value).description
        case .nil: rawMessage = "nil"
        case .boolean(let value): rawMessage = "(error object is a boolean value: \(value))"
        case .other(let type): rawMessage = "(error object is a \(type) value)"
        }
        LuaStack.rawGet(state, table: LUA_REGISTRYINDEX, key: "caret.traceback")
        let tracebackText = LuaStack.string(state, at: -1) ?? ""
        LuaStack.pop(state)
        // Consumed: an error that never ran the handler (a chunk that does not compile) must not
        // show the traceback an earlier error left.
        lua_pushnil(state)
        lua_setfield(state, LUA_REGISTRYINDEX, "caret.traceback")
        let rawTraceback = tracebackText.split(separator: "\n\t", omittingEmptySubsequences: true)
            .map(String.init).filter { !$0.isEmpty }

        var kind = LuaScriptError.Kind.runtime
        var message = rawMessage
        var chunk: String?
        var line: Int?
        let known = Set(chunkNames.keys)
        if let split = LuaScriptError.splitPosition(rawMessage, chunks: known) {
            (chunk, line, message) = (chunkNames[split.chunk], split.line, split.message)
        } else if let position = rawTraceback.lazy.compactMap({ LuaScriptError.framePosition($0, chunks: known) }).first {
            (chunk, line) = (chunkNames[position.chunk], position.line)
        }
        let traceback = rawTraceback.map { frame in
            guard let position = LuaScriptError.framePosition(frame, chunks: known),
                  let full = chunkNames[position.chunk], full != position.chunk else { return frame }
            return full + frame.dropFirst(position.chunk.count)
        }

        switch context.pointee.tripped {
        case Int32(CARET_LIMIT_INSTRUCTIONS):
            let limit = options.instructionLimit ?? 0
            kind = .instructionLimit(limit)
            message = "instruction limit of \(limit) exceeded"
        case Int32(CARET_LIMIT_MEMORY):
            let limit = options.memoryLimit ?? 0
            kind = .memoryLimit(limit)
            message = "memory limit of \(LuaRuntime.formatBytes(limit)) exceeded"
        case Int32(CARET_LIMIT_TIMEOUT):
            let limit = options.timeout ?? 0
            kind = .timeout(limit)
            message = "time limit of \(LuaValue.number(limit).description) s exceeded"
        default:
            if status == LUA_ERRSYNTAX {
                kind = .syntax
            } else if message.contains("stack overflow") || status == LUA_ERRERR {
                kind = .stackOverflow
                if status == LUA_ERRERR { message = "stack overflow (error while handling an error)" }
            } else if status == LUA_ERRMEM {
                message = "not enough memory"
            }
        }
        return LuaScriptError(kind: kind, message: message, chunkName: chunk, line: line, traceback: traceback)
    }

    /// `64 MB`, `1.5 MB`, `512 bytes` (MB = 2^20 bytes).
    static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let megabytes = Double(bytes) / Double(1 << 20)
            if megabytes == megabytes.rounded() { return "\(Int(megabytes)) MB" }
            return "\((megabytes * 10).rounded() / 10) MB"
        }
        return "\(bytes) bytes"
    }
}
