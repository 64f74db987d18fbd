import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretLua

/// The compiled route (Sources/CCaretLua/compiled.c): with the JIT on, `editor:replace`,
/// `editor:insert` and `editor:length` are Lua wrappers that call the fast paths' compiled
/// entries through the FFI, so that the JIT compiles a script's loop of them. These tests run
/// such calls in loops long enough to be compiled, and check that the outcome is the ordinary
/// route's (a session made with `fastPaths: false` takes it for every call), that the route was
/// taken, and that nothing a script passes reaches a host object the ordinary route would refuse.
@Suite struct LuaCompiledRouteTests {
    /// `CARET_SEED` when set, otherwise `fallback` (printed with the test's name), and the Lua
    /// that defines `rand(n)`, a generator of 0..<n seeded from it, for a script to start with.
    static func seededGenerator(_ test: String = #function, fallback: UInt64) -> (seed: UInt64, lua: String) {
        let seed = ProcessInfo.processInfo.environment["CARET_SEED"].flatMap { UInt64($0) } ?? fallback
        print("\(test): seed \(seed) (replay with CARET_SEED=\(seed))")
        let lua = """
            local seed = \(seed % 2_147_483_648)
            local function rand(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed % n end

            """
        return (seed, lua)
    }

    static func session(_ markup: String, fastPaths: Bool = true, options: LuaRuntimeOptions = LuaRuntimeOptions()) throws -> ScriptSession {
        try ScriptSession(document: try Markup.parse(markup), editorOptions: EditorOptions(), options: options,
                          scriptName: "script.lua", arguments: [], fastPaths: fastPaths)
    }

    /// A compiled loop of random calls that succeed, made by the script itself from a seeded
    /// generator (a Lua function, which the trace takes in): on text of one-unit characters,
    /// combining marks and line breaks, edits at any offset, some of which the compiled entries
    /// decline (a combining mark at an edge takes the editor's general route); then emoji, at the
    /// ends and the caret. Results, text, selection and every undo step are the ordinary route's.
    @Test func compiledLoopsAgreeWithTheOrdinaryRoute() throws {
        let (seed, generator) = Self.seededGenerator(fallback: 0xC0_4D12)
        let script = generator + """
            local pieces = { "", "x", "é", "e\\u{301}", "\\u{301}", "\\n", "中", "ab", "Ωmega" }
            local e, total = editor, 0
            for i = 1, 4000 do
              local length = e:length()
              local kind = rand(8)
              if kind < 4 then
                local location = rand(length + 1)
                e:replace(location, rand(math.min(3, length - location) + 1), pieces[rand(#pieces) + 1])
              elseif kind < 6 then
                e:replace(rand(2) * length, 0, pieces[rand(#pieces) + 1])
              elseif kind < 7 then
                e:insert(pieces[rand(#pieces) + 1] .. pieces[rand(#pieces) + 1])
              else
                total = total + e:length()
              end
            end
            -- Emoji, at the ends and at the caret only (a random offset could split one).
            for i = 1, 1000 do
              local kind = rand(3)
              if kind == 0 then e:replace(rand(2) * e:length(), 0, pieces[rand(#pieces) + 1] .. "😀")
              elseif kind == 1 then e:insert("👩‍👩‍👧" .. pieces[rand(#pieces) + 1])
              else total = total + e:length() end
            end
            return total
            """
        let compiled = try Self.session("{bold:hé}llo\nwörld 中文 e\u{301} end|")
        let ordinary = try Self.session("{bold:hé}llo\nwörld 中文 e\u{301} end|", fastPaths: false)
        let expected = try ordinary.run(script)
        #expect(try compiled.run(script) == expected, "seed \(seed)")
        #expect(compiled.main.markup == ordinary.main.markup, "seed \(seed)")
        #expect(compiled.runtime.compiledRouteCalls > 3000, "\(compiled.runtime.compiledRouteCalls) calls took the compiled route")
        while ordinary.main.editor.canUndo {
            try ordinary.main.editor.perform(.undo)
            try compiled.main.editor.perform(.undo)
            #expect(compiled.main.markup == ordinary.main.markup, "seed \(seed)")
        }
    }

