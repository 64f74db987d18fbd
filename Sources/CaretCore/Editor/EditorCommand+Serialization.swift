extension EditorCommand: CustomStringConvertible {
    /// Every command name, in the order docs/editor.md lists them.
    public static let allNames: [String] = [
        "insertText", "insertNewline", "insertTab", "deleteBackward", "deleteForward",
        "deleteWordBackward", "deleteWordForward", "deleteToLineStart", "deleteToLineEnd",
        "transpose", "openLine", "replaceRange", "cut", "copy", "paste", "pasteAsPlainText",
        "applySuggestion", "learnWord",
    ] + Movement.allCases.map(\.rawValue) + [
        "selectAll", "selectWord", "selectLine", "selectParagraph", "setSelection",
    ] + AttributeKey.traits.map(toggleName) + [
        "setAttribute", "removeAttribute", "setFontSize", "increaseFontSize", "decreaseFontSize",
        "removeFormatting", "setLink", "removeLink",
        "setParagraphAttribute", "removeParagraphAttribute", "toggleList", "setHeading", "indentList", "outdentList",
        "findNext", "findPrevious", "replaceNext", "replaceAll", "undo", "redo",
    ]

    static func toggleName(_ key: AttributeKey) -> String {
        let name = key.name
        return "toggle" + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The command's name (lowerCamelCase), as scripts and traces spell it.
    public var name: String {
        switch self {
        case .insertText: "insertText"
        case .insertNewline: "insertNewline"
        case .insertTab: "insertTab"
        case .deleteBackward: "deleteBackward"
        case .deleteForward: "deleteForward"
        case .deleteWordBackward: "deleteWordBackward"
        case .deleteWordForward: "deleteWordForward"
        case .deleteToLineStart: "deleteToLineStart"
        case .deleteToLineEnd: "deleteToLineEnd"
        case .transpose: "transpose"
        case .openLine: "openLine"
        case .replaceRange: "replaceRange"
        case .cut: "cut"
        case .copy: "copy"
        case .paste: "paste"
        case .pasteAsPlainText: "pasteAsPlainText"
        case .applySuggestion: "applySuggestion"
        case .learnWord: "learnWord"
        case .move(let movement, _): movement.rawValue
        case .selectAll: "selectAll"
        case .selectWord: "selectWord"
        case .selectLine: "selectLine"
        case .selectParagraph: "selectParagraph"
        case .setSelection: "setSelection"
        case .toggleTrait(let key): EditorCommand.toggleName(key)
        case .setAttribute: "setAttribute"
        case .removeAttribute: "removeAttribute"
        case .setFontSize: "setFontSize"
        case .increaseFontSize: "increaseFontSize"
        case .decreaseFontSize: "decreaseFontSize"
        case .removeFormatting: "removeFormatting"
        case .setLink: "setLink"
        case .removeLink: "removeLink"
        case .setParagraphAttribute: "setParagraphAttribute"
        case .removeParagraphAttribute: "removeParagraphAttribute"
        case .toggleList: "toggleList"
        case .setHeading: "setHeading"
        case .indentList: "indentList"
        case .outdentList: "outdentList"
        case .findNext: "findNext"
        case .findPrevious: "findPrevious"
        case .replaceNext: "replaceNext"
        case .replaceAll: "replaceAll"
        case .undo: "undo"
        case .redo: "redo"
        }
    }

    /// The command's arguments by name; `init(name:arguments:)` rebuilds the same command.
    /// Arguments at their default value (`extend: false`, `regex: false`, …) are left out.
    public var arguments: [String: CommandArgument] {
        switch self {
        case .insertText(let text): return ["text": .string(text)]
        case .replaceRange(let range, let text):
            return ["location": .int(range.lowerBound), "length": .int(EditorCommand.length(range)), "text": .string(text)]
        case .applySuggestion(let word, let range):
            return ["location": .int(range.lowerBound), "length": .int(EditorCommand.length(range)), "word": .string(word)]
        case .learnWord(let word): return ["word": .string(word)]
        case .move(_, let extend): return extend ? ["extend": .bool(true)] : [:]
        case .setSelection(let anchor, let head): return ["anchor": .int(anchor), "head": .int(head)]
        case .setAttribute(let key, let value), .setParagraphAttribute(let key, let value):
            let argument: CommandArgument = switch value {
            case .bool(let b): .bool(b)
            case .number(let n): .number(n)
            case .string(let s): .string(s)
            }
            return ["key": .string(key.name), "value": argument]
        case .removeAttribute(let key), .removeParagraphAttribute(let key): return ["key": .string(key.name)]
        case .toggleList(let style): return ["style": .string(style)]
        case .setHeading(let level): return ["level": .int(level)]
        case .setFontSize(let size): return ["size": .number(size)]
        case .setLink(let url): return ["url": .string(url)]
        case .findNext(let query), .findPrevious(let query): return EditorCommand.queryArguments(query)
        case .replaceNext(let query, let replacement), .replaceAll(let query, let replacement):
            return EditorCommand.queryArguments(query).merging(["replacement": .string(replacement)]) { a, _ in a }
        default: return [:]
        }
    }

    static func queryArguments(_ query: FindQuery) -> [String: CommandArgument] {
        var result: [String: CommandArgument] = ["pattern": .string(query.pattern)]
        if query.isRegex { result["regex"] = .bool(true) }
        if query.caseInsensitive { result["caseInsensitive"] = .bool(true) }
        return result
    }

    /// The command as a trace prints it: the name, then its arguments sorted by name.
    public var description: String {
        let args = arguments.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return args.isEmpty ? name : "\(name)(\(args.joined(separator: ", ")))"
    }

    /// A range's length, `Int.max` for one wider than that (`-1..<Int.max`, which a caller may
    /// build and the editor refuses): describing such a command must not trap.
    static func length(_ range: Range<Int>) -> Int {
        let (length, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
        return overflow ? Int.max : length
    }

    /// The command called `name` with `arguments`.
    /// - Throws: `EditorError.unknownCommand`, `.missingArgument`, `.unexpectedArgument` or
    ///   `.badArgument`, naming the command and argument.
    public init(name: String, arguments: [String: CommandArgument] = [:]) throws {
        var reader = ArgumentReader(command: name, arguments: arguments)
        if let movement = Movement(rawValue: name) {
            self = .move(movement, extend: try reader.bool("extend", default: false))
        } else if let key = AttributeKey.traits.first(where: { EditorCommand.toggleName($0) == name }) {
            self = .toggleTrait(key)
        } else {
            switch name {
            case "insertText": self = .insertText(try reader.string("text"))
            case "insertNewline": self = .insertNewline
            case "insertTab": self = .insertTab
            case "deleteBackward": self = .deleteBackward
            case "deleteForward": self = .deleteForward
            case "deleteWordBackward": self = .deleteWordBackward
            case "deleteWordForward": self = .deleteWordForward
            case "deleteToLineStart": self = .deleteToLineStart
            case "deleteToLineEnd": self = .deleteToLineEnd
            case "transpose": self = .transpose
            case "openLine": self = .openLine
            case "replaceRange":
                self = .replaceRange(try reader.range(), with: try reader.string("text"))
            case "cut": self = .cut
            case "copy": self = .copy
            case "paste": self = .paste
            case "pasteAsPlainText": self = .pasteAsPlainText
            case "applySuggestion":
                self = .applySuggestion(try reader.string("word"), range: try reader.range())
            case "learnWord": self = .learnWord(try reader.string("word"))
            case "selectAll": self = .selectAll
            case "selectWord": self = .selectWord
            case "selectLine": self = .selectLine
            case "selectParagraph": self = .selectParagraph
            case "setSelection":
                let anchor = try reader.int("anchor")
                self = .setSelection(anchor: anchor, head: try reader.int("head", default: anchor))
            case "setAttribute":
                let key = try reader.key("key")
                self = .setAttribute(key, try reader.attributeValue("value", for: key))
            case "removeAttribute": self = .removeAttribute(try reader.key("key"))
            case "setFontSize": self = .setFontSize(try reader.number("size"))
            case "increaseFontSize": self = .increaseFontSize
            case "decreaseFontSize": self = .decreaseFontSize
            case "removeFormatting": self = .removeFormatting
            case "setLink": self = .setLink(try reader.string("url"))
            case "removeLink": self = .removeLink
            case "setParagraphAttribute":
                let key = try reader.key("key")
                self = .setParagraphAttribute(key, try reader.attributeValue("value", for: key))
            case "removeParagraphAttribute": self = .removeParagraphAttribute(try reader.key("key"))
            case "toggleList": self = .toggleList(try reader.string("style"))
            case "setHeading": self = .setHeading(try reader.int("level"))
            case "indentList": self = .indentList
            case "outdentList": self = .outdentList
            case "findNext": self = .findNext(try reader.query())
            case "findPrevious": self = .findPrevious(try reader.query())
            case "replaceNext": self = .replaceNext(try reader.query(), with: try reader.string("replacement"))
            case "replaceAll": self = .replaceAll(try reader.query(), with: try reader.string("replacement"))
            case "undo": self = .undo
            case "redo": self = .redo
            default: throw EditorError.unknownCommand(name)
            }
        }
        try reader.finish()
    }
}

/// Reads named arguments for one command and remembers which were used, so unknown ones are errors.
struct ArgumentReader {
    let command: String
    let arguments: [String: CommandArgument]
    var used: Set<String> = []

    init(command: String, arguments: [String: CommandArgument]) {
        self.command = command
        self.arguments = arguments
    }

    func bad(_ name: String, _ message: String) -> EditorError {
        .badArgument(command: command, argument: name, message: message)
    }

    mutating func value(_ name: String) -> CommandArgument? {
        used.insert(name)
        return arguments[name]
    }

    mutating func string(_ name: String) throws -> String {
        guard let v = value(name) else { throw EditorError.missingArgument(command: command, argument: name) }
        guard case .string(let s) = v else { throw bad(name, "expected a string, got \(v.kindName)") }
        return s
    }

    mutating func int(_ name: String, default def: Int? = nil) throws -> Int {
        guard let v = value(name) else {
            if let def { return def }
            throw EditorError.missingArgument(command: command, argument: name)
        }
        switch v {
        case .int(let i): return i
        case .number(let n) where n.isFinite && abs(n) < 1e15 && n == Double(Int64(n)): return Int(n)
        default: throw bad(name, "expected an integer, got \(v.kindName) \(v)")
        }
    }

    /// The arguments `location` and `length` as a range. An end past `Int.max` is past the end of
    /// any text: refused here, where it cannot be represented, instead of trapping.
    mutating func range() throws -> Range<Int> {
        let location = try int("location")
        let length = try int("length")
        guard length >= 0 else { throw bad("length", "must not be negative, got \(length)") }
        let (end, overflow) = location.addingReportingOverflow(length)
        guard !overflow else {
            throw bad("length", "the range \(location)..<\(location)+\(length) ends past the end of any document (the end overflows Int; UTF-16)")
        }
        return location..<end
    }

    mutating func number(_ name: String) throws -> Double {
        guard let v = value(name) else { throw EditorError.missingArgument(command: command, argument: name) }
        switch v {
        case .int(let i): return Double(i)
        case .number(let n): return n
        default: throw bad(name, "expected a number, got \(v.kindName)")
        }
    }

    mutating func bool(_ name: String, default def: Bool) throws -> Bool {
        guard let v = value(name) else { return def }
        guard case .bool(let b) = v else { throw bad(name, "expected a boolean, got \(v.kindName)") }
        return b
    }

    mutating func key(_ name: String) throws -> AttributeKey {
        let s = try string(name)
        guard let key = AttributeKey(name: s) else { throw bad(name, "empty attribute key") }
        return key
    }

    mutating func attributeValue(_ name: String, for key: AttributeKey) throws -> AttributeValue {
        guard let v = value(name) else { throw EditorError.missingArgument(command: command, argument: name) }
        let value: AttributeValue = switch v {
        case .bool(let b): .bool(b)
        case .int(let i): .number(Double(i))
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        }
        do {
            _ = try Attributes().setting(key, value)
        } catch let error as AttributeError {
            throw bad(name, error.description)
        }
        return value
    }

    mutating func query() throws -> FindQuery {
        FindQuery(
            try string("pattern"),
            isRegex: try bool("regex", default: false),
            caseInsensitive: try bool("caseInsensitive", default: false)
        )
    }

    func finish() throws {
        if let extra = arguments.keys.sorted().first(where: { !used.contains($0) }) {
            throw EditorError.unexpectedArgument(command: command, argument: extra)
        }
    }
}
