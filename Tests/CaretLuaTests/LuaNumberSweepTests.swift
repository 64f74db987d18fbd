import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretLua

/// Every number a script can hand the API, at every integer parameter of every entry (read from
/// the API table itself) and at every numeric field of the table arguments: the call returns or
/// raises a Lua error that `pcall` catches; it never traps (an overflow trap kills the process).
/// `CARET_SWEEP_LOG=1` prints each call before it runs, to name the one that kills the process.
@Suite struct LuaNumberSweepTests {
    /// A Lua number expression, its value, and whether it is a valid integer argument here (an
    /// offset, length, line or byte index that may or may not be in range in `document`).
    struct Probe {
        var lua: String
        var value: Double
        var plausible: Bool
    }

    static let probes: [Probe] = [
        Probe(lua: "0", value: 0, plausible: true),
        Probe(lua: "1", value: 1, plausible: true),
        Probe(lua: "3000", value: 3000, plausible: true),
        Probe(lua: "-1", value: -1, plausible: false),
        Probe(lua: "2^31", value: 2_147_483_648, plausible: false),
        Probe(lua: "2^53", value: 9_007_199_254_740_992, plausible: false),
        Probe(lua: "(2^63-1024)", value: 9_223_372_036_854_774_784, plausible: false),
        Probe(lua: "(2^63-1)", value: 0x1p63, plausible: false),
        Probe(lua: "(-2^63)", value: -0x1p63, plausible: false),
        Probe(lua: "(0/0)", value: .nan, plausible: false),
        Probe(lua: "(1/0)", value: .infinity, plausible: false),
        Probe(lua: "(-1/0)", value: -.infinity, plausible: false),
        Probe(lua: "1.5", value: 1.5, plausible: false),
    ]

    /// 3,007 UTF-16 units with a surrogate pair and two lines: 0, 1 and 3000 are valid offsets.
    static let document = "ab😀c\nd" + String(repeating: "x", count: 3000) + "|"

    static let log = ProcessInfo.processInfo.environment["CARET_SWEEP_LOG"] == "1"

    /// What the message of a refused probe must say: the decimal value of an integral one (the
    /// offset it names), else that an integer was expected.
    static func mention(_ probe: Probe) -> String {
        if let exact = Int(exactly: probe.value) { return String(exact) }
        return "expected"
    }

    /// Runs `expression` in a pcall; nil when it succeeded, else the error message.
    static func call(_ session: ScriptSession, _ expression: String) throws -> String?? {
        if log { FileHandle.standardError.write(Data("sweep: \(expression)\n".utf8)) }
        let results = try session.run("return pcall(function() return \(expression) end)")
        guard case .boolean(let ok) = results.first else { return .some(nil) }
        if ok { return .none }
        if case .string(let message) = results.dropFirst().first { return .some(message) }
        return .some(nil)
    }

    static func isInteger(_ type: LuaType) -> Bool {
        switch type {
        case .integer: true
        case .optional(let wrapped): isInteger(wrapped)
        default: false
        }
    }

    static func isNumber(_ type: LuaType) -> Bool {
        switch type {
        case .number: true
        case .optional(let wrapped): isNumber(wrapped)
        default: false
        }
    }

    /// A harmless value for a parameter the sweep does not vary.
    static func placeholder(_ parameter: LuaParameter) -> String {
        switch parameter.type {
        case .optional: "nil"
        case .string: "'bold'"
        case .table, .record: "{bold = true}"
        case .alias: "'bold'"
        case .any: "true"
        case .function: "function() end"
        case .object: "editor"
        case .boolean: "true"
        case .array: "{}"
        case .integer, .number: "0"
        case .oneOf(let types): types.first.map { placeholder(LuaParameter(parameter.name, $0)) } ?? "nil"
        }
    }

    /// Every (callee, parameters) of the API whose parameters include a number.
    static func numericEntries() throws -> [(callee: String, name: String, parameters: [LuaParameter])] {
        let api = ScriptSession.api
        var result: [(String, String, [LuaParameter])] = []
        for module in api.modules {
            for entry in module.functions where entry.parameters.contains(where: { isInteger($0.type) || isNumber($0.type) }) {
                result.append(("\(module.name).\(entry.name)", entry.name, entry.parameters))
            }
        }
        for type in api.types {
            for entry in type.methods where entry.parameters.contains(where: { isInteger($0.type) || isNumber($0.type) }) {
                // Only `Editor` has an instance the sweep can call methods on.
                #expect(type.name == "Editor", "\(type.name):\(entry.name) takes a number: add its type to the sweep")
                result.append(("editor:\(entry.name)", entry.name, entry.parameters))
            }
        }
        return result
    }