    /// A loop of random calls, good and bad, with `pcall`, `select` and `undo`, which keep it
    /// interpreted (the wrappers take their trampolines, but for the iterations LuaJIT records):
    /// each call's result or error goes into a log, which must be the ordinary route's, as must
    /// the document and its undo.
    @Test func interpretedLoopsAgreeWithTheOrdinaryRoute() throws {
        let (seed, generator) = Self.seededGenerator(fallback: 0xC0_4D11)
        let script = generator + """
            local pieces = { "", "x", "é", "😀", "e\\u{301}", "\\u{301}", "\\n", "\\r\\n", "中", "ab", "\\0", "\\255" }
            local odd = { 0.5, -1, 2^53, 1/0, 0/0 }
            local log = {}
            for i = 1, 3000 do
              local length = editor:length()
              local kind = rand(12)
              local ok, result
              if kind < 5 then
                ok, result = pcall(editor.replace, editor, rand(length + 4) - 1, rand(4), pieces[rand(#pieces) + 1])
              elseif kind < 7 then
                ok, result = pcall(editor.insert, editor, pieces[rand(#pieces) + 1] .. pieces[rand(#pieces) + 1])
              elseif kind < 8 then
                ok, result = pcall(editor.length, editor)
              elseif kind < 9 then
                ok, result = pcall(editor.replace, editor, odd[rand(#odd) + 1], rand(2), "y")
              elseif kind < 10 then
                ok, result = pcall(editor.replace, editor, 0, odd[rand(#odd) + 1], "y")
              elseif kind < 11 then
                editor:select(rand(length + 1), rand(length + 1))
                ok = true
              else
                ok, result = pcall(editor.undo, editor)
              end
              log[#log + 1] = tostring(ok) .. " " .. tostring(result)
            end
            return table.concat(log, "\\n")
            """
        let compiled = try Self.session("{bold:hé😀}llo\nwörld 中文 e\u{301} 👩‍👩‍👧 end|")
        let ordinary = try Self.session("{bold:hé😀}llo\nwörld 中文 e\u{301} 👩‍👩‍👧 end|", fastPaths: false)
        let expected = try ordinary.run(script)
        #expect(try compiled.run(script) == expected, "seed \(seed)")
        #expect(compiled.main.markup == ordinary.main.markup, "seed \(seed)")
        #expect(ordinary.runtime.compiledRouteCalls == 0)
        let failures = expected.first.map { "\($0)".components(separatedBy: "\n").filter { $0.hasPrefix("false") }.count } ?? 0
        #expect(failures > 100 && failures < 2000, "\(failures) of 3000 calls failed")
        while ordinary.main.editor.canUndo {
            try ordinary.main.editor.perform(.undo)
            try compiled.main.editor.perform(.undo)
            #expect(compiled.main.markup == ordinary.main.markup, "seed \(seed)")
        }
    }

    /// Calls written as `editor:method(...)` in a plain loop, the shape the JIT compiles: the
    /// text and the selection come out as on the ordinary route, nearly every call took the
    /// compiled route, and the results are returned.
    @Test func methodCallLoopsTakeTheCompiledRoute() throws {
        let script = """
            local e, total = editor, 0
            for i = 1, 2000 do
              e:replace(i % 7, i % 3, i % 5 == 0 and "é" or "ab")
              e:insert("x")
              total = total + e:length()
            end
            return total
            """
        let compiled = try Self.session("start|")
        let ordinary = try Self.session("start|", fastPaths: false)
        let expected = try ordinary.run(script)
        #expect(try compiled.run(script) == expected)
        #expect(compiled.main.markup == ordinary.main.markup)
        // All but the first call on the document and the iterations before LuaJIT compiled the loop.
        #expect(compiled.runtime.compiledRouteCalls >= 5700, "\(compiled.runtime.compiledRouteCalls) of 6000 calls took the compiled route")
    }

    /// A loop that also calls a method without a compiled entry is not compiled (no trace calls
    /// a C function), and the wrappers then go straight to their trampolines: interpreted, an
    /// FFI call costs more than the trampoline. Only the iterations LuaJIT tried to record took
    /// the compiled route; the outcome is the ordinary route's.
    @Test func interpretedLoopsTakeTheTrampolines() throws {
        let script = """
            local e = editor
            for i = 1, 3000 do
              e:replace(0, 0, "ab")
              e:select(1, 1)
              e:insert("x")
            end
            return e:length()
            """
        let compiled = try Self.session("|")
        let ordinary = try Self.session("|", fastPaths: false)
        #expect(try compiled.run(script) == ordinary.run(script))
        #expect(compiled.main.markup == ordinary.main.markup)
        #expect(compiled.runtime.compiledRouteCalls < 100, "\(compiled.runtime.compiledRouteCalls) of 6000 calls took the compiled route")
    }

    /// With a limit's count hook the JIT is off, and the methods are the trampolines alone.
    @Test func noCompiledRouteWithoutTheJIT() throws {
        let session = try Self.session("|", options: LuaRuntimeOptions(instructionLimit: 10_000_000))
        try session.run("for i = 1, 500 do editor:insert('x') end")
        #expect(session.main.editor.text.utf16Count == 500)
        #expect(session.runtime.compiledRouteCalls == 0)
    }

