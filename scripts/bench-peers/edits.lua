-- Reads the edit file caret-bench writes for the Lua peers (docs/benchmarks.md, "Peers"):
--
--   caret-peer-edits 1\n
--   <edit count>\n
--   <byte length>\n<start content>\n
--   <byte length>\n<end content>\n
--   then one record per edit:
--   <byte offset> <bytes deleted> <row> <byte column> <end row> <end byte column> <byte length>\n<inserted text>\n
--
-- Offsets are 0-based, in UTF-8 bytes; rows and columns are where the edit starts and ends in the
-- document as it is just before the edit (lines end at LF), as Neovim counts them.
local M = {}

function M.read(path)
  local file = assert(io.open(path, "rb"))
  local data = file:read("*a")
  file:close()
  local pos = 1
  local function line()
    local s, e, text = data:find("^([^\n]*)\n", pos)
    if not s then error(path .. ": truncated edit file at byte " .. pos) end
    pos = e + 1
    return text
  end
  local function blob()
    local n = tonumber(line())
    local text = data:sub(pos, pos + n - 1)
    pos = pos + n + 1
    return text
  end
  assert(line() == "caret-peer-edits 1", path .. ": not a caret-peer-edits 1 file")
  local count = tonumber(line())
  local start = blob()
  local finish = blob()
  local edits = {}
  for i = 1, count do
    local s, e, offset, deleted, row, col, erow, ecol, n =
      data:find("^(%d+) (%d+) (%d+) (%d+) (%d+) (%d+) (%d+)\n", pos)
    if not s then error(path .. ": bad edit record " .. i) end
    pos = e + 1
    n = tonumber(n)
    local text = data:sub(pos, pos + n - 1)
    pos = pos + n + 1
    edits[i] = { tonumber(offset), tonumber(deleted), tonumber(row), tonumber(col), tonumber(erow), tonumber(ecol), text }
  end
  return start, finish, edits
end

-- Monotonic wall clock in milliseconds.
local ffi = require("ffi")
pcall(ffi.cdef, [[
  typedef struct { long tv_sec; long tv_nsec; } caret_timespec;
  int clock_gettime(int clock, caret_timespec *spec);
]])
local spec = ffi.new("caret_timespec")
function M.now_ms()
  ffi.C.clock_gettime(1, spec) -- CLOCK_MONOTONIC
  return tonumber(spec.tv_sec) * 1e3 + tonumber(spec.tv_nsec) / 1e6
end

return M
