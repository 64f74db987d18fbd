import Testing
@testable import CaretLua

final class Counter {
    var value = 0
    let name: String
    init(name: String) { self.name = name }
}

func counterAPI() -> LuaAPI {
    LuaAPI(
        modules: [LuaModule("counters", doc: "Makes counters.", functions: [
            LuaAPIEntry("new", parameters: [LuaParameter("name", .string, "The counter's name.")],
                        returns: [LuaReturn(.object("Counter"))], doc: "Creates a counter.") { call in
                try call.push(object: Counter(name: try call.string(1)))
                return 1
            },
            LuaAPIEntry("value_of", parameters: [LuaParameter("counter", .object("Counter"))],
                        returns: [LuaReturn(.integer())], doc: "Reads a counter.") { call in
                call.push(try call.object(1, as: Counter.self).value)
                return 1
            },
        ])],
        types: [LuaObjectType(
            "Counter", doc: "A named counter.", swiftType: Counter.self,
            methods: [
                LuaAPIEntry("increment", parameters: [LuaParameter("by", .optional(.integer(unit: "step")), "Defaults to 1.")],
                            returns: [LuaReturn(.integer(), "value")], doc: "Adds to the counter.") { call in
                    let counter = try call.receiver(as: Counter.self)
                    counter.value += try call.optionalInteger(1) ?? 1
                    call.push(counter.value)
                    return 1
                },
            ],
            properties: [
                LuaProperty("value", .integer(), doc: "The current value.", get: { call in
                    call.push(try call.receiver(as: Counter.self).value)
                    return 1
                }, set: { call in
                    try call.receiver(as: Counter.self).value = try call.integer(1)
                    return 0
                }),
                LuaProperty("name", .string, doc: "The name.", get: { call in
                    call.push(try call.receiver(as: Counter.self).name)
                    return 1
                }),
            ],
            describe: { "Counter(\(($0 as! Counter).name))" }
        )]
    )
}

@Suite struct LuaObjectTests {
    @Test func methodsFieldsAndMetamethods() throws {
        let lua = try LuaRuntime(api: counterAPI())
        let values = try lua.run("""
            local c = counters.new('clicks')
            c:increment()
            c:increment(4)
            c.value = c.value + 10
            return c.value, c.name, tostring(c), getmetatable(c), counters.value_of(c)
            """)
        #expect(values == [.number(15), .string("clicks"), .string("Counter(clicks)"), .string("Counter"), .number(15)])
    }

    @Test func handlesToTheSameObjectAreEqual() throws {
        let lua = try LuaRuntime(api: counterAPI())
        let shared = Counter(name: "shared")
        lua.setGlobal("a", object: shared)
        lua.setGlobal("b", object: shared)
        lua.setGlobal("c", object: Counter(name: "other"))
        #expect(try lua.run("return a == b, a == c, rawequal(a, b)") == [.boolean(true), .boolean(false), .boolean(false)])
        try lua.run("a:increment(3)")
        #expect(shared.value == 3)
    }

    @Test func misuseGivesClearErrors() throws {
        let lua = try LuaRuntime(api: counterAPI())
        try lua.run("c = counters.new('x')")
        func message(_ source: String) throws -> String {
            try #require(throws: LuaScriptError.self) { try lua.run(source) }.message
        }
        #expect(try message("c.increment(5)") == "bad self to 'increment' (Counter expected, got number; call methods with ':')")
        #expect(try message("c:increment('x')") == "bad argument #1 to 'increment' (integer step or nil expected, got string)")
        #expect(try message("return c.nope") == "Counter has no field or method 'nope'")
        #expect(try message("c.name = 'y'") == "field 'name' of Counter is read-only")
        #expect(try message("c.extra = 1") == "Counter has no field 'extra'")
        #expect(try message("c.value = 'high'") == "bad argument #1 to 'value' (integer expected, got string)")
        #expect(try message("counters.value_of('c')") == "bad argument #1 to 'value_of' (Counter expected, got string)")
        #expect(try message("setmetatable(c, {})").contains("table expected"))
    }

    @Test func collectedHandlesReleaseTheirObjects() throws {
        weak var weakCounter: Counter?
        do {
            let lua = try LuaRuntime(api: counterAPI())
            do {
                let counter = Counter(name: "temp")
                weakCounter = counter
                lua.setGlobal("tmp", object: counter)
            }
            #expect(weakCounter != nil)
            try lua.run("tmp = nil")
        }
        #expect(weakCounter == nil)
    }
}
