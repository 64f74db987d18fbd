#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a terminal with `LineEditor`: the terminal is in raw mode only while a line
/// is read (so Ctrl-C during a running chunk is a signal, and at the prompt a key), the line is
/// redrawn after each key, wrapping at the terminal's width with wide and zero-width characters
/// counted (`DisplayWidth`).
final class TerminalLineReader {
    /// What completing the word before the cursor offers.
    struct Completion {
        /// The text that replaces the word.
        var candidates: [String]
        /// The part of the word that candidates replace (the name after `caret.`, say), in clusters.
        var replacing: Int
    }

    private let input: Int32
    private let output: Int32
    private var decoder = KeyDecoder()
    var editor: LineEditor
    /// Rows from the prompt's first row down to the cursor, as last drawn.
    private var cursorRow = 0
    /// Keys read but not used yet: what followed an Enter in the same read (a pasted block of
    /// lines, keys typed while a chunk ran) belongs to the next lines.
    private var queued: [LineEditor.Key] = []

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, history: [String]) {
        self.input = input
        self.output = output
        editor = LineEditor(history: history)
    }

    /// Reads one line after `prompt`. Returns the outcome that ended it: `.accept`, `.cancel` or `.endOfInput`.
    func readLine(prompt: String, complete: (String) -> Completion) -> LineEditor.Outcome {
        var saved = termios()
        let isRaw = tcgetattr(input, &saved) == 0
        if isRaw {
            var raw = saved
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(input, TCSADRAIN, &raw)
        }
        defer { if isRaw { tcsetattr(input, TCSADRAIN, &saved) } }
        cursorRow = 0
        draw(prompt)
        while true {
            if queued.isEmpty {
                guard let bytes = readBytes() else {
                    finish(prompt, suffix: "\r\n")
                    return .endOfInput
                }
                queued = decoder.feed(bytes)
            }
            while !queued.isEmpty {
                let key = queued.removeFirst()
                let before = editor.characters
                switch editor.apply(key) {
                case .redraw: continue
                case .accept(let line):
                    finish(prompt, suffix: "\r\n", text: line)
                    return .accept(line)
                case .cancel:
                    finish(prompt, suffix: "^C\r\n", text: String(before))
                    return .cancel
                case .endOfInput:
                    finish(prompt, suffix: "\r\n")
                    return .endOfInput
                case .clearScreen:
                    write("\u{1B}[H\u{1B}[2J")
                    cursorRow = 0
                case .complete:
                    completeWord(prompt, complete(editor.wordBeforeCursor))
                }
            }
            draw(prompt)
        }
    }

    private func completeWord(_ prompt: String, _ completion: Completion) {
        let candidates = completion.candidates
        guard !candidates.isEmpty else { write("\u{07}"); return }
        let word = editor.wordBeforeCursor
        let typed = String(word.suffix(completion.replacing))
        var common = candidates[0]
        for candidate in candidates.dropFirst() {
            common = String(zip(common, candidate).prefix { $0 == $1 }.map(\.0))
        }
        if common.count > typed.count, common.hasPrefix(typed) {
            editor.insert(String(common.dropFirst(typed.count)))
            return
        }
        if candidates.count == 1 { return }
        // Nothing more in common: list them under the line, then draw the prompt again.
        draw(prompt, cursorAtEnd: true)
        write("\r\n" + Self.columns(candidates, width: terminalColumns()))
        cursorRow = 0
    }

    /// `names` laid out in columns across `width`, each row ending in CR LF.
    static func columns(_ names: [String], width: Int) -> String {
        let cell = (names.map { DisplayWidth.of($0) }.max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        var out = ""
        for (index, name) in names.enumerated() {
            out += name
            if index % perRow == perRow - 1 || index == names.count - 1 {
                out += "\r\n"
            } else {
                out += String(repeating: " ", count: cell - DisplayWidth.of(name))
            }
        }
        return out
    }

    /// Moves to the end of the line, writes `suffix` and leaves the cursor on a fresh row.
    /// `text`, when given, is what the line is drawn as (the accepted line; nil: as it is).
    private func finish(_ prompt: String, suffix: String, text: String? = nil) {
        draw(prompt, cursorAtEnd: true, text: text.map(Array.init))
        write(suffix)
        cursorRow = 0
    }

    private func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Redraws the prompt and the line from the prompt's first row and puts the cursor in place.
    private func draw(_ prompt: String, cursorAtEnd: Bool = false, text: [Character]? = nil) {
        let columns = terminalColumns()
        let characters = text ?? editor.characters
        let cursor = cursorAtEnd || text != nil ? characters.count : editor.cursor
        var out = cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : ""
        out += "\r\u{1B}[J" + prompt + String(characters)
        var row = 0
        var column = 0
        func advance(_ width: Int) {
            if column + width > columns { row += 1; column = 0 }
            column += width
        }
        for character in prompt { advance(DisplayWidth.of(character)) }
        var target = (row: 0, column: 0)
        for (index, character) in characters.enumerated() {
            let width = DisplayWidth.of(character)
            if column + width > columns { row += 1; column = 0 }
            if index == cursor { target = (row, column) }
            column += width
        }
        if cursor == characters.count { target = column >= columns ? (row + 1, 0) : (row, column) }
        var end = (row: row, column: column)
        if column >= columns {
            // The terminal holds the cursor on the last column until the next character: move it
            // down now so that the rows counted here are the rows on the screen.
            out += "\r\n"
            end = (row + 1, 0)
        }
        if end.row > target.row { out += "\u{1B}[\(end.row - target.row)A" }
        out += "\r"
        if target.column > 0 { out += "\u{1B}[\(target.column)C" }
        cursorRow = target.row
        write(out)
    }

    /// The next bytes from the terminal; nil at the end of the input. An escape sequence cut off
    /// by the read is completed within 50 ms or dropped (a lone Escape key).
    private func readBytes() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if decoder.hasPartialSequence {
                var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 50) == 0 {
                    decoder.flush()
                    return []
                }
            }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(buffer[..<count])
        }
    }

    private func write(_ text: String) {
        _ = Terminal.writeAll(Array(text.utf8), to: output)
    }
}
