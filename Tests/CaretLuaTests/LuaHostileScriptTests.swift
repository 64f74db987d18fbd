import Foundation
import Testing
@testable import CaretLua

/// Scripts written to break out of the sandbox or to bring the process down: each must end with an
/// ordinary script error (or run correctly), in both JIT modes, and leave the process alive.
@Suite struct LuaHostileScriptTests {
    static let jitModes = [true, false]

    func failure(_ source: String, _ options: LuaRuntimeOptions = LuaRuntimeOptions()) throws -> LuaScriptError {
        let lua = try ScriptSession(options: options).runtime
        return try #require(throws: LuaScriptError.self) { try lua.run(source, chunkName: "hostile.lua") }
    }

    // MARK: Values of the wrong type reaching the C API

    /// `load`'s environment goes to `lua_setfenv`, which trusts its argument: a string there used to
    /// become a fake table (arbitrary memory access). Every non-table is refused before the call.
    @Test(arguments: ["'not a table'", "42", "true", "print", "editor", "coroutine.create(print)"], jitModes)
    func loadRefusesAnEnvironmentThatIsNotATable(env: String, jit: Bool) throws {
        let error = try failure("load('return x', '=s', 't', \(env))()", LuaRuntimeOptions(jitEnabled: jit))
        #expect(error.message.hasPrefix("bad argument #4 to 'load' (table expected, got "))
        let lua = try LuaRuntime(options: LuaRuntimeOptions(jitEnabled: jit))
        #expect(try lua.run("return load('return x', '=s', 't', {x = 5})()") == [.number(5)])
        #expect(try lua.run("return load('return 1', nil, nil, nil)()") == [.number(1)])
    }

    @Test(arguments: [
        ("load('return 1', {})", "bad argument #2 to 'load' (string expected, got table)"),
        ("load('return 1', 'n', 5)", "bad argument #3 to 'load' (string expected, got number)"),
        ("load(function() return 1 end)", "reader function must return a string"),
        ("load(function() return {} end)", "reader function must return a string"),
    ])
    func loadChecksEveryArgument(source: String, expected: String) throws {
        #expect(try failure(source).message.hasSuffix(expected))
    }

