import CaretCore
import CaretFormats
import CaretReplay
import Foundation
import Testing
@testable import CaretLua

/// A scratch directory for one test, removed by `remove()`.
private struct Scratch {
    let path = NSTemporaryDirectory() + "caret-snapshot-\(getpid())-\(UUID().uuidString)"
    init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    func file(_ name: String, _ text: String) -> String {
        let full = path + "/" + name
        try! Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }
    func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path + "/" + name) ?? Data(), as: UTF8.self)
    }
    func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs `ScriptTestRunner.update` on `source` (with `document` beside it when given) and returns
/// the outcome and the file afterwards.
private func update(_ source: String, document: String? = nil) -> (outcome: TestOutcome, file: String, path: String) {
    let scratch = Scratch()
    defer { scratch.remove() }
    let path = scratch.file("t.test.lua", source)
    if let document { _ = scratch.file("t.caret", document) }
    let outcome = ScriptTestRunner.update(path) { path, bytes in try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic) }
    let after = scratch.read("t.test.lua")
    // The rewritten test passes as it stands, unless something could not be rewritten.
    if outcome.status == .passed { #expect(ScriptTestRunner.run(path) == .passed, "\(after)") }
    return (outcome, after, path)
}

@Suite struct LuaSnapshotUpdateTests {
    @Test func shortStringsKeepTheirQuotesAndNonASCIIIsWrittenAsItIs() {
        let (outcome, file, path) = update("""
        editor:insert("héllo 😀 e\\u{301}")
        caret.expect("x|")
        editor:expect('y')

        """)
        #expect(outcome.status == .passed)
        #expect(outcome.notes == ["\(path):2", "\(path):3"])
        #expect(file == """
        editor:insert("héllo 😀 e\\u{301}")
        caret.expect("héllo 😀 e\u{301}|")
        editor:expect('héllo 😀 e\u{301}')

        """)
    }

    @Test func twoExpectsOnOneLineAndSeveralInAFile() {
        let (outcome, file, path) = update("""
        editor:insert("a") caret.expect("1|") editor:expect("2")
        editor:insert("b")
        caret.expect("3|") --[[ a comment with caret.expect("not a call") ]] caret.expect("a|")

        """)
        #expect(outcome.status == .passed)
        #expect(outcome.notes == ["\(path):1", "\(path):1", "\(path):3", "\(path):3"])
        #expect(file == """
        editor:insert("a") caret.expect("a|") editor:expect("a")
        editor:insert("b")
        caret.expect("ab|") --[[ a comment with caret.expect("not a call") ]] caret.expect("ab|")

        """)
    }

    @Test func escapesStayValidInEitherQuote() {
        // The document holds both quotes, a backslash (which markup escapes too), a tab, a line
        // break and a control character.
        let (outcome, file, _) = update("""
        editor:insert("say \\"hi\\" it's a\\\\b\\tc\\nd\\1e")
        caret.expect("")
        editor:expect('')

        """)
        #expect(outcome.status == .passed, "\(outcome.message)")
        // Markup writes the control character as `\u{1}` and doubles the backslash; the literal
        // escapes both backslashes again.
        #expect(file.contains(#"caret.expect("say \"hi\" it's a\\\\b\tc\nd\\u{1}e")"#), "\(file)")
        #expect(file.contains(#"editor:expect('say "hi" it\'s a\\\\b\tc\nd\\u{1}e')"#), "\(file)")
    }

    @Test func longBracketsKeepTheirLayoutAndGrowALevelWhenTheTextClosesThem() {
        let (outcome, file, _) = update("""
        editor:insert("one\\ntwo")
        caret.expect [[
        x]]
        caret.expect([==[y]==])
        editor:insert("]]")
        editor:expect([[z]])

        """)
        #expect(outcome.status == .passed, "\(outcome.message)")
        #expect(file == """
        editor:insert("one\\ntwo")
        caret.expect [[
        one
        two]]
        caret.expect([==[one
        two]==])
        editor:insert("]]")
        editor:expect([=[one
        two]]]=])

        """)
    }

    @Test func aLeadingLineBreakIsKeptInALongBracket() {
        // Lua skips a line break right after `[[`, so one that is content needs a second.
        let (outcome, file, _) = update("""
        editor:insert("\\nx")
        editor:expect([[y]])

        """)
        #expect(outcome.status == .passed, "\(outcome.message)")
        #expect(file == "editor:insert(\"\\nx\")\neditor:expect([[\n\nx]])\n")
    }

    @Test func theBesideDocumentIsWhatTheTestSees() {
        let (outcome, file, _) = update("editor:insert('!')\ncaret.expect('?|')\n", document: "{bold:Hi}|\n")
        #expect(outcome.status == .passed)
        #expect(file == "editor:insert('!')\ncaret.expect('{bold:Hi!}|')\n")
    }

    @Test func anExpectationBuiltAtRunTimeFailsAndTheRestIsStillRewritten() {
        let (outcome, file, path) = update("""
        editor:insert("ab")
        local want = "x" .. "y"
        caret.expect(want)
        caret.expect("a" .. "c|")
        caret.expect("q|")

        """)
        #expect(outcome.status == .failed)
        #expect(outcome.message.hasPrefix("""
        \(path):3: the expected markup is built at run time (not one string literal); it cannot be rewritten
        \(path):4: the expected markup is built at run time (not one string literal); it cannot be rewritten
        """))
        #expect(outcome.message.contains("-xy\n+ab"))
        #expect(outcome.notes == ["\(path):5"])
        #expect(file.hasSuffix("caret.expect(\"ab|\")\n"))
    }

    @Test func oneCallThatSawDifferentDocumentsIsNotRewritten() {
        let source = """
        for i = 1, 2 do
          editor:insert("x")
          editor:expect("x")
        end

        """
        let (outcome, file, path) = update(source)
        #expect(outcome.status == .failed)
        #expect(outcome.message.hasPrefix("\(path):3: this expectation ran 2 times and saw 2 different documents"))
        #expect(file == source)
    }

    @Test func anExpectationInAnotherChunkIsNotRewritten() {
        let source = "load(\"caret.expect('x')\")()\ncaret.expect('y')\n"
        let (outcome, file, path) = update(source)
        #expect(outcome.status == .failed)
        #expect(outcome.message.hasPrefix("\(path):1: the expectation is in another chunk (a string given to load); only the test file itself is rewritten"),
                "\(outcome.message)")
        #expect(file == "load(\"caret.expect('x')\")()\ncaret.expect('')\n")
    }

    @Test func theRestIsRewrittenBesideALoopThatCannotBe() {
        // The loop's call fails twice after the rewrite too; the other call is confirmed and written.
        let (outcome, file, path) = update("""
        for i = 1, 2 do editor:insert("x") editor:expect("x") end
        caret.expect("?|")

        """)
        #expect(outcome.status == .failed)
        #expect(outcome.message.hasPrefix("\(path):1: this expectation ran 2 times and saw 2 different documents"), "\(outcome.message)")
        #expect(outcome.notes == ["\(path):2"])
        #expect(file.hasSuffix("caret.expect(\"xx|\")\n"))
    }

    @Test func aScriptErrorIsAnErrorAndNothingIsWritten() {
        let source = "caret.expect('x|')\nerror('broken')\n"
        let (outcome, file, _) = update(source)
        #expect(outcome.status == .error)
        #expect(outcome.message.contains("broken"))
        #expect(file == source)
    }

    @Test func markupThatDoesNotParseIsReplaced() {
        // In update mode a broken expectation is one more failing one: the whole state replaces it.
        let (outcome, file, _) = update("editor:insert('a')\ncaret.expect('{bold:a')\n")
        #expect(outcome.status == .passed, "\(outcome.message)")
        #expect(file == "editor:insert('a')\ncaret.expect('a|')\n")
    }

    @Test func aPassingTestIsLeftAlone() {
        let source = "editor:insert('a')\ncaret.expect('a|')\n"
        let (outcome, file, _) = update(source)
        #expect(outcome == .passed)
        #expect(file == source)
    }

    @Test func aFailedWriteFailsTheTestAndReportsNoUpdate() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.file("w.test.lua", "caret.expect('x')\n")
        struct Refused: Error {}
        let outcome = ScriptTestRunner.update(path) { _, _ in throw Refused() }
        #expect(outcome.status == .failed)
        #expect(outcome.notes.isEmpty)
        #expect(outcome.message.contains("cannot write the rewritten test"))
        #expect(scratch.read("w.test.lua") == "caret.expect('x')\n")
    }
}

@Suite struct LuaSourceLexerTests {
    private func strings(_ source: String) throws -> [String] {
        try LuaSourceLexer.tokens(Array(source.utf8)).compactMap { token in
            if case .string(let value, _) = token.kind { return String(decoding: value, as: UTF8.self) }
            return nil
        }
    }

    @Test func decodesEveryEscapeLuaJITReads() throws {
        #expect(try strings(#"x = "\a\b\f\n\r\t\v\\\"\'" "#) == ["\u{7}\u{8}\u{C}\n\r\t\u{B}\\\"'"])
        #expect(try strings(#"x = '\65\066\0677' "\x41\x6a" "a\z   b" "\u{48}\u{1F600}""#) == ["AB C7".replacingOccurrences(of: " ", with: ""), "Aj", "ab", "H😀"])
        #expect(try strings("x = \"a\\\nb\"") == ["a\nb"])
    }

    @Test func longBracketsAndCommentsAndLines() throws {
        let source = "--[==[ comment \"no\" ]==]\n-- line \"no\"\nx = [[\nab]] .. [=[c]]d]=]\r\ny = 'e'"
        #expect(try strings(source) == ["ab", "c]]d", "e"])
        let tokens = try LuaSourceLexer.tokens(Array(source.utf8))
        #expect(tokens.first?.line == 3)
        #expect(tokens.last?.line == 5)
    }

    @Test func anUnfinishedStringIsAFailureWithItsLine() {
        #expect(throws: LuaSourceLexer.Failure(line: 2, message: "unfinished string")) { try LuaSourceLexer.tokens(Array("x = 1\ny = 'ab\n".utf8)) }
        #expect(throws: LuaSourceLexer.Failure(line: 1, message: "unfinished long string or comment")) { try LuaSourceLexer.tokens(Array("--[[ open".utf8)) }
    }

    @Test func literalsReadBackAsTheirValue() throws {
        // Every form the rewriter writes lexes back to the same bytes, whatever the value holds.
        let seed = ProcessInfo.processInfo.environment["CARET_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0013
        print("literalsReadBackAsTheirValue: seed \(seed) (replay with CARET_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "\"", "'", "\\", "\n", "\r", "\t", "]", "]]", "]=]", "=", "[", "😀", "é", "\u{1}", "0", "\u{7F}"]
        let forms: [LuaSourceLexer.StringForm] = [.short(quote: 0x22), .short(quote: 0x27), .long(level: 0, leadingNewline: false),
                                                  .long(level: 1, leadingNewline: true)]
        for _ in 0..<500 {
            let value = (0..<random.int(in: 0...8)).map { _ in pieces[random.int(in: 0...(pieces.count - 1))] }.joined()
            for form in forms {
                let literal = LuaSnapshotRewriter.literal(Array(value.utf8), form: form)
                let read = try strings("x = " + String(decoding: literal, as: UTF8.self))
                #expect(read == [value], "seed \(seed): \(String(decoding: literal, as: UTF8.self))")
            }
        }
    }
}
