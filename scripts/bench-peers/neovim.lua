-- Neovim replaying an edit file that caret-bench wrote, one nvim_buf_set_text call per edit
-- (rows and byte columns, Neovim's own units; the edit file carries them), one
-- nvim_buf_set_lines call for an edit that spans rows (see below). Prints "ms <elapsed>"
-- per repetition, timing only the edit loop, then "ok" when the buffer's text equals the trace's
-- end content. Run headless with no configuration:
--
--   CARET_PEER_EDITS=FILE CARET_PEER_REPEAT=3 nvim --headless --clean -n -i NONE -u NONE \
--       -c 'luafile scripts/bench-peers/neovim.lua'
local script = debug.getinfo(1, "S").source:sub(2)
package.path = script:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local edits_file = require("edits")
local api = vim.api

local function out(s) io.stdout:write(s) io.stdout:flush() end

local ok, err = pcall(function()
  local start, finish, edits = edits_file.read(os.getenv("CARET_PEER_EDITS"))
  local repetitions = tonumber(os.getenv("CARET_PEER_REPEAT") or "1")
  -- Each edit's replacement as Neovim takes it: a list of lines, split outside the timed loop.
  local lines = {}
  for i = 1, #edits do
    local t = {}
    for piece in (edits[i][7] .. "\n"):gmatch("([^\n]*)\n") do t[#t + 1] = piece end
    lines[i] = t
  end
  local start_lines = {}
  for piece in (start .. "\n"):gmatch("([^\n]*)\n") do start_lines[#start_lines + 1] = piece end
  local final
  for _ = 1, repetitions do
    local buf = api.nvim_create_buf(false, true)
    api.nvim_buf_set_lines(buf, 0, -1, true, start_lines)
    local set_text, get_lines, set_lines = api.nvim_buf_set_text, api.nvim_buf_get_lines, api.nvim_buf_set_lines
    local t0 = edits_file.now_ms()
    for i = 1, #edits do
      local e = edits[i]
      local row, end_row = e[3], e[5]
      if row == end_row then
        set_text(buf, row, e[4], end_row, e[6], lines[i])
      else
        -- Neovim 0.7.2's nvim_buf_set_text reads freed memory when the replaced text spans rows
        -- (neovim issue 19643, fixed after 0.7.2), so those edits -- deletions across a line
        -- break, a few in a trace -- replace whole lines instead.
        local old = get_lines(buf, row, end_row + 1, true)
        local new, piece = {}, lines[i]
        for k = 1, #piece do new[k] = piece[k] end
        new[1] = old[1]:sub(1, e[4]) .. new[1]
        new[#new] = new[#new] .. old[#old]:sub(e[6] + 1)
        set_lines(buf, row, end_row + 1, true, new)
      end
    end
    local elapsed = edits_file.now_ms() - t0
    final = table.concat(api.nvim_buf_get_lines(buf, 0, -1, true), "\n")
    api.nvim_buf_delete(buf, { force = true })
    out(string.format("ms %.4f\n", elapsed))
  end
  if final ~= finish then
    out("final text differs from endContent (" .. #final .. " bytes, expected " .. #finish .. ")\n")
    vim.cmd("cquit 1")
  end
  out("ok\n")
end)
if not ok then
  out("error: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
vim.cmd("qall!")
