#!/usr/bin/env python3
"""Generate the segmentation property tables of Sources/CaretCore/Segmentation from the UCD.

Usage: scripts/gen-unicode-tables.py [UCD_DIR] [OUTPUT_DIR] [EDIT_OUTPUT_DIR]

Writes WordBreakProperty+Table.swift, GraphemeBreakProperty+Table.swift,
IndicSyllabicCategory+Table.swift and CanonicalDecomposition+Table.swift, and the terminal column
widths of `caret edit`, Sources/CaretCLI/Edit/TerminalWidth+Table.swift. UCD_DIR defaults to /usr/share/unicode (Debian's `unicode-data`
package). It must hold auxiliary/WordBreakProperty.txt, auxiliary/GraphemeBreakProperty.txt,
emoji/emoji-data.txt, UnicodeData.txt, DerivedCoreProperties.txt, IndicSyllabicCategory.txt and
EastAsianWidth.txt. OUTPUT_DIR defaults to the committed directory in this repository.
Standard library only; the output is deterministic.

Word_Break: each scalar gets one byte:
  bits 0-4  the Word_Break value, numbered as WordBreakProperty's raw values (WB_VALUES below)
  bit 5     Extended_Pictographic
  bit 6     a letter or number (General_Category L* or N*) whose Word_Break is Other, such as
            ideographs, Hiragana and Thai; isWordLike counts these as word content
The table stores one packed UInt32 per change point, `start << 8 | byte`, sorted by start; a
scalar's byte is that of the last entry whose start is not above it. Latin-1 gets a direct table.

Grapheme_Cluster_Break: the same layout, one byte per scalar:
  bits 0-3  the Grapheme_Cluster_Break value, numbered as GraphemeBreakProperty's raw values
  bit 4     Extended_Pictographic
Indic_Syllabic_Category: the scalars whose value is not Other, as sorted (first, last) pairs of
scalar values. Backspace deletes one scalar from a cluster whose first and last scalars both have
such a value (docs/editor.md, "Backspace").

Canonical decomposition: every scalar with a canonical Decomposition_Mapping in UnicodeData.txt
(Hangul syllables are decomposed by algorithm, not by table), fully decomposed, as sorted keys,
start offsets and one flat list of scalars. Used by deleteBackwardByDecomposing.

Terminal width: one byte per scalar, in the same packed layout:
  bits 0-1  the columns the scalar takes on its own: 0 for General_Category Mn, Me and Cf and for
            Hangul medial vowels and final consonants (U+1160..U+11FF, U+D7B0..U+D7FF), which join the
            syllable before them; 2 for East_Asian_Width W and F and for Emoji_Presentation scalars
            (unassigned code points in the CJK blocks default to W, as EastAsianWidth.txt says); else 1
  bit 2     Emoji (a scalar shown as text by default, which U+FE0F turns into a 2-column emoji)
A grapheme cluster takes the widest of its scalars' widths (TerminalWidth.swift).

The data must be Unicode 15.0 or older: 15.1 added Indic_Conjunct_Break and rule GB9c, which the
Swift rules do not implement, so the script stops if DerivedCoreProperties.txt defines InCB.
"""

import os
import re
import sys

# Order must match the raw values of `WordBreakProperty` in WordBreakProperty.swift.
WB_VALUES = [
    "Other", "CR", "LF", "Newline", "Extend", "ZWJ", "Regional_Indicator", "Format",
    "Katakana", "Hebrew_Letter", "ALetter", "Single_Quote", "Double_Quote", "MidNumLet",
    "MidLetter", "MidNum", "Numeric", "ExtendNumLet", "WSegSpace",
]
# Order must match the raw values of `GraphemeBreakProperty` in GraphemeBreakProperty.swift.
GCB_VALUES = [
    "Other", "CR", "LF", "Control", "Extend", "ZWJ", "Regional_Indicator", "Prepend",
    "SpacingMark", "L", "V", "T", "LV", "LVT",
]
GCB_MASK = 0x0F
GCB_EXT_PICT = 0x10
EXT_PICT = 0x20
LETTER_OTHER = 0x40
MAX = 0x110000

LINE = re.compile(r"^([0-9A-Fa-f]+)(?:\.\.([0-9A-Fa-f]+))?\s*;\s*([A-Za-z_]+)")


