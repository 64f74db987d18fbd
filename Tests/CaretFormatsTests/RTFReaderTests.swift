import CaretCore
import Testing
@testable import CaretFormats

/// Reads `body` under a small header (fonts 0 Times, 1 Courier, 2 Georgia; colours 1 red,
/// 2 blue) and gives its markup.
func rtfMarkup(_ body: String) throws -> String {
    let header = #"{\rtf1\ansi\deff0{\fonttbl{\f0\froman Times;}{\f1\fmodern Courier;}{\f2\fnil Georgia;}}{\colortbl;\red255\green0\blue0;\red0\green0\blue255;}"#
    return Markup.print(try RTF.parse(header + body + "}").0)
}

/// The losses of reading `rtf`, as `what@offset`.
func rtfLosses(_ rtf: String) throws -> [String] {
    try RTF.parse(rtf).1.map { "\($0.what)@\($0.offset)" }
}

@Suite struct RTFReaderCharacterTests {
    @Test func traitsOnAndOff() throws {
        #expect(try rtfMarkup(#"a\b b\b0 c\i i\i0\ul u\ulnone\strike s\strike0 e"#) == "a{bold:b}c{italic:i}{underline:u}{strikethrough:s}e")
        #expect(try rtfMarkup(#"\ul u\ul0 x\strike s\striked0 y"#) == "{underline:u}x{strikethrough:s}y")
    }

    @Test func underlineVariantsAreUnderlineWithALoss() throws {
        #expect(try rtfMarkup(#"\uldb d\ulnone  \ulw w\ul0 x"#) == "{underline=\"double\":d} {underline=\"single byWord\":w}x")
        #expect(try rtfLosses(#"{\rtf1 a\ulwave b}"#) == ["underlineStyle@1"])
    }

    @Test func groupsRestoreFormatting() throws {
        #expect(try rtfMarkup(#"{\b bold {\i both} bold} plain"#) == "{bold:bold }{bold italic:both}{bold: bold} plain")
    }

    @Test func plainResetsCharacterFormatting() throws {
        #expect(try rtfMarkup(#"\b\i\fs30 x\plain y"#) == "{bold italic fontSize=15:x}y")
    }

    @Test func fontSizeIsInHalfPoints() throws {
        #expect(try rtfMarkup(#"\fs24 a\fs25 b"#) == "{fontSize=12:a}{fontSize=12.5:b}")
    }

    @Test func fontsMapToFamiliesAndMonospaceToCode() throws {
        // f0 is the default font: no family. f1 is \fmodern: code. f2 a family.
        #expect(try rtfMarkup(#"\f0 a\f1 b\f2 c\f0 d"#) == #"a{code:b}{fontFamily="Georgia":c}d"#)
        let named = #"{\rtf1{\fonttbl{\f0 Arial;}{\f1 Menlo;}{\f2\fprq1 Fixie;}{\f3 Consolas;}}\f1 m\f2 p\f3 c\f9 x}"#
        #expect(Markup.print(try RTF.parse(named).0) == "{code:mpc}x")
        #expect(try rtfLosses(named) == ["fontFamily@3"])
    }

    @Test func fontNamesLoseLiteralWhiteSpaceAroundThemAndKeepEscapedWhiteSpace() throws {
        let rtf = #"{\rtf1{\fonttbl{\f0 Arial;}{\f1   Georgia \u9?x ;}{\f2 \u32?Pad\'09\u32?  ;}}\f1 a\f2 b}"#
        #expect(Markup.print(try RTF.parse(rtf).0) == "{fontFamily=\"Georgia \tx\":a}{fontFamily=\" Pad\t \":b}")
    }

