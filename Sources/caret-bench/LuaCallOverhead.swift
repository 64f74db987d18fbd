import CCaretLua
import CLuaJIT
import CaretLua

/// A C function that does nothing (a `@convention(c)` closure is a plain C function): the
/// baseline of the call-overhead benchmark, LuaJIT's own cost of calling C.
let luaNoop: lua_CFunction = { _ in 0 }

/// Nanoseconds per Lua → host call, measured from a JIT-compiled Lua loop (loop cost included).
struct LuaCallOverhead: Sendable, CustomStringConvertible {
    /// A bare C function that does nothing (LuaJIT's own cost of calling C).
    var bareCNs: Double
    /// A host function with no arguments returning an integer.
    var readNs: Double
    /// A host function taking one string argument (read without copying).
    var writeNs: Double
    /// A host function taking an integer and a one-character string, returning nothing: the shape
    /// of "insert one character at an offset".
    var insertNs: Double
    /// One Swift → Lua entry: `LuaRuntime.call` of an empty global function (protected call,
    /// traceback handler, limit setup, result copy).
    var entryNs: Double

    /// One line per measurement.
    var description: String {
        func format(_ value: Double) -> String { String((value * 10).rounded() / 10) }
        return "bare C call \(format(bareCNs)) ns, read \(format(readNs)) ns, write(string) \(format(writeNs)) ns, insert(int, string) \(format(insertNs)) ns, Swift→Lua call \(format(entryNs)) ns"
    }
}

/// Micro-benchmarks of the embedding layer (caret-bench `lua call: trampoline` rows); run them
/// from a release build. Reaches the runtime's state through `package` access.
enum LuaRuntimeBenchmarks {
    /// Measures the per-call cost of the trampoline path; the best of three runs of each loop.
    static func callOverhead(iterations: Int = 10_000_000) throws -> LuaCallOverhead {
        // Unchecked: a checked access from these closures costs ~75 instructions a call (the
        // dynamic exclusivity check), which is the benchmark's, not the call path's.
        final class Sink { @exclusivity(unchecked) var total = 0 }
        let sink = Sink()
        let api = LuaAPI(modules: [LuaModule("bench", doc: "Benchmark functions.", functions: [
            LuaAPIEntry("read", returns: [LuaReturn(.integer())], doc: "Returns a number.") { call in
                sink.total &+= 1
                call.push(sink.total)
                return 1
            },
            LuaAPIEntry("write", parameters: [LuaParameter("text", .string)], doc: "Takes a string.") { call in
                sink.total &+= try call.withUTF8(1) { $0.count }
                return 0
            },
            LuaAPIEntry("insert", parameters: [LuaParameter("offset", .integer(unit: "UTF-16 offset")), LuaParameter("text", .string)],
                        doc: "Takes an offset and a string.") { call in
                let offset = try call.integer(1)
                sink.total &+= try call.withUTF8(2) { $0.count } &+ offset
                return 0
            },
        ])])
        let lua = try LuaRuntime(options: LuaRuntimeOptions(memoryLimit: nil), api: api)
        lua.context.pointee.in_host += 1
        lua_pushcclosure(lua.state, luaNoop, 0)
        LuaStack.rawSet(lua.state, table: LUA_GLOBALSINDEX, key: "noop")
        lua.context.pointee.in_host -= 1
        try lua.run("""
            function loop_bare(n) local f = noop for i = 1, n do f() end end
            function loop_read(n) local f = bench.read for i = 1, n do f() end end
            function loop_write(n) local f = bench.write for i = 1, n do f("x") end end
            function loop_insert(n) local f = bench.insert for i = 1, n do f(i, "x") end end
            function empty() end
            """)
        func measure(_ name: String) throws -> Double {
            var best = Double.infinity
            for _ in 0..<3 {
                let start = caret_lua_now_ns()
                try lua.call(name, [.number(Double(iterations))])
                let elapsed = Double(caret_lua_now_ns() - start)
                best = min(best, elapsed / Double(max(iterations, 1)))
            }
            return best
        }
        let entries = max(1, iterations / 100)
        var entryNs = Double.infinity
        for _ in 0..<3 {
            let start = caret_lua_now_ns()
            for _ in 0..<entries { try lua.call("empty") }
            entryNs = min(entryNs, Double(caret_lua_now_ns() - start) / Double(entries))
        }
        return LuaCallOverhead(
            bareCNs: try measure("loop_bare"), readNs: try measure("loop_read"),
            writeNs: try measure("loop_write"), insertNs: try measure("loop_insert"), entryNs: entryNs)
    }
}
