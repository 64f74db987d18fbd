import CCaretLua
import CLuaJIT
import CaretCore

/// Suggestions for scripts: the editor's engine, attached on first use, and providers written in
/// Lua (`caret.add_suggestion_provider`) merged into its ranking.
///
/// Providers run without re-entering Lua from Swift: `editor:suggestions` returns the engine's
/// list and asks the C trampoline (`pending_filter`) to pass it, once the host function has
/// returned, to a Lua function that calls the providers and merges their words into the same
/// table. So a provider is an ordinary Lua call: limits apply and its errors reach the script.
extension ScriptSession {
    /// The registry key of the providers' list.
    static let providersKey = "caret.suggestion_providers"

    /// The Lua side of the merge: `providers` is the list `caret.add_suggestion_provider` fills.
    /// Ranking is total (kind, then distance, then frequency, then the word's bytes), so the
    /// order is the same in every process.
    static let mergeSource = """
    local providers = ...
    local kindOrder = { correction = 1, completion = 2 }
    local function better(a, b)
      local ka, kb = kindOrder[a.kind] or 3, kindOrder[b.kind] or 3
      if ka ~= kb then return ka < kb end
      if a.distance ~= b.distance then return a.distance < b.distance end
      if a.frequency ~= b.frequency then return a.frequency > b.frequency end
      return a.word < b.word
    end
    return function(result)
      if type(result) ~= "table" or #providers == 0 then return end
      local query = { word = result.word, location = result.location, length = result.length, kind = result.kind }
      local seen = {}
      for i = 1, #result do seen[result[i].kind .. "\\0" .. result[i].word] = true end
      for p = 1, #providers do
        local extra = providers[p](query)
        if extra ~= nil then
          if type(extra) ~= "table" then
            error("suggestion provider #" .. p .. " returned a " .. type(extra) .. "; expected a list of words or {word=, frequency=} tables", 0)
          end
          for i = 1, #extra do
            local entry = extra[i]
            if type(entry) == "string" then entry = { word = entry } end
            if type(entry) ~= "table" or type(entry.word) ~= "string" or entry.word == "" then
              error("suggestion provider #" .. p .. ": entry " .. i .. " is not a word or a {word=...} table", 0)
            end
            local kind = entry.kind
            if kind ~= "completion" and kind ~= "correction" then
              kind = result.kind == "correction" and "correction" or "completion"
            end
            if result.kind == "all" or result.kind == kind then
              local key = kind .. "\\0" .. entry.word
              if not seen[key] then
                seen[key] = true
                result[#result + 1] = {
                  word = entry.word, kind = kind, source = "script",
                  distance = tonumber(entry.distance) or 0, frequency = tonumber(entry.frequency) or 0,
                  location = result.location, length = result.length,
                }
              end
            end
          end
        end
      end
      table.sort(result, better)
      for i = #result, result.limit + 1, -1 do result[i] = nil end
    end
    """

    /// Puts an empty providers list in the registry. The merge function is compiled when the
    /// first provider is added: most scripts add none, and compiling it was a measurable part
    /// of every script's start.
    func installSuggestionProviders() throws(LuaScriptError) {
        let state = runtime.state
        runtime.context.pointee.in_host += 1
        defer { runtime.context.pointee.in_host -= 1 }
        lua_createtable(state, 0, 0)
        LuaStack.rawSet(state, table: LUA_REGISTRYINDEX, key: ScriptSession.providersKey)
    }

    /// Compiles the merge function over the providers' list (the value at the top of the stack)
    /// and stores it under `CARET_RESULT_FILTER_KEY`; the list stays on the stack.
    private func installSuggestionMerge(state: OpaquePointer) throws {
        let base = lua_gettop(state)
        defer { lua_settop(state, base) }
        var source = ScriptSession.mergeSource
        let status = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { luaL_loadbuffer(state, $0.baseAddress, $0.count, "@caret-suggestions") }
        }
        guard status == 0 else { throw LuaCallError("the suggestion merge function does not compile: \(LuaStack.typeName(state, at: -1))") }
        lua_pushvalue(state, base)
        let limit = runtime.context.pointee.instruction_limit
        runtime.context.pointee.instruction_limit = 0
        defer { runtime.context.pointee.instruction_limit = limit }
        guard lua_pcall(state, 1, 1, 0) == 0, lua_type(state, -1) == LUA_TFUNCTION else {
            throw LuaCallError("the suggestion merge function could not be set up")
        }
        LuaStack.rawSet(state, table: LUA_REGISTRYINDEX, key: CARET_RESULT_FILTER_KEY)
    }

    /// Appends the function at stack slot `slot` to the providers list; returns how many there are.
    func addSuggestionProvider(at slot: Int32, state: OpaquePointer) throws -> Int {
        LuaStack.rawGet(state, table: LUA_REGISTRYINDEX, key: ScriptSession.providersKey)
        defer { LuaStack.pop(state) }
        let count = Int(lua_objlen(state, -1))
        if count == 0 {
            LuaStack.rawGet(state, table: LUA_REGISTRYINDEX, key: CARET_RESULT_FILTER_KEY)
            let installed = lua_type(state, -1) == LUA_TFUNCTION
            LuaStack.pop(state)
            if !installed { try installSuggestionMerge(state: state) }
        }
        lua_pushvalue(state, slot)
        lua_rawseti(state, -2, Int32(count + 1))
        return count + 1
    }

    /// Whether any provider is registered.
    func hasSuggestionProviders(state: OpaquePointer) -> Bool {
        LuaStack.rawGet(state, table: LUA_REGISTRYINDEX, key: ScriptSession.providersKey)
        defer { LuaStack.pop(state) }
        return lua_objlen(state, -1) > 0
    }

    /// Attaches a suggestion engine to `editor` if it has none: over the lexicon `lexiconLoader`
    /// gives (`caret run --lexicon`, or the system word list), else over an empty lexicon (the
    /// document's words and learned words only). Loading happens once per session.
    func ensureSuggestions(for editor: Editor) throws {
        guard editor.suggestionEngine == nil else { return }
        if loadedLexicon == nil {
            loadedLexicon = try lexiconLoader?() ?? Lexicon(wordList: WordList(entries: []))
        }
        editor.attachSuggestions(lexicon: loadedLexicon!)
    }
}
