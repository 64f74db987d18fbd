/// The bits of CSS the HTML reader understands: declarations of a `style` attribute, colours,
/// font sizes and font families.
enum HTMLCSS {
    /// The declarations of a `style` attribute in order: property in lower case, value with
    /// surrounding whitespace, comments and `!important` removed. Semicolons inside strings and
    /// parentheses do not split.
    static func declarations(_ style: String) -> [(property: String, value: String)] {
        var result: [(String, String)] = []
        var current: [Unicode.Scalar] = []
        var quote: Unicode.Scalar?
        var depth = 0
        var scalars = Array(style.unicodeScalars)[...]
        func finish() {
            let text = String(String.UnicodeScalarView(current))
            current.removeAll(keepingCapacity: true)
            guard let colon = text.firstIndex(of: ":") else { return }
            let property = trim(String(text[..<colon])).lowercased()
            var value = trim(String(text[text.index(after: colon)...]))
            if value.lowercased().hasSuffix("!important") {
                value = trim(String(value.dropLast("!important".count)))
            }
            if !property.isEmpty && !value.isEmpty { result.append((property, value)) }
        }
        while let c = scalars.popFirst() {
            if let q = quote {
                current.append(c)
                if c == "\\", let next = scalars.popFirst() { current.append(next) } else if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'": quote = c; current.append(c)
            case "\\":
                current.append(c)
                if let next = scalars.popFirst() { current.append(next) }
            case "(": depth += 1; current.append(c)
            case ")": depth = max(0, depth - 1); current.append(c)
            case "/" where scalars.first == "*":
                scalars.removeFirst()
                while let d = scalars.popFirst() { if d == "*" && scalars.first == "/" { scalars.removeFirst(); break } }
                current.append(" ")
            case ";" where depth == 0: finish()
            default: current.append(c)
            }
        }
        finish()
        return result
    }

