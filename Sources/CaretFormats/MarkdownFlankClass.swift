/// The class of the character beside a delimiter run, as CommonMark's flanking rules ask it:
/// whitespace, punctuation, neither, or "not whitespace, punctuation unsure" for characters
/// whose punctuation status differs between CommonMark versions (non-ASCII symbols and
/// punctuation, unassigned and format characters). The writer never relies on an unsure answer.
enum MarkdownFlankClass {
    case space, punctuation, other, unsure

    var isSpace: Bool { self == .space }

    /// The punctuation answers to try: one when certain, both when unsure.
    var punctuationChoices: [Bool] {
        switch self {
        case .space, .other: [false]
        case .punctuation: [true]
        case .unsure: [false, true]
        }
    }

    /// The class of the character that ends just before `position` (a line end before the start).
    /// With the strikethrough extension cmark-gfm looks past `~` to the character beyond it.
    static func before(_ bytes: [UInt8], _ position: Int) -> MarkdownFlankClass {
        guard position > 0 else { return .space }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 || bytes[start] == 0x7E { start -= 1 }
        if bytes[start] == 0x7E { return .space }
        return classify(bytes, start)
    }

    /// The class of the character at `position` (a line end past the end), past any `~`.
    static func after(_ bytes: [UInt8], _ position: Int) -> MarkdownFlankClass {
        var position = position
        while position < bytes.count, bytes[position] == 0x7E { position += 1 }
        guard position < bytes.count else { return .space }
        return classify(bytes, position)
    }

    private static func classify(_ bytes: [UInt8], _ start: Int) -> MarkdownFlankClass {
        let lead = bytes[start]
        if lead < 0x80 {
            switch lead {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return .space
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return .punctuation
            default: return .other
            }
        }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for i in 1..<length where start + i < bytes.count { value = value << 6 | (UInt32(bytes[start + i]) & 0x3F) }
        switch value {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return .space
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return .unsure }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return .other
        default:
            return .unsure
        }
    }
}
