-- Insert a dated entry template at the caret. The date comes from the virtual clock, so the
-- same command gives the same output anywhere: set it with --clock (seconds since 1970, UTC).
-- run: caret run examples/dated-template.lua --doc examples/journal.caret --clock 1718000000
local stamp = os.date("%Y-%m-%d %H:%M", os.time())

editor:toggle("bold")              -- a caret: only the typing attributes change
editor:insert(stamp)
editor:toggle("bold")
editor:insert("\nMood: ")
local anchor = editor:selection()  -- remember where the first field starts
editor:insert("…\nDone today:\n- \nTomorrow:\n- ")
editor:advance_clock(90)            -- ninety virtual seconds later (os.time moves too)
editor:insert("\n(written " .. os.date("%H:%M", os.time()) .. ")")
editor:select(anchor, anchor + 1)  -- select the placeholder, ready to type over