    @Test func everyIntegerParameterOfEveryEntryRefusesBadNumbers() throws {
        let entries = try Self.numericEntries()
        // The sweep really covers the range entries the reports named.
        for name in ["text", "runs", "byte_to_utf16", "set_attribute", "merge_attributes", "remove_attribute", "set_attributes", "replace", "select"] {
            #expect(entries.contains { $0.name == name }, "\(name) is missing from the sweep")
        }
        var problems: [String] = []
        for entry in entries {
            let session = try ScriptSession(document: try Markup.parse(Self.document))
            let swept = entry.parameters.indices.filter { Self.isInteger(entry.parameters[$0].type) || Self.isNumber(entry.parameters[$0].type) }
            var combinations: [[Probe]] = [[]]
            for _ in swept { combinations = combinations.flatMap { prefix in Self.probes.map { prefix + [$0] } } }
            for combination in combinations {
                var arguments = entry.parameters.map(Self.placeholder)
                for (slot, probe) in zip(swept, combination) { arguments[slot] = probe.lua }
                let expression = "\(entry.callee)(\(arguments.joined(separator: ", ")))"
                let outcome = try Self.call(session, expression)
                // Put back what a successful edit changed, so every call sees the same document.
                if case .none = outcome, try session.run("return editor:length()") != [.number(3007)] { try session.run("editor:undo()") }
                // Seconds (`advance_clock`) may be any finite number >= 0; only integers are checked here.
                let bad = zip(swept, combination).filter { Self.isInteger(entry.parameters[$0.0].type) && !$0.1.plausible }
                guard let (_, probe) = bad.first else { continue }
                guard case .some(let message) = outcome else {
                    problems.append("\(expression) succeeded")
                    continue
                }
                guard let message, message.contains("bad argument #") else {
                    problems.append("\(expression) failed without an argument error: \(message ?? "no message")")
                    continue
                }
                // The message names the offset at fault: the value, or the end of a range
                // (location + length); a non-integer is refused as such.
                if bad.count == 1 {
                    let integers = combination.compactMap { Int(exactly: $0.value) }
                    var named = integers.map(String.init)
                    let (sum, overflow) = integers.reduce((0, false)) { total, n in
                        let (s, o) = total.0.addingReportingOverflow(n)
                        return (s, total.1 || o)
                    }
                    if !overflow { named.append(String(sum)) }
                    if Int(exactly: probe.value) == nil { named.append("expected") }
                    if !named.contains(where: message.contains) {
                        problems.append("\(expression): expected a message naming \(Self.mention(probe)), got: \(message)")
                    }
                }
            }
            #expect(try session.run("return editor:length()") == [.number(3007)], "\(entry.callee) changed the document")
        }
        #expect(problems.isEmpty, Comment(rawValue: "\(problems.count) problems:\n" + problems.prefix(40).joined(separator: "\n")))
    }

    /// Table arguments whose fields are offsets, lengths or counts, with `A`/`B` standing for the
    /// probes. Every entry that takes a table or any value is listed here or in `tablesWithoutNumbers`.
    static let tableCases: [(entry: String, template: String)] = [
        ("run", "editor:run('replaceRange', {location = A, length = B, text = 'x'})"),
        ("run", "editor:run('applySuggestion', {location = A, length = B, word = 'x'})"),
        ("run", "editor:run('setSelection', {anchor = A, head = B})"),
        ("run", "editor:run('setFontSize', {size = A})"),
        ("apply_suggestion", "editor:apply_suggestion({word = 'x', location = A, length = B})"),
        ("macro_play", "editor:macro_play('m', {times = A})"),
        ("macro_play", "editor:macro_play('m', {at = {A, B}})"),
        ("suggestions", "editor:suggestions({limit = A})"),
        ("set_options", "editor:set_options({undoCoalescingInterval = A, fontSizeStep = B})"),
        ("set_options", "editor:set_options({defaultFontSize = A})"),
        ("set_attribute", "editor:set_attribute(0, 1, 'fontSize', A)"),
        ("set_attribute", "editor:set_attribute(0, 1, 'custom', A)"),
        ("merge_attributes", "editor:merge_attributes(0, 1, {fontSize = A, custom = B})"),
        ("set_attributes", "editor:set_attributes(0, 1, {fontSize = A})"),
        ("set_paragraph_attribute", "editor:set_paragraph_attribute('heading', A)"),
        ("set_paragraph_attribute", "editor:set_paragraph_attribute('listLevel', A)"),
    ]
    static let tablesWithoutNumbers: Set<String> = ["document", "on", "off", "find", "expect"]

