-- Bold every occurrence of the keywords given after `--` (whole words, any case).
-- run: caret run examples/bold-keywords.lua --doc examples/notes.caret -- api scripts
--
-- editor:find returns UTF-16 ranges; editor:set_attribute takes the same units, so the
-- offsets never pass through Lua's 1-based byte strings.
if #arg == 0 then error("usage: caret run bold-keywords.lua --doc FILE -- KEYWORD...", 0) end

local function is_word_char(s) return s ~= "" and s:find("^[%w_]") ~= nil end

local length = editor:length()
for _, keyword in ipairs(arg) do
  local count = 0
  for _, match in ipairs(editor:find(keyword, { case_insensitive = true })) do
    local before = match.location > 0 and editor:text(match.location - 1, 1) or ""
    local after_end = match.location + match.length
    local after = after_end < length and editor:text(after_end, 1) or ""
    if not is_word_char(before) and not is_word_char(after) then
      editor:set_attribute(match.location, match.length, "bold", true)
      count = count + 1
    end
  end
  print(string.format("%-8s %d", keyword, count))
end
