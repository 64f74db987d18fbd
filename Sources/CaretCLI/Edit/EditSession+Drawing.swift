import CaretCore

/// Drawing: the view of the text (scrolled to keep the caret on screen) and the status line.
extension EditSession {
    /// Keeps the caret's row on screen (when the last change moved it) and returns the frame.
    func frame() -> ScreenFrame {
        let text = editor.text
        if topLine >= text.lineCount { topLine = text.lineCount - 1; topRow = 0 }
        let selection = editor.selection
        let selected = selection.range
        // A caret whose paragraph lies past the last one a full view showed, or before the top
        // one, is off screen: scroll at once instead of laying the old view out first.
        let caretLine = followCaret ? (try? text.lineColumn(fromUTF16: selection.head).line) : nil
        if let caretLine, caretLine < topLine || (visible.count == textRows && caretLine > (visible.last?.line ?? .max)) {
            visible = scrollToCaret() ?? visibleRows(text)
        } else {
            visible = visibleRows(text)
            if followCaret, !visible.contains(where: { $0.holdsCaret(selection.head) }) {
                visible = scrollToCaret() ?? visibleRows(text)
            }
        }
        var frame = ScreenFrame(columns: columns, rows: rows)
        var cursor: (Int, Int)?
        // Consecutive cells mostly share attributes: their style is worked out once.
        var lastAttributes: Attributes?
        var lastParagraph = Attributes()
        var lastStyle = CellStyle.plain
        for (y, row) in visible.enumerated() {
            var x = 0
            for cell in row.cells {
                if cell.attributes != lastAttributes || row.paragraph != lastParagraph {
                    lastStyle = CellStyle(cell.attributes, paragraph: row.paragraph)
                    lastAttributes = cell.attributes
                    lastParagraph = row.paragraph
                }
                var style = lastStyle
                if !selected.isEmpty, selected.contains(cell.offset) { style.inverse.toggle() }
                if cell.width > 0 {
                    if cell.isExpanded {
                        // Tabs and control pictures: one character per column.
                        frame.write(cell.text, style: style, row: y, column: x)
                    } else {
                        frame.put(cell.text, width: cell.width, style: style, row: y, column: x)
                    }
                }
                x += cell.width
            }
            // A selected line break shows as one selected blank after the row.
            if row.isLast, !selected.isEmpty, selected.contains(row.end), row.end < text.utf16Count, x < columns {
                frame.put(" ", width: 1, style: CellStyle(inverse: true), row: y, column: x)
            }
            if cursor == nil, row.holdsCaret(selection.head) {
                cursor = (y, min(row.column(of: selection.head), columns - 1))
            }
        }
        frame.cursor = cursor
        drawStatus(into: &frame)
        return frame
    }

    /// The rows from the top of the view down to the last text row.
    func visibleRows(_ text: AttributedText) -> [LayoutRow] {
        var rows: [LayoutRow] = []
        // Every paragraph takes at least one row: textRows paragraphs fill the screen.
        var skip = topRow
        for paragraph in layout.rows(of: text, lines: topLine..<(topLine + textRows)) {
            for row in paragraph.dropFirst(skip) where rows.count < textRows { rows.append(row) }
            skip = 0
            if rows.count >= textRows { break }
        }
        return rows
    }

    /// Moves the view so that the caret's row is on screen, by as little as it takes: a caret
    /// above the view goes to the top row, one below it to the last. Returns the rows now
    /// visible when it already laid them out (a caret below the view), else nil.
    @discardableResult
    func scrollToCaret() -> [LayoutRow]? {
        let text = editor.text
        let head = editor.selection.head
        guard let line = try? text.lineColumn(fromUTF16: head).line else { return nil }
        // Every paragraph takes at least one row: the textRows - 1 paragraphs above the caret's
        // fill the screen above it.
        let from = max(0, line - (textRows - 1))
        let paragraphs = layout.rows(of: text, lines: from..<(line + 1))
        guard let caretRows = paragraphs.last else { return nil }
        let caretRow = caretRows.firstIndex { $0.holdsCaret(head) } ?? 0
        if line < topLine || (line == topLine && caretRow < topRow) {
            topLine = line
            topRow = caretRow
            return nil
        }
        // The caret's row goes on the last text row.
        var rows: [LayoutRow] = Array(caretRows[...caretRow])
        var index = paragraphs.count - 1
        topLine = line
        topRow = 0
        while rows.count > textRows { rows.removeFirst(); topRow += 1 }
        while rows.count < textRows, index > 0 {
            index -= 1
            let above = paragraphs[index]
            let needed = textRows - rows.count
            let taken = above.suffix(needed)
            rows.insert(contentsOf: taken, at: 0)
            topLine = from + index
            topRow = above.count - taken.count
        }
        if rows.count < textRows {
            // Near the top: the view starts at the document start; lay out downward instead.
            topLine = 0
            topRow = 0
            return nil
        }
        return rows
    }

    /// The status line: file and modified mark, the selection as `{location, length}` in UTF-16,
    /// line:column (1-based, the column in UTF-16 units), the bold/italic/underline states,
    /// the typing attributes, then the message.
    func statusText() -> (left: String, right: String) {
        let selection = editor.selection
        let range = selection.range
        let (line, column) = (try? editor.text.lineColumn(fromUTF16: selection.head)) ?? (0, 0)
        var parts: [String] = []
        parts.append((document?.path ?? "[no file]") + (isModified ? " *" : ""))
        parts.append("{\(range.lowerBound), \(range.count)}")
        parts.append("\(line + 1):\(column + 1)")
        let traits: [(String, AttributeKey)] = [("B", .bold), ("I", .italic), ("U", .underline)]
        parts.append(traits.map { "\($0.0):\(Self.short(editor.traitState($0.1)))" }.joined(separator: " "))
        let typing = editor.typingAttributes
        parts.append("typing " + (typing.isEmpty ? "plain" : typing.entries.map { entry in
            entry.value == .bool(true) ? entry.key.name : "\(entry.key.name)=\(entry.value.quotable)"
        }.joined(separator: " ")))
        if recorder != nil { parts.append("REC") }
        return (parts.joined(separator: "  "), message ?? "")
    }

    static func short(_ state: TraitState) -> String {
        switch state {
        case .on: "on"
        case .off: "off"
        case .mixed: "mixed"
        }
    }

    func drawStatus(into frame: inout ScreenFrame) {
        let row = rows - 1
        let style = CellStyle(inverse: true)
        let (left, right) = statusText()
        for x in 0..<columns { frame.put(" ", width: 1, style: style, row: row, column: x) }
        var messageStyle = style
        messageStyle.bold = true
        let leftWidth = TerminalWidth.columns(left), rightWidth = TerminalWidth.columns(right)
        if !right.isEmpty, leftWidth + 2 + rightWidth > columns {
            // Too narrow for both: the message wins.
            frame.write(right, style: messageStyle, row: row, column: 0)
            return
        }
        frame.write(left, style: style, row: row, column: 0)
        if !right.isEmpty {
            frame.write(right, style: messageStyle, row: row, column: columns - rightWidth - 1)
        }
    }
}
