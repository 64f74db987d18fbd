import Testing
import CaretCore

/// What the engine matches: preferences, captures, case, Unicode text and clusters, and patterns
/// that make backtracking engines explode.
@Suite struct RegexMatchingTests {
    @Test func greedyAndLazyPreferences() throws {
        #expect(try matched("a+", in: "aaa") == ["aaa"])
        #expect(try matched("a+?", in: "aaa") == ["a", "a", "a"])
        #expect(try matched("\".*\"", in: "say \"a\" and \"b\"") == ["\"a\" and \"b\""])
        #expect(try matched("\".*?\"", in: "say \"a\" and \"b\"") == ["\"a\"", "\"b\""])
        #expect(try matched("(a+)(a*)", in: "aaaa").count == 1)
        #expect(try replacedAll("(a+)(a*)", in: "aaaa", with: "[$1|$2]") == "[aaaa|]")
        #expect(try replacedAll("(a+?)(a*)", in: "aaaa", with: "[$1|$2]") == "[a|aaa]")
        #expect(try replacedAll("(a*?)(a*?)b", in: "aab", with: "[$1|$2]") == "[|aa]")
    }

    @Test func alternationPrefersEarlierBranches() throws {
        #expect(try matched("a|ab", in: "ab") == ["a"])
        #expect(try matched("ab|a", in: "ab") == ["ab"])
        #expect(try matched("(?:a|ab)(?:c|bcd)", in: "abcd") == ["abcd"])
        #expect(try matched("(?:ab|a)(?:c|bcd)", in: "abcd") == ["abc"])
        #expect(try matched("(?:a|ab)(?:bcd|c)", in: "abcd") == ["abcd"])
        #expect(try matched("|a", in: "aa") == [], "the empty branch wins at every position, and is skipped")
        #expect(try matched("x*y|x", in: "xxxz") == ["x", "x", "x"])
        #expect(try matched("x*y|x", in: "xxy") == ["xxy"])
    }

    @Test func leftmostBeatsLonger() throws {
        #expect(try matched("b|abc", in: "abc") == ["abc"])
        #expect(try matched("bc|ab", in: "abc") == ["ab"])
    }

    @Test func capturesIncludingGroupsThatDidNotTakePart() throws {
        #expect(try replacedAll("(a)|(b)", in: "ab", with: "[$1|$2]") == "[a|][|b]")
        #expect(try replacedAll("(a)?b", in: "b ab", with: "<$1>") == "<> <a>")
        #expect(try replacedAll("(?:(a)|b)+", in: "ab", with: "<$1>") == "<a>", "a group keeps its last iteration that took part")
        #expect(try replacedAll("(?:(a)|(b))+", in: "ab", with: "<$1$2>") == "<ab>")
        #expect(try replacedAll("(\\w)+", in: "abc", with: "<$1>") == "<c>")
        #expect(try replacedAll("((a)(b))", in: "ab", with: "$3$2$1$0") == "baabab")
        #expect(try replacedAll("(a)", in: "a", with: "$$1 $9 $x $") == "$1  $x $")
        #expect(try replacedAll("(\\w+) (\\w+)", in: "hello world", with: "$2 $1") == "world hello")
        // Groups past the ninth exist but cannot be referred to.
        let ten = (1...10).map { "(\($0 % 10))" }.joined()
        #expect(try replacedAll(ten, in: "1234567890", with: "$9$1") == "91")
    }

    @Test func replaceNextUsesTheGroupsOfTheSelectedMatch() throws {
        try check("x ^ab| ac", .replaceNext(FindQuery("a(\\w)", isRegex: true), with: "$1$0"), "x bab ^ac|")
        try check("^ab| ac", .replaceNext(FindQuery("a(\\w)", isRegex: true), with: "$$"), "$ ^ac|")
    }

    @Test func caseInsensitive() throws {
        #expect(try matched("hello", in: "Hello HELLO hello", caseInsensitive: true) == ["Hello", "HELLO", "hello"])
        #expect(try matched("[a-z]+", in: "ABC def", caseInsensitive: true) == ["ABC", "def"])
        #expect(try matched("[A-Z]+", in: "ABC def", caseInsensitive: true) == ["ABC", "def"])
        #expect(try matched("[^a]", in: "aAb", caseInsensitive: true) == ["b"])
        #expect(try matched("É", in: "é É e", caseInsensitive: true) == ["é", "É"])
        #expect(try matched("σ", in: "Σσς", caseInsensitive: true) == ["Σ", "σ", "ς"], "final sigma folds to sigma")
        #expect(try matched("s", in: "sSſ", caseInsensitive: true) == ["s", "S", "ſ"], "long s folds to s")
        #expect(try matched("k", in: "kK\u{212A}", caseInsensitive: true) == ["k", "K", "\u{212A}"], "the Kelvin sign folds to k")
        #expect(try matched("ss", in: "ß", caseInsensitive: true) == [], "simple folding: ß is not ss")
        #expect(try matched("Ǆ", in: "ǆ ǅ", caseInsensitive: true) == ["ǆ", "ǅ"])
        #expect(try matched("straße", in: "STRAßE", regex: false, caseInsensitive: true) == ["STRAßE"])
        #expect(try matched("a.c", in: "A.C abc", regex: false, caseInsensitive: true) == ["A.C"])
        #expect(try matched("hello", in: "Hello", caseInsensitive: false) == [])
        #expect(try matched("\\bHELLO\\b", in: "hello", caseInsensitive: true) == ["hello"])
    }

