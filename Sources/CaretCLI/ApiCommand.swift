import CaretLua

/// `caret api --markdown | --luals`: the Lua API reference or LuaLS stubs, generated from the
/// same entry table that registers the API.
enum ApiCommand {
    static let subcommand = Subcommand(
        name: "api",
        summary: "print the Lua API reference (Markdown) or LuaLS type stubs",
        usage: "usage: caret api (--markdown | --luals) [--out FILE]",
        description: """
        Prints the Lua API scripts see, generated from the table of API entries that registers it:
        --markdown the reference (docs/lua-api.md), --luals a `---@meta` file of LuaLS annotations
        for editor completion and type checks (docs/caret.d.lua; put it in your workspace's
        library path).
        """,
        options: [
            .flag("--markdown", "print the API reference in Markdown"),
            .flag("--luals", "print LuaLS type annotations"),
            .value("--out", "FILE", "write to FILE (atomically) instead of stdout"),
        ],
        exitCodes: [.ok, .usage, .cannotCreate("FILE"), .ioError("FILE")],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        guard parsed.positionals.isEmpty else { throw CLIError.usage("unexpected argument '\(parsed.positionals[0])'") }
        guard parsed.has("--markdown") != parsed.has("--luals") else { throw CLIError.usage("give one of --markdown or --luals") }
        let api: LuaAPI
        do { api = try ScriptSession().runtime.api } catch { throw CLIError(.software, "caret api: \(error)") }
        let text = parsed.has("--markdown") ? LuaAPIReference.markdown(for: api) : LuaAPIReference.luaLSAnnotations(for: api)
        if let output = parsed.value("--out") { try FileIO.write(text, to: output) } else { terminal.outRaw(text) }
        return .ok
    }
}
