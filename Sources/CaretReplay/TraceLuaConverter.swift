import CaretCore
import CaretFormats

/// Turns a trace into an equivalent, readable Lua script for `caret run`: one call on the global
/// `editor` per event, `caret.expect(markup)` per checkpoint. The initial document is not part of
/// the script: it goes in a comment, and the caller writes it to a file for `--doc`.
public enum TraceLuaConverter {
    /// The script for `trace`; `documentFile` and `scriptName` are the names the run guidance mentions.
    public static func script(for trace: Trace, documentFile: String? = nil, scriptName: String = "script.lua") -> String {
        var lines: [String] = ["-- Converted from a Caret trace (format \(trace.header.version)) by `caret convert --to lua`."]
        let document = Markup.print(trace.header.document)
        if let documentFile {
            lines.append("-- run with: caret run \(scriptName) --doc \(documentFile)")
        } else if trace.header.document.text.isEmpty {
            lines.append("-- run with: caret run \(scriptName) (the trace starts from an empty document)")
        } else {
            lines.append("-- run with: caret run \(scriptName) --doc <file holding the document below>")
        }
        if !trace.header.document.text.isEmpty {
            lines.append("-- initial document (canonical markup):")
            for line in document.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("--   " + line) }
        }
        if trace.header.seed != 0 { lines.append("-- seed: \(trace.header.seed)") }
        lines.append("")
        let options = trace.header.options
        if options != EditorOptions() {
            lines.append("editor:set_options{ traitToggle = \(quote(options.traitToggle.rawValue)), undoCoalescingInterval = \(AttributeValue.format(options.undoCoalescingInterval)), defaultFontSize = \(AttributeValue.format(options.defaultFontSize)), fontSizeStep = \(AttributeValue.format(options.fontSizeStep)) }")
        }
        if trace.events.contains(where: { if case .check(let c) = $0 { return c.typingAttributes != nil } else { return false } }) {
            lines += [
                "-- Whether two attribute tables hold the same keys and values.",
                "local function same_attributes(actual, expected)",
                "  for k, v in pairs(expected) do if actual[k] ~= v then return false end end",
                "  for k in pairs(actual) do if expected[k] == nil then return false end end",
                "  return true",
                "end",
            ]
        }
        for event in trace.events { lines += statements(for: event) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func statements(for event: TraceEvent) -> [String] {
        switch event {
        case .text(let text): return ["editor:insert(\(quote(text)))"]
        case .key(let chord): return ["editor:key(\(quote(chord.description)))"]
        case .select(let anchor, let head): return ["editor:select(\(anchor), \(head))"]
        case .command(let command):
            let arguments = command.arguments.sorted { $0.key < $1.key }
            if arguments.isEmpty { return ["editor:run(\(quote(command.name)))"] }
            let table = arguments.map { "\(key($0.key)) = \(literal($0.value))" }.joined(separator: ", ")
            return ["editor:run(\(quote(command.name)), { \(table) })"]
        case .paste(let content, let plain):
            if plain { return ["editor:paste(\(quote(Markup.print(content))), true)"] }
            return ["editor:paste(\(quote(Markup.print(content))))"]
        case .undo(let count): return count == 1 ? ["editor:undo()"] : ["for _ = 1, \(count) do editor:undo() end"]
        case .redo(let count): return count == 1 ? ["editor:redo()"] : ["for _ = 1, \(count) do editor:redo() end"]
        case .wait(let seconds): return ["editor:advance_clock(\(AttributeValue.format(seconds)))"]
        case .check(let checkpoint):
            var result = ["caret.expect(\(quote(Markup.print(checkpoint.expected))))"]
            for expectation in checkpoint.traits {
                let (name, state) = (expectation.key.name, "\(expectation.state)")
                result.append("assert(editor:trait_state(\(quote(name))) == \(quote(state)), \(quote("expected \(name) \(state)")))")
            }
            if let typing = checkpoint.typingAttributes {
                let table = typing.entries.map { "\(key($0.key.name)) = \(literal($0.value))" }.joined(separator: ", ")
                result.append("assert(same_attributes(editor:typing_attributes(), { \(table) }), \(quote("expected typing attributes <\(Markup.header(typing))>")))")
            }
            return result
        }
    }

    static func key(_ name: String) -> String {
        let identifier = name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return identifier ? name : "[\(quote(name))]"
    }

    static func literal(_ value: AttributeValue) -> String {
        switch value {
        case .string(let s): quote(s)
        case .number(let n): AttributeValue.format(n)
        case .bool(let b): b ? "true" : "false"
        }
    }

    static func literal(_ argument: CommandArgument) -> String {
        switch argument {
        case .string(let s): quote(s)
        case .int(let i): String(i)
        case .number(let n): AttributeValue.format(n)
        case .bool(let b): b ? "true" : "false"
        }
    }

    /// A Lua double-quoted string literal: `\\`, `\"`, `\n`, `\t`, `\r`, other control characters
    /// as `\ddd`; everything else (UTF-8 included) as it is.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\" + format3(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func format3(_ value: UInt32) -> String {
        let digits = String(value)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }
}
