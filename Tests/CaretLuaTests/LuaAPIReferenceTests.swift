import Testing
@testable import CaretLua

@Suite struct LuaAPIReferenceTests {
    @Test func luaLSStubsComeFromTheEntries() {
        let stubs = LuaAPIReference.luaLSAnnotations(for: counterAPI())
        #expect(stubs.hasPrefix("---@meta\n"))
        #expect(stubs.contains("""
            ---A named counter.
            ---@class Counter
            ---@field value integer The current value.
            ---@field name string The name.
            local Counter = {}

            ---Adds to the counter.
            ---@param by? integer Defaults to 1.
            ---@return integer value
            function Counter:increment(by) end
            """))
        #expect(stubs.contains("""
            ---Creates a counter.
            ---@param name string The counter's name.
            ---@return Counter
            function counters.new(name) end
            """))
    }

    @Test func markdownComesFromTheEntries() {
        let markdown = LuaAPIReference.markdown(for: counterAPI())
        #expect(markdown.contains("## Module `counters`"))
        #expect(markdown.contains("### `counters.new(name)`\n\nCreates a counter.\n\n| Parameter | Type | Description |\n|---|---|---|\n| `name` | string | The counter's name. |\n\nReturns: Counter\n"))
        #expect(markdown.contains("| `value` | integer | read-write | The current value. |"))
        #expect(markdown.contains("| `name` | string | read-only | The name. |"))
        #expect(markdown.contains("### `counter:increment(by)`"))
        #expect(markdown.contains("| `by` | integer (step)? | Defaults to 1. |"))
    }

    @Test func everyDocumentedFunctionIsRegistered() throws {
        let lua = try LuaRuntime(api: counterAPI())
        let stubs = LuaAPIReference.luaLSAnnotations(for: lua.api)
        for module in lua.api.modules {
            for entry in module.functions {
                #expect(try lua.run("return type(\(module.name).\(entry.name))") == [.string("function")])
                #expect(stubs.contains("function \(module.name).\(entry.name)("))
            }
        }
        try lua.run("c = counters.new('x')")
        for type in lua.api.types {
            for method in type.methods {
                #expect(try lua.run("return type(c.\(method.name))") == [.string("function")])
                #expect(stubs.contains("function \(type.name):\(method.name)("))
            }
        }
        #expect(stubs.contains("function caret.read_file(path) end"))
    }
}