    @Test func everyNumericTableFieldSurvivesBadNumbers() throws {
        for type in ScriptSession.api.types {
            for entry in type.methods where entry.parameters.contains(where: { if case .table = $0.type { true } else if case .optional(.table) = $0.type { true } else { $0.type == .any } }) {
                #expect(Self.tableCases.contains { $0.entry == entry.name } || Self.tablesWithoutNumbers.contains(entry.name),
                        "\(entry.name) takes a table: add its numeric fields to the sweep")
            }
        }
        var problems: [String] = []
        for (entry, template) in Self.tableCases {
            let session = try ScriptSession(document: try Markup.parse(Self.document))
            try session.run("editor:macro_start('m') editor:insert('!') editor:macro_stop() editor:undo()")
            for a in Self.probes {
                for b in template.contains("B") ? Self.probes : [Self.probes[0]] {
                    let expression = template.replacingOccurrences(of: "A", with: a.lua).replacingOccurrences(of: "B", with: b.lua)
                    let before = try session.run("return editor:length()")
                    let outcome = try Self.call(session, expression)
                    // The integer fields: anything implausible is refused, naming the value.
                    let integral = ["run", "apply_suggestion", "macro_play"].contains(entry) && !expression.contains("setFontSize")
                    if integral && !(a.plausible && b.plausible) {
                        let bad = [a, b].filter { !$0.plausible }
                        // The value, or the end of the range it makes (location + length).
                        let sum = Int(exactly: a.value).flatMap { x in Int(exactly: b.value).map { x.addingReportingOverflow($0) } }
                        let named = [Self.mention(bad[0])] + (sum.map { $0.overflow ? [] : [String($0.partialValue)] } ?? [])
                        if case .some(let message) = outcome {
                            if bad.count == 1, let message, !named.contains(where: message.contains) {
                                problems.append("\(expression): expected a message naming \(Self.mention(bad[0])), got: \(message)")
                            }
                        } else {
                            problems.append("\(expression) succeeded")
                        }
                    }
                    // Undo what a success changed so later probes see the same document.
                    if case .none = outcome, try session.run("return editor:length()") != before { try session.run("editor:undo()") }
                }
            }
        }
        #expect(problems.isEmpty, Comment(rawValue: "\(problems.count) problems:\n" + problems.prefix(40).joined(separator: "\n")))
    }

    @Test func documentsFromScriptsWithHugeNumbersAreRefused() throws {
        let session = try ScriptSession()
        let jsons = [
            #"{"text":"ab","runs":[{"length":1},{"length":9223372036854775807}]}"#,
            #"{"text":"ab","runs":[{"length":9223372036854775807},{"length":1}]}"#,
            #"{"text":"ab","selection":{"anchor":-9223372036854775808,"head":9223372036854775807}}"#,
        ]
        for json in jsons {
            let outcome = try Self.call(session, "caret.document({json = [[\(json)]]})")
            guard case .some(let message) = outcome else {
                Issue.record("\(json) was accepted")
                continue
            }
            #expect(message?.contains("bad argument #1 to 'document'") == true, "\(json): \(message ?? "")")
        }
    }

    @Test func macroRepeatCountsAreBounded() throws {
        let s = try ScriptSession(document: try Markup.parse("ab|"))
        try s.run("editor:macro_start('m') editor:macro_stop()")
        for times in ["1000001", "2^31", "2^53", "(2^63-1)", "(-2^63)", "-1", "(0/0)", "(1/0)", "1.5"] {
            let message = try Self.call(s, "editor:macro_play('m', {times = \(times)})")
            #expect(message??.contains("bad argument #2 to 'macro_play' (option 'times': expected an integer in 0...1000000") == true, "\(times): \(String(describing: message))")
        }
        #expect(try Self.call(s, "editor:macro_play('m', {times = 1000000})") == .none)
    }

    /// The editor's work limit (the lead wires the script's deadline into it) stops a long
    /// playback: charged once a repetition and once an event.
    @Test func macroPlaybackChargesTheWorkLimit() throws {
        let s = try ScriptSession(document: try Markup.parse("|"))
        try s.run("editor:macro_start('m') editor:insert('!') editor:macro_stop() editor:undo()")
        var charged = 0
        s.main.editor.workLimit = WorkLimit(interval: 100) { units in
            charged += units
            return charged >= 10_000 ? "time limit exceeded" : nil
        }
        let message = try Self.call(s, "editor:macro_play('m', {times = 1000000})")
        #expect(message??.contains("time limit exceeded") == true, "\(String(describing: message))")
        // About 10,000 units at two a repetition: stopped after some 5,000 of the million.
        #expect((4_000...6_000).contains(s.main.editor.text.utf16Count), "\(s.main.editor.text.utf16Count) repetitions ran")

        // Empty macros and many positions are charged too.
        charged = 0
        try s.run("editor:macro_start('e') editor:macro_stop()")
        #expect(try Self.call(s, "editor:macro_play('e', {times = 1000000})")??.contains("time limit exceeded") == true)
        charged = 0
        try s.run("at = {} for i = 1, 200000 do at[i] = 0 end")
        let many = try Self.call(s, "editor:macro_play('m', {at = at})")
        #expect(many??.contains("time limit exceeded") == true)
    }
}
