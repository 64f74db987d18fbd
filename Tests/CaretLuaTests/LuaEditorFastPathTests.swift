import CaretCore
import CaretFormats
import CaretReplay
import Foundation
import Testing
@testable import CaretLua

/// `editor:replace`, `editor:insert` and `editor:length` have fast paths (EditorLuaAPI+FastPaths.swift)
/// that skip the ordinary dispatch. Whatever a script passes, the results, the errors, the
/// document, the selection, undo, events, recordings and limits must be those of the ordinary
/// route, which a session made with `fastPaths: false` takes for every call.
@Suite struct LuaEditorFastPathTests {
    static func session(_ markup: String, fastPaths: Bool, options: LuaRuntimeOptions = LuaRuntimeOptions()) throws -> ScriptSession {
        try ScriptSession(document: try Markup.parse(markup), editorOptions: EditorOptions(), options: options,
                          scriptName: "script.lua", arguments: [], fastPaths: fastPaths)
    }

    /// What a call did: its results or its error, then the state as markup.
    static func outcome(_ session: ScriptSession, _ source: String) -> String {
        let result: String
        do {
            result = try session.run(source).map(\.description).joined(separator: ", ")
        } catch {
            result = "error: \(error.message)"
        }
        return result + " | " + session.main.markup
    }

    static let start = "{bold:hé😀}llo\nwörld 中文 e\u{301} 👩‍👩‍👧 end|"

    /// Random calls, good and bad, on text with surrogate pairs, combining marks and attribute
    /// runs; after each, both sessions agree on the outcome and the state, and undoing every
    /// step at the end gives the same states back.
    @Test func randomCallsAgreeWithTheOrdinaryRoute() throws {
        let fallback: UInt64 = 0xFA57_0001
        let seed = ProcessInfo.processInfo.environment["CARET_SEED"].flatMap { UInt64($0) } ?? fallback
        print("randomCallsAgreeWithTheOrdinaryRoute: seed \(seed) (replay with CARET_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        let fast = try Self.session(Self.start, fastPaths: true)
        let ordinary = try Self.session(Self.start, fastPaths: false)
        var failures = 0
        let pieces = ["", "x", "é", "😀", "e\u{301}", "\u{301}", "\n", "\r\n", "中", "ab", "\\0", "\\255"]
        for round in 0..<600 {
            let length = fast.main.editor.text.utf16Count
            func offset() -> String {
                switch random.int(in: 0...9) {
                case 0: return String(random.int(in: -3...(-1)))
                case 1: return String(length + random.int(in: 1...3))
                case 2: return ["2^62", "-2^62", "2^63", "0.5", "'1'", "nil", "1/0"][random.int(in: 0...6)]
                default: return String(random.int(in: 0...max(0, length)))
                }
            }
            func text() -> String {
                if random.int(in: 0...40) == 0 { return "string.rep('é', \(random.int(in: 2040...2060)))" }
                if random.int(in: 0...30) == 0 { return ["1", "nil", "{}", "true"][random.int(in: 0...3)] }
                return "'" + (0..<random.int(in: 0...3)).map { _ in pieces[random.int(in: 0..<pieces.count)] }.joined() + "'"
            }
            let call: String
            switch random.int(in: 0...11) {
            case 0...4: call = "editor:replace(\(offset()), \(random.int(in: 0...6) == 0 ? offset() : String(random.int(in: 0...3))), \(text()))"
            case 5, 6: call = "editor:insert(\(text()))"
            case 7: call = "return editor:length()"
            case 8: call = "editor:select(\(random.int(in: 0...length)), \(random.int(in: 0...length)))"
            case 9: call = "editor:undo()"
            case 10: call = ["editor.replace(0, 0, 'x')", "editor:replace(0, 0)", "editor:replace(0, 0, 'x', 1)", "editor:insert()",
                             "editor:insert('a', 'b')", "editor.length()", "editor:length(1)", "editor.insert({}, 'x')"][random.int(in: 0...7)]
            default: call = "editor:advance_clock(\(random.int(in: 0...2)))"
            }
            let expected = Self.outcome(ordinary, call)
            #expect(Self.outcome(fast, call) == expected, "seed \(seed) round \(round): \(call)")
            if expected.hasPrefix("error: ") { failures += 1 }
        }
        // Both kinds of call were made: ones that change the document and ones that fail.
        #expect(failures > 50 && failures < 450, "\(failures) of 600 calls failed")
        while ordinary.main.editor.canUndo {
            #expect(Self.outcome(fast, "editor:undo()") == Self.outcome(ordinary, "editor:undo()"), "seed \(seed)")
        }
        #expect(fast.main.markup == ordinary.main.markup)
    }

    /// A trace or a macro being recorded sees every call (the fast path leaves those calls to
    /// the ordinary route).
    @Test func recordingsSeeEveryCall() throws {
        for fastPaths in [true, false] {
            let session = try Self.session("ab|", fastPaths: fastPaths)
            let sink = TraceMemorySink()
            try session.main.startRecording(to: sink)
            try session.run("editor:replace(0, 1, 'X') editor:insert('y')")
            #expect(sink.lines.count == 3, "\(sink.lines)")
            try session.run("editor:macro_start('q') editor:insert('z') editor:replace(0, 0, '>') editor:macro_stop()")
            #expect(session.main.editor.text.string == ">Xbyz")
            try session.run("editor:macro_play('q')")
            #expect(session.main.editor.text.string == ">>Xbyzz")
        }
    }

    /// Handlers hear the changes fast-path calls make, after the call returns.
    @Test func handlersHearFastPathCalls() throws {
        let session = try Self.session("ab|", fastPaths: true)
        let result = try session.run("""
            local heard = {}
            editor:on("change", function(e) heard[#heard + 1] = editor:length() end)
            editor:replace(0, 1, 'XYZ')
            editor:insert('!')
            return #heard, heard[1], heard[2]
            """)
        #expect(result == [.number(2), .number(4), .number(5)])
    }

    /// Long strings count against the memory limit as they do on the ordinary route: one past
    /// what is left fails with the limit's error in both.
    @Test func longStringsCountAgainstTheMemoryLimit() throws {
        var messages: [String] = []
        for fastPaths in [true, false] {
            let session = try Self.session("|", fastPaths: fastPaths, options: LuaRuntimeOptions(memoryLimit: 8 << 20))
            let error = try #require(throws: LuaScriptError.self) {
                try session.run("local s = string.rep('x', 3 * 1024 * 1024) editor:replace(0, 0, s)")
            }
            #expect(error.message.contains("memory limit"), "\(error.message)")
            #expect(session.main.editor.text.isEmpty)
            messages.append(error.message)
        }
        #expect(messages[0] == messages[1])
    }