def ranges(path, wanted=None):
    """Yield (first, last, value) from a UCD property file."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            m = LINE.match(line)
            if not m:
                raise SystemExit(f"{path}: cannot parse {line!r}")
            first = int(m.group(1), 16)
            last = int(m.group(2), 16) if m.group(2) else first
            value = m.group(3)
            if wanted is None or value == wanted:
                yield first, last, value


def version_of(path):
    """The Unicode version named in a UCD file's first line, such as 15.0.0."""
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    m = re.search(r"-(\d+\.\d+\.\d+)\.txt", first)
    if not m:
        raise SystemExit(f"{path}: no version in first line {first!r}")
    return m.group(1)


def general_categories(path):
    """General_Category per scalar from UnicodeData.txt, expanding <..., First>/<..., Last> pairs."""
    gc = {}
    start = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split(";")
            cp, name, cat = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                start = cp
                continue
            if name.endswith(", Last>"):
                for c in range(start, cp + 1):
                    gc[c] = cat
                start = None
                continue
            gc[cp] = cat
    return gc


def pack(values):
    """`start << 8 | byte` at every change point of a per-scalar byte array."""
    packed = []
    previous = None
    for c in range(MAX):
        if values[c] != previous:
            packed.append((c << 8) | values[c])
            previous = values[c]
    return packed


def table_lines(type_name, version, header, values, packed, extra=()):
    """The Swift source of one generated table extension, `extra` lines at its end."""
    lines = []
    lines.append("// GENERATED FILE - DO NOT EDIT BY HAND.")
    lines.append("// Generated by scripts/gen-unicode-tables.py from the Unicode Character Database")
    lines.extend(header)
    lines.append("")
    lines.append(f"extension {type_name} {{")
    lines.append("    /// The Unicode version the tables were generated from.")
    lines.append(f"    static let tableUnicodeVersion = \"{version}\"")
    lines.append("")
    lines.append("    /// The packed byte of every Latin-1 scalar, indexed by scalar value.")
    lines.append("    static let latin1Table: [UInt8] = [")
    for row in range(0, 256, 16):
        chunk = ", ".join(f"0x{values[c]:02X}" for c in range(row, row + 16))
        lines.append(f"        {chunk},")
    lines.append("    ]")
    lines.append("")
    lines.append(f"    /// `start << 8 | byte` at each of the {len(packed)} change points, sorted by start.")
    lines.append("    static let rangeTable: [UInt32] = [")
    for row in range(0, len(packed), 6):
        chunk = ", ".join(f"0x{p:08X}" for p in packed[row:row + 6])
        lines.append(f"        {chunk},")
    lines.append("    ]")
    lines.extend(extra)
    lines.append("}")
    lines.append("")
    return lines


