import CLuaJIT

extension LuaRuntime {
    /// The functions every runtime has: the `caret` module's file capability (usable only when
    /// the host granted directories in `LuaRuntimeOptions`).
    public static var builtinAPI: LuaAPI {
        LuaAPI(modules: [
            LuaModule("caret", doc: "Caret's host API.", functions: [
                LuaAPIEntry(
                    "read_file",
                    parameters: [LuaParameter("path", .string, "Valid UTF-8 without NUL. Relative: beneath the first readable directory the host granted; absolute: must start with a granted directory's path.")],
                    returns: [LuaReturn(.string, "contents", "The file's bytes.")],
                    doc: "Reads a whole regular file beneath a readable directory the host granted. The kernel resolves the path beneath that directory as it was opened when the runtime started, so no rename, even concurrent, makes it read outside. Refused: `..`, every symbolic link (also one pointing inside), directories, FIFOs, devices, and files larger than the memory left."
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
                        LuaParameter("path", .string, "Valid UTF-8 without NUL, naming a file (not ending in `/` or `.`). Relative: beneath the first writable directory the host granted; absolute: must start with a granted directory's path."),
                        LuaParameter("contents", .string, "The bytes to write."),
                    ],
                    doc: "Writes a whole file atomically beneath a writable directory the host granted: a new temporary file beside the target, then a rename over it, so a failure leaves the previous file intact. Its directory is resolved as `caret.read_file` resolves paths (no `..`, no symbolic links, never outside even under concurrent renames); an existing target that is not a regular file (a symbolic link, a directory, a FIFO) is refused."
                ) { call in
                    let path = try call.path(1)
                    try call.withUTF8(2) { try call.runtime.fileAccess.writeFile(path, bytes: $0) }
                    return 0
                },
            ]),
        ])
    }
}
