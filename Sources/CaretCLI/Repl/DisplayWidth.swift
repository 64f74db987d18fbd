/// How many terminal columns text takes, per grapheme cluster, as terminals lay it out: combining
/// marks and other zero-width scalars add nothing, East Asian wide and fullwidth characters and
/// emoji shown as emoji take two, everything else one. Decided here rather than by `wcwidth`,
/// whose answer depends on the process's locale (`C` knows no character past ASCII).
enum DisplayWidth {
    /// The columns of one grapheme cluster (0 for a lone control character).
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (first.value >= 0x7F && first.value < 0xA0) { return 0 }
        if scalars.count > 1 {
            // A variation selector 16 or a ZWJ sequence asks for the emoji presentation.
            if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) && scalars.contains(where: { $0.properties.isEmoji }) {
                return 2
            }
            // Regional indicator pairs (flags) are one wide cluster.
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        }
        var width = 0
        for scalar in scalars { width = max(width, of(scalar)) }
        return width
    }

    /// The columns of one scalar on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, coarsely (Unicode 15's EastAsianWidth.txt).
    private static func isWide(_ value: UInt32) -> Bool {
        for range in wideRanges where range.contains(value) { return true }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The columns of `text`.
    static func of<S: Sequence>(_ text: S) -> Int where S.Element == Character {
        text.reduce(0) { $0 + of($1) }
    }
}
