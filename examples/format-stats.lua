-- Walk the attribute runs and report formatting statistics.
-- run: caret run examples/format-stats.lua --doc examples/notes.caret --quiet
local runs = editor:runs()
local by_attribute, plain = {}, 0
for _, run in ipairs(runs) do
  local any = false
  for key, value in pairs(run.attributes) do     -- pairs visits keys in a fixed (sorted) order
    local name = value == true and key or key .. "=" .. tostring(value)
    by_attribute[name] = (by_attribute[name] or 0) + run.length
    any = true
  end
  if not any then plain = plain + run.length end
end

print(string.format("%d characters (UTF-16 units) in %d runs on %d lines", editor:length(), #runs, editor:line_count()))
print(string.format("  %-12s %5d", "plain", plain))
for name, units in pairs(by_attribute) do
  print(string.format("  %-12s %5d  %5.1f%%", name, units, 100 * units / editor:length()))
end
local longest
for _, run in ipairs(runs) do
  if next(run.attributes) and (not longest or run.length > longest.length) then longest = run end
end
if longest then print(string.format("longest formatted run: %q at %d", longest.text, longest.location)) end
