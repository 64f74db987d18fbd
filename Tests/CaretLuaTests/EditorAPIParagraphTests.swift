import CaretCore
import CaretFormats
import Testing
@testable import CaretLua

@Suite struct EditorAPIParagraphTests {
    @Test func setAttributeCoversWholeParagraphs() throws {
        let s = try session("Title\nBody|")
        try s.run("editor:set_attribute(1, 2, 'heading', 1)")
        #expect(s.main.markup == "{heading=1:Title\n}Body|")
        try s.run("editor:remove_attribute(0, 1, 'heading')")
        #expect(s.main.markup == "Title\nBody|")
        #expect(scriptError(s, "editor:set_attribute(0, 1, 'heading', 9)")?.message.hasPrefix("bad argument #4 to 'set_attribute'") == true)
    }

    @Test func paragraphQueries() throws {
        let s = try session("{listStyle=\"ordered\" listLevel=1:a\nb\n}{listStyle=\"ordered\" listLevel=2:x\n}{listStyle=\"ordered\" listLevel=1:😀c\n}p|")
        #expect(try s.run("return editor:list_ordinal(0), editor:list_ordinal(2), editor:list_ordinal(4), editor:list_ordinal(6), editor:list_ordinal(10)")
                == [.number(1), .number(2), .number(1), .number(3), .nil])
        #expect(try s.run("return editor:paragraph_range(8)") == [.number(6), .number(4)])
        #expect(try s.run("local a = editor:paragraph_attributes(4) return a.listStyle, a.listLevel, a.bold") == [.string("ordered"), .number(2), .nil])
        #expect(try s.run("return next(editor:paragraph_attributes(10))") == [.nil])
        #expect(scriptError(s, "editor:list_ordinal(7)")?.message.contains("surrogate") == true)
    }

    @Test func paragraphCommandsActOnTheSelection() throws {
        let s = try session("one|\ntwo")
        try s.run("editor:toggle_list('bullet')")
        #expect(s.main.markup == "{listStyle=\"bullet\" listLevel=1:one|\n}two")
        try s.run("editor:indent_list()")
        #expect(s.main.markup == "{listStyle=\"bullet\" listLevel=2:one|\n}two")
        try s.run("editor:outdent_list() editor:outdent_list()")
        #expect(s.main.markup == "one|\ntwo")
        try s.run("editor:select(0, 5) editor:set_heading(2) editor:set_paragraph_attribute('alignment', 'center')")
        #expect(s.main.markup == "^{heading=2 alignment=\"center\":one\nt|wo}")
        try s.run("editor:remove_paragraph_attribute('heading') editor:set_heading(0)")
        #expect(s.main.markup == "^{alignment=\"center\":one\nt|wo}")
        try s.run("editor:undo() editor:undo()")
        #expect(s.main.markup == "^{heading=2:one\nt|wo}")
        #expect(scriptError(s, "editor:set_heading(7)")?.message.contains("bad argument #1 to 'set_heading' (expected a heading level in 0...6 (0: none), got 7") == true)
        #expect(scriptError(s, "editor:toggle_list('dash')")?.message.contains("expected one of bullet, ordered") == true)
        #expect(scriptError(s, "editor:set_paragraph_attribute('bold', true)")?.message.contains("not a paragraph attribute") == true)
    }

    @Test func returnAndBackspaceRulesFromScripts() throws {
        let s = try session("{listStyle=\"bullet\" listLevel=1:item}|")
        try s.run("editor:key('return') editor:insert('next') editor:key('return') editor:key('return')")
        #expect(s.main.markup == "{listStyle=\"bullet\" listLevel=1:item\nnext\n}|<>")
        try s.run("editor:insert('after')")
        #expect(s.main.markup == "{listStyle=\"bullet\" listLevel=1:item\nnext\n}after|")
        try s.run("editor:select(5, 5) editor:key('backspace')")
        #expect(s.main.markup == "{listStyle=\"bullet\" listLevel=1:item\n}|next\nafter")
    }
}
