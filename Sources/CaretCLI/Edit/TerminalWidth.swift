/// How many terminal columns text takes: 0 for combining marks and format characters, 2 for wide
/// (East Asian Wide and Fullwidth) characters and emoji, 1 otherwise. The per-scalar table is
/// generated from the UCD (scripts/gen-unicode-tables.py, TerminalWidth+Table.swift). `caret edit`
/// lays out with it, and the REPL measures its line with it (DisplayWidth).
enum TerminalWidth {
    /// The packed byte of `scalar`: bits 0-1 its columns, bit 2 Emoji shown as text by default.
    static func packed(_ scalar: Unicode.Scalar) -> UInt8 {
        let value = scalar.value
        if value < 256 { return latin1Table[Int(value)] }
        // The last change point whose start is not above `value`.
        var low = 0
        var high = rangeTable.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if rangeTable[middle] >> 8 <= value { low = middle } else { high = middle }
        }
        return UInt8(truncatingIfNeeded: rangeTable[low])
    }

    /// The columns `scalar` takes on its own (0, 1 or 2).
    static func columns(_ scalar: Unicode.Scalar) -> Int {
        Int(packed(scalar) & 0x03)
    }

    /// The columns one grapheme cluster takes: its widest scalar's, and 2 for a text-default emoji
    /// followed by U+FE0F (emoji presentation) or a pair of regional indicators (a flag).
    static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var first: Unicode.Scalar?
        var widest = 0
        for scalar in scalars {
            if first == nil { first = scalar }
            let bits = packed(scalar)
            if scalar.value == 0xFE0F, let first, packed(first) & 0x04 != 0 { return 2 }
            widest = max(widest, Int(bits & 0x03))
        }
        if let first, (0x1F1E6...0x1F1FF).contains(first.value), scalars.count > 1 { return 2 }
        return widest
    }

    /// The columns `text` takes when every cluster is printable.
    static func columns(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns($1) }
    }
}