    @Test func binaryChunksAreRefusedWithoutEchoingThem() throws {
        let lua = try LuaRuntime()
        let bytecode = "'\\27LJ\\2' .. string.rep('\\200', 400000)"
        let values = try lua.run("return load(\(bytecode))")
        #expect(values == [.nil, .string("binary chunks are not available in the sandbox")])
        #expect(try lua.run("return load('return 1', 'n', 'b')")
            == [.nil, .string("binary chunks are not available in the sandbox (load's mode must include 't')")])
        #expect(try lua.run("return load(\(bytecode), '=mine')")
            == [.nil, .string("mine: binary chunks are not available in the sandbox")])
    }

    /// Host functions check the type of `self` and of every argument, whatever value arrives.
    @Test(arguments: ["nil", "1", "'s'", "{}", "print", "coroutine.create(print)", "caret"])
    func hostMethodsRefuseForeignSelves(value: String) throws {
        let error = try failure("return editor.length(\(value))")
        #expect(error.message.hasPrefix("bad self to 'length' (Editor expected, got "))
    }

    // MARK: Determinism

    @Test func formatRefusesAddresses() throws {
        let error = try failure("return string.format('%p', {})")
        #expect(error.message == "bad argument #2 to 'format' (%p is not available in the sandbox: addresses differ from run to run)")
        #expect(try LuaRuntime().run("return ('%5.1f|%s'):format(2.5, {}) ") == [.string("  2.5|table: #1")])
    }

    @Test func foreachWalksTheDeterministicOrder() throws {
        let lua = try LuaRuntime()
        let values = try lua.run("""
            local t = {}
            for i = 1, 50 do t['k' .. i] = i end
            t[1], t[2] = 'a', 'b'
            local viaPairs, viaForeach = {}, {}
            for k in pairs(t) do viaPairs[#viaPairs + 1] = tostring(k) end
            table.foreach(t, function(k) viaForeach[#viaForeach + 1] = tostring(k) end)
            local seq = {}
            table.foreachi({'x', 'y', 'z'}, function(i, v) seq[#seq + 1] = i .. v end)
            local stopped = table.foreach({a = 1, b = 2, c = 3}, function(k, v) if v == 2 then return k end end)
            return table.concat(viaPairs, ' ') == table.concat(viaForeach, ' '), table.concat(seq, ','), stopped
            """)
        #expect(values == [.boolean(true), .string("1x,2y,3z"), .string("b")])
        let error = try failure("table.foreach(nil, print)")
        #expect(error.message == "bad argument #1 to 'foreach' (table expected, got nil)")
    }

    // MARK: Blocked libraries

    @Test func blockedLibrariesNameOnlyMembersTheyHave() throws {
        let lua = try LuaRuntime()
        #expect(try lua.run("return os.open, io.frobnicate, jit.nothing") == [.nil, .nil, .nil])
        #expect(try failure("os.exit(1)").message == "os.exit is not available in the sandbox")
        #expect(try failure("return io.popen").message == "io.popen is not available in the sandbox")
        #expect(try failure("os.x = 1").message == "the os table is read-only in the sandbox")
        #expect(try lua.run("return type(os.time()), type(os.clock()), type(os.date())")
            == [.string("number"), .string("number"), .string("string")])
    }

    // MARK: The C stack

    static let deepCNesting = [
        "local function nest(n) local co = coroutine.create(function() return nest(n + 1) end) local ok, e = coroutine.resume(co) if not ok then error(e, 0) end return e end\nnest(1)",
        "local function nest(n) return coroutine.wrap(function() return nest(n + 1) end)() end\nnest(1)",
        "local function nest() local co = coroutine.wrap(function() coroutine.yield(nest()) end) return co() end\nnest()",
        "local function nest(n) return coroutine.wrap(function() local s = tostring(setmetatable({}, {__tostring = function() return nest(n + 1) end})) return s end)() end\nnest(1)",
    ]

    /// Nested coroutines cost C stack that no Lua limit bounds; before, a million of them crashed
    /// the process. Now each resume checks the stack and the nesting ends in an error.
    @Test(arguments: deepCNesting, jitModes)
    func deepCoroutineNestingIsAnError(source: String, jit: Bool) throws {
        let error = try failure(source, LuaRuntimeOptions(memoryLimit: 2 << 30, jitEnabled: jit))
        #expect(error.message.contains("C stack overflow") || error.kind == .stackOverflow, "\(error)")
    }

    /// The depth a script reaches does not depend on the caller's thread: scripts run on a thread
    /// of their own, so a runtime used from a thread with a small stack behaves the same.
    @Test func nestingDepthDoesNotDependOnTheCallersStack() throws {
        let source = "local depth = 0\nlocal function nest() depth = depth + 1 local co = coroutine.create(nest) local ok = coroutine.resume(co) end\npcall(nest)\nreturn depth"
        let here = try LuaRuntime().run(source)
        nonisolated(unsafe) var there: [LuaValue] = []
        let thread = Thread {
            there = (try? LuaRuntime().run(source)) ?? []
        }
        thread.stackSize = 256 << 10
        thread.start()
        while !thread.isFinished { usleep(1000) }
        #expect(here == there)
        guard case .number(let depth) = here.first else { Issue.record("no depth"); return }
        #expect(depth > 10_000)
    }

    // MARK: Memory

    static let jitHogs = [
        "local t = {} for i = 1, 1e9 do t[i] = {i, tostring(i)} end",
        "local t = {} for i = 1, 1e9 do t[i] = tostring(i) .. 'x' end",
        "local t = {} for i = 1, 1e9 do t[#t + 1] = string.format('%d', i) end",
        "local t = {} for i = 1, 1e9 do t[i] = editor:length() .. i end",
        "local s = {} for i = 1, 1e9 do s[i] = ('x'):rep(i % 100) .. tostring(i) end",
    ]

    /// Running out of memory inside compiled loops that call C functions used to crash LuaJIT; at
    /// every limit the script stops with the memory error, JIT on and off.
    @Test(arguments: jitHogs, jitModes)
    func memoryLimitStopsCompiledLoops(source: String, jit: Bool) throws {
        for megabytes in [8, 24] {
            let limit = megabytes << 20
            let error = try failure(source, LuaRuntimeOptions(memoryLimit: limit, jitEnabled: jit))
            #expect(error.kind == .memoryLimit(limit), "\(megabytes) MiB: \(error)")
        }
    }

    @Test func memoryLimitStopsCompiledLoopsAtTheDefaultLimit() throws {
        let options = LuaRuntimeOptions()
        let error = try failure(Self.jitHogs[0], options)
        #expect(error.kind == .memoryLimit(options.memoryLimit!))
    }
}
