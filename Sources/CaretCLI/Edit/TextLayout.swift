import CaretCore

/// One grapheme cluster as the screen shows it: what is drawn, its columns, where it is in the
/// document (UTF-16) and its attributes.
struct LayoutCell: Equatable {
    var text: String
    var width: Int
    var offset: Int
    var length: Int
    var attributes: Attributes
    /// Whether `text` is drawn one character a column (a tab's blanks, a control picture `^X`)
    /// rather than as one cluster.
    var isExpanded = false
}

/// One screen row of a paragraph: the clusters it shows and the document range they cover.
struct LayoutRow: Equatable {
    /// Offset of the first cluster (the paragraph start for an empty paragraph).
    var start: Int
    /// Offset after the last cluster.
    var end: Int
    var cells: [LayoutCell]
    /// Whether this is the paragraph's last row (a caret at `end` belongs here).
    var isLast: Bool
    /// The 0-based paragraph (hard line) this row belongs to.
    var line: Int
    /// The paragraph attributes (heading, code block, …) of the row's paragraph.
    var paragraph: Attributes

    /// Columns used.
    var width: Int { cells.reduce(0) { $0 + $1.width } }

    /// Whether a caret at `offset` is drawn on this row.
    func holdsCaret(_ offset: Int) -> Bool {
        offset >= start && (offset < end || (offset == end && isLast)) || (cells.isEmpty && offset == start)
    }

    /// The column a caret at `offset` (within the row) is drawn at.
    func column(of offset: Int) -> Int {
        var column = 0
        for cell in cells {
            if cell.offset >= offset { break }
            column += cell.width
        }
        return column
    }

    /// The document offset a click at `column` lands on: before the cluster under it, or after
    /// it when the click is on its right half; the row end past the last cluster.
    func offset(atColumn column: Int) -> Int {
        var x = 0
        for cell in cells {
            if column < x + cell.width {
                return column - x >= (cell.width + 1) / 2 && cell.width > 1 ? cell.offset + cell.length : cell.offset
            }
            x += cell.width
        }
        return end
    }
}

/// Lays paragraphs out into screen rows of a given width: soft wrapping at a space where one
/// fits (else between clusters), wide clusters in two columns, zero-width ones in none, tabs to
/// the next multiple of `tabWidth`, control characters as `^X`. Only the paragraphs asked for
/// are read, so the cost does not grow with the document.
struct TextLayout {
    var width: Int
    var tabWidth = 4

    /// The rows of paragraph `line` of `text`.
    func rows(of text: AttributedText, line: Int) -> [LayoutRow] {
        rows(of: text, lines: line..<(line + 1)).first ?? []
    }

    /// The rows of each paragraph in `lines` (which must exist), read from the text in one piece:
    /// two line lookups, one string and one run list, whatever the document's size.
    func rows(of text: AttributedText, lines: Range<Int>) -> [[LayoutRow]] {
        let lines = lines.clamped(to: 0..<text.lineCount)
        guard !lines.isEmpty, let first = try? text.lineRange(lines.lowerBound),
              let last = try? text.lineRange(lines.upperBound - 1) else { return [] }
        let start = first.lowerBound
        // The last line's break too, so that an empty paragraph has its (paragraph) attributes.
        let end = min(last.upperBound + 1, text.utf16Count)
        let string = (try? text.string(in: start..<end)) ?? ""
        let runs = start < end ? ((try? text.runs(in: start..<end)) ?? []) : []
        var result: [[LayoutRow]] = []
        result.reserveCapacity(lines.count)
        var cells: [LayoutCell] = []
        var offset = start
        var lineStart = start
        var line = lines.lowerBound
        var runIndex = 0
        var column = 0
        func attributes(at offset: Int) -> Attributes {
            guard !runs.isEmpty, offset < end else { return Attributes() }
            while runIndex + 1 < runs.count, runs[runIndex].range.upperBound <= offset { runIndex += 1 }
            return runs[runIndex].attributes
        }
        var paragraph = attributes(at: start)
        for character in string {
            let isBreak = character == "\n" || character == "\r\n"
            if isBreak {
                if character == "\r\n" {
                    cells.append(LayoutCell(text: "^M", width: 2, offset: offset, length: 1, attributes: attributes(at: offset), isExpanded: true))
                    offset += 1
                }
                result.append(wrap(cells, range: lineStart..<offset, line: line, paragraph: paragraph))
                offset += 1
                line += 1
                lineStart = offset
                cells.removeAll(keepingCapacity: true)
                column = 0
                if line >= lines.upperBound { break }
                paragraph = attributes(at: offset)
                continue
            }
            let length = character.utf16.count
            let attributes = attributes(at: offset)
            var shown: String
            var width: Int
            var expanded = false
            let utf8 = character.utf8
            if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
                shown = String(character)
                width = 1
            } else if character == "\t" {
                width = tabWidth - column % tabWidth
                shown = String(repeating: " ", count: width)
                expanded = true
            } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                shown = scalar.value < 0x20 ? "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40))) : "\u{FFFD}"
                width = scalar.value < 0x20 ? 2 : 1
                expanded = true
            } else {
                shown = String(character)
                width = TerminalWidth.columns(character)
            }
            cells.append(LayoutCell(text: shown, width: width, offset: offset, length: length, attributes: attributes, isExpanded: expanded))
            column += width
            offset += length
        }
        if line < lines.upperBound {
            result.append(wrap(cells, range: lineStart..<offset, line: line, paragraph: paragraph))
        }
        return result
    }

    /// `cells` cut into rows of at most `width` columns.
    func wrap(_ cells: [LayoutCell], range: Range<Int>, line: Int, paragraph: Attributes) -> [LayoutRow] {
        let width = max(self.width, 2)
        var rows: [LayoutRow] = []
        var current: [LayoutCell] = []
        var used = 0
        var lastSpace: Int?
        var index = 0
        func emit(_ cut: [LayoutCell]) {
            let start = cut[0].offset
            let end = cut[cut.count - 1].offset + cut[cut.count - 1].length
            rows.append(LayoutRow(start: start, end: end, cells: cut, isLast: false, line: line, paragraph: paragraph))
        }
        while index < cells.count {
            var cell = cells[index]
            if cell.width > width { cell.width = width }
            if used + cell.width > width, !current.isEmpty {
                // A space stays at the end of its row; a word that does not fit moves down whole.
                if cell.text == " " {
                    current.append(cell)
                    emit(current)
                    current = []
                    used = 0
                    lastSpace = nil
                    index += 1
                    continue
                }
                if let space = lastSpace, space + 1 < current.count {
                    let moved = Array(current[(space + 1)...])
                    emit(Array(current[...space]))
                    current = moved
                    used = moved.reduce(0) { $0 + $1.width }
                } else {
                    emit(current)
                    current = []
                    used = 0
                }
                lastSpace = nil
                continue
            }
            if cell.text == " " { lastSpace = current.count }
            current.append(cell)
            used += cell.width
            index += 1
        }
        if !current.isEmpty { emit(current) }
        if current.isEmpty || used >= width {
            // An empty paragraph, or one whose last row is full: the caret after its end is
            // drawn at the start of a row of its own.
            rows.append(LayoutRow(start: range.upperBound, end: range.upperBound, cells: [], isLast: false, line: line, paragraph: paragraph))
        }
        rows[rows.count - 1].isLast = true
        return rows
    }
}
