/// Turns the bytes a terminal sends into `LineEditor` keys: UTF-8 text (a run of it as one key,
/// so a paste is one insertion), control characters (Emacs bindings, as readline has them) and
/// the escape sequences of xterm-like terminals for arrows, Home, End and Delete.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Whether bytes wait for the rest of a sequence (an escape or a UTF-8 character cut between reads).
    var hasPartialSequence: Bool { !pending.isEmpty }

    /// Adds `bytes` and returns the keys they complete.
    mutating func feed(_ bytes: [UInt8]) -> [LineEditor.Key] {
        pending += bytes
        var keys: [LineEditor.Key] = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))); text = [] }
        }
        decoding: while index < pending.count {
            let byte = pending[index]
            if byte >= 0x20 && byte != 0x7F {
                if byte < 0x80 { text.append(byte); index += 1; continue }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= pending.count else { break decoding }
                text += pending[index..<(index + length)]
                index += length
                continue
            }
            if byte == 0x1B {
                guard let (key, length) = Self.escape(pending[(index + 1)...]) else { break decoding }
                flushText()
                if let key { keys.append(key) }
                index += 1 + length
                continue
            }
            flushText()
            if let key = Self.control(byte) { keys.append(key) }
            index += 1
        }
        flushText()
        pending.removeFirst(index)
        return keys
    }

    /// The bytes held back, given up on (an Escape pressed on its own): they are dropped.
    mutating func flush() { pending = [] }

    static func control(_ byte: UInt8) -> LineEditor.Key? {
        switch byte {
        case 0x01: return .home
        case 0x02: return .left
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x05: return .end
        case 0x06: return .right
        case 0x08, 0x7F: return .backspace
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x0B: return .killToEnd
        case 0x0C: return .clearScreen
        case 0x0E: return .down
        case 0x10: return .up
        case 0x15: return .killToStart
        case 0x17: return .killWordBefore
        case 0x19: return .yank
        default: return nil
        }
    }

    /// The key of the escape sequence whose bytes after ESC are `rest`, and how many of them it
    /// took; nil when `rest` is too short to tell. An unknown sequence gives a nil key.
    static func escape(_ rest: ArraySlice<UInt8>) -> (LineEditor.Key?, Int)? {
        guard let first = rest.first else { return nil }
        switch first {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            // CSI/SS3: parameters (digits and ';') then one final byte in 0x40...0x7E.
            var length = 1
            var parameters = ""
            for byte in rest.dropFirst() {
                length += 1
                if (0x30...0x3F).contains(byte) { parameters.append(Character(Unicode.Scalar(byte))); continue }
                guard (0x40...0x7E).contains(byte) else { return (nil, length) }
                return (csi(final: byte, parameters: parameters), length)
            }
            return nil
        case UInt8(ascii: "b"): return (.wordLeft, 1)
        case UInt8(ascii: "f"): return (.wordRight, 1)
        case 0x7F, 0x08: return (.killWordBefore, 1)
        default: return (nil, 1)
        }
    }

    private static func csi(final: UInt8, parameters: String) -> LineEditor.Key? {
        let modified = parameters.hasSuffix(";5") || parameters.hasSuffix(";3")
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return modified ? .wordRight : .right
        case UInt8(ascii: "D"): return modified ? .wordLeft : .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return nil
            }
        default: return nil
        }
    }
}