    /// The host call count that paces the memory limit's look at the documents goes on in fast
    /// paths: a document grown by many small edits trips the limit.
    @Test func manySmallEditsTripTheMemoryLimit() throws {
        let session = try Self.session("|", fastPaths: true, options: LuaRuntimeOptions(memoryLimit: 4 << 20))
        let error = try #require(throws: LuaScriptError.self) {
            try session.run("local s = string.rep('x', 4000) for i = 1, 4000 do editor:insert(s) end")
        }
        #expect(error.message.contains("memory limit"), "\(error.message)")
        let replaced = try Self.session("|", fastPaths: true, options: LuaRuntimeOptions(memoryLimit: 4 << 20))
        #expect(throws: LuaScriptError.self) {
            try replaced.run("local s = string.rep('x', 4000) for i = 1, 4000 do editor:replace(0, 0, s) end")
        }
    }

    /// A fast path is installed only where the declared parameters guarantee what it reads.
    @Test func fastPathsMatchTheirDeclarations() throws {
        let methods = EditorLuaAPI.api.types[0].methods
        let fast = methods.filter { $0.fastPath != nil }.map(\.name).sorted()
        #expect(fast == ["insert", "length", "replace"])
        for method in methods {
            guard let path = method.fastPath else { continue }
            #expect(path.accepts(method.parameters.map { LuaArgumentCheck($0.type) }, isMethod: true), "\(method.name)")
        }
        #expect(!EditorLuaAPI.replaceFastPath.accepts([LuaArgumentCheck(.integer()), LuaArgumentCheck(.optional(.integer())), LuaArgumentCheck(.string)], isMethod: true))
        #expect(!EditorLuaAPI.insertFastPath.accepts([LuaArgumentCheck(.number())], isMethod: true))
        #expect(!EditorLuaAPI.insertFastPath.accepts([LuaArgumentCheck(.string)], isMethod: false))
    }
}
