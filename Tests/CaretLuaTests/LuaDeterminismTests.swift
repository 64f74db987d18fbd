import Testing
@testable import CaretLua

@Suite struct LuaDeterminismTests {
    static let script = """
        local t = {}
        for i = 1, 200 do t['key' .. i] = i end
        t[1], t[2], t[3] = 'a', 'b', 'c'
        t[10], t[-1], t[2.5] = 'ten', 'minus', 'frac'
        t[true], t[false] = 'T', 'F'
        local out = {}
        for k, v in pairs(t) do out[#out + 1] = tostring(k) end
        local viaNext, k = {}, nil
        repeat
          k = next(t, k)
          if k ~= nil then viaNext[#viaNext + 1] = tostring(k) end
        until k == nil
        assert(table.concat(out, ' ') == table.concat(viaNext, ' '))
        local r = {}
        for i = 1, 10 do r[i] = math.random(1000000) end
        return table.concat(out, ' '), table.concat(r, ',')
        """

    @Test func pairsVisitsSequenceThenSortedKeys() throws {
        let result = try LuaRuntime().run(Self.script)
        guard case .string(let order) = result[0] else { Issue.record("no order"); return }
        let keys = order.split(separator: " ").map(String.init)
        #expect(Array(keys.prefix(6)) == ["1", "2", "3", "-1", "2.5", "10"])
        let strings = keys.dropFirst(6).dropLast(2)
        #expect(Array(strings) == (1...200).map { "key\($0)" }.sorted())
        #expect(Array(keys.suffix(2)) == ["false", "true"])
    }

    @Test func sameScriptSameOutputInFreshStates() throws {
        let first = try LuaRuntime(options: LuaRuntimeOptions(seed: 7)).run(Self.script)
        for jit in [true, false] {
            for _ in 0..<8 {
                #expect(try LuaRuntime(options: LuaRuntimeOptions(jitEnabled: jit, seed: 7)).run(Self.script) == first)
            }
        }
    }

    @Test func traversalToleratesClearingFieldsAndNesting() throws {
        let lua = try LuaRuntime()
        let values = try lua.run("""
            local t = {x = 1, y = 2, z = 3, 10, 20}
            local seen = {}
            for k, v in pairs(t) do
              t[k] = nil                       -- clearing during traversal is allowed
              seen[#seen + 1] = tostring(k)
            end
            local u, pairsSeen = {a = 1, b = 2}, {}
            for k in pairs(u) do for k2 in pairs(u) do pairsSeen[#pairsSeen + 1] = k .. k2 end end
            return table.concat(seen, ','), next(t) == nil, table.concat(pairsSeen, ','), next({}) == nil
            """)
        #expect(values == [.string("1,2,x,y,z"), .boolean(true), .string("aa,ab,ba,bb"), .boolean(true)])
    }

    @Test func invalidKeyToNext() throws {
        let lua = try LuaRuntime()
        let error = try #require(throws: LuaScriptError.self) { try lua.run("return next({a = 1}, 'nope')") }
        #expect(error.message == "invalid key to 'next'")
        let notTable = try #require(throws: LuaScriptError.self) { try lua.run("for k in pairs(nil) do end") }
        #expect(notTable.message.contains("table expected, got nil"))
    }

    @Test func largeTraversalIsNotQuadratic() throws {
        let lua = try LuaRuntime()
        let values = try lua.run("""
            local t = {}
            for i = 1, 200000 do t['k' .. i] = i end
            local n, sum = 0, 0
            for k, v in pairs(t) do n = n + 1; sum = sum + v end
            return n, sum
            """)
        #expect(values == [.number(200_000), .number(20_000_100_000)])
    }

    @Test func tostringOfReferencesIsDeterministic() throws {
        let lua = try LuaRuntime()
        let values = try lua.run("""
            local a, b = {}, function() end
            print(a, b, a)
            return tostring(a), tostring(b), tostring(a), string.format('%s|%5s|%d%%|%s', b, true, 3, nil),
                   ('%s'):format(a), tostring(12), tostring(1.5), tostring(setmetatable({}, {__tostring = function() return 'custom' end}))
            """)
        #expect(values == [
            .string("table: #1"), .string("function: #2"), .string("table: #1"), .string("function: #2| true|3%|nil"),
            .string("table: #1"), .string("12"), .string("1.5"), .string("custom"),
        ])
        #expect(lua.printedLines == ["table: #1\tfunction: #2\ttable: #1"])
    }
}
