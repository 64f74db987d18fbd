import CaretCore
import Foundation
import Testing
@testable import CaretLua

/// Ctrl-C for a running chunk (`LuaRuntime.enableInterrupts`), and errors showing their own
/// traceback. Serialized: SIGINT and the handler are the process's.
@Suite(.serialized) struct LuaInterruptTests {
    /// Runs `source` while another thread sends SIGINT to the process every 20 ms until it returns.
    private func runInterrupted(_ runtime: LuaRuntime, _ source: String) -> LuaScriptError? {
        let finished = Lock(false)
        let exited = DispatchSemaphore(value: 0)
        let sender = Thread {
            defer { exited.signal() }
            while !finished.withLock({ $0 }) {
                usleep(20_000)
                // Checked under the lock, so no SIGINT is sent after the caller has moved on.
                finished.withLock { if !$0 { kill(getpid(), SIGINT) } }
            }
        }
        sender.start()
        defer {
            finished.withLock { $0 = true }
            exited.wait()
            usleep(20_000)  // a signal sent just before has landed before the handler is removed
        }
        do {
            try runtime.run(source, chunkName: "loop.lua")
            return nil
        } catch {
            return error
        }
    }

    @Test func ctrlCStopsAnInfiniteLoopAndTheRuntimeGoesOn() throws {
        let runtime = try LuaRuntime()
        try #require(runtime.enableInterrupts())
        defer { runtime.disableInterrupts() }
        let error = try #require(runInterrupted(runtime, "local n = 0\nwhile true do n = n + 1 end"))
        #expect(error.message == "interrupted")
        #expect(error.chunkName == "loop.lua")
        #expect(error.line == 2)
        #expect(runtime.takeInterrupt())
        #expect(!runtime.isStopped)
        #expect(try runtime.run("return 6 * 7") == [.number(42)])
    }

    @Test func aScriptsPcallCannotSwallowTheInterrupt() throws {
        let runtime = try LuaRuntime()
        try #require(runtime.enableInterrupts())
        defer { runtime.disableInterrupts() }
        let source = "while true do pcall(function() while true do end end) end"
        let error = try #require(runInterrupted(runtime, source))
        #expect(error.message == "interrupted")
        runtime.takeInterrupt()
        #expect(try runtime.run("local ok, e = pcall(error, 'x') return ok") == [.boolean(false)])
    }

    @Test func limitsStillApplyAfterAnInterrupt() throws {
        var options = LuaRuntimeOptions()
        options.instructionLimit = 50_000_000
        let runtime = try LuaRuntime(options: options)
        try #require(runtime.enableInterrupts())
        defer { runtime.disableInterrupts() }
        // Interrupted long before the limit (a fresh count each entry).
        let source = "local t = 0 for i = 1, 1e6 do t = t + i end while true do end"
        _ = runInterrupted(runtime, "while true do end")
        runtime.takeInterrupt()
        #expect(try runtime.run("local t = 0 for i = 1, 1000 do t = t + i end return t") == [.number(500500)])
        // The count hook the limit needs is back: without SIGINT the loop meets the limit.
        do {
            try runtime.run(source)
            Issue.record("the loop ran past the instruction limit")
        } catch {
            #expect(error.kind == .instructionLimit(50_000_000))
        }
    }

    @Test func anOldInterruptDoesNotStopTheNextChunk() throws {
        let runtime = try LuaRuntime()
        try #require(runtime.enableInterrupts())
        defer { runtime.disableInterrupts() }
        kill(getpid(), SIGINT)
        // The signal goes to whichever thread the kernel picks; on a busy machine that can take a
        // while, so wait for the handler to have seen it (up to 10 s) rather than a fixed time.
        var taken = runtime.takeInterrupt()
        for _ in 0..<1000 where !taken {
            usleep(10_000)
            taken = runtime.takeInterrupt()
        }
        #expect(taken)
        #expect(try runtime.run("local n = 0 for i = 1, 1000 do n = n + 1 end return n") == [.number(1000)])
        #expect(!runtime.takeInterrupt())
    }

    @Test func onlyOneRuntimeHasInterrupts() throws {
        let first = try LuaRuntime()
        let second = try LuaRuntime()
        try #require(first.enableInterrupts())
        #expect(!second.enableInterrupts())
        first.disableInterrupts()
        #expect(second.enableInterrupts())
        second.disableInterrupts()
    }

    /// A chunk that does not compile has no traceback; before the fix it showed the traceback the
    /// previous error had left.
    @Test func aSyntaxErrorDoesNotShowThePreviousTraceback() throws {
        let runtime = try LuaRuntime()
        do {
            try runtime.run("local function inner() error('boom') end\ninner()", chunkName: "first.lua")
            Issue.record("no error")
        } catch {
            #expect(error.traceback.contains { $0.contains("inner") })
        }
        do {
            try runtime.run("x = = 1", chunkName: "second.lua")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.traceback.isEmpty)
            #expect(!error.description.contains("inner"))
        }
        do {
            try runtime.runShowingResults("local function other() error('again') end\nother()", chunkName: "third.lua")
            Issue.record("no error")
        } catch {
            #expect(error.traceback.contains { $0.contains("other") })
            #expect(!error.traceback.contains { $0.contains("inner") })
        }
    }

    /// A runtime that goes away with interrupts on gives them up: the handler never touches a
    /// freed state, and another runtime may take them.
    @Test func aRuntimeGoingAwayGivesUpInterrupts() throws {
        do {
            let first = try LuaRuntime()
            try #require(first.enableInterrupts())
        }
        let second = try LuaRuntime()
        #expect(second.enableInterrupts())
        second.disableInterrupts()
    }
}
