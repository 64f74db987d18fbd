-- Title-case the selection: capitalize each word's first letter, keeping short words lower
-- case (except the first and last), and keep every character's attributes.
-- run: caret run examples/title-case.lua --doc examples/heading.caret
--
-- The selected text is a Lua (UTF-8) string indexed by bytes from 1; caret.byte_to_utf16 turns
-- a byte index into the UTF-16 offset the editor wants.
local small = { a = true, an = true, the = true, of = true, to = true, ["in"] = true, ["and"] = true, ["or"] = true }
local location, length = editor:selected_range()
if length == 0 then error("select the text to title-case first", 0) end
local text = editor:selected_text()

local words = {}
for start, word in text:gmatch("()(%a[%w']*)") do words[#words + 1] = { start = start, word = word } end
for i, w in ipairs(words) do
  local lower = w.word:lower()
  local keep_small = small[lower] and i ~= 1 and i ~= #words
  local first = keep_small and lower:sub(1, 1) or lower:sub(1, 1):upper()
  if first ~= w.word:sub(1, 1) then
    -- replace exactly one character: it keeps its own attributes
    editor:replace(location + caret.byte_to_utf16(text, w.start), 1, first)
  end
end
editor:select(location, location + length)
print(editor:selected_text())
