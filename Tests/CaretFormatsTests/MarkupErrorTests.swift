import CaretCore
import Testing
@testable import CaretFormats

@Suite struct MarkupErrorTests {
    func error(_ markup: String) -> String {
        do {
            _ = try Markup.parse(markup)
            return "no error"
        } catch {
            return error.description
        }
    }

    /// NaN equals nothing, so a run holding it could never equal its own re-parse: refused with
    /// its location. -0 is stored as 0, so the printed form never depends on which came first.
    @Test func notANumberIsRefusedAndNegativeZeroIsZero() throws {
        #expect(error("é {weight=nan:x}") == "1:11: attribute 'weight': NaN is not a value")
        let zero = try Markup.parse("{weight=-0:a}{weight=0:b}")
        #expect(zero.text.runs.count == 1)
        #expect(Markup.print(zero) == "{weight=0:ab}")
        let infinite = try Markup.parse("{weight=inf:a}")
        #expect(try Markup.parse(Markup.print(infinite)) == infinite)
    }

    /// A value that does not fit its key is quoted in at most 64 bytes, however long it is (the
    /// markup fuzzer found a 4 KB value echoed whole).
    @Test func aLongBadValueIsQuotedShort() {
        let long = String(repeating: "bullé", count: 1000)
        let message = error("{listStyle=\"\(long)\":x}")
        #expect(message.hasPrefix("1:12: attribute 'listStyle': expected one of bullet, ordered, got bull"))
        #expect(message.hasSuffix("…"))
        #expect(message.utf8.count < 200)
        #expect(error("{underline=\"\(long)\":x}").utf8.count < 300)
        #expect(error("{foregroundColor=\"\(long)\":x}").utf8.count < 200)
    }

    @Test func unclosedRun() {
        #expect(error("ab\n c{bold:xy") == "2:3: expected '}' to close this run before the end of the markup")
    }

    @Test func nestedRun() {
        #expect(error("{bold:a{italic:b}}") == "1:8: expected '}' to close the run opened at 1:1 (runs do not nest); a literal brace is written \\{")
    }

    @Test func strayClosingBrace() {
        #expect(error("a}") == "1:2: expected text; a '}' outside a run is written \\}")
    }

    @Test func unknownEscape() {
        #expect(error("a\\nb") == "1:2: expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}, found 'n'")
        #expect(error("a\\") == "1:2: expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}")
    }

    @Test func badScalarEscape() {
        #expect(error("\\u41") == "1:3: expected '{' after \\u, as in \\u{7F}")
        #expect(error("\\u{}") == "1:4: expected hex digits and '}' in \\u{...}")
        #expect(error("\\u{D800}") == "1:1: expected a Unicode scalar value in \\u{...}, D800 is not one")
        #expect(error("\\u{110000}") == "1:1: expected a Unicode scalar value in \\u{...}, 110000 is not one")
    }

    @Test func valueThatDoesNotFitItsKey() {
        #expect(error("{fontSize=\"big\":x}") == "1:11: attribute 'fontSize': expected a number of points, got a string")
        #expect(error("{fontSize=0:x}") == "1:11: attribute 'fontSize': font size 0 is not in 0<size<=10000")
        #expect(error("{foregroundColor=#12:x}") == "1:18: attribute 'foregroundColor': expected a colour '#rrggbb' or '#rrggbbaa', got #12")
        #expect(error("{bold=3:x}") == "1:7: attribute 'bold': expected a boolean, got a number")
    }

    @Test func badValueSyntax() {
        #expect(error("{x=yes:t}") == "1:4: expected a value: a number (14, 12.5, -3), true, false, a colour #rrggbb or #rrggbbaa, or a \"quoted string\"")
        #expect(error("{x=\"abc:t}") == "1:4: expected '\"' to close this quoted string")
        #expect(error("{x=\"a\\qc\":t}") == "1:6: expected an escape in a quoted string: \\\" \\\\ or \\u{hex}, found '\\q'")
    }

    @Test func badHeaderItems() {
        #expect(error("{fontSize:x}") == "1:10: expected '=' and a value after 'fontSize'")
        #expect(error("{foo:x}") == "1:2: expected a trait (bold italic underline strikethrough code, or b i u s) or key=value, found 'foo'")
        #expect(error("{bold") == "1:6: expected ':' to end the attributes of the run opened at 1:1")
        #expect(error("{bold,italic:x}") == "1:6: expected a space or ':' to end the attributes of the run opened at 1:1, found ','")
        #expect(error("{bold b:x}") == "1:7: expected each attribute once, 'bold' appears twice")
        #expect(error("{@:x}") == "1:2: expected an attribute (a trait, key=value, or a quoted \"key\"=value) or ':' to end the attributes of the run opened at 1:1, found '@'")
        #expect(error("{\"\"=1:x}") == "1:2: expected a non-empty attribute name")
    }

    @Test func twoHeads() {
        #expect(error("a|b|") == "1:4: expected one '|' (the head) only, one is already at 1:2; a literal bar is written \\|")
    }

    @Test func twoAnchors() {
        #expect(error("^a^|") == "1:3: expected one '^' (the anchor) only, one is already at 1:1; a literal caret is written \\^")
    }

    @Test func anchorWithoutHead() {
        #expect(error("ab\n^c") == "2:1: expected a '|' (the head) to go with this '^' (the anchor); a literal caret is written \\^")
    }

    @Test func unclosedTypingAttributes() {
        #expect(error("a|<bold") == "1:8: expected '>' to end the typing attributes opened at 1:3")
    }

    @Test func markersInBareText() {
        do {
            _ = try Markup.parseText("ab|")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "1:3: expected text without selection markers; a literal bar is written \\|")
        }
    }

    @Test func columnsCountUnicodeScalars() {
        #expect(error("😀e\u{301}}") == "1:4: expected text; a '}' outside a run is written \\}")
    }
}
