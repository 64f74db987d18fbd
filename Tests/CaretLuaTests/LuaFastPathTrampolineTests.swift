import CCaretLua
import CLuaJIT
import CaretCore
import Foundation
import Testing
@testable import CaretLua

/// Fast paths below the editor API: the trampolines without an upvalue (the first
/// `CARET_LUA_SLOT_COUNT` fast-path functions of a state) and the upvalue trampoline after
/// them, a fast path's fallback to the ordinary route, and the short-string cache.
@Suite struct LuaFastPathTrampolineTests {
    final class Counter { var total = 0 }

    /// `counter:add_N(n)` adds N·n; its fast path does the same for n ≥ 0 and falls back
    /// otherwise, where the ordinary body refuses a negative n.
    static func api(methods: Int) -> LuaAPI {
        let fast: caret_lua_fast_fn = { state, function in
            var value: Int64 = 0
            guard lua_gettop(state) == 2, let receiver = caret_lua_receiver(state, function!.pointee.receiver_type),
                  caret_lua_to_int64(state, 2, &value) != 0, value >= 0 else { return CARET_LUA_FALLBACK }
            let name = Unmanaged<LuaFunctionBox>.fromOpaque(function!.pointee.box!).takeUnretainedValue().name
            let factor = Int(name.dropFirst(4))!
            Unmanaged<Counter>.fromOpaque(receiver).takeUnretainedValue().total += factor * Int(value)
            return 0
        }
        let entries = (1...methods).map { factor in
            var entry = LuaAPIEntry("add_\(factor)", parameters: [LuaParameter("n", .integer())], doc: "Adds.") { call in
                let value = try call.integer(1)
                guard value >= 0 else { throw LuaCallError("bad argument #1 to 'add_\(factor)' (negative)") }
                try call.receiver(as: Counter.self).total += factor * value
                return 0
            }
            entry.fastPath = LuaFastPath(receiver: Counter.self, signature: "i", fast)
            return entry
        }
        return LuaAPI(types: [LuaObjectType("Counter", doc: "Counts.", swiftType: Counter.self, methods: entries)])
    }

    @Test func everyFastFunctionIsCalledWhateverItsTrampoline() throws {
        let count = Int(CARET_LUA_SLOT_COUNT) + 3
        let lua = try LuaRuntime(api: Self.api(methods: count))
        #expect(Int(lua.context.pointee.slot_count) == Int(CARET_LUA_SLOT_COUNT))
        let counter = Counter()
        #expect(lua.setGlobal("counter", object: counter))
        for factor in 1...count {
            try lua.run("for i = 1, 10 do counter:add_\(factor)(2) end")
        }
        #expect(counter.total == (1...count).reduce(0, +) * 20)
        // Negative: the fast path falls back and the ordinary body words the error, in both kinds.
        for factor in [1, count] {
            let error = try #require(throws: LuaScriptError.self) { try lua.run("counter:add_\(factor)(-1)") }
            #expect(error.message == "bad argument #1 to 'add_\(factor)' (negative)", "\(error.message)")
            let bad = try #require(throws: LuaScriptError.self) { try lua.run("counter:add_\(factor)('2')") }
            #expect(bad.message == "bad argument #1 to 'add_\(factor)' (integer expected, got string)", "\(bad.message)")
            // Without `self`, the 2 is `self` and the body reads its argument first.
            let dot = try #require(throws: LuaScriptError.self) { try lua.run("counter.add_\(factor)(2)") }
            #expect(dot.message == "bad argument #1 to 'add_\(factor)' (integer expected, got no value)", "\(dot.message)")
        }
        #expect(counter.total == (1...count).reduce(0, +) * 20)
    }

    /// Two runtimes each have their own slots.
    @Test func slotsBelongToTheirState() throws {
        let first = try LuaRuntime(api: Self.api(methods: 2))
        let second = try LuaRuntime(api: Self.api(methods: 2))
        let a = Counter(), b = Counter()
        #expect(first.setGlobal("counter", object: a) && second.setGlobal("counter", object: b))
        try first.run("counter:add_1(5)")
        try second.run("counter:add_2(5)")
        #expect(a.total == 5 && b.total == 10)
    }

    /// The cache gives exactly what `String(decoding:as:)` gives, for any bytes (invalid UTF-8,
    /// NUL, lengths around the 8- and 15-byte edges), however often and in whatever order.
    @Test func shortStringsDecodeAsStringDoes() {
        let fallback: UInt64 = 0x5407_0001
        let seed = ProcessInfo.processInfo.environment["CARET_SEED"].flatMap { UInt64($0) } ?? fallback
        print("shortStringsDecodeAsStringDoes: seed \(seed) (replay with CARET_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        let cache = LuaShortStrings()
        defer { cache.deallocate() }
        let alphabet: [UInt8] = [0, 0x61, 0x62, 0x0A, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x80]
        var pool: [[UInt8]] = []
        for _ in 0..<400 {
            pool.append((0..<random.int(in: 0...18)).map { _ in alphabet[random.int(in: 0..<alphabet.count)] })
        }
        for round in 0..<5000 {
            let bytes = pool[random.int(in: 0..<pool.count)]
            let made = bytes.withUnsafeBufferPointer { buffer in
                cache.string(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: buffer.count)
            }
            let expected = String(decoding: bytes, as: UTF8.self)
            #expect(made == expected && Array(made.utf8) == Array(expected.utf8), "seed \(seed) round \(round): \(bytes)")
        }
    }
}
