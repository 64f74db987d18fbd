import CaretCore

/// Turns the bytes a terminal sends into `InputEvent`s: UTF-8 text, control keys, xterm
/// `CSI 1;mod X` and `CSI n;mod ~` keys, SS3 keys, alt as an ESC prefix, bracketed paste (one
/// event), SGR 1006 mouse reports, kitty keyboard protocol `CSI code;mods u` keys and xterm
/// modifyOtherKeys `CSI 27;mod;code ~` keys.
///
/// Bytes may arrive split anywhere: an incomplete sequence waits in the decoder for the next
/// `feed`. A lone ESC is ambiguous (the escape key, or the start of a sequence); `flushPending()`
/// turns it into the escape key when no more bytes come soon (the shell waits a few ms).
struct InputDecoder {
    private var pending: [UInt8] = []
    /// The text of a bracketed paste still being received, nil outside one.
    private var paste: [UInt8]?

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Whether bytes wait for more (a lone ESC or an incomplete sequence).
    var hasPending: Bool { !pending.isEmpty && paste == nil }

    /// Decodes `bytes` (after any held back) into events.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                events.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll()
            }
        }
        while index < pending.count {
            if paste != nil {
                // Inside a paste everything up to the end marker is text.
                if let end = Self.find(Self.pasteEnd, in: pending, from: index) {
                    paste!.append(contentsOf: pending[index..<end])
                    events.append(.paste(Self.pasteText(paste!)))
                    paste = nil
                    index = end + Self.pasteEnd.count
                    continue
                }
                // Keep a tail that could be the start of the end marker.
                let keep = Self.partialSuffix(of: pending[index...], matching: Self.pasteEnd)
                paste!.append(contentsOf: pending[index..<(pending.count - keep)])
                index = pending.count - keep
                pending.removeFirst(index)
                return events
            }
            let byte = pending[index]
            switch byte {
            case 0x1B:
                flushText()
                guard let (event, length) = escape(at: index) else {
                    // Incomplete: wait for more bytes.
                    pending.removeFirst(index)
                    return events
                }
                if let event { events.append(event) }
                index += length
            case 0x20..<0x7F:
                text.append(byte)
                index += 1
            case 0x80...:
                let length = Self.utf8Length(byte)
                if length == 0 {
                    text.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    index += 1
                } else if index + length > pending.count {
                    // Wait for the rest of the character, unless what is there is already wrong.
                    if pending[(index + 1)...].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                        flushText()
                        pending.removeFirst(index)
                        return events
                    }
                    text.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    index += 1
                } else if pending[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                    text.append(contentsOf: pending[index..<(index + length)])
                    index += length
                } else {
                    text.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    index += 1
                }
            default:
                flushText()
                if let chord = Self.controlKey(byte) { events.append(.key(chord)) }
                index += 1
            }
        }
        flushText()
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// What held-back bytes mean when nothing more arrives: a lone ESC is the escape key; the
    /// rest of an unfinished sequence is dropped.
    mutating func flushPending() -> [InputEvent] {
        guard hasPending else { return [] }
        let held = pending
        pending.removeAll()
        guard held.first == 0x1B else { return [.text("\u{FFFD}")] }
        // A lone ESC is the escape key; an unfinished sequence after it is dropped.
        return [.key(Self.chord("escape"))]
    }

    // MARK: - Escape sequences

    /// The event of the sequence starting with ESC at `start` and its length in bytes; nil when
    /// it is incomplete; a nil event for a complete sequence that means nothing here.
    private mutating func escape(at start: Int) -> (InputEvent?, Int)? {
        guard start + 1 < pending.count else { return nil }
        let next = pending[start + 1]
        switch next {
        case 0x5B: // CSI
            var end = start + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            let body = Array(pending[(start + 2)..<end])
            let length = end - start + 1
            if pending[end] == 0x7E, body == Array("200".utf8) {
                paste = []
                return (nil, length)
            }
            return (Self.csi(body, final: pending[end]), length)
        case 0x4F: // SS3
            guard start + 2 < pending.count else { return nil }
            let key: String? = switch pending[start + 2] {
            case 0x41: "up"
            case 0x42: "down"
            case 0x43: "right"
            case 0x44: "left"
            case 0x48: "home"
            case 0x46: "end"
            case 0x50: "f1"
            case 0x51: "f2"
            case 0x52: "f3"
            case 0x53: "f4"
            case 0x4D: "return"
            default: nil
            }
            return (key.map { .key(Self.chord($0)) }, 3)
        case 0x1B:
            // ESC ESC: the escape key, then whatever the second starts.
            return (.key(Self.chord("escape")), 1)
        default:
            // ESC then a key: that key with alt.
            if next >= 0x80 {
                let length = Self.utf8Length(next)
                guard length > 0 else { return (nil, 2) }
                guard start + 1 + length <= pending.count else { return nil }
                let text = String(decoding: pending[(start + 1)..<(start + 1 + length)], as: UTF8.self)
                return (Self.chord(text, [.alt]).map { .key($0) }, 1 + length)
            }
            if let chord = Self.controlKey(next) {
                return (.key(Self.chord(chord.key, chord.modifiers + [.alt]) ?? chord), 2)
            }
            let character = String(UnicodeScalar(next))
            return (Self.chord(character, [.alt]).map { .key($0) }, 2)
        }
    }

    /// A CSI sequence's event: `body` is what lies between `ESC [` and the final byte.
    static func csi(_ body: [UInt8], final: UInt8) -> InputEvent? {
        let text = String(decoding: body, as: UTF8.self)
        if text.hasPrefix("<"), final == 0x4D || final == 0x6D {
            return mouse(String(text.dropFirst()), released: final == 0x6D)
        }
        if text.hasPrefix("?"), final == 0x75 {
            return Int(text.dropFirst()).map { .keyboardFlags($0) }
        }
        // Parameters; kitty puts sub-parameters after ':' (alternate keys, event types).
        let parameters = text.split(separator: ";", omittingEmptySubsequences: false).map { part in
            part.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        }
        func parameter(_ i: Int) -> Int? { i < parameters.count ? parameters[i].first ?? nil : nil }
        let modifiers = modifierList(parameter(1) ?? 1)
        // kitty: event type 3 is a key release (only with the report-events flag, never asked).
        if parameters.count > 1, parameters[1].count > 1, parameters[1][1] == 3 { return nil }
        switch final {
        case 0x41: return key("up", modifiers)
        case 0x42: return key("down", modifiers)
        case 0x43: return key("right", modifiers)
        case 0x44: return key("left", modifiers)
        case 0x48: return key("home", modifiers)
        case 0x46: return key("end", modifiers)
        case 0x50: return key("f1", modifiers)
        case 0x51: return key("f2", modifiers)
        case 0x52: return key("f3", modifiers)
        case 0x53: return key("f4", modifiers)
        case 0x5A: return key("tab", [.shift])
        case 0x7E:
            let number = parameter(0) ?? 0
            if number == 27, let code = parameter(2) {
                // modifyOtherKeys: CSI 27 ; mod ; code ~
                return codepointKey(code, modifiers)
            }
            let names: [Int: String] = [
                1: "home", 7: "home", 4: "end", 8: "end", 3: "forwarddelete", 5: "pageup", 6: "pagedown",
                11: "f1", 12: "f2", 13: "f3", 14: "f4", 15: "f5", 17: "f6", 18: "f7", 19: "f8", 20: "f9",
                21: "f10", 23: "f11", 24: "f12",
            ]
            return names[number].flatMap { key($0, modifiers) }
        case 0x75:
            // kitty keyboard protocol: CSI code[:shifted[:base]] ; mods[:event] [; text] u
            guard let code = parameter(0) else { return nil }
            return codepointKey(code, modifiers)
        default:
            return nil
        }
    }

    /// A key given by its Unicode code point (kitty, modifyOtherKeys), with `modifiers`.
    static func codepointKey(_ code: Int, _ modifiers: [KeyChord.Modifier]) -> InputEvent? {
        let named: [Int: String] = [9: "tab", 13: "return", 27: "escape", 127: "backspace", 8: "backspace", 32: "space"]
        if let name = named[code] { return key(name, modifiers) }
        guard code > 32, let scalar = Unicode.Scalar(UInt32(code)), (57344...63743).contains(code) == false else { return nil }
        let character = String(Character(scalar)).lowercased()
        // Plain or shifted text arrives as text, the way a key without modifiers is typed.
        if modifiers.isEmpty { return .text(String(Character(scalar))) }
        if modifiers == [.shift] { return .text(String(Character(scalar)).uppercased()) }
        return key(character, modifiers)
    }

    /// An SGR mouse report `b;x;y` (after `<`), press or release.
    static func mouse(_ text: String, released: Bool) -> InputEvent? {
        let numbers = text.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        let code = numbers[0]
        var event = MouseEvent(kind: .press, button: code & 3, column: numbers[1] - 1, row: numbers[2] - 1,
                               shift: code & 4 != 0, alt: code & 8 != 0, ctrl: code & 16 != 0)
        if code & 64 != 0 {
            event.kind = code & 1 == 0 ? .wheelUp : .wheelDown
        } else if code & 32 != 0 {
            event.kind = .drag
        } else if released {
            event.kind = .release
        }
        return .mouse(event)
    }

    /// The modifiers of an xterm/kitty modifier parameter (1 + bits: shift 1, alt 2, ctrl 4,
    /// super 8, hyper 16, meta 32; caps and num lock ignored). Super is cmd; meta counts as alt.
    static func modifierList(_ parameter: Int) -> [KeyChord.Modifier] {
        let bits = max(parameter - 1, 0)
        var modifiers: [KeyChord.Modifier] = []
        if bits & 4 != 0 { modifiers.append(.ctrl) }
        if bits & 2 != 0 || bits & 32 != 0 { modifiers.append(.alt) }
        if bits & 1 != 0 { modifiers.append(.shift) }
        if bits & 8 != 0 { modifiers.append(.cmd) }
        return modifiers
    }

    static func key(_ name: String, _ modifiers: [KeyChord.Modifier]) -> InputEvent? {
        chord(name, modifiers).map { .key($0) }
    }

    static func chord(_ name: String, _ modifiers: [KeyChord.Modifier]) -> KeyChord? {
        try? KeyChord(key: name, modifiers: modifiers)
    }

    static func chord(_ name: String) -> KeyChord {
        try! KeyChord(key: name)
    }

    /// The key a C0 control byte (or DEL) is: return, tab, backspace, ctrl+letter.
    static func controlKey(_ byte: UInt8) -> KeyChord? {
        switch byte {
        case 0x0D, 0x0A: return chord("return")
        case 0x09: return chord("tab")
        case 0x7F: return chord("backspace")
        case 0x00: return chord("space", [.ctrl])
        case 0x01...0x1A: return chord(String(UnicodeScalar(byte + 0x60)), [.ctrl])
        case 0x1C...0x1F: return chord(String(UnicodeScalar(byte + 0x40)), [.ctrl])
        case 0x20..<0x7F: return chord(String(UnicodeScalar(byte)).lowercased(), [])
        default: return nil
        }
    }

    // MARK: - Bytes

    static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], Array(haystack[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    /// The length of the longest suffix of `bytes` that is a proper prefix of `marker`.
    static func partialSuffix(of bytes: ArraySlice<UInt8>, matching marker: [UInt8]) -> Int {
        var length = min(marker.count - 1, bytes.count)
        while length > 0 {
            if Array(bytes.suffix(length)) == Array(marker.prefix(length)) { return length }
            length -= 1
        }
        return 0
    }

    /// A paste's text: invalid UTF-8 replaced, CR LF and lone CR (what terminals send for a line
    /// break) made `\n`.
    static func pasteText(_ bytes: [UInt8]) -> String {
        guard bytes.contains(0x0D) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D {
                out.append(0x0A)
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            } else {
                out.append(bytes[i])
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
