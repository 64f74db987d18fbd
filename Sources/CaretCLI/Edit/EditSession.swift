import CaretCore
import CaretFormats
import CaretReplay

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
    var topLine = 0
    var topRow = 0

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
    var followCaret = true

    // Mouse state: the anchor of a drag and what counts as a double or triple click.
    private var dragAnchor: Int?
    private var lastClick: (time: Double, row: Int, column: Int, count: Int)?
    static let multiClickInterval = 0.4

    /// The rows drawn last, to map a click to an offset.
    var visible: [LayoutRow] = []

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
            message = first.replacing("pass --lossy to write without it", with: "\(chordName(.save)) again saves without it")
        } catch {
            message = "cannot save: \(error)"
        }
    }

    /// Writes the final checkpoint of a recording (on quit, or when the terminal goes away).
    func finish() throws {
        if let recorder { try recorder.checkpoint(traits: true, typing: true) }
    }
}
