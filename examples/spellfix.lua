-- Fix spelling: replace every word the lexicon does not know with its best correction, keeping
-- the word's formatting and capitalisation, and report each change.
-- run: caret run examples/spellfix.lua --doc examples/typos.caret --lexicon examples/words.txt
--
-- The caret walks the document word by word (moveWordRight), so offsets stay UTF-16 and always
-- fall on word boundaries; applying a suggestion leaves the caret after the new word.
local fixed = 0
editor:select(0)
while true do
  local _, before = editor:selection()
  editor:run("moveWordRight")
  local _, after = editor:selection()
  if after == before then break end
  local word = editor:word_at_selection()
  if word then
    local best = editor:suggestions{kind = "correction", limit = 1}
    if best and not best.known and best[1] then
      print(string.format("%d: %s -> %s", word.location, word.word, best[1].word))
      editor:apply_suggestion(best[1])
      fixed = fixed + 1
    end
  end
end
print(fixed .. " corrections")