    @Test func rangesAreUTF16OverNonBMPText() throws {
        #expect(try matchedRanges("[ab]", in: "😀a😀b") == [2..<3, 5..<6])
        #expect(try matchedRanges(".", in: "😀x") == [0..<2, 2..<3])
        #expect(try matchedRanges("\\u{1F600}+", in: "x😀😀y") == [1..<5])
        #expect(try matchedRanges("\\w+", in: "𝒜𝒜 b") == [0..<4, 5..<6])
        #expect(try matchedRanges("😀", in: "a😀b😀", regex: false) == [1..<3, 4..<6])
        #expect(try matchedRanges("[^a]", in: "a𝒜") == [1..<3])
        #expect(try matchedRanges("b", in: "😀😀😀b😀") == [6..<7])
    }

    @Test func matchesNeverSplitAGraphemeCluster() throws {
        let eAcute = "e\u{301}"
        #expect(try matchedRanges("e", in: "e\(eAcute)e") == [0..<1, 3..<4])
        #expect(try matchedRanges(".", in: eAcute) == [], "one scalar would end inside the cluster")
        #expect(try matchedRanges(".+", in: eAcute + "x") == [0..<3])
        #expect(try matchedRanges("\\u{301}", in: eAcute) == [], "a match cannot start inside a cluster")
        #expect(try matchedRanges("\\w\\u{301}", in: "a" + eAcute) == [1..<3])
        #expect(try matchedRanges(eAcute, in: "e" + eAcute, regex: false) == [1..<3])
        let family = "👩\u{200D}👩\u{200D}👧"
        #expect(try matchedRanges("👩", in: family, regex: false) == [])
        #expect(try matchedRanges("\\u{200D}", in: family) == [])
        #expect(try matchedRanges(".", in: family) == [])
        #expect(try matchedRanges(".+", in: "x" + family) == [0..<9])
        #expect(try matchedRanges(family, in: "a\(family)b", regex: false) == [1..<9])
        #expect(try matchedRanges("[^x]+", in: family + "x" + family) == [0..<8, 9..<17])
        #expect(try matchedRanges("..", in: "🇺🇸🇫🇷") == [0..<4, 4..<8], "regional indicators pair into flags")
        #expect(try matchedRanges(".", in: "🇺🇸") == [])
        #expect(try matchedRanges("\\r", in: "a\r\nb") == [], "CR LF is one cluster")
        #expect(try matchedRanges("\\r\\n", in: "a\r\nb") == [1..<3])
        #expect(try matchedRanges("a$", in: "a\r\nb") == [0..<1])
        // A lower-priority match that ends on a boundary wins over a preferred one that does not.
        #expect(try matched("e|e\\u{301}", in: eAcute) == [eAcute])
    }

    @Test func pathologicalPatternsFinish() throws {
        for count in [30, 5000] {
            let a = String(repeating: "a", count: count)
            let x = String(repeating: "x", count: count)
            #expect(try matched("(a*)*b", in: a) == [])
            #expect(try matched("(a|a)*b", in: a) == [])
            #expect(try matched("(a|aa)*c", in: a) == [])
            #expect(try matched("(a+)+$", in: a) == [a])
            #expect(try matched("(a+)+$", in: a + "b") == [])
            #expect(try matched("(x+x+)+y", in: x) == [])
            #expect(try matched("(x+x+)+y", in: x + "y") == [x + "y"])
            #expect(try matched("(a*)*b", in: a + "b") == [a + "b"])
            #expect(try replacedAll("(a*)*b", in: a + "b", with: "<$1>") == "<\(a)>", "an empty extra iteration is not taken")
        }
        #expect(try matched("(?:a?){30}a{30}", in: String(repeating: "a", count: 30)).count == 1)
        #expect(try matchedRanges("(?:a?){1000}a{1000}", in: String(repeating: "a", count: 5000)) == [0..<2000, 2000..<4000, 4000..<5000])
        for count in [30, 5000] {
            // Nested repetitions whose bodies can match empty.
            let a = String(repeating: "a", count: count)
            #expect(try matched("(?:a*)*b", in: a) == [])
            #expect(try matched("((a*)*)*b", in: a) == [])
            #expect(try matched("(?:(?:a|)*)*$", in: a) == [a])
        }
    }

    @Test func manyMatchesAfterLongLookaheadStayLinear() throws {
        // Every match needs the rest of the text read to be sure (`x*y` might still match);
        // the search for each next match runs beside it instead of rereading the text.
        let x = String(repeating: "x", count: 20_000)
        #expect(try matchedRanges("x*y|x", in: x).count == 20_000)
        #expect(try matchedRanges("(?:x*y|x)+?", in: x).count == 20_000)
    }

    @Test func replaceAllKeepsWorkingWithTraceSyntax() throws {
        try check("|Second line here", .replaceAll(FindQuery("(\\w+) line", isRegex: true), with: "$1 LINE"), "|Second LINE here")
        try check("|world", .findNext(FindQuery("l+", isRegex: true)), "wor^l|d")
    }
}
