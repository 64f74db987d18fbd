/// How one cell is drawn: the SGR attributes and the OSC 8 link.
struct CellStyle: Hashable {
    var bold = false
    var italic = false
    /// 0 none, 1 single, 2 double, 3 curly/thick, 4 dotted, 5 dashed (SGR 4:n).
    var underline: UInt8 = 0
    var strikethrough = false
    var inverse = false
    var dim = false
    /// 24-bit colours as 0xRRGGBB, or a 256-colour index as -1 - index.
    var foreground: Int?
    var background: Int?
    var link: String?

    static let plain = CellStyle()

    /// The SGR sequence that sets exactly this style from any other.
    var sgr: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if italic { codes.append("3") }
        switch underline {
        case 0: break
        case 1: codes.append("4")
        default: codes.append("4:\(underline)")
        }
        if inverse { codes.append("7") }
        if strikethrough { codes.append("9") }
        if let foreground { codes.append(Self.color(foreground, base: 38)) }
        if let background { codes.append(Self.color(background, base: 48)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    static func color(_ value: Int, base: Int) -> String {
        if value < 0 { return "\(base);5;\(-1 - value)" }
        return "\(base);2;\((value >> 16) & 0xFF);\((value >> 8) & 0xFF);\(value & 0xFF)"
    }
}

/// One screen cell: the cluster drawn there ("" for the right half of a wide one) and its style.
struct ScreenCell: Hashable {
    var text: String
    var style: CellStyle

    static let blank = ScreenCell(text: " ", style: .plain)
    /// The right half of a wide cluster.
    static func continuation(_ style: CellStyle) -> ScreenCell { ScreenCell(text: "", style: style) }
}

/// A whole screen: rows of cells and where the cursor goes.
struct ScreenFrame: Equatable {
    var columns: Int
    var rows: [[ScreenCell]]
    /// Row and column of the cursor; nil hides it.
    var cursor: (row: Int, column: Int)?

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = Array(repeating: Array(repeating: .blank, count: columns), count: rows)
    }

    static func == (a: ScreenFrame, b: ScreenFrame) -> Bool {
        a.columns == b.columns && a.rows == b.rows && a.cursor?.row == b.cursor?.row && a.cursor?.column == b.cursor?.column
    }

    /// Puts `text` (one cluster of `width` columns) at `row`, `column`; a wide cluster also
    /// takes the next cell. Nothing is drawn past the right edge.
    mutating func put(_ text: String, width: Int, style: CellStyle, row: Int, column: Int) {
        guard row >= 0, row < rows.count, column >= 0, column + max(width, 1) <= columns else { return }
        rows[row][column] = ScreenCell(text: text, style: style)
        if width == 2 { rows[row][column + 1] = .continuation(style) }
    }

    /// Writes a string of single-column text starting at `column`, clipped to the row.
    mutating func write(_ text: String, style: CellStyle, row: Int, column: Int) {
        var x = column
        for character in text {
            let width = TerminalWidth.columns(character)
            if width == 0 { continue }
            guard x + width <= columns else { break }
            put(String(character), width: width, style: style, row: row, column: x)
            x += width
        }
    }

    /// The text of `row` without styles (trailing blanks kept).
    func text(ofRow row: Int) -> String {
        rows[row].map(\.text).joined()
    }
}

/// Turns a new frame into the escape output that changes the old one into it: only rows that
/// differ are touched, and in them only the span from the first to the last differing cell.
enum ScreenRenderer {
    /// The bytes that draw `new` over `old` (everything when `old` is nil or another size).
    static func render(from old: ScreenFrame?, to new: ScreenFrame) -> String {
        var out = "\u{1B}[?25l"
        let full = old == nil || old!.columns != new.columns || old!.rows.count != new.rows.count
        if full { out += "\u{1B}[0m\u{1B}[2J" }
        var style: CellStyle? = nil
        var link: String? = nil
        for row in 0..<new.rows.count {
            let cells = new.rows[row]
            var first = 0
            var last = cells.count - 1
            if !full, let old {
                let before = old.rows[row]
                while first < cells.count, cells[first] == before[first] { first += 1 }
                if first == cells.count { continue }
                while last > first, cells[last] == before[last] { last -= 1 }
                // Never start or end in the middle of a wide cluster.
                while first > 0, cells[first].text.isEmpty || before[first].text.isEmpty { first -= 1 }
                while last + 1 < cells.count, cells[last + 1].text.isEmpty || before[last + 1].text.isEmpty { last += 1 }
            }
            out += "\u{1B}[\(row + 1);\(first + 1)H"
            var column = first
            while column <= last {
                let cell = cells[column]
                if cell.text.isEmpty { column += 1; continue }
                if style != cell.style {
                    out += cell.style.sgr
                    style = cell.style
                }
                if link != cell.style.link {
                    out += "\u{1B}]8;;\(cell.style.link ?? "")\u{1B}\\"
                    link = cell.style.link
                }
                out += cell.text
                column += 1
            }
        }
        if link != nil { out += "\u{1B}]8;;\u{1B}\\" }
        out += "\u{1B}[0m"
        if let cursor = new.cursor {
            out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        }
        return out
    }
}