    @Test func familiesWithWhiteSpaceAtTheirEndsRoundTripWithoutLoss() throws {
        let document = try Markup.parse(#"{fontFamily="  Pad\u{9} ":a}{fontFamily="\u{9}Tab":b}"#)
        let (rtf, losses) = RTF.print(document)
        #expect(losses.isEmpty)
        #expect(Markup.print(try RTF.parse(rtf).0) == Markup.print(document))
    }

    @Test func postScriptFacesAreFamilies() throws {
        let rtf = #"{\rtf1{\fonttbl\f0\fswiss Helvetica;\f1\fswiss Helvetica-Bold;\f2\froman Georgia-Italic;\f3\fmodern Menlo-Regular;}\f1\b b\f2\b0\i i\f3\i0 c}"#
        #expect(Markup.print(try RTF.parse(rtf).0) == #"{bold:b}{italic fontFamily="Georgia":i}{code:c}"#)
    }

    @Test func colourTable() throws {
        #expect(try rtfMarkup(#"\cf1 r\cf0 a\cb2 b\cb0\highlight1 h\highlight0\chcbpat2 c"#)
            == "{foregroundColor=#ff0000:r}a{backgroundColor=#0000ff:b}{backgroundColor=#ff0000:h}{backgroundColor=#0000ff:c}")
        #expect(try rtfLosses(#"{\rtf1{\colortbl;\red1\green2\blue3;}\cf7 x}"#) == ["foregroundColor@0"])
    }

    @Test func cocoaHeaderReads() throws {
        let rtf = #"{\rtf1\ansi\ansicpg1252\cocoartf2639 \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;}{\colortbl;\red255\green255\blue255;}{\*\expandedcolortbl;;}\paperw11900\paperh16840\margl1440\margr1440\vieww11520\viewh8400\viewkind0 \pard\tx560\tx1120\tx1680\pardirnatural\partightenfactor0 \f0\fs24 \cf0 Hello}"#
        let (state, losses) = try RTF.parse(rtf)
        #expect(Markup.print(state) == "{fontSize=12:Hello}")
        #expect(losses.isEmpty)
    }
}

@Suite struct RTFReaderUnicodeTests {
    @Test func unicodeWithFallbacks() throws {
        #expect(try rtfMarkup(#"\u233?t\uc2\u8364 EUx\uc0\u8226 y"#) == "ét€x•y")
        // The fallback is a \'hh escape or a control word: each counts as one character.
        #expect(try rtfMarkup(#"\uc1\u233\'e9x\u8212\emdash y"#) == "éx—y")
        // A group ends the fallback early.
        #expect(try rtfMarkup(#"\uc3\u233{\b b}c"#) == "é{bold:b}c")
    }

    @Test func surrogatePairsFromNegativeValues() throws {
        #expect(try rtfMarkup(#"\u-10179?\u-8704?!"#) == "😀!")
        let state = try RTF.parse(#"{\rtf1 a\u-10179?\u-8704?\u55349?\u56632?e\u769?}"#).0
        #expect(state.text.string == "a😀𝔸e\u{301}")
        #expect(state.text.utf16Count == 7)
    }

    @Test func lossOffsetsCountUTF16() throws {
        #expect(try rtfLosses("{\\rtf1 😀e\u{301}{\\pict x}b}") == ["picture@4"])
        #expect(try rtfLosses(#"{\rtf1 \u-10179?\u-8704?\par a{\footnote n}}"#) == ["footnote@4"])
        #expect(try rtfLosses(#"{\rtf1{\fonttbl{\f0\fcharset128 MS Mincho;}}x}"#) == ["codePage@0"])
    }

    @Test func loneSurrogateIsAReplacementWithALoss() throws {
        #expect(try rtfMarkup(#"\u-10179?x"#) == "\u{FFFD}x")
        #expect(try rtfLosses(#"{\rtf1 ab\u-10179?x}"#) == ["surrogate@2"])
    }

    @Test func hexInCodePages() throws {
        #expect(try rtfMarkup(#"\'80\'93q\'94\'e9\'ff"#) == "€“q”éÿ")
        #expect(Markup.print(try RTF.parse(#"{\rtf1\mac \'8e\'a5\'db}"#).0) == "é•€")
        #expect(Markup.print(try RTF.parse(#"{\rtf1\ansi\ansicpg10000 \'8e}"#).0) == "é")
        #expect(try rtfLosses(#"{\rtf1\ansi\ansicpg1251 \'e9}"#) == ["codePage@0"])
    }

    @Test func specialCharacters() throws {
        #expect(try rtfMarkup(#"a\tab b\line c\~d\-e\_f\emdash\endash\lquote\rquote\ldblquote\rdblquote\bullet\{\}\\"#)
            == "a\tb\u{2028}c\u{A0}d\u{AD}e\u{2011}f—–‘’“”•\\{\\}\\\\")
    }