def plain_block_lines(values):
    """A bitmap of the 256-scalar blocks whose every scalar has Grapheme_Cluster_Break Other
    (bit `b & 63` of word `b >> 6` for block `b`), as Swift lines: generated, so that reading it
    is a load from a constant (a table computed at launch costs an initialisation check a read)."""
    words = [0] * ((MAX // 256 + 63) // 64)
    for block in range(MAX // 256):
        if all(values[c] & GCB_MASK == 0 for c in range(block * 256, block * 256 + 256)):
            words[block >> 6] |= 1 << (block & 63)
    lines = [""]
    lines.append("    /// Bit `b & 63` of word `b >> 6` is set when every scalar of the 256-scalar block `b` has")
    lines.append("    /// Grapheme_Cluster_Break Other (`GraphemePropertyCache.isInPlainBlock`).")
    lines.append("    static let plainBlockTable: [UInt64] = [")
    for row in range(0, len(words), 4):
        chunk = ", ".join(f"0x{w:016X}" for w in words[row:row + 4])
        lines.append(f"        {chunk},")
    lines.append("    ]")
    return lines


def write(out, lines):
    """Writes `lines` to `out` through a temporary file."""
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    os.replace(tmp, out)


def word_table(ucd, out):
    """Generates WordBreakProperty+Table.swift."""
    wb_path = os.path.join(ucd, "auxiliary/WordBreakProperty.txt")
    emoji_path = os.path.join(ucd, "emoji/emoji-data.txt")
    data_path = os.path.join(ucd, "UnicodeData.txt")
    version = version_of(wb_path)

    values = bytearray(MAX)
    for first, last, name in ranges(wb_path):
        if name not in WB_VALUES:
            raise SystemExit(f"unknown Word_Break value {name}")
        code = WB_VALUES.index(name)
        for c in range(first, last + 1):
            if values[c] & 0x1F:
                raise SystemExit(f"U+{c:04X} has two Word_Break values")
            values[c] = (values[c] & ~0x1F) | code
    for first, last, _ in ranges(emoji_path, "Extended_Pictographic"):
        for c in range(first, last + 1):
            values[c] |= EXT_PICT
    for c, cat in general_categories(data_path).items():
        if (values[c] & 0x1F) == 0 and cat[0] in "LN":
            values[c] |= LETTER_OTHER

    packed = pack(values)
    header = [
        f"// version {version} (auxiliary/WordBreakProperty.txt, emoji/emoji-data.txt, UnicodeData.txt).",
        "// Each byte: bits 0-4 Word_Break (WordBreakProperty raw value), bit 5 Extended_Pictographic,",
        "// bit 6 a letter or number whose Word_Break is Other. Rerun the script to update.",
    ]
    write(out, table_lines("WordBreakProperty", version, header, values, packed))
    print(f"wrote {out}: Unicode {version}, {len(packed)} ranges")
    return version


def grapheme_table(ucd, out):
    """Generates GraphemeBreakProperty+Table.swift."""
    gb_path = os.path.join(ucd, "auxiliary/GraphemeBreakProperty.txt")
    emoji_path = os.path.join(ucd, "emoji/emoji-data.txt")
    derived_path = os.path.join(ucd, "DerivedCoreProperties.txt")
    version = version_of(gb_path)
    # Indic_Conjunct_Break (rule GB9c) exists from Unicode 15.1; the rules implemented in
    # GraphemeBreaker are those of 15.0, so refuse newer data instead of silently ignoring it.
    with open(derived_path, encoding="utf-8") as f:
        if "InCB" in f.read():
            raise SystemExit(f"{derived_path} defines Indic_Conjunct_Break (Unicode 15.1+): "
                             "GraphemeBreaker implements the Unicode 15.0 rules without GB9c; extend both")

    values = bytearray(MAX)
    for first, last, name in ranges(gb_path):
        if name not in GCB_VALUES:
            raise SystemExit(f"unknown Grapheme_Cluster_Break value {name}")
        code = GCB_VALUES.index(name)
        for c in range(first, last + 1):
            if values[c] & GCB_MASK:
                raise SystemExit(f"U+{c:04X} has two Grapheme_Cluster_Break values")
            values[c] = code
    for first, last, _ in ranges(emoji_path, "Extended_Pictographic"):
        for c in range(first, last + 1):
            values[c] |= GCB_EXT_PICT

    packed = pack(values)
    header = [
        f"// version {version} (auxiliary/GraphemeBreakProperty.txt, emoji/emoji-data.txt).",
        "// Each byte: bits 0-3 Grapheme_Cluster_Break (GraphemeBreakProperty raw value),",
        "// bit 4 Extended_Pictographic. Rerun the script to update.",
    ]
    write(out, table_lines("GraphemeBreakProperty", version, header, values, packed, plain_block_lines(values)))
    print(f"wrote {out}: Unicode {version}, {len(packed)} ranges")
    return version


def indic_table(ucd, out):
    """Generates IndicSyllabicCategory+Table.swift: the scalars whose category is not Other."""
    path = os.path.join(ucd, "IndicSyllabicCategory.txt")
    version = version_of(path)
    member = bytearray(MAX)
    for first, last, name in ranges(path):
        if name == "Other":
            continue
        for c in range(first, last + 1):
            member[c] = 1
    pairs = []
    c = 0
    while c < MAX:
        if member[c]:
            start = c
            while c + 1 < MAX and member[c + 1]:
                c += 1
            pairs.append((start, c))
        c += 1
    lines = [
        "// GENERATED FILE - DO NOT EDIT BY HAND.",
        "// Generated by scripts/gen-unicode-tables.py from the Unicode Character Database",
        f"// version {version} (IndicSyllabicCategory.txt). Rerun the script to update.",
        "",
        "extension IndicSyllabicCategory {",
        "    /// The Unicode version the table was generated from.",
        f"    static let tableUnicodeVersion = \"{version}\"",
        "",
        f"    /// The {len(pairs)} ranges of scalars whose Indic_Syllabic_Category is not Other, as",
        "    /// `first, last` pairs of scalar values, sorted.",
        "    static let rangeTable: [UInt32] = [",
    ]
    flat = [v for pair in pairs for v in pair]
    for row in range(0, len(flat), 8):
        chunk = ", ".join(f"0x{v:05X}" for v in flat[row:row + 8])
        lines.append(f"        {chunk},")
    lines.append("    ]")
    lines.append("}")
    lines.append("")
    write(out, lines)
    print(f"wrote {out}: Unicode {version}, {len(pairs)} ranges")
    return version


def decomposition_table(ucd, out):
    """Generates CanonicalDecomposition+Table.swift: full canonical decompositions."""
    path = os.path.join(ucd, "UnicodeData.txt")
    direct = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split(";")
            mapping = fields[5]
            if not mapping or mapping.startswith("<"):
                continue
            direct[int(fields[0], 16)] = [int(x, 16) for x in mapping.split()]

    def full(c):
        if c not in direct:
            return [c]
        return [d for part in direct[c] for d in full(part)]

    keys = sorted(direct)
    starts = [0]
    flat = []
    for c in keys:
        flat.extend(full(c))
        starts.append(len(flat))
    version = version_of(os.path.join(ucd, "DerivedCoreProperties.txt"))

    def rows(values, width, per_row):
        for row in range(0, len(values), per_row):
            yield "        " + ", ".join(f"0x{v:0{width}X}" for v in values[row:row + per_row]) + ","

    lines = [
        "// GENERATED FILE - DO NOT EDIT BY HAND.",
        "// Generated by scripts/gen-unicode-tables.py from the Unicode Character Database",
        f"// version {version} (UnicodeData.txt, canonical Decomposition_Mapping, applied recursively).",
        "// Rerun the script to update.",
        "",
        "extension CanonicalDecomposition {",
        f"    /// The {len(keys)} scalars with a canonical decomposition (Hangul syllables excepted), sorted.",
        "    static let keys: [UInt32] = [",
        *rows(keys, 5, 8),
        "    ]",
        "",
        "    /// Where each key's full decomposition starts in `scalars`; one more entry than `keys`.",
        "    static let starts: [UInt16] = [",
        *rows(starts, 4, 12),
        "    ]",
        "",
        "    /// The full decompositions, one after another.",
        "    static let scalars: [UInt32] = [",
        *rows(flat, 5, 8),
        "    ]",
        "}",
        "",
    ]
    write(out, lines)
    print(f"wrote {out}: Unicode {version}, {len(keys)} decompositions")


def width_table(ucd, out):
    """Generates TerminalWidth+Table.swift: terminal columns per scalar for `caret edit`."""
    eaw_path = os.path.join(ucd, "EastAsianWidth.txt")
    emoji_path = os.path.join(ucd, "emoji/emoji-data.txt")
    data_path = os.path.join(ucd, "UnicodeData.txt")
    version = version_of(eaw_path)
    values = bytearray([1]) * MAX
    # Unassigned code points of the CJK blocks are W by default (EastAsianWidth.txt's header).
    for first, last in [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),
                        (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]:
        for c in range(first, last + 1):
            values[c] = 2
    for first, last, name in ranges(eaw_path):
        for c in range(first, last + 1):
            values[c] = 2 if name in ("W", "F") else 1
    for first, last, _ in ranges(emoji_path, "Emoji_Presentation"):
        for c in range(first, last + 1):
            values[c] = 2
    for c, cat in general_categories(data_path).items():
        if cat in ("Mn", "Me", "Cf"):
            values[c] = 0
    for first, last in [(0x1160, 0x11FF), (0xD7B0, 0xD7FF)]:
        for c in range(first, last + 1):
            values[c] = 0
    for first, last, _ in ranges(emoji_path, "Emoji"):
        for c in range(first, last + 1):
            if values[c] == 1:
                values[c] |= 0x04
    packed = pack(values)
    header = [
        f"// version {version} (EastAsianWidth.txt, emoji/emoji-data.txt, UnicodeData.txt).",
        "// Each byte: bits 0-1 the columns a scalar takes in a terminal (0, 1 or 2), bit 2 Emoji",
        "// shown as text by default (U+FE0F makes it 2 columns). Rerun the script to update.",
    ]
    write(out, table_lines("TerminalWidth", version, header, values, packed))
    print(f"wrote {out}: Unicode {version}, {len(packed)} ranges")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "Sources/CaretCore/Segmentation")
    word_table(ucd, os.path.join(out_dir, "WordBreakProperty+Table.swift"))
    grapheme_table(ucd, os.path.join(out_dir, "GraphemeBreakProperty+Table.swift"))
    indic_table(ucd, os.path.join(out_dir, "IndicSyllabicCategory+Table.swift"))
    decomposition_table(ucd, os.path.join(out_dir, "CanonicalDecomposition+Table.swift"))
    edit_dir = sys.argv[3] if len(sys.argv) > 3 else os.path.join(root, "Sources/CaretCLI/Edit")
    width_table(ucd, os.path.join(edit_dir, "TerminalWidth+Table.swift"))


if __name__ == "__main__":
    main()
