import CaretCore
import Testing
@testable import CaretReplay

@Suite struct ConversionTests {
    @Test func luaScriptGolden() throws {
        let trace = try TraceReader.read("""
        {"caret-trace":1,"document":"Hi {bold:there}|","seed":3,"options":{"traitToggle":"perRunFlip"}}
        {"text":"a \\"q\\"\\n"}
        {"key":"cmd+b"}
        {"select":[0,2]}
        {"command":"findNext","args":{"pattern":"e","caseInsensitive":true}}
        {"edit":[0,1,"x"]}
        {"paste":"{italic:p}"}
        {"paste":"plain","plain":true}
        {"undo":3}
        {"redo":1}
        {"wait":1.5}
        {"check":"x|","traits":{"bold":"on"}}
        """)
        let expected = """
        -- Converted from a Caret trace (format 1) by `caret convert --to lua`.
        -- run with: caret run demo.lua --doc demo.caret
        -- initial document (canonical markup):
        --   Hi {bold:there}|
        -- seed: 3

        editor:set_options{ traitToggle = "perRunFlip", undoCoalescingInterval = 1, defaultFontSize = 17, fontSizeStep = 1 }
        editor:insert("a \\"q\\"\\n")
        editor:key("cmd+b")
        editor:select(0, 2)
        editor:run("findNext", { caseInsensitive = true, pattern = "e" })
        editor:run("replaceRange", { length = 1, location = 0, text = "x" })
        editor:paste("{italic:p}")
        editor:paste("plain", true)
        for _ = 1, 3 do editor:undo() end
        editor:redo()
        editor:advance_clock(1.5)
        caret.expect("x|")
        assert(editor:trait_state("bold") == "on", "expected bold on")

        """
        #expect(TraceLuaConverter.script(for: trace, documentFile: "demo.caret", scriptName: "demo.lua") == expected)
    }

    @Test func controlCharactersInLuaStrings() {
        #expect(TraceLuaConverter.quote("a\u{1}9\u{7F}é") == "\"a\\0019\\127é\"")
    }

    @Test func unifiedDiff() {
        let diff = UnifiedDiff.diff("a\nb\nc\nd\ne\nf\ng\nh\ni", "a\nb\nc\nd\nE\nf\ng\nh\ni", from: "expected", to: "actual")
        #expect(diff == """
        --- expected
        +++ actual
        @@ -2,7 +2,7 @@
         b
         c
         d
        -e
        +E
         f
         g
         h
        """)
        #expect(UnifiedDiff.diff("x", "x", from: "a", to: "b") == "")
        #expect(UnifiedDiff.diff("x", "y", from: "a", to: "b") == "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y")
    }
}
