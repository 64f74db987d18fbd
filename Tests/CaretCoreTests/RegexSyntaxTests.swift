import Testing
import CaretCore

/// The pattern syntax of docs/editor.md, construct by construct, and every error it gives.
@Suite struct RegexSyntaxTests {
    @Test func literalsDotAndEscapedMetacharacters() throws {
        #expect(try matched("a.c", in: "abc a-c a\nc a\rc") == ["abc", "a-c"])
        #expect(try matched("\\.", in: "a.b") == ["."])
        for metacharacter in ["\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "^", "$", "/", "-", "#", " "] {
            #expect(try matched("\\" + metacharacter, in: "x\(metacharacter)y") == [metacharacter], "\\\(metacharacter)")
        }
        #expect(try matched("]}", in: "a]}b") == ["]}"], "a lone ] or } is literal")
        #expect(try matched("\\u{41}\\u{1F600}", in: "xA😀") == ["A😀"])
        #expect(try matched("\\u{0041}", in: "A") == ["A"])
        #expect(try matched("\\n\\t\\r", in: "a\n\t\rb") == ["\n\t\r"])
        #expect(try matched("a.c", in: "a.c", regex: false) == ["a.c"], "literal queries take metacharacters literally")
        #expect(try matched("(x", in: "(x(x", regex: false) == ["(x", "(x"])
    }

    @Test func classEscapes() throws {
        let text = "a1 _\t٣é\u{2003}-"
        #expect(try matched("\\d", in: text) == ["1", "٣"], "\\d is any decimal digit")
        #expect(try matched("\\D+", in: "12ab3") == ["ab"])
        #expect(try matched("\\w+", in: text) == ["a1", "_", "٣é"])
        #expect(try matched("\\W", in: "a-b c") == ["-", " "])
        #expect(try matched("\\s", in: text) == [" ", "\t", "\u{2003}"])
        #expect(try matched("\\S+", in: "ab  c") == ["ab", "c"])
    }

    @Test func bracketedClasses() throws {
        #expect(try matched("[abc]+", in: "xabcay") == ["abca"])
        #expect(try matched("[^a-z]+", in: "abC1d") == ["C1"])
        #expect(try matched("[\\d_]+", in: "a1_2b") == ["1_2"])
        #expect(try matched("[a\\-z]+", in: "b-az") == ["-az"])
        #expect(try matched("[-a]+", in: "b-a") == ["-a"])
        #expect(try matched("[a-]+", in: "b-a") == ["-a"])
        #expect(try matched("[.*+?]+", in: "a.*+?b") == [".*+?"], "metacharacters are literal inside brackets")
        #expect(try matched("[\\]\\[]+", in: "a][b") == ["]["])
        #expect(try matched("[^\\n]+", in: "ab\ncd") == ["ab", "cd"])
        #expect(try matched("[^\\D]", in: "a1") == ["1"])
        #expect(try matched("[\\u{1F600}-\\u{1F64F}]", in: "a😀b🙏") == ["😀", "🙏"])
        #expect(try matched("[^a]", in: "😀") == ["😀"])
    }

    @Test func anchorsAreMultiline() throws {
        let text = "one two\nthree\r\nfour"
        #expect(try matched("^\\w+", in: text) == ["one", "three", "four"])
        #expect(try matched("\\w+$", in: text) == ["two", "three", "four"], "$ matches before \\n and before \\r\\n")
        #expect(try matched("\\A\\w+", in: text) == ["one"])
        #expect(try matched("\\w+\\z", in: text) == ["four"])
        #expect(try matched("^$", in: "a\n\nb") == [], "empty matches are skipped")
        #expect(try matched("^.*$", in: "ab\n\ncd") == ["ab", "cd"])
        #expect(try matched("a$", in: "a\rb") == [], "a lone \\r does not end a line")
    }

    @Test func wordBoundaries() throws {
        #expect(try matched("\\bcat\\b", in: "cat concat cat. cats") == ["cat", "cat"])
        #expect(try matched("\\Bcat", in: "cat concat") == ["cat"])
        #expect(try matchedRanges("\\Bcat", in: "cat concat") == [7..<10])
        #expect(try matched("\\bé\\w*", in: "été, lété") == ["été"])
    }

