import Foundation
import Testing
import CaretCore
@testable import CaretLua

/// docs/lua-api.md and docs/caret.d.lua are generated from the API entry table; the committed
/// files must be what the code generates. `CARET_RECORD=1 swift test --filter GeneratedDocs`
/// rewrites them (also `caret api --markdown > docs/lua-api.md`, `caret api --luals > docs/caret.d.lua`).
@Suite struct GeneratedDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs").path

    func check(_ name: String, _ generated: String) throws {
        let path = Self.docs + "/" + name
        if ProcessInfo.processInfo.environment["CARET_RECORD"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let committed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>"
        #expect(committed == generated, "\(name) differs from what the API entries generate: run `CARET_RECORD=1 swift test --filter GeneratedDocs`")
    }

    @Test func referenceMatchesTheEntries() throws {
        let session = try ScriptSession()
        try check("lua-api.md", LuaAPIReference.markdown(for: session.runtime.api))
        try check("caret.d.lua", LuaAPIReference.luaLSAnnotations(for: session.runtime.api))
        try check("commands.md", EditorCommand.referenceMarkdown(lua: EditorLuaAPI.snakeCase))
    }

    @Test func everyEntryIsRegisteredAndDocumented() throws {
        let session = try ScriptSession()
        let stubs = LuaAPIReference.luaLSAnnotations(for: session.runtime.api)
        for type in session.runtime.api.types where type.name == "Editor" {
            for method in type.methods {
                #expect(try session.run("return type(editor.\(method.name))") == [.string("function")])
                #expect(stubs.contains("function Editor:\(method.name)("))
                #expect(!method.doc.isEmpty)
            }
        }
        for module in session.runtime.api.modules {
            for entry in module.functions {
                #expect(try session.run("return type(\(module.name).\(entry.name))") == [.string("function")])
            }
        }
        #expect(stubs.contains("---@type Editor\neditor = nil"))
    }
}
