import CaretCore
import Testing
@testable import CaretFormats

@Suite struct RTFWriterTests {
    /// The RTF of `markup` without the header line, and the losses as `what@offset`.
    func written(_ markup: String) throws -> (body: String, losses: [String]) {
        let (rtf, losses) = RTF.print(try Markup.parse(markup))
        let body = rtf.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("\\pard") }.joined(separator: "\n")
        return (body, losses.map { "\($0.what)@\($0.offset)" })
    }

    @Test func wholeDocument() throws {
        let (rtf, losses) = RTF.print(try Markup.parse(#"Hi {bold:there}"#))
        #expect(rtf == "{\\rtf1\\ansi\\ansicpg1252\\uc1\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}}\n\\pard Hi {\\b there}\n}\n")
        #expect(losses.isEmpty)
        #expect(RTF.print(DocumentState(text: AttributedText())).0 == "{\\rtf1\\ansi\\ansicpg1252\\uc1\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}}\n}\n")
    }

    @Test func escapesAndUnicode() throws {
        let escaped = try written("a\\\\b\\{c\\}d\tx é😀\u{2028}1\u{1}").body
        #expect(escaped == #"\pard a\\b\{c\}d\tab x \u233?\u-10179?\u-8704?\line 1\u1?"#)
        // A control word is delimited from text that would extend it.
        let delimited = try written("{bold:1}{italic: -x}").body
        #expect(delimited == #"\pard{\b 1}{\i  -x}"#)
    }

    @Test func paragraphsAndTheirProperties() throws {
        #expect(try written("{heading=2:T\n}{alignment=\"center\":c\n}{alignment=\"justified\":j}").body
            == "\\pard\\s2\\outlinelevel1 T\\par\n\\pard\\qc c\\par\n\\pard\\qj j")
        #expect(try written("{blockQuote=true:q\n}{codeBlock=true:c\n}").body == "\\pard\\s7\\li720 q\\par\n\\pard\\s8 c\\par")
    }

    @Test func listsWithOrdinals() throws {
        let markup = "{listStyle=\"ordered\" listLevel=1:a\nb\n}{listStyle=\"bullet\" listLevel=2:c\n}{listStyle=\"ordered\" listLevel=1:d\n}e\n{listStyle=\"ordered\" listLevel=1:f}"
        #expect(try written(markup).body == [
            #"\pard\ls2\ilvl0\li720\fi-360{\listtext 1.\tab}a\par"#,
            #"\pard\ls2\ilvl0\li720\fi-360{\listtext 2.\tab}b\par"#,
            #"\pard\ls1\ilvl1\li1440\fi-360{\listtext \u8226?\tab}c\par"#,
            #"\pard\ls2\ilvl0\li720\fi-360{\listtext 3.\tab}d\par"#,
            #"\pard e\par"#,
            #"\pard\ls2\ilvl0\li720\fi-360{\listtext 1.\tab}f"#,
        ].joined(separator: "\n"))
    }

    @Test func charactersFontsColoursAndLinks() throws {
        let (rtf, losses) = RTF.print(try Markup.parse(#"{code:c}{fontFamily="Georgia" fontSize=13 foregroundColor=#ff0000 backgroundColor=#00ff00:g}{link="http://a/\"q\"" underline:l}"#))
        #expect(rtf.contains(#"{\fonttbl{\f0\fswiss Helvetica;}{\f1\fmodern Courier New;}{\f2\fnil Georgia;}}{\colortbl;\red255\green0\blue0;\red0\green255\blue0;}"#))
        #expect(rtf.contains(#"\pard{\f1 c}{\fs26\f2\cf1\cb2\chcbpat2 g}{\field{\*\fldinst{HYPERLINK "http://a/\\"q\\""}}{\fldrslt{\ul l}}}"#))
        #expect(losses.isEmpty)
    }

    @Test func lossesNameTheAttributeAndOffset() throws {
        #expect(try written(#"ab{x=1:c}{fontSize=12.3:d}{foregroundColor=#11223344:e}{code fontFamily="Georgia":f}{fontFamily="Menlo":g}"#).losses
            == ["x@2", "fontSize@3", "foregroundColor@4", "fontFamily@5"])
        #expect(try written("a\n{alignment=\"left\" listStyle=\"bullet\" listLevel=12:b}").losses == ["alignment@2", "listLevel@2"])
        #expect(try written("{blockQuote=true codeBlock=true:q}").losses == ["codeBlock@0"])
        #expect(try written(#"{fontFamily="Georgia-Bold":q}"#).losses == ["fontFamily@0"])
    }

    @Test func outputIsDeterministic() throws {
        let state = try Markup.parse(#"{fontFamily="B":b}{fontFamily="A":a}{foregroundColor=#000002:x}{foregroundColor=#000001:y}"#)
        #expect(RTF.print(state).0 == RTF.print(state).0)
        // Fonts and colours are numbered in order of first use.
        #expect(RTF.print(state).0.contains(#"{\f1\fnil B;}{\f2\fnil A;}"#))
    }
}
