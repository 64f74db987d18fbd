import CaretCore
import Foundation
import Testing
@testable import CaretLua

/// `LuaRuntime.runShowingResults`: results written as Lua literals that read back as the same value.
@Suite struct LuaLiteralTests {
    private func show(_ source: String, _ runtime: LuaRuntime? = nil) throws -> [String] {
        try (runtime ?? (try LuaRuntime())).runShowingResults(source, chunkName: "test")
    }

    @Test func scalars() throws {
        #expect(try show("return nil, true, false, 42, -7, 0.1, 1e100, 2^53, 1/0, -1/0, 0/0")
            == ["nil", "true", "false", "42", "-7", "0.1", "1e+100", "9007199254740992", "math.huge", "-math.huge", "0/0"])
        #expect(try show("return 1/3") == ["0.3333333333333333"])
        #expect(try show("return") == [])
    }

    @Test func stringsAreQuotedToReadBack() throws {
        #expect(try show(#"return "plain", "a \"q\" \\ b", "line\nnext\ttab\r", "\0\1\127", "é😀中", "\255x", "\0009""#)
            == [#""plain""#, #""a \"q\" \\ b""#, #""line\nnext\ttab\r""#, #""\000\001\127""#, "\"é😀中\"", #""\255x""#, #""\0009""#])
    }

    @Test func tablesHaveTheirSequenceFirstThenSortedKeys() throws {
        let source = #"return {3, 1, "two", zeta = 1, alpha = {x = true, 2}, [10] = 5, [-1.5] = 0, ["not id"] = 1, ["end"] = 2, [true] = 0, [false] = 1}"#
        #expect(try show(source) == [#"{3, 1, "two", [-1.5] = 0, [10] = 5, alpha = {2, x = true}, ["end"] = 2, ["not id"] = 1, zeta = 1, [false] = 1, [true] = 0}"#])
        #expect(try show("return {}, {{}}, {[1] = 'a', [3] = 'c'}") == ["{}", "{{}}", #"{"a", [3] = "c"}"#])
    }

    @Test func cyclesAreMarked() throws {
        #expect(try show("local t = {name = 'a'} t.self = t return t") == [#"{name = "a", self = nil --[[cycle: the table 1 level up]]}"#])
        #expect(try show("local t = {} t.child = {up = {t}} return t")
            == ["{child = {up = {nil --[[cycle: the table 3 levels up]]}}}"])
        // A table met twice but not inside itself is written twice.
        #expect(try show("local s = {1} return {s, s}") == ["{{1}, {1}}"])
    }

    @Test func deepNestingAndHugeOutputAreCut() throws {
        let deep = try show("local t = {} for i = 1, 100 do t = {t} end return t")[0]
        #expect(deep.contains("{--[[nested too deeply to show]]}"))
        let huge = try show("local t = {} for i = 1, 200000 do t[i] = 'abcdefghij' end return t")[0]
        #expect(huge.hasSuffix(" --[[output cut at 1 MB]]"))
        #expect(huge.utf8.count <= 1 << 20)
    }

    @Test func metamethodsAreNotRun() throws {
        let source = "return setmetatable({a = 1}, {__index = function() error('ran') end, __tostring = function() error('ran') end})"
        #expect(try show(source) == ["{a = 1}"])
    }

    @Test func valuesWithoutALiteralUseTostring() throws {
        let shown = try show("return print, coroutine.create(function() end)")
        #expect(shown == ["function: #1", "thread: #2"])
    }

    @Test func errorsKeepTheirPositionAndRuntimeGoesOn() throws {
        let runtime = try LuaRuntime()
        #expect(throws: LuaScriptError.self) { try runtime.runShowingResults("\n\nerror('boom')", chunkName: "stdin") }
        do {
            try runtime.runShowingResults("\n\nerror('boom')", chunkName: "stdin")
        } catch {
            #expect(error.headline == "stdin:3: boom")
            #expect(error.traceback.first?.hasPrefix("stdin:3:") == true)
        }
        #expect(try show("return 1 + 1", runtime) == ["2"])
    }

    /// Random nested tables: the literal, run as a chunk, gives a value whose literal is the same.
    @Test func randomTablesReadBack() throws {
        let fallback: UInt64 = 0x5EED_1173
        let seed = ProcessInfo.processInfo.environment["CARET_SEED"].flatMap { UInt64($0) } ?? fallback
        print("randomTablesReadBack: seed \(seed) (replay with CARET_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        let runtime = try LuaRuntime()
        for round in 0..<200 {
            let source = "return " + randomValue(&random, depth: 0)
            let first = try runtime.runShowingResults(source, chunkName: "random")
            let again = try runtime.runShowingResults("return " + first[0], chunkName: "again")
            #expect(first == again, "seed \(seed) round \(round): \(source)")
        }
    }

    private func randomValue(_ random: inout SeededRandom, depth: Int) -> String {
        let pieces = ["é", "😀", "中", "a", "\\\"", "\\n", "\\0", "\\255", "\\\\", " ", "e\u{301}", "z"]
        switch random.int(in: 0...(depth > 3 ? 4 : 6)) {
        case 0: return ["nil", "true", "false"][random.int(in: 0...2)]
        case 1: return String(random.int(in: -1000...1000))
        case 2: return String(Double(random.int(in: -100000...100000)) / Double(random.int(in: 1...997)))
        case 3, 4:
            let count = random.int(in: 0...5)
            return "\"" + (0..<count).map { _ in pieces[random.int(in: 0..<pieces.count)] }.joined() + "\""
        default:
            var fields: [String] = []
            for _ in 0..<random.int(in: 0...5) {
                let value = randomValue(&random, depth: depth + 1)
                switch random.int(in: 0...2) {
                case 0: fields.append(value)
                case 1: fields.append("[\(randomValue(&random, depth: 4).replacingOccurrences(of: "nil", with: "1"))] = \(value)")
                default: fields.append("k\(random.int(in: 0...9)) = \(value)")
                }
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }
}