    /// `self` is whatever a script passes: another document, a table, a string, a number, nil,
    /// or a document whose userdata was collected. Every call the ordinary route refuses is
    /// refused with its words, and only the document passed is changed.
    @Test func anySelfGetsTheOrdinaryRoutesAnswer() throws {
        let script = """
            local replace, insert, length = editor.replace, editor.insert, editor.length
            for i = 1, 200 do editor:insert('a') end
            local other = caret.document({ text = "other" })
            local log = {}
            for _, self in ipairs({ other, {}, "text", 12, true, editor }) do
              for i = 1, 100 do
                local ok, message = pcall(replace, self, 0, 0, 'r')
                if i == 100 then log[#log + 1] = tostring(ok) .. " " .. tostring(message) end
                ok, message = pcall(insert, self, 'i')
                if i == 100 then log[#log + 1] = tostring(ok) .. " " .. tostring(message) end
                ok, message = pcall(length, self)
                if i == 100 then log[#log + 1] = tostring(ok) .. " " .. tostring(message) end
              end
            end
            log[#log + 1] = tostring(pcall(replace)) .. " " .. select(2, pcall(replace))
            log[#log + 1] = other:length() .. " " .. editor:length()
            return table.concat(log, "\\n")
            """
        let compiled = try Self.session("|")
        let ordinary = try Self.session("|", fastPaths: false)
        let expected = try ordinary.run(script)
        #expect(try compiled.run(script) == expected)
        #expect(compiled.main.markup == ordinary.main.markup)
        #expect("\(expected.first!)".contains("bad self"), "\(expected)")
        #expect(compiled.runtime.compiledRouteCalls > 0)
    }

    /// The wrappers hold the FFI's values as upvalues: nothing a script can call reads them, loads
    /// the FFI or replaces what the wrappers call.
    @Test func theFFIStaysOutOfReach() throws {
        let session = try Self.session("|")
        let results = try session.run("""
            local replace = editor.replace
            for i = 1, 100 do editor:replace(0, 0, 'x') end
            local function fails(f, ...) return (pcall(f, ...)) == false end
            type = function() return 'userdata' end
            select = function() return 4 end
            local ok = editor:replace(0, 0, 'y') == nil and editor:length() == 101
            return fails(string.dump, replace), fails(function() return ffi.cast end),
                   fails(function() return jit.util end), fails(function() return debug.getupvalue end),
                   fails(require, 'ffi'), fails(function() return package.loaded end),
                   ok, fails(replace, {}, 0, 0, 'x')
            """)
        // Replacing the globals `type` and `select` changes nothing for the wrappers either.
        #expect(results == Array(repeating: .boolean(true), count: 8))
        #expect(session.main.editor.text.utf16Count == 101)
    }

    /// Documents made and dropped in a loop: each new one may take the block of one collected
    /// before, and a wrapper must never take it for the old one (whose host object is gone).
    @Test func collectedDocumentsAreForgotten() throws {
        let script = """
            local total = 0
            for round = 1, 300 do
              local document = caret.document({ text = string.rep("d", round % 5) })
              for i = 1, 60 do document:insert("x") end
              total = total + document:length()
              -- garbage, so that collections run and free the documents of earlier rounds
              local junk = {}
              for i = 1, 200 do junk[i] = { i } end
            end
            return total
            """
        let compiled = try Self.session("|")
        let ordinary = try Self.session("|", fastPaths: false)
        #expect(try compiled.run(script) == ordinary.run(script))
        // The inner loops are compiled (caret.document, a trampoline, leaves compiled mode between them).
        #expect(compiled.runtime.compiledRouteCalls > 2000, "\(compiled.runtime.compiledRouteCalls)")
    }

    /// Handlers hear the changes of calls through the wrappers after each call returns, and a
    /// memory limit a compiled call passes stops the script, as on the ordinary route.
    @Test func eventsAndLimitsAfterCompiledCalls() throws {
        let script = """
            local heard = 0
            editor:on("change", function() heard = heard + 1 end)
            for i = 1, 500 do editor:insert("x") editor:replace(0, 1, "yz") end
            return heard, editor:length()
            """
        let compiled = try Self.session("|")
        let ordinary = try Self.session("|", fastPaths: false)
        #expect(try compiled.run(script) == ordinary.run(script))
        // Each call queues an event, which the wrapper attends to through a C function, so the
        // loop stays interpreted: this checks the ordinary outcome, the limit below the route.
        let limited = try Self.session("|", options: LuaRuntimeOptions(memoryLimit: 4 << 20))
        let error = try #require(throws: LuaScriptError.self) {
            try limited.run("local s = string.rep('x', 4000) for i = 1, 4000 do editor:replace(0, 0, s) end")
        }
        #expect(error.message.contains("memory limit"), "\(error.message)")
        #expect(limited.runtime.compiledRouteCalls > 100)
    }

    /// Errors keep the script's position: a wrapper hands a refused call to the trampoline as
    /// a tail call, so the line and the traceback are the caller's, with no wrapper frame.
    @Test func errorsNameTheScriptsLine() throws {
        let script = "local function f(i)\n  editor:replace(i == 100 and -1 or 0, 0, 'x')\nend\nfor i = 1, 100 do\n  f(i)\nend"
        var errors: [LuaScriptError] = []
        for fastPaths in [true, false] {
            let session = try Self.session("ab|", fastPaths: fastPaths)
            errors.append(try #require(throws: LuaScriptError.self) { try session.run(script) })
            #expect((session.runtime.compiledRouteCalls > 0) == fastPaths)
        }
        #expect(errors[0].line == 2 && errors[0].chunkName == "script.lua", "\(errors[0])")
        #expect(errors[0].description == errors[1].description)
        #expect(errors[0].traceback == errors[1].traceback)
        #expect(!errors[0].description.contains("[caret]"), "\(errors[0].description)")
    }
}