    @Test func sourceLineBreaksAreIgnoredButEscapedOnesArePars() throws {
        #expect(try rtfMarkup("a\nb\r\nc\\\nd") == "abc\nd")
    }

    @Test func utf8TextPassesThrough() throws {
        #expect(try rtfMarkup("caf\u{E9} 😀") == "café 😀")
    }
}

@Suite struct RTFReaderParagraphTests {
    @Test func parAndAlignment() throws {
        #expect(try rtfMarkup(#"\pard\qc a\par\pard\qr b\par\qj c\par\ql d\par e"#)
            == "{alignment=\"center\":a\n}{alignment=\"right\":b\n}{alignment=\"justified\":c\n}d\ne")
    }

    @Test func headingsFromStylesheetAndOutlineLevel() throws {
        let rtf = #"{\rtf1{\stylesheet{\s0 Normal;}{\s1\sbasedon0 heading 1;}{\s2 Heading 2;}{\s3\outlinelevel2 Title Three;}{\*\cs10 Default Paragraph Font;}}"#
            + #"\pard\s1 A\par\pard\s2 B\par\pard\s3 C\par\pard\outlinelevel3 D\par\pard E}"#
        #expect(Markup.print(try RTF.parse(rtf).0) == "{heading=1:A\n}{heading=2:B\n}{heading=3:C\n}{heading=4:D\n}E")
    }

    @Test func quoteAndCodeStyles() throws {
        let rtf = #"{\rtf1{\stylesheet{\s7 Quote;}{\s8 Source Code;}}\pard\s7 q\par\pard\s8 c\par}"#
        #expect(Markup.print(try RTF.parse(rtf).0) == "{blockQuote=true:q\n}{codeBlock=true:c\n}")
    }

    @Test func wordListsWithListTable() throws {
        let rtf = #"{\rtf1{\*\listtable{\list\listtemplateid1{\listlevel\levelnfc23{\leveltext\'01\u8226 ?;}{\levelnumbers;}}{\listlevel\levelnfc0{\leveltext\'02\'01.;}{\levelnumbers\'01;}}\listid7}}{\*\listoverridetable{\listoverride\listid7\listoverridecount0\ls1}}"#
            + #"\pard\ls1\ilvl0\li720\fi-360{\listtext\pard\plain\f3 \'b7\tab}a\par\pard\ls1\ilvl1{\listtext 1.\tab}b\par\pard c}"#
        #expect(Markup.print(try RTF.parse(rtf).0) == "{listLevel=1 listStyle=\"bullet\":a\n}{listLevel=2 listStyle=\"ordered\":b\n}c".replacing("listLevel=1 listStyle=\"bullet\"", with: "listStyle=\"bullet\" listLevel=1").replacing("listLevel=2 listStyle=\"ordered\"", with: "listStyle=\"ordered\" listLevel=2"))
    }

    @Test func listsWithoutTableGuessFromListText() throws {
        #expect(try rtfMarkup(#"\pard\ls3{\listtext 1.\tab}a\par\pard\ls4{\listtext \u8226 ?\tab}b\par"#)
            == "{listStyle=\"ordered\" listLevel=1:a\n}{listStyle=\"bullet\" listLevel=1:b\n}")
    }

    @Test func pnLists() throws {
        #expect(try rtfMarkup(#"{\pntext\f1\'B7\tab}{\*\pn\pnlvlblt\pnf1\pnindent0{\pntxtb\'B7}}a\par\pard{\pntext 1.\tab}{\*\pn\pnlvlbody\pndec{\pntxta.}}b\par\pard c"#)
            == "{listStyle=\"bullet\" listLevel=1:a\n}{listStyle=\"ordered\" listLevel=1:b\n}c")
    }

    @Test func listMarkersWrittenAsText() throws {
        #expect(try rtfMarkup(#"{\pard \li360\fi-360 \bullet \tx360\tab a\par}{\pard \li720\fi-360 \endash \tab b\par}{\pard \li360\fi-360 2.\tab c\par}"#)
            == "{listStyle=\"bullet\" listLevel=1:a\n}{listStyle=\"bullet\" listLevel=2:b\n}{listStyle=\"ordered\" listLevel=1:c\n}")
        // Without a hanging indent a bullet is text.
        #expect(try rtfMarkup(#"\bullet\tab a"#) == "•\ta")
    }

    @Test func cocoaLists() throws {
        let rtf = #"{\rtf1\ansi\ansicpg1252\cocoartf2639{\fonttbl\f0\fswiss\fcharset0 Helvetica;}{\colortbl;\red255\green255\blue255;}{\*\expandedcolortbl;;}{\*\listtable{\list\listtemplateid1\listhybrid{\listlevel\levelnfc23\levelnfcn23\leveljc0\leveljcn0\levelfollow0\levelstartat1\levelspace360\levelindent0{\*\levelmarker \{disc\}}{\leveltext\leveltemplateid1\'01\uc0\u8226 ;}{\levelnumbers;}\fi-360\li720\lin720 }{\listname ;}\listid1}}{\*\listoverridetable{\listoverride\listid1\listoverridecount0\ls1}}"#
            + "\n" + #"\pard\tx220\tx720\pardeftab720\li720\fi-720\pardirnatural\partightenfactor0\ls1\ilvl0\cf0 {\listtext\#t\uc0\u8226 \#t}one\"# + "\n" + #"{\listtext\#t\uc0\u8226 \#t}two\"# + "\n" + #"\pard\pardirnatural after}"#
        #expect(Markup.print(try RTF.parse(rtf).0) == "{listStyle=\"bullet\" listLevel=1:one\ntwo\n}after")
    }
}

