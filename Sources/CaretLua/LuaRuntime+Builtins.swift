import CLuaJIT

extension LuaRuntime {
    /// The functions every runtime has: the `caret` module's file capability (usable only when
    /// the host granted directories in `LuaRuntimeOptions`).
    public static var builtinAPI: LuaAPI {
        LuaAPI(modules: [
            LuaModule("caret", doc: "Caret's host API.", functions: [
                LuaAPIEntry(
                    "read_file",
                    parameters: [LuaParameter("path", .string, "A path under a readable directory the host granted; relative paths start at the first one.")],
                    returns: [LuaReturn(.string, "contents", "The file's bytes.")],
                    doc: "Reads a whole file. Fails unless the host granted a readable directory that contains it; `..` and symlinks leading outside are refused."
                ) { call in
                    let runtime = call.runtime
                    let budget = runtime.options.memoryLimit.map { max(0, $0 - runtime.memoryInUse) } ?? Int.max
                    let bytes = try runtime.fileAccess.readFile(try call.path(1), maxBytes: budget)
                    bytes.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { lua_pushlstring(call.state, $0.baseAddress, $0.count) }
                    }
                    return 1
                },
                LuaAPIEntry(
                    "write_file",
                    parameters: [
                        LuaParameter("path", .string, "A path under a writable directory the host granted; relative paths start at the first one."),
                        LuaParameter("contents", .string, "The bytes to write."),
                    ],
                    doc: "Writes a whole file atomically: a temporary file in the same directory, then a rename, so a failure leaves the previous file intact."
                ) { call in
                    let path = try call.path(1)
                    try call.withUTF8(2) { try call.runtime.fileAccess.writeFile(path, bytes: $0) }
                    return 0
                },
            ]),
        ])
    }
}
