import CCaretLua
import CLuaJIT
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LuaRuntime {
    /// Compiles and runs `source` as `run` does, and returns each of the chunk's results written
    /// as a Lua literal: `nil`, `true`, `42`, `0.1`, `math.huge`, `"a \"quoted\"\n string"` (quoted
    /// so that it reads back as the same bytes; valid UTF-8 is kept, other bytes become `\ddd`), and
    /// tables as constructors with their sequence first and the other keys sorted (numbers, then
    /// strings, then booleans, then host objects by creation), nested, read raw (no metamethods).
    /// A table met again inside itself is written `nil --[[cycle: the table N levels up]]`; nesting
    /// deeper than 32 and output past 1 MB are cut with a comment that says so. Values that have no
    /// literal (functions, host objects) are written as `tostring` writes them.
    @discardableResult
    public func runShowingResults(_ source: String, chunkName: String = "script.lua") throws(LuaScriptError) -> [String] {
        try checkRunning()
        let luaName = LuaRuntime.luaChunkName(chunkName)
        chunkNames[luaName] = chunkName
        if source.utf8.first == 0x1B {
            throw LuaScriptError(kind: .syntax, message: "binary chunks are not available in the sandbox", chunkName: chunkName)
        }
        let base = lua_gettop(state)
        context.pointee.in_host += 1
        caret_lua_push_literal_results(state)
        context.pointee.in_host -= 1
        var source = source
        let status = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { luaL_loadbuffer(state, $0.baseAddress, $0.count, "@" + luaName) }
        }
        if status != 0 {
            let error = makeError(status: status)
            lua_settop(state, base)
            if error.kind != .syntax { stoppedBy = stoppedBy ?? error }
            throw error
        }
        return try protectedCall(base: base, argumentCount: 1).map { value in
            if case .string(let text) = value { return text }
            return value.description
        }
    }

    /// The names the value at the dotted global `path` offers (`""`: the globals; `"caret"`, `"string"`;
    /// for a host object such as `editor`, its methods and fields), sorted; with `methodsOnly`, only
    /// functions (what may follow `value:`). Reads raw, runs no Lua code.
    public func completionNames(of path: String, methodsOnly: Bool = false) -> [String] {
        guard checkIdle() else { return [] }
        var length = 0
        var path = path
        let buffer = path.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { caret_lua_names(state, $0.baseAddress, $0.count, methodsOnly ? 1 : 0, &length) }
        }
        guard let buffer else { return [] }
        defer { free(buffer) }
        let text = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
        return Array(Set(text.split(separator: "\n").map(String.init))).sorted()
    }

    private func checkIdle() -> Bool { context.pointee.in_host == 0 }
}
