/// The control words the RTF reader acts on; every other word is ignored, as RTF prescribes.
enum RTFWord: UInt8 {
    // Header.
    case rtf, ansi, mac, pc, pca, ansicpg, deff, uc, u, bin
    // Destinations Caret reads.
    case fonttbl, colortbl, stylesheet, listtable, listoverridetable, field, fldinst, fldrslt, pn
    case list, listlevel, listoverride
    // Destinations whose text is not document text: skipped without a loss.
    case skipQuietly
    // Destinations whose text is document text Caret cannot place: skipped with a loss.
    case pict, object, footnote, annotation, header, shppict, listtext, pntext
    // Tables.
    case f, fcharset, fnil, froman, fswiss, fmodern, fscript, fdecor, ftech, fbidi, fprq, red, green, blue, ctint, cshade
    case s, cs, ds, ts, outlinelevel, levelnfc, listid, ls, ilvl
    case pnlvlblt, pnlvlbody, pnlvlcont, pnlvl
    // Character formatting.
    case b, i, ul, ulnone, ulOther, strike, striked, fs, cf, cb, highlight, chcbpat, plain
    // Paragraphs and special characters.
    case par, pard, ql, qc, qr, qj, li, fi, intbl, cell, row, nestcell, nestrow, sect, page, column
    case line, tab, emdash, endash, lquote, rquote, ldblquote, rdblquote, bullet, emspace, enspace, qmspace
    case zwj, zwnj, ltrmark, rtlmark

    /// Every word by name.
    static let byName: [String: RTFWord] = {
        var table: [String: RTFWord] = [
            "rtf": .rtf, "ansi": .ansi, "mac": .mac, "pc": .pc, "pca": .pca, "ansicpg": .ansicpg,
            "deff": .deff, "uc": .uc, "u": .u, "bin": .bin,
            "fonttbl": .fonttbl, "colortbl": .colortbl, "stylesheet": .stylesheet, "listtable": .listtable,
            "listoverridetable": .listoverridetable, "field": .field, "fldinst": .fldinst, "fldrslt": .fldrslt,
            "pn": .pn, "list": .list, "listlevel": .listlevel, "listoverride": .listoverride,
            "pict": .pict, "object": .object, "footnote": .footnote, "annotation": .annotation,
            "shppict": .shppict, "listtext": .listtext, "pntext": .pntext,
            "f": .f, "fcharset": .fcharset, "fnil": .fnil, "froman": .froman, "fswiss": .fswiss, "fmodern": .fmodern,
            "fscript": .fscript, "fdecor": .fdecor, "ftech": .ftech, "fbidi": .fbidi, "fprq": .fprq,
            "red": .red, "green": .green, "blue": .blue, "ctint": .ctint, "cshade": .cshade,
            "s": .s, "cs": .cs, "ds": .ds, "ts": .ts, "outlinelevel": .outlinelevel,
            "levelnfc": .levelnfc, "levelnfcn": .levelnfc, "listid": .listid, "ls": .ls, "ilvl": .ilvl,
            "pnlvlblt": .pnlvlblt, "pnlvlbody": .pnlvlbody, "pnlvlcont": .pnlvlcont, "pnlvl": .pnlvl,
            "b": .b, "i": .i, "ul": .ul, "ulnone": .ulnone, "strike": .strike, "striked": .striked,
            "fs": .fs, "cf": .cf, "cb": .cb, "highlight": .highlight, "chcbpat": .chcbpat, "plain": .plain,
            "par": .par, "pard": .pard, "ql": .ql, "qc": .qc, "qr": .qr, "qj": .qj, "li": .li, "fi": .fi,
            "intbl": .intbl, "cell": .cell, "row": .row, "nestcell": .nestcell, "nestrow": .nestrow,
            "sect": .sect, "page": .page, "column": .column,
            "line": .line, "tab": .tab, "emdash": .emdash, "endash": .endash, "lquote": .lquote,
            "rquote": .rquote, "ldblquote": .ldblquote, "rdblquote": .rdblquote, "bullet": .bullet,
            "emspace": .emspace, "enspace": .enspace, "qmspace": .qmspace, "zwj": .zwj, "zwnj": .zwnj,
            "ltrmark": .ltrmark, "rtlmark": .rtlmark,
        ]
        for name in ["uld", "uldash", "uldashd", "uldashdd", "uldb", "ulhwave", "ulldash", "ulth", "ulthd",
                     "ulthdash", "ulthdashd", "ulthdashdd", "ulthldash", "ululdbwave", "ulw", "ulwave"] {
            table[name] = .ulOther
        }
        for name in ["header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf"] {
            table[name] = .header
        }
        // Not document text (metadata, tables of other things, alternatives of what Caret reads).
        for name in ["info", "filetbl", "revtbl", "rsidtbl", "generator", "themedata", "colorschememapping",
                     "datastore", "latentstyles", "xmlnstbl", "expandedcolortbl", "pgdsctbl", "levelmarker",
                     "panose", "falt", "fname", "defchp", "defpap", "mmathPr", "wgrffmtfilter", "bkmkstart",
                     "bkmkend", "userprops", "docvar", "ftnsep", "ftnsepc", "ftncn", "aftnsep", "aftnsepc",
                     "aftncn", "nonshppict", "leveltext", "levelnumbers", "listname", "pntxta", "pntxtb",
                     "listpicture", "fldtype", "formfield", "datafield", "xe", "tc", "txe", "private",
                     "passwordhash", "pnseclvl", "blipuid", "ownerhash"] {
            table[name] = .skipQuietly
        }
        return table
    }()
}
