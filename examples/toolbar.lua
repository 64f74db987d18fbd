-- Press toolbar buttons as a user would and print the tri-state each button shows.
-- run: caret run examples/toolbar.lua --doc examples/notes.caret --quiet
local traits = { "bold", "italic", "underline" }

local function show(label)
  local states = {}
  for _, trait in ipairs(traits) do states[#states + 1] = trait .. "=" .. editor:trait_state(trait) end
  local anchor, head = editor:selection()
  print(string.format("%-34s [%d, %d] %s", label, anchor, head, table.concat(states, " ")))
end

editor:select(0, 7)                 show("select 'Release'")
editor:select(0, 20)                show("select the first line and more")
editor:toggle("bold")               show("press B (mixed -> all bold)")
editor:toggle("bold")               show("press B again (all bold -> none)")
editor:undo() editor:undo()         show("undo twice")
editor:select(editor:length())      show("caret at the end")
editor:key("cmd+i")                 show("cmd+i at a caret (typing only)")
editor:insert("!")                  show("type '!'")
print("")
print(editor:markup():match("[^\n]*$"))
