import CaretCore
import CaretFormats

/// Prints headers and events in their canonical JSON Lines form (docs/trace-format.md): compact,
/// members in a fixed order, one line each ending in `\n`. The same value always prints the same.
public enum TraceWriter {
    /// The canonical JSON of `header`.
    public static func json(_ header: TraceHeader) -> JSONValue {
        var object = JSONObject()
        object.append("caret-trace", .integer(Int64(header.version)))
        object.append("document", .string(Markup.print(header.document)))
        object.append("seed", .integer(Int64(bitPattern: header.seed)))
        object.append("options", options(header.options))
        return .object(object)
    }

    static func options(_ options: EditorOptions) -> JSONValue {
        var object = JSONObject()
        object.append("traitToggle", .string(options.traitToggle.rawValue))
        object.append("undoCoalescingInterval", .number(options.undoCoalescingInterval))
        object.append("defaultFontSize", .number(options.defaultFontSize))
        object.append("fontSizeStep", .number(options.fontSizeStep))
        return .object(object)
    }

    /// The canonical JSON of `event`.
    public static func json(_ event: TraceEvent) -> JSONValue {
        switch event {
        case .text(let text): return ["text": .string(text)]
        case .key(let chord): return ["key": .string(chord.description)]
        case .select(let anchor, let head): return ["select": [.integer(Int64(anchor)), .integer(Int64(head))]]
        case .command(.replaceRange(let range, let text)):
            return ["edit": [.integer(Int64(range.lowerBound)), .integer(Int64(range.count)), .string(text)]]
        case .command(let command):
            var object: JSONObject = ["command": .string(command.name)]
            let arguments = command.arguments
            if !arguments.isEmpty {
                var args = JSONObject()
                for (name, value) in arguments.sorted(by: { $0.key < $1.key }) { args.append(name, json(value)) }
                object.append("args", .object(args))
            }
            return .object(object)
        case .paste(let content, let plain):
            var object: JSONObject = ["paste": .string(Markup.print(content))]
            if plain { object.append("plain", true) }
            return .object(object)
        case .undo(let count): return ["undo": .integer(Int64(count))]
        case .redo(let count): return ["redo": .integer(Int64(count))]
        case .wait(let seconds): return ["wait": .number(seconds)]
        case .check(let checkpoint): return json(checkpoint)
        }
    }

    static func json(_ checkpoint: Checkpoint) -> JSONValue {
        var object: JSONObject = ["check": .string(Markup.print(checkpoint.expected))]
        if !checkpoint.traits.isEmpty {
            var traits = JSONObject()
            for trait in checkpoint.traits { traits.append(trait.key.name, .string(trait.state.rawValue)) }
            object.append("traits", .object(traits))
        }
        if let typing = checkpoint.typingAttributes {
            object.append("typing", DocumentJSON.encode(typing))
        }
        return .object(object)
    }

    static func json(_ argument: CommandArgument) -> JSONValue {
        switch argument {
        case .string(let s): .string(s)
        case .int(let i): .integer(Int64(i))
        case .number(let n): .double(n)
        case .bool(let b): .bool(b)
        }
    }

    /// Appends the header line to `out`.
    public static func write(_ header: TraceHeader, to out: inout [UInt8]) {
        json(header).write(to: &out)
        out.append(0x0A)
    }

    /// Appends the event's line to `out`.
    public static func write(_ event: TraceEvent, to out: inout [UInt8]) {
        json(event).write(to: &out)
        out.append(0x0A)
    }

    /// The event's line, without the newline.
    public static func line(_ event: TraceEvent) -> String {
        json(event).serialized()
    }

    /// The header's line, without the newline.
    public static func line(_ header: TraceHeader) -> String {
        json(header).serialized()
    }
}
