import CaretCore

/// Character formatting in effect while reading RTF: what a group saves and restores.
struct RTFCharState: Hashable {
    var bold = false
    var italic = false
    /// `\ul` and its styled forms; nil for none.
    var underline: TextLineStyle?
    /// `\strike` (single) or `\striked1` (double); nil for none.
    var strikethrough: TextLineStyle?
    /// `\fN`; -1 is the document's default font (`\deff`, or `\plain`).
    var font = -1
    /// `\fsN` in half-points; 0 when not given.
    var halfPoints = 0
    /// Colour-table indices (`\cfN`, `\cbN`/`\highlightN`/`\chcbpatN`); 0 is "auto".
    var foreground = 0
    var background = 0
    /// Index into the reader's links while inside a HYPERLINK field's result; -1 outside.
    var link = -1
}

/// Paragraph formatting in effect (`\pard` resets it); groups save and restore it as well.
struct RTFParaState: Hashable {
    /// 0 natural (`\ql` too: it is RTF's default), 1 centre, 2 right, 3 justified.
    var alignment: UInt8 = 0
    /// `\sN`, -1 when none.
    var style = -1
    /// `\outlinelevelN` (0-based), -1 when none.
    var outlineLevel = -1
    /// `\lsN` (0: not a list item) and `\ilvlN`.
    var list = 0
    var listLevel = 0
    /// `\li` and `\fi` in twips; used only to recognise list items written as plain text.
    var leftIndent = 0
    var firstIndent = 0
}

/// Where text in the current group goes.
enum RTFDestination: UInt8 {
    case document, fontTable, colorTable, styleSheet, listTable, listOverrideTable
    case fieldInstruction, paragraphNumbering
}

/// What `{` saves and `}` restores.
struct RTFGroupState {
    var destination = RTFDestination.document
    var char = RTFCharState()
    var para = RTFParaState()
    /// `\ucN`: how many fallback characters follow each `\uN`.
    var unicodeSkip = 1
    /// The field (index into the reader's fields) whose group this is, -1 outside fields.
    var field = -1
}

/// One `\fonttbl` entry.
struct RTFFont {
    var name = ""
    /// `name` without a PostScript face suffix (Helvetica-Bold is Helvetica): the face is in
    /// `\b`/`\i` already.
    var family = ""
    /// `\fmodern`, `\fprq1` or a family name known to be monospace.
    var isMonospace = false
}

/// One `\stylesheet` entry: what its name or `\outlinelevel` says about the paragraph.
struct RTFStyle {
    var heading = 0
    var blockQuote = false
    var codeBlock = false
}

/// `\pn` paragraph numbering (the Word 6/95 list form): `\pnlvlblt` bullets, `\pnlvlbody` or
/// `\pnlvlN` numbers.
struct RTFNumbering: Hashable {
    var ordered = false
    var level = 1
}

/// The paragraph attributes that paragraph properties resolve to, as a cache key.
struct RTFParagraphKey: Hashable {
    var heading = 0
    var alignment: UInt8 = 0
    var listStyle: UInt8 = 0 // 0 none, 1 bullet, 2 ordered
    var listLevel = 0
    var blockQuote = false
    var codeBlock = false
}

/// A character state under paragraph attributes, as a cache key.
struct RTFRunKey: Hashable {
    var char: RTFCharState
    var paragraph: RTFParagraphKey
}

extension RTFFont {
    /// Face suffixes of PostScript names that Cocoa writes as font names.
    static let faceSuffixes = ["-BoldItalic", "-BoldOblique", "-Bold", "-Italic", "-Oblique", "-Regular", "-Roman"]

    /// `name` without one face suffix.
    static func family(of name: String) -> String {
        for suffix in faceSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// Families Caret takes as monospace (matched case-insensitively): their text reads as `code`.
    static let monospaceNames: Set<String> = [
        "courier", "courier new", "menlo", "monaco", "consolas", "lucida console", "andale mono",
        "sf mono", "dejavu sans mono", "liberation mono", "source code pro", "fira code", "fira mono",
        "roboto mono", "ubuntu mono", "inconsolata", "jetbrains mono", "cascadia code", "cascadia mono",
        "noto mono", "noto sans mono", "pt mono", "monospace", "ocr a extended", "fixedsys",
    ]
}

/// The text of a font or style table entry as it is read: literal bytes, and characters given by
/// escapes (`\'hh`, `\uN`). White space around a name is trimmed only where it is literal: a
/// writer escapes the white space it means to keep (a font name that ends in a tab or a space).
struct RTFTableText {
    private(set) var bytes: [UInt8] = []
    /// From the first escaped byte to the end of the last one; nil when nothing was escaped.
    private var escaped: Range<Int>?

    var isEmpty: Bool { bytes.isEmpty }

    mutating func appendLiteral(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func appendEscaped(_ scalar: Unicode.Scalar) {
        let start = bytes.count
        bytes.append(contentsOf: UTF8.encode(scalar)!)
        escaped = (escaped?.lowerBound ?? start)..<bytes.count
    }

    /// The entry's name: its bytes without the literal white space at either end.
    var trimmed: String {
        var lower = 0
        var upper = bytes.count
        let firstEscaped = escaped?.lowerBound ?? upper
        let afterEscaped = escaped?.upperBound ?? 0
        while lower < upper, lower < firstEscaped, RTFReader.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, upper > afterEscaped, RTFReader.isSpace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}