    @Test func groupsAlternationAndQuantifiers() throws {
        #expect(try matched("(ab)+", in: "abab ab") == ["abab", "ab"])
        #expect(try matched("(?:ab)+", in: "abab") == ["abab"])
        #expect(try matched("cat|dog", in: "hotdog cat") == ["dog", "cat"])
        #expect(try matched("a(b|c)d", in: "abd acd aed") == ["abd", "acd"])
        #expect(try matched("ab*", in: "a ab abbb") == ["a", "ab", "abbb"])
        #expect(try matched("ab+", in: "a ab abbb") == ["ab", "abbb"])
        #expect(try matched("ab?", in: "a ab abbb") == ["a", "ab", "ab"])
        #expect(try matched("a{3}", in: "aaaaaaa") == ["aaa", "aaa"])
        #expect(try matched("a{2,}", in: "a aa aaaaa") == ["aa", "aaaaa"])
        #expect(try matched("a{2,3}", in: "aaaaaaa") == ["aaa", "aaa"])
        #expect(try matched("a{0}b", in: "ab") == ["b"])
        #expect(try matched("(?:)", in: "ab") == [])
        #expect(try matched("()a", in: "ab") == ["a"])
        #expect(try matched("a|", in: "ba") == ["a"])
    }

    @Test func lazyQuantifiers() throws {
        #expect(try matched("a+?", in: "aaa") == ["a", "a", "a"])
        #expect(try matched("<.*?>", in: "<a><b>") == ["<a>", "<b>"])
        #expect(try matched("<.*>", in: "<a><b>") == ["<a><b>"])
        #expect(try matched("a{2,3}?", in: "aaaaaaa") == ["aa", "aa", "aa"])
        #expect(try matched("a{2,}?", in: "aaaaa") == ["aa", "aa"])
        #expect(try matched("a??b", in: "ab b") == ["ab", "b"])
        #expect(try matched("a*?b", in: "aaab") == ["aaab"], "leftmost first, then lazy")
        #expect(try matched("a*?", in: "aaa") == [], "a lazy star prefers the empty match, which is skipped")
    }

