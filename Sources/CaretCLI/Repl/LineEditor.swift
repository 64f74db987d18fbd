/// The state of the line being typed at the REPL's prompt and what each key does to it, with no
/// terminal involved (`TerminalLineReader` reads the keys and draws the line). The line is a
/// sequence of grapheme clusters and the cursor counts clusters, so moving and deleting act on
/// what a person sees as one character (`é` written as `e` and a combining accent, `😀`, `🇫🇷`).
struct LineEditor {
    /// A key as the editor understands it (see `KeyDecoder`).
    enum Key: Equatable {
        case text(String)
        case enter, backspace, delete, left, right, home, end, up, down
        case wordLeft, wordRight, killToEnd, killToStart, killWordBefore, yank
        case interrupt, endOfInput, tab, clearScreen
    }

    /// What a key asks the reader to do next.
    enum Outcome: Equatable {
        /// The line changed or the cursor moved: draw it again.
        case redraw
        /// The line is entered.
        case accept(String)
        /// Ctrl-C: the line is dropped.
        case cancel
        /// Ctrl-D on an empty line: the input ends.
        case endOfInput
        /// Tab: complete the word before the cursor.
        case complete
        /// Ctrl-L.
        case clearScreen
    }

    private(set) var characters: [Character] = []
    /// The cursor, in clusters from the line's start.
    private(set) var cursor = 0
    /// What the last kill removed (Ctrl-Y puts it back).
    private(set) var killed = ""
    /// Entered lines, oldest first.
    private(set) var history: [String]
    /// Which history entry is shown; `history.count` is the line being written.
    private var historyIndex: Int
    /// The line being written, kept while history is browsed.
    private var draft: [Character] = []

    init(history: [String] = []) {
        self.history = history
        historyIndex = history.count
    }

    var text: String { String(characters) }

    /// Adds `line` to the history (not a blank one, not a repeat of the last).
    mutating func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), history.last != line else { return }
        history.append(line)
        historyIndex = history.count
    }

    /// Replaces the line (the cursor goes to its end).
    mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Inserts `text` at the cursor; control characters are left out.
    mutating func insert(_ text: String) {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        guard !clean.isEmpty else { return }
        // Through a String, so that a combining mark typed after a letter joins its cluster.
        let before = String(characters[..<cursor]) + clean
        let joined = before + String(characters[cursor...])
        characters = Array(joined)
        cursor = min(before.count, characters.count)
    }

    mutating func apply(_ key: Key) -> Outcome {
        switch key {
        case .text(let text): insert(text)
        case .enter:
            let line = text
            characters = []
            cursor = 0
            draft = []
            historyIndex = history.count
            return .accept(line)
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .wordLeft:
            while cursor > 0 && !isWordCharacter(characters[cursor - 1]) { cursor -= 1 }
            while cursor > 0 && isWordCharacter(characters[cursor - 1]) { cursor -= 1 }
        case .wordRight:
            while cursor < characters.count && !isWordCharacter(characters[cursor]) { cursor += 1 }
            while cursor < characters.count && isWordCharacter(characters[cursor]) { cursor += 1 }
        case .killToEnd:
            killed = String(characters[cursor...])
            characters.removeSubrange(cursor...)
        case .killToStart:
            killed = String(characters[..<cursor])
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .killWordBefore:
            var start = cursor
            while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
            while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
            killed = String(characters[start..<cursor])
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .yank: insert(killed)
        case .up:
            guard historyIndex > 0 else { return .redraw }
            if historyIndex == history.count { draft = characters }
            historyIndex -= 1
            setText(history[historyIndex])
        case .down:
            guard historyIndex < history.count else { return .redraw }
            historyIndex += 1
            if historyIndex == history.count {
                characters = draft
                cursor = characters.count
            } else {
                setText(history[historyIndex])
            }
        case .interrupt:
            characters = []
            cursor = 0
            draft = []
            historyIndex = history.count
            return .cancel
        case .endOfInput:
            if characters.isEmpty { return .endOfInput }
            if cursor < characters.count { characters.remove(at: cursor) }
        case .tab: return .complete
        case .clearScreen: return .clearScreen
        }
        switch key {
        case .backspace, .delete, .killToEnd, .killToStart, .killWordBefore, .endOfInput: recluster()
        default: break
        }
        return .redraw
    }

    /// Clusters the line again after a deletion: what was on either side may now be one cluster
    /// (a regional indicator meeting another makes a flag).
    private mutating func recluster() {
        let before = String(characters[..<cursor])
        characters = Array(before + String(characters[cursor...]))
        cursor = min(before.count, characters.count)
    }

    /// The word before the cursor that completion replaces: identifier characters, `.` and `:`.
    var wordBeforeCursor: String {
        var start = cursor
        while start > 0, characters[start - 1].isASCII,
              characters[start - 1].isLetter || characters[start - 1].isNumber || "_.:".contains(characters[start - 1]) {
            start -= 1
        }
        return String(characters[start..<cursor])
    }

    private func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
