extension RTFWriter {
    /// `{\rtf1…` with the font table, colour table, stylesheet and list tables the body uses.
    func header() -> [UInt8] {
        var out = Array("{\\rtf1\\ansi\\ansicpg1252\\uc1\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}".utf8)
        for (index, name) in fontNames.enumerated() {
            out.append(contentsOf: Array("{\\f".utf8))
            RTFWriter.appendNumber(index + 1, to: &out)
            out.append(contentsOf: Array(index + 1 == codeFont ? "\\fmodern " .utf8 : "\\fnil ".utf8))
            RTFWriter.appendName(name, to: &out)
            out.append(contentsOf: Array(";}".utf8))
        }
        out.append(UInt8(ascii: "}"))
        if !colorNames.isEmpty {
            out.append(contentsOf: Array("{\\colortbl;".utf8))
            for color in colorNames {
                let digits = Array(color.utf8.dropFirst())
                for (k, name) in ["red", "green", "blue"].enumerated() {
                    let value = Int(hex(digits[2 * k])) << 4 | Int(hex(digits[2 * k + 1]))
                    out.append(UInt8(ascii: "\\"))
                    out.append(contentsOf: name.utf8)
                    RTFWriter.appendNumber(value, to: &out)
                }
                out.append(UInt8(ascii: ";"))
            }
            out.append(UInt8(ascii: "}"))
        }
        if !usedStyles.isEmpty {
            out.append(contentsOf: Array("\n{\\stylesheet{\\s0 Normal;}".utf8))
            for style in usedStyles.sorted() {
                out.append(contentsOf: Array("{\\s".utf8))
                RTFWriter.appendNumber(style, to: &out)
                switch style {
                case 7: out.append(contentsOf: Array(" Quote;}".utf8))
                case 8: out.append(contentsOf: Array(" Source Code;}".utf8))
                default:
                    out.append(contentsOf: Array("\\outlinelevel".utf8))
                    RTFWriter.appendNumber(style - 1, to: &out)
                    out.append(contentsOf: Array(" heading ".utf8))
                    RTFWriter.appendNumber(style, to: &out)
                    out.append(contentsOf: Array(";}".utf8))
                }
            }
            out.append(UInt8(ascii: "}"))
        }
        if bulletLevels + orderedLevels > 0 { out.append(contentsOf: listTables()) }
        return out
    }

    private func hex(_ digit: UInt8) -> UInt8 {
        digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
    }

    /// List 1 (`\ls1`) bullets, list 2 (`\ls2`) decimal numbers, each with the levels used.
    func listTables() -> [UInt8] {
        var text = "\n{\\*\\listtable"
        for (id, ordered, levels) in [(1, false, bulletLevels), (2, true, orderedLevels)] {
            text += "{\\list\\listtemplateid\(id)\\listhybrid"
            for level in 0..<max(levels, 1) {
                text += "{\\listlevel\\levelnfc\(ordered ? 0 : 23)\\levelnfcn\(ordered ? 0 : 23)\\leveljc0\\leveljcn0"
                text += "\\levelfollow0\\levelstartat1"
                if ordered {
                    text += "{\\leveltext\\'02\\'0\(level).;}{\\levelnumbers\\'01;}"
                } else {
                    text += "{\\leveltext\\'01\\u8226 ?;}{\\levelnumbers;}"
                }
                text += "\\fi-360\\li\(720 * (level + 1))}"
            }
            text += "\\listid\(id)}"
        }
        text += "}\n{\\*\\listoverridetable{\\listoverride\\listid1\\listoverridecount0\\ls1}"
        text += "{\\listoverride\\listid2\\listoverridecount0\\ls2}}"
        return Array(text.utf8)
    }
}
