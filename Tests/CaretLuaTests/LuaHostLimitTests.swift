import CLuaJIT
import Testing
@testable import CaretLua

/// Work and memory a script makes the host spend count against its limits.
@Suite struct LuaHostLimitTests {
    func failure(_ source: String, _ options: LuaRuntimeOptions) throws -> (LuaScriptError, ScriptSession) {
        let session = try ScriptSession(options: options)
        let error = try #require(throws: LuaScriptError.self) { try session.run(source, chunkName: "host.lua") }
        return (error, session)
    }

    static let documentHogs = [
        "for i = 1, 1e6 do editor:insert(string.rep('x', 100000)) end",
        "for i = 1, 1e8 do editor:insert('xy') end",
        "local s = string.rep('x', 9e6) local a, b = caret.document{text = s}, caret.document{text = s}",
        "local docs = {} for i = 1, 1e6 do docs[i] = caret.document{text = string.rep('y', 2e5) .. i} end",
        "editor:insert(string.rep('z', 6e6)) local t = {} for i = 1, 1e6 do t[i] = editor:text() end",
    ]

    /// The documents a script holds (text and undo history) count against the memory limit with
    /// the Lua heap: before, a 16 MB limit let the host grow to gigabytes.
    @Test(arguments: documentHogs, [true, false])
    func documentsCountAgainstTheMemoryLimit(source: String, jit: Bool) throws {
        let limit = 16 << 20
        let (error, session) = try failure(source, LuaRuntimeOptions(memoryLimit: limit, jitEnabled: jit))
        #expect(error.kind == .memoryLimit(limit), "\(error)")
        // Counted as it grows: at most a few host calls' worth past the limit.
        #expect(session.documentBytes() + session.runtime.memoryInUse <= limit + (8 << 20))
    }

