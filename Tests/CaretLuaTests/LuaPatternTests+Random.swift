import CaretCore

/// One random case of the comparison with LuaJIT: a subject, a pattern and the other arguments of
/// find/match/gmatch/gsub, each as a Lua expression. Small alphabets full of pattern
/// metacharacters, so most cases reach captures, sets, anchors and the error paths.
struct RandomPatternCase {
    let subject, pattern, initial, plain, replacement, limit: String

    /// The case as the program's table entry (also how a failure names it).
    var entry: String { "{\(subject), \(pattern), \(initial), \(plain), \(replacement), \(limit)}" }

    static let patternPieces = [
        "a", "a", "a", "b", "b", "c", ".", ".", "a*", "b+", ".-", "a?", ".*", "(", "(", ")", ")", "()",
        "(.)", "(a*)", "(.-)", "[ab]", "[^a]", "[a-c]", "[%d%s]", "[]", "[", "]", "[%a-]", "[a-]",
        "%a", "%d", "%s", "%w", "%A", "%p", "%z", "%x", "%c", "%u", "%l", "%S", "%P", "%W", "%%",
        "%b()", "%bab", "%b", "%f[a]", "%f[%w]", "%f[^a]", "%f", "%1", "%2", "%0", "^", "$", "*",
        "+", "-", "?", "%", "\0", "1", " ", "x",
    ]
    static let subjectBytes: [UInt8] = Array("aaabbc 1()%-]^$x!A".utf8) + [0, 9, 200]
    static let replacementPieces = ["x", "%0", "%1", "%2", "%%", "%", "%a", "-", "%9", ""]

    init(using random: inout SeededRandom) {
        func below(_ n: Int) -> Int { random.int(in: 0..<n) }
        func pick(_ items: [String]) -> String { items[below(items.count)] }
        if below(12) == 0 {
            subject = pick(["123", "1.5", "-20", "0"])
        } else {
            subject = Self.literal((0..<below(13)).map { _ in Self.subjectBytes[below(Self.subjectBytes.count)] })
        }
        if below(15) == 0 {
            pattern = pick(["1", "2", "12", "-2"])
        } else {
            pattern = Self.literal(Array((0..<below(9)).map { _ in pick(Self.patternPieces) }.joined().utf8))
        }
        initial = pick(["nil", "nil", "nil", "0", "1", "2", "-1", "-3", "5", "20", "-20", "\"2\"", "2.7"])
        plain = pick(["nil", "nil", "true", "false"])
        switch below(6) {
        case 0, 1: replacement = Self.literal(Array((0..<below(4)).map { _ in pick(Self.replacementPieces) }.joined().utf8))
        case 2: replacement = "tbl"
        case 3, 4: replacement = "fns[\(1 + below(6))]"
        default: replacement = "7"
        }
        limit = pick(["nil", "nil", "0", "1", "2", "-1"])
    }

    /// A Lua string literal: letters and digits as they are, every other byte as a 3-digit escape.
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "\""
        for byte in bytes {
            let scalar = Unicode.Scalar(byte)
            if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\" + String(repeating: "0", count: 3 - String(byte).count) + String(byte)
            }
        }
        return out + "\""
    }

    /// A chunk that runs every case through the four functions and returns one line per case.
    static func program(_ cases: [RandomPatternCase]) -> String {
        LuaPatternTests.prelude + """

            local tbl = setmetatable({a = "T", b = false, ["1"] = 7, [1] = "one", [2] = {}},
              {__index = function(t, k) if k == "c" then return "C" end end})
            local fns = {
              function(...) return table.concat({...}, "|") end,
              function() return nil end,
              function(a) return a end,
              function(...) return select('#', ...) end,
              function() return {} end,
              function(a) return a == "a" end,
            }
            local cases = {
            \(cases.map(\.entry).joined(separator: ",\n"))
            }
            local function run(f)
              local ok, r = pcall(f)
              if ok then return show(r) end
              return "error: " .. tostring(r)
            end
            local out = {}
            for i = 1, #cases do
              local c = cases[i]
              local s, p, init, plain, r, n = c[1], c[2], c[3], c[4], c[5], c[6]
              out[i] = table.concat({
                "find " .. run(function() return pack(string.find(s, p, init, plain)) end),
                "match " .. run(function() return pack(string.match(s, p, init)) end),
                "gmatch " .. run(function()
                  local o = {n = 0}
                  for a, b in string.gmatch(s, p) do
                    o.n = o.n + 2
                    o[o.n - 1], o[o.n] = a, b
                    if o.n > 100 then break end
                  end
                  return o
                end),
                "gsub " .. run(function() return pack(string.gsub(s, p, r, n)) end),
              }, " | ")
            end
            return table.concat(out, "\\n")
            """
    }
}
