import CaretCore
import CaretFormats
import CaretReplay
import Foundation

/// The editor behind `caret edit`, without a terminal: it takes decoded input events (with the
/// time they arrived), applies them to an `Editor` — through a `TraceRecorder` when recording, so
/// that what the screen shows and what the trace replays are the same events — and draws frames.
/// The terminal shell (`TerminalShell`) only reads bytes, feeds them here and writes frames out.
final class EditSession {
    let editor: Editor
    let recorder: TraceRecorder?
    var keymap: EditKeymap
    /// Where ctrl+s saves, in which format, and whether losses are accepted without asking.
    let document: DocumentTarget?

    struct DocumentTarget {
        var path: String
        var format: DocumentFormat
        var lossy: Bool
    }

    /// The screen size: text rows are all but the last, which is the status line.
    private(set) var columns: Int
    private(set) var rows: Int
    var textRows: Int { max(rows - 1, 1) }

    /// The first paragraph shown and which of its rows is at the top.
    private(set) var topLine = 0
    private(set) var topRow = 0

    /// The message area of the status line (errors, prompts); cleared by the next key.
    private(set) var message: String?
    /// Whether the document changed since it was opened or saved.
    private(set) var isModified = false
    /// Set when the user asked to quit.
    private(set) var wantsQuit = false

    /// The virtual clock follows real time between events in steps of `clockStep` seconds, so
    /// undo coalescing behaves the same live and on replay (the trace gets the same `wait`s).
    static let clockStep = 0.1
    private var clockBase: Double?

    private var quitArmed = false
    private var lossySaveArmed = false
    private var observation: EditorObservation?
    private var followCaret = true

    // Mouse state: the anchor of a drag and what counts as a double or triple click.
    private var dragAnchor: Int?
    private var lastClick: (time: Double, row: Int, column: Int, count: Int)?
    static let multiClickInterval = 0.4

    /// The rows drawn last, to map a click to an offset.
    private(set) var visible: [LayoutRow] = []

    init(editor: Editor, recorder: TraceRecorder?, keymap: EditKeymap = .standard, document: DocumentTarget?,
         columns: Int, rows: Int) {
        self.editor = editor
        self.recorder = recorder
        self.keymap = keymap
        self.document = document
        self.columns = max(columns, 2)
        self.rows = max(rows, 2)
        observation = editor.addObserver { [weak self] change in
            guard let self else { return }
            if case .textChanged = change { self.isModified = true }
            self.followCaret = true
        }
    }

    deinit {
        if let observation { editor.removeObserver(observation) }
    }

    var layout: TextLayout { TextLayout(width: columns) }

    // MARK: - Input

    /// Handles one event that arrived at `time` (seconds, any monotonic origin).
    func handle(_ event: InputEvent, at time: Double) {
        if case .keyboardFlags = event { return }
        if case .mouse(let mouse) = event, mouse.kind == .drag || mouse.kind == .release || mouse.kind == .wheelUp || mouse.kind == .wheelDown {
            // Motion keeps prompts; clicks and keys clear them below.
        } else {
            message = nil
        }
        let wasQuitArmed = quitArmed, wasLossyArmed = lossySaveArmed
        quitArmed = false
        lossySaveArmed = false
        advanceClock(to: time)
        switch event {
        case .text(let text):
            apply(.text(text))
        case .paste(let text):
            apply(.paste(AttributedText(text), plain: true))
        case .key(let chord):
            key(chord, quitArmed: wasQuitArmed, lossyArmed: wasLossyArmed)
        case .mouse(let mouse):
            self.mouse(mouse, at: time)
        case .keyboardFlags:
            break
        }
    }

    /// Advances the virtual clock by the whole steps of real time since the last event.
    func advanceClock(to time: Double) {
        guard let base = clockBase else {
            clockBase = time
            return
        }
        let steps = ((time - base) / Self.clockStep).rounded(.down)
        guard steps >= 1 else { return }
        clockBase = base + steps * Self.clockStep
        // Printed with one decimal, as the trace keeps it, so replay adds the same amounts.
        let seconds = Double(Int(steps)) / 10
        apply(.wait(seconds))
    }

    func key(_ chord: KeyChord, quitArmed: Bool, lossyArmed: Bool) {
        guard let binding = keymap[chord] else {
            if chord.modifiers.isEmpty, chord.key == "space" { apply(.text(" ")); return }
            if chord.modifiers.isEmpty, chord.key.count == 1 { apply(.text(chord.key)); return }
            message = "\(chord) is not bound"
            return
        }
        switch binding {
        case .command(let command):
            // A chord the trace's keymap (the standard one) binds to the same command is recorded
            // as the key; any other as what it does.
            if Keymap.standard[chord] == command {
                apply(.key(chord))
            } else {
                apply(Self.event(for: command))
            }
        case .save:
            save(lossy: lossyArmed)
        case .quit:
            if isModified && !quitArmed {
                self.quitArmed = true
                message = "unsaved changes: \(chordName(.quit)) again quits without saving"
            } else {
                wantsQuit = true
            }
        case .checkpoint:
            guard let recorder else {
                message = "not recording (start with --record TRACE)"
                return
            }
            do {
                try recorder.checkpoint(traits: true, typing: true)
                message = "checkpoint \(checkpoints + 1) written"
                checkpoints += 1
            } catch {
                message = "cannot write the trace: \(error)"
            }
        case .pageUp(let extend): page(-1, extend: extend)
        case .pageDown(let extend): page(1, extend: extend)
        }
    }

    private var checkpoints = 0