    /// Documents a script lets go leave the session's list of editors in any order, so only the
    /// live ones count against the limit.
    @Test func droppedDocumentsStopCounting() throws {
        let session = try ScriptSession(options: LuaRuntimeOptions(memoryLimit: 64 << 20))
        let base = session.documentBytes()
        try session.run("""
            docs = {}
            for i = 1, 6 do docs[i] = caret.document{text = string.rep('d', 100000 * i)} end
            """)
        let all = session.documentBytes()
        #expect(session.editors.count == 7)
        // Drop the 1st, 4th and 6th (the last one's slot, a middle one, the first), then collect
        // (scripts cannot ask for a collection; the host can).
        try session.run("docs[1] = nil docs[4] = nil docs[6] = nil")
        lua_gc(session.runtime.state, LUA_GCCOLLECT, 0)
        #expect(session.editors.count == 4)
        let live = [2, 3, 5].reduce(base) { $0 + 100000 * $1 * 3 / 2 }
        #expect(session.documentBytes() == live, "all \(all), now \(session.documentBytes())")
        for (slot, editor) in session.editors.enumerated() { #expect(editor.takeUnretainedValue().slot == slot) }
        try session.run("docs = nil")
        lua_gc(session.runtime.state, LUA_GCCOLLECT, 0)
        #expect(session.editors.count == 1 && session.documentBytes() == base)
    }

    @Test func findResultsAreCountedBeforeTheyAreBuilt() throws {
        let limit = 16 << 20
        let (error, _) = try failure("editor:insert(string.rep('ab', 2e5)) local t = editor:find('a')", LuaRuntimeOptions(memoryLimit: limit))
        #expect(error.kind == .memoryLimit(limit), "\(error)")
    }

    @Test func workBelowTheLimitStillRuns() throws {
        let session = try ScriptSession(options: LuaRuntimeOptions(memoryLimit: 64 << 20))
        let values = try session.run("for i = 1, 1000 do editor:insert(string.rep('x', 1000)) end return editor:length(), #editor:find('xxxxxxxxxx')")
        #expect(values == [.number(1_000_000), .number(100_000)])
    }

    /// Host work charged to the runtime's `WorkLimit` counts as instructions and stops at the deadline.
    @Test func hostWorkIsChargedToTheScriptsLimits() throws {
        let instructions = try LuaRuntime(options: LuaRuntimeOptions(instructionLimit: 10_000))
        #expect(throws: (any Error).self) { for _ in 0..<10 { try instructions.workLimit.charge(5_000) } }
        #expect(instructions.chargeHostWork(0) == "instruction limit exceeded")

        let unlimited = try LuaRuntime(options: LuaRuntimeOptions())
        for _ in 0..<100 { try unlimited.workLimit.charge(1 << 20) }
        #expect(try unlimited.run("return 2") == [.number(2)])
    }

    @Test func longErrorMessagesAreCut() throws {
        let (error, _) = try failure("error(string.rep('a:1: ', 200000))", LuaRuntimeOptions())
        #expect(error.chunkName == "host.lua")
        #expect(error.message.utf8.count < 4200)
        #expect(error.message.hasSuffix("… (message cut: 1000012 bytes in all)"))
        let (unicode, _) = try failure("error(string.rep('é', 5000), 0)", LuaRuntimeOptions())
        #expect(unicode.message.hasPrefix(String(repeating: "é", count: 2048) + "…"))
    }

    @Test(arguments: [
        ("setmetatable(setmetatable({}, {__metatable = 1}), {})", "bad argument #1 to 'setmetatable' (cannot change a protected metatable)"),
        ("setmetatable(1, {})", "bad argument #1 to 'setmetatable' (table expected, got number)"),
        ("setmetatable({}, 1)", "bad argument #2 to 'setmetatable' (nil or table expected)"),
        ("setmetatable(editor, {})", "bad argument #1 to 'setmetatable' (table expected, got userdata)"),
    ])
    func setmetatableErrorsNameIt(source: String, expected: String) throws {
        let (error, _) = try failure(source, LuaRuntimeOptions())
        #expect(error.message == expected)
    }

    static let longHostWork = [
        "editor:insert(string.rep('a', 2e6)) editor:find('(a|aa)*c', {regex = true})",
        "editor:insert(string.rep('ab', 1e6)) for i = 1, 1e9 do editor:find('b') end",
        "editor:macro_start('m') editor:insert('x') editor:undo() editor:macro_stop() editor:macro_play('m', {times = 1000000})",
    ]

    /// Host loops a script starts stop at its deadline and count against its instruction budget.
    @Test(arguments: longHostWork)
    func longHostWorkStopsAtTheLimits(source: String) throws {
        let (timeout, _) = try failure(source, LuaRuntimeOptions(timeout: 0.3))
        #expect(timeout.kind == .timeout(0.3), "\(timeout)")
        let (budget, _) = try failure(source, LuaRuntimeOptions(instructionLimit: 2_000_000))
        #expect(budget.kind == .instructionLimit(2_000_000), "\(budget)")
    }

    @Test func backtrackingPatternsAreLinear() throws {
        let session = try ScriptSession()
        let values = try session.run("""
            editor:insert(string.rep('a', 40))
            return #editor:find('(a*)*b', {regex = true}), #editor:find('(a+)+$', {regex = true})
            """)
        #expect(values == [.number(0), .number(1)])
    }

    @Test func hugePatternsAreNotEchoed() throws {
        let (error, _) = try failure("editor:find(string.rep('(', 400000), {regex = true})", LuaRuntimeOptions())
        #expect(error.message.utf8.count < 600, "\(error.message.utf8.count) bytes")
        #expect(error.message.contains("… (400000 bytes)"))
    }

    /// Copies the host makes of what a script hands it count too: a table holding one large
    /// string under many keys, the values a chunk returns, the lines `print` collects.
    @Test(arguments: [
        "local s = string.rep('x', 1048576) local t = {} for i = 1, 1500 do t['k' .. i] = s end caret.document(t)",
        "local s = string.rep('x', 1048576) local t = {} for i = 1, 1500 do t[i] = s end return unpack(t)",
        "local s = string.rep('x', 65535) for i = 1, 100000 do editor:insert(s) end",
        "local s = string.rep('x', 1048576) while true do print(s) end",
    ])
    func hostCopiesCountAgainstTheMemoryLimit(source: String) throws {
        let limit = 64 << 20
        let (error, session) = try failure(source, LuaRuntimeOptions(memoryLimit: limit))
        #expect(error.kind == .memoryLimit(limit), "\(error)")
        #expect(session.documentBytes() + session.runtime.memoryInUse + session.runtime.printedBytes <= limit + (8 << 20))
    }

    /// Making many documents is charged to the instruction budget (and stays linear).
    @Test func manyDocumentsAreChargedAsWork() throws {
        let (error, _) = try failure("local t = {} for i = 1, 1e7 do t[i] = caret.document{text = ''} end", LuaRuntimeOptions(instructionLimit: 1_000_000))
        #expect(error.kind == .instructionLimit(1_000_000), "\(error)")
    }
}
