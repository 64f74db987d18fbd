-- React to typing with an event handler: "--" becomes an em dash and straight quotes become
-- curly ones as they are typed, the way a text view's substitutions work.
-- run: caret run examples/smart-typing.lua --text Draft:
--
-- Handlers run after the editor call that caused the change has returned, so they may read and
-- change the document; their own edits raise events too (delivered when those calls return).
local substitutions = 0
editor:on("change", function(e)
  if e.command ~= "insertText" then return end
  local caret = e.head                                   -- UTF-16 offset after the typed text
  if caret >= 2 and editor:text(caret - 2, 2) == "--" then
    editor:replace(caret - 2, 2, "—")
    substitutions = substitutions + 1
  elseif caret >= 1 and editor:text(caret - 1, 1) == '"' then
    local before = caret >= 2 and editor:text(caret - 2, 1) or " "
    editor:replace(caret - 1, 1, before:match("[%s(]") and "“" or "”")
    substitutions = substitutions + 1
  end
end)

-- Type character by character, as a user would.
local typed = ' the "smart" quotes -- and dashes -- appear while typing.'
for character in typed:gmatch("[%z\1-\127\194-\244][\128-\191]*") do
  editor:insert(character)
end
print(substitutions .. " substitutions, " .. editor:length() .. " UTF-16 units, " .. #editor:text() .. " bytes")
editor:undo()   -- typing coalesces until another command (here a substitution) runs: one undo takes back the last run of typing
print("after one undo: " .. editor:text())
