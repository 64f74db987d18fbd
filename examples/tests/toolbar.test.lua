-- A Lua test for `caret test examples/tests`: the editor starts with toolbar.caret beside it.
editor:key("alt+shift+left")            -- select "world" backwards
caret.expect("Hello |world^")
editor:toggle("bold")
caret.expect("Hello |<bold>{bold:world}^")   -- typing attributes follow the first selected character
assert(editor:trait_state("bold") == "on")

editor:select(0, 11)                    -- a mixed selection: the first press makes it all bold
assert(editor:trait_state("bold") == "mixed")
editor:toggle("bold")
caret.expect("^{bold:Hello world}|")

editor:undo()
caret.expect("^Hello {bold:world}|")
