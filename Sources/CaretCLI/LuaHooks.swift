import CaretLua
import CaretReplay

/// Connects the Lua layer to the parts of Caret that cannot depend on it: `caret test` runs
/// `*.test.lua` files through `ScriptTestRunner`.
enum LuaHooks {
    /// Installs the hooks (idempotent).
    static func install() {
        if TestRunner.luaTestRunner == nil { TestRunner.luaTestRunner = { ScriptTestRunner.run($0) } }
    }
}