    /// The name of a chord bound to `binding`, for prompts.
    func chordName(_ binding: EditBinding) -> String {
        keymap.bindings.filter { $0.value == binding }.map(\.key).sorted().first?.description ?? "quit"
    }

    /// The trace event that performs `command`.
    static func event(for command: EditorCommand) -> TraceEvent {
        switch command {
        case .insertText(let text): .text(text)
        case .setSelection(let anchor, let head): .select(anchor: anchor, head: head)
        case .undo: .undo(count: 1)
        case .redo: .redo(count: 1)
        default: .command(command)
        }
    }

    /// Applies `event` (recording it when recording); a refusal goes to the message area.
    func apply(_ event: TraceEvent) {
        do {
            if let recorder {
                try recorder.record(event)
            } else {
                try TracePlayer.apply(event, to: editor)
            }
        } catch let error as EditorError {
            message = "\(error)"
        } catch {
            message = "cannot write the trace: \(error)"
        }
    }

    /// Moves the caret (or the selection's head) a screen of paragraphs up or down.
    func page(_ direction: Int, extend: Bool) {
        let text = editor.text
        let selection = editor.selection
        guard let (line, column) = try? text.lineColumn(fromUTF16: selection.head) else { return }
        let target = min(max(line + direction * max(textRows - 1, 1), 0), text.lineCount - 1)
        guard let range = try? text.lineRange(target) else { return }
        var offset = min(range.lowerBound + column, range.upperBound)
        while offset > range.lowerBound, (try? text.isGraphemeBoundary(offset)) != true { offset -= 1 }
        apply(.select(anchor: extend ? selection.anchor : offset, head: offset))
    }

    func mouse(_ mouse: MouseEvent, at time: Double) {
        switch mouse.kind {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        case .press:
            guard mouse.button == 0 else { return }
            guard mouse.row < textRows else { return }
            let offset = self.offset(row: mouse.row, column: mouse.column)
            if mouse.shift {
                dragAnchor = editor.selection.anchor
                select(anchor: editor.selection.anchor, head: offset)
                return
            }
            var count = 1
            if let last = lastClick, time - last.time <= Self.multiClickInterval, last.row == mouse.row,
               abs(last.column - mouse.column) <= 1 {
                count = last.count % 3 + 1
            }
            lastClick = (time, mouse.row, mouse.column, count)
            select(anchor: offset, head: offset)
            switch count {
            case 2: apply(.command(.selectWord))
            case 3: apply(.command(.selectLine))
            default: dragAnchor = offset
            }
            if count > 1 { dragAnchor = nil }
        case .drag:
            guard mouse.button == 0, let anchor = dragAnchor else { return }
            if mouse.row >= textRows { scroll(by: 1) } else if mouse.row < 0 { scroll(by: -1) }
            let row = min(max(mouse.row, 0), textRows - 1)
            select(anchor: anchor, head: offset(row: row, column: mouse.column))
        case .release:
            dragAnchor = nil
        }
    }

    /// Selects anchor...head unless that is already the selection.
    func select(anchor: Int, head: Int) {
        if editor.selection.anchor == anchor && editor.selection.head == head { return }
        apply(.select(anchor: anchor, head: head))
    }

    /// The document offset under a screen cell of the text area.
    func offset(row: Int, column: Int) -> Int {
        if visible.isEmpty { _ = frame() }
        guard row < visible.count else { return editor.text.utf16Count }
        return visible[row].offset(atColumn: column)
    }

    /// Scrolls the view by `delta` rows without moving the caret.
    func scroll(by delta: Int) {
        followCaret = false
        if delta > 0 {
            for _ in 0..<delta {
                let count = layout.rows(of: editor.text, line: topLine).count
                if topRow + 1 < count {
                    topRow += 1
                } else if topLine + 1 < editor.text.lineCount {
                    topLine += 1
                    topRow = 0
                }
            }
        } else {
            for _ in 0..<(-delta) {
                if topRow > 0 {
                    topRow -= 1
                } else if topLine > 0 {
                    topLine -= 1
                    topRow = layout.rows(of: editor.text, line: topLine).count - 1
                }
            }
        }
    }

    /// A new terminal size.
    func resize(columns: Int, rows: Int) {
        self.columns = max(columns, 2)
        self.rows = max(rows, 2)
        topRow = 0
        followCaret = true
    }

    /// Saves to the document's file, atomically, in its format. A format that would lose
    /// something is refused with the reason, and the same key again saves without it.
    func save(lossy: Bool) {
        guard let document else {
            message = "no file to save to"
            return
        }
        let captured = CapturedOutput()
        do {
            try DocumentFiles.save(DocumentState(text: editor.text), to: document.path, codec: document.format.codec,
                                   lossy: document.lossy || lossy, terminal: .capturing(captured))
            isModified = false
            let dropped = captured.stderr.split(separator: "\n").count
            message = "saved \(document.path)" + (dropped > 0 ? " (dropped \(dropped) kind\(dropped == 1 ? "" : "s") of attribute)" : "")
        } catch let error as CLIError where error.code == .dataError && !(document.lossy || lossy) {
            lossySaveArmed = true
            let first = error.message.split(separator: "\n").first.map(String.init) ?? error.message
            message = first.replacingOccurrences(of: "pass --lossy to write without it", with: "\(chordName(.save)) again saves without it")
        } catch {
            message = "cannot save: \(error)"
        }
    }

    /// Writes the final checkpoint of a recording (on quit, or when the terminal goes away).
    func finish() throws {
        if let recorder { try recorder.checkpoint(traits: true, typing: true) }
    }

    // MARK: - Drawing

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