    @Test func structureErrors() {
        #expect(patternError("", regex: true) == "empty pattern")
        #expect(patternError("", regex: false) == "empty pattern")
        #expect(patternError("(a") == "missing ')' for the group opened at position 0")
        #expect(patternError("a(b(c)") == "missing ')' for the group opened at position 1")
        #expect(patternError("a)") == "unmatched ')' at position 1")
        #expect(patternError(String(repeating: "(", count: 201) + "a" + String(repeating: ")", count: 201))
                == "groups nested more than 200 deep at position 200")
        #expect(patternError(String(repeating: "(", count: 200) + "a" + String(repeating: ")", count: 200)) == nil)
        #expect(patternError("a\\") == "the pattern ends with a lone '\\' at position 1")
    }

    @Test func quantifierErrors() {
        #expect(patternError("*a") == "'*' has nothing to repeat at position 0")
        #expect(patternError("a|+") == "'+' has nothing to repeat at position 2")
        #expect(patternError("(?a)") != nil)
        #expect(patternError("(?")  == "incomplete group '(?' at position 0")
        #expect(patternError("(?:?)") == "'?' has nothing to repeat at position 3")
        #expect(patternError("{2}") == "'{' has nothing to repeat (write \\{ for a literal brace) at position 0")
        let brace = "'{' does not start a repetition {n}, {n,} or {n,m} (write \\{ for a literal brace)"
        #expect(patternError("a{") == "\(brace) at position 1")
        #expect(patternError("a{2") == "\(brace) at position 1")
        #expect(patternError("a{x}") == "\(brace) at position 1")
        #expect(patternError("a{2,x}") == "\(brace) at position 1")
        #expect(patternError("a{ 2}") == "\(brace) at position 1")
        #expect(patternError("a{,3}") == "repetition '{,m}' is not supported (write {0,m}) at position 1")
        #expect(patternError("a{1001}") == "repetition count 1001 is over the limit of 1000 at position 1")
        #expect(patternError("a{2,99999999999}") == "repetition count 99999999999 is over the limit of 1000 at position 1")
        #expect(patternError("a{1000}") == nil)
        #expect(patternError("a{3,2}") == "repetition {3,2} has a minimum above its maximum at position 1")
        #expect(patternError("a**") == "'*' follows another quantifier (put the repeated part in a group) at position 2")
        #expect(patternError("a???") == "'?' follows another quantifier (put the repeated part in a group) at position 3")
        #expect(patternError("a{2}{3}") == "'{' follows another quantifier (put the repeated part in a group) at position 4")
        #expect(patternError("a*+") == "possessive quantifier '*+' is not supported at position 1")
        #expect(patternError("a{2,3}+") == "possessive quantifier '{2,3}+' is not supported at position 1")
        #expect(patternError("^*") == "'*' cannot repeat an assertion at position 1")
        #expect(patternError("a\\b+") == "'+' cannot repeat an assertion at position 3")
    }

    @Test func unsupportedEscapes() {
        #expect(patternError("(a)\\1") == "backreference '\\1' is not supported at position 3")
        #expect(patternError("\\9") == "backreference '\\9' is not supported at position 0")
        #expect(patternError("\\k<n>") == "backreference '\\k' is not supported at position 0")
        #expect(patternError("\\g1") == "backreference '\\g' is not supported at position 0")
        #expect(patternError("\\0") == "octal escape '\\0' is not supported (use \\u{HHHH}) at position 0")
        #expect(patternError("a\\p{L}") == "Unicode property '\\p' is not supported at position 1")
        #expect(patternError("\\P{L}") == "Unicode property '\\P' is not supported at position 0")
        #expect(patternError("\\x41") == "hex escape '\\x' is not supported (use \\u{HHHH}) at position 0")
        #expect(patternError("\\Qa\\E") == "quoting '\\Q…\\E' is not supported at position 0")
        #expect(patternError("a\\Z") == "'\\Z' is not supported (use \\z for the end of the text or $ for the end of a line) at position 1")
        for letter in ["q", "G", "K", "R", "X", "N", "h", "v", "e", "a", "f", "c", "o", "é", "٣"] {
            #expect(patternError("\\" + letter) == "escape '\\\(letter)' is not supported at position 0", "\\\(letter)")
        }
        let form = "'\\u' needs the form \\u{HHHH} (one to six hex digits) at position 0"
        #expect(patternError("\\u0041") == form)
        #expect(patternError("\\u{}") == form)
        #expect(patternError("\\u{41") == form)
        #expect(patternError("\\u{1234567}") == form)
        #expect(patternError("\\u{G}") == form)
        #expect(patternError("\\u{D800}") == "'\\u{D800}' is not a Unicode scalar value at position 0")
        #expect(patternError("\\u{110000}") == "'\\u{110000}' is not a Unicode scalar value at position 0")
    }

    @Test func unsupportedGroups() {
        let cases: [(String, String)] = [
            ("(?=a)", "lookahead '(?='"),
            ("(?!a)", "negative lookahead '(?!'"),
            ("(?<=a)", "lookbehind '(?<='"),
            ("(?<!a)", "negative lookbehind '(?<!'"),
            ("(?<n>a)", "named group '(?<name…)'"),
            ("(?'n'a)", "named group '(?'name…)'"),
            ("(?P<n>a)", "named group or reference '(?P'"),
            ("(?>a)", "atomic group '(?>'"),
            ("(?#note)", "comment '(?#'"),
            ("(?|a)", "branch reset '(?|'"),
            ("(?(1)a)", "conditional '(?('"),
            ("(?R)", "recursion or subroutine call '(?R'"),
            ("(?1)", "recursion or subroutine call '(?1'"),
            ("(?i)a", "inline option '(?i' (use the case-insensitive option)"),
            ("(?-i)a", "inline option '(?-' (use the case-insensitive option)"),
            ("(?%)", "group syntax '(?%'"),
        ]
        for (pattern, what) in cases {
            #expect(patternError("x" + pattern) == "\(what) is not supported at position 1", "\(pattern)")
        }
    }

    @Test func classErrors() {
        #expect(patternError("a[bc") == "missing ']' for the class opened at position 1")
        #expect(patternError("[]a]") == "an empty class '[]' is not allowed (write \\] for a literal ']') at position 1")
        #expect(patternError("[^]a]") == "an empty class '[]' is not allowed (write \\] for a literal ']') at position 2")
        #expect(patternError("[z-a]") == "range 'z-a' is out of order at position 1")
        #expect(patternError("[\\d-z]") == "a class escape cannot start a range at position 1")
        #expect(patternError("[a-\\d]") == "a class escape cannot end a range at position 3")
        #expect(patternError("[a-c-e]") == "'-' after a range is ambiguous (write \\- for a literal '-') at position 4")
        #expect(patternError("[[:alpha:]]") == "'[' inside a class is not supported (POSIX classes, nested sets; write \\[ for a literal '[') at position 1")
        #expect(patternError("[a&&b]") == "set operation '&&' inside a class is not supported at position 2")
        #expect(patternError("[a~~b]") == "set operation '~~' inside a class is not supported at position 2")
        #expect(patternError("[\\b]") == "'\\b' inside a class is not supported at position 1")
        #expect(patternError("[\\A]") == "'\\A' inside a class is not supported at position 1")
        #expect(patternError("[\\1]") == "backreference '\\1' is not supported at position 1")
        #expect(patternError("[a\\") == "the pattern ends with a lone '\\' at position 2")
        #expect(patternError("[&]") == nil)
    }

    @Test func sizeLimits() {
        let tooLarge = "the pattern compiles to more than 100000 instructions (repetition counts multiply)"
        #expect(patternError("(?:a{1000}){1000}") == tooLarge)
        #expect(patternError("((a{1000}){1000}){1000}") == tooLarge)
        #expect(patternError("(?:a{1000}){99}") == nil)
        #expect(patternError(String(repeating: "a", count: 100_000)) == tooLarge)
        #expect(patternError(String(repeating: "a", count: 100_000), regex: false) == "the text to find is longer than 99999 scalars")
        #expect(patternError(String(repeating: "a", count: 99_999), regex: false) == nil)
    }
}
