-- A plain gap buffer in LuaJIT (an FFI byte array with a movable gap), replaying an edit file
-- that caret-bench wrote. Positions are UTF-8 byte offsets. Prints one line per repetition,
-- "ms <elapsed>", timing only the edit loop, then "ok" when the final text equals the trace's
-- end content (exit 1 otherwise).
--
--   luajit scripts/bench-peers/gapbuffer.lua EDITS-FILE [REPETITIONS]
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local ffi = require("ffi")
local edits_file = require("edits")

local start, finish, edits = edits_file.read(arg[1])
local repetitions = tonumber(arg[2] or "1")

local function replay()
  local capacity = math.max(1024, #start * 2)
  local buf = ffi.new("uint8_t[?]", capacity)
  ffi.copy(buf, start, #start)
  local gap_start, gap_end = #start, capacity -- the gap is [gap_start, gap_end)

  local function move_gap(pos)
    if pos < gap_start then
      local n = gap_start - pos
      ffi.C.memmove(buf + gap_end - n, buf + pos, n)
      gap_start, gap_end = pos, gap_end - n
    elseif pos > gap_start then
      local n = pos - gap_start
      ffi.C.memmove(buf + gap_start, buf + gap_end, n)
      gap_start, gap_end = pos, gap_end + n
    end
  end

  local function grow(need)
    local used = capacity - (gap_end - gap_start)
    local new_capacity = capacity
    while new_capacity - used < need do new_capacity = new_capacity * 2 end
    local new = ffi.new("uint8_t[?]", new_capacity)
    ffi.copy(new, buf, gap_start)
    local tail = capacity - gap_end
    ffi.copy(new + new_capacity - tail, buf + gap_end, tail)
    buf, gap_end, capacity = new, new_capacity - tail, new_capacity
  end

  local t0 = edits_file.now_ms()
  for i = 1, #edits do
    local e = edits[i]
    local pos, deleted, text = e[1], e[2], e[7]
    move_gap(pos)
    gap_end = gap_end + deleted
    local n = #text
    if n > 0 then
      if gap_end - gap_start < n then grow(n) end
      ffi.copy(buf + gap_start, text, n)
      gap_start = gap_start + n
    end
  end
  local elapsed = edits_file.now_ms() - t0
  local text = ffi.string(buf, gap_start) .. ffi.string(buf + gap_end, capacity - gap_end)
  return elapsed, text
end

pcall(ffi.cdef, "void *memmove(void *dest, const void *src, size_t n);")
local final
for _ = 1, repetitions do
  local elapsed, text = replay()
  final = text
  io.write(string.format("ms %.4f\n", elapsed))
end
if final ~= finish then
  io.write("final text differs from endContent (" .. #final .. " bytes, expected " .. #finish .. ")\n")
  os.exit(1)
end
io.write("ok\n")