@Suite struct RTFReaderDestinationTests {
    @Test func hyperlinkFields() throws {
        #expect(try rtfMarkup(#"see {\field{\*\fldinst{HYPERLINK "https://a.b/c"}}{\fldrslt{\ul link}}} now"#)
            == "see {underline link=\"https://a.b/c\":link} now")
        #expect(try rtfMarkup(#"{\field{\*\fldinst HYPERLINK \\l "sec" \\o "tip"}{\fldrslt x}}"#) == "{link=\"#sec\":x}")
        // Other fields give their result text.
        #expect(try rtfMarkup(#"{\field{\*\fldinst PAGE}{\fldrslt 3}}"#) == "3")
    }

    @Test func unknownStarredDestinationsAreSkipped() throws {
        #expect(try rtfMarkup(#"a{\*\generator Word;}{\*\foo bar}b"#) == "ab")
        #expect(try rtfLosses(#"{\rtf1 a{\*\foo bar}b}"#) == ["destination \\foo@1"])
        // Unknown words that are not destinations are ignored, their text kept.
        #expect(try rtfMarkup(#"{\foo bar}"#) == "bar")
    }

    @Test func skippedDestinationsKeepTextAroundThem() throws {
        let rtf = #"{\rtf1{\info{\title T}{\author A}}{\header hh}a{\pict\pngblip\picw10 0a0b\bin3 {}x}b{\footnote note}c}"#
        let (state, losses) = try RTF.parse(rtf)
        #expect(Markup.print(state) == "abc")
        #expect(losses.map { "\($0.what)@\($0.offset)" } == ["header@0", "picture@1", "footnote@2"])
    }

    @Test func tablesAreTabSeparatedWithALoss() throws {
        let rtf = #"{\rtf1\trowd\cellx100\cellx200\intbl a\cell b\cell\row c}"#
        let (state, losses) = try RTF.parse(rtf)
        #expect(Markup.print(state) == "a\tb\t\nc")
        #expect(losses.map(\.what) == ["table"])
    }
}
