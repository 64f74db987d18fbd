import CaretCore

/// One thing a person did at the terminal, decoded from the bytes it sent (`InputDecoder`).
enum InputEvent: Equatable {
    /// Printable text typed (one or more characters that arrived together).
    case text(String)
    /// A key with modifiers: arrows, function keys, control and alt combinations.
    case key(KeyChord)
    /// Text pasted with bracketed paste, line breaks as `\n`: one event, however long.
    case paste(String)
    /// A mouse button, drag or wheel event (xterm SGR 1006 reporting).
    case mouse(MouseEvent)
    /// The terminal's answer to the kitty keyboard protocol query (`CSI ? flags u`).
    case keyboardFlags(Int)
}

/// One SGR mouse report: which button, what happened, where (0-based cell) and the modifiers held.
struct MouseEvent: Equatable {
    enum Kind: Equatable {
        case press, release, drag, wheelUp, wheelDown
    }

    var kind: Kind
    /// 0 left, 1 middle, 2 right (3 for a motion with no button).
    var button: Int
    var column: Int
    var row: Int
    var shift = false
    var alt = false
    var ctrl = false
}