    static func trim(_ s: String) -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" }
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }

    /// Values that keep what is inherited; never a loss.
    static func isGlobalKeyword(_ value: String) -> Bool {
        ["inherit", "initial", "unset", "revert", "currentcolor"].contains(value.lowercased())
    }

    /// A colour as Caret stores it (`#rrggbb` or `#rrggbbaa`) from `#rgb`, `#rgba`, `#rrggbb`,
    /// `#rrggbbaa` (digits kept, so `#ff0000ff` stays itself), `rgb()`/`rgba()` with numbers or
    /// percentages (alpha only when not opaque), or a basic named colour; nil for anything else.
    static func color(_ raw: String) -> String? {
        let value = trim(raw).lowercased()
        if value.hasPrefix("#") {
            let hex = Array(value.unicodeScalars.dropFirst())
            guard hex.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
            switch hex.count {
            case 3, 4:
                let doubled = hex.flatMap { [$0, $0] }
                return "#" + String(String.UnicodeScalarView(doubled))
            case 6, 8: return value
            default: return nil
            }
        }
        if value.hasPrefix("rgb(") || value.hasPrefix("rgba("), value.hasSuffix(")") {
            let inner = value[value.index(after: value.firstIndex(of: "(")!)..<value.index(before: value.endIndex)]
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4 else { return nil }
            var channels: [Int] = []
            for (i, part) in parts.enumerated() {
                let isAlpha = i == 3
                var number: Double
                if part.hasSuffix("%") {
                    guard let n = Double(part.dropLast()) else { return nil }
                    number = n / 100 * (isAlpha ? 1 : 255)
                } else {
                    guard let n = Double(part) else { return nil }
                    number = n
                }
                if isAlpha { number *= 255 }
                guard number.isFinite else { return nil }
                channels.append(Int(min(255, max(0, number)).rounded()))
            }
            return opaqueTrimmed("#" + channels.map { hex2($0) }.joined())
        }
        return namedColors[value]
    }

    /// `#rrggbbff` as `#rrggbb`.
    private static func opaqueTrimmed(_ color: String) -> String {
        color.utf8.count == 9 && color.hasSuffix("ff") ? String(color.dropLast(2)) : color
    }

    private static func hex2(_ n: Int) -> String {
        let s = String(n, radix: 16)
        return s.count == 1 ? "0" + s : s
    }

    static let namedColors: [String: String] = [
        "black": "#000000", "silver": "#c0c0c0", "gray": "#808080", "grey": "#808080",
        "white": "#ffffff", "maroon": "#800000", "red": "#ff0000", "purple": "#800080",
        "fuchsia": "#ff00ff", "magenta": "#ff00ff", "green": "#008000", "lime": "#00ff00",
        "olive": "#808000", "yellow": "#ffff00", "navy": "#000080", "blue": "#0000ff",
        "teal": "#008080", "aqua": "#00ffff", "cyan": "#00ffff", "orange": "#ffa500",
    ]

    /// A CSS font size in points: `pt` as is, `px` × 0.75 (CSS's 96 px to 72 pt), `em` and `%`
    /// of `base`, `rem` of 12 pt, and the absolute keywords (`medium` 12 pt); nil otherwise.
    static func fontSize(_ raw: String, base: Double) -> Double? {
        let value = trim(raw).lowercased()
        if let px = keywordSizes[value] { return px * 0.75 }
        let units: [(String, Double)] = [("pt", 1), ("px", 0.75), ("rem", 12), ("em", base), ("%", base / 100), ("pc", 12), ("in", 72), ("cm", 72 / 2.54), ("mm", 72 / 25.4)]
        for (unit, factor) in units where value.hasSuffix(unit) {
            guard let n = Double(value.dropLast(unit.count)), n.isFinite else { return nil }
            return n * factor
        }
        return nil
    }

    /// The absolute size keywords, in CSS pixels.
    static let keywordSizes: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32, "xxx-large": 48,
    ]

    /// `<font size=…>`: 1…7 or relative to 3 (`+1`, `-2`), in points.
    static func legacyFontSize(_ raw: String) -> Double? {
        let value = trim(raw)
        guard let n = Int(value.hasPrefix("+") ? String(value.dropFirst()) : value) else { return nil }
        let size = value.hasPrefix("+") || value.hasPrefix("-") ? 3 + n : n
        let pixels: [Double] = [10, 13, 16, 18, 24, 32, 48]
        return pixels[min(7, max(1, size)) - 1] * 0.75
    }

    /// The first family of a `font-family` list: a quoted string, or identifiers joined by single
    /// spaces, CSS escapes decoded; nil when empty.
    static func fontFamily(_ raw: String) -> String? {
        var scalars = Array(raw.unicodeScalars)[...]
        var result = String.UnicodeScalarView()
        func skipSpace() { while let c = scalars.first, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{C}" { scalars.removeFirst() } }
        skipSpace()
        if let q = scalars.first, q == "\"" || q == "'" {
            scalars.removeFirst()
            while let c = scalars.popFirst(), c != q {
                if c == "\\" { escape(&scalars, into: &result) } else { result.append(c) }
            }
        } else {
            var pendingSpace = false
            while let c = scalars.first, c != "," {
                scalars.removeFirst()
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{C}" { pendingSpace = !result.isEmpty; continue }
                if pendingSpace { result.append(" "); pendingSpace = false }
                if c == "\\" { escape(&scalars, into: &result) } else { result.append(c) }
            }
        }
        return result.isEmpty ? nil : String(result)
    }

    /// Decodes the escape after a backslash: up to six hex digits and one optional whitespace
    /// (U+0000, surrogates and values past U+10FFFF give U+FFFD), a line continuation, or the
    /// character itself.
    private static func escape(_ scalars: inout ArraySlice<Unicode.Scalar>, into result: inout String.UnicodeScalarView) {
        guard let first = scalars.first else { return }
        if first == "\n" { scalars.removeFirst(); return }
        guard first.properties.isASCIIHexDigit else { result.append(scalars.removeFirst()); return }
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, let c = scalars.first, let d = c.properties.isASCIIHexDigit ? UInt32(String(c), radix: 16) : nil {
            value = value * 16 + d
            digits += 1
            scalars.removeFirst()
        }
        if let c = scalars.first, c == " " || c == "\t" || c == "\n" { scalars.removeFirst() }
        result.append(value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}")
    }
}
