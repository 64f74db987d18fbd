import CaretCore
import CaretFormats

/// Why one line of a trace does not decode; `member` names the member at fault so the reader can
/// point its column at it.
struct TraceDecodingError: Error {
    var member: String?
    var message: String
    /// The value at fault as a path from the line's object, when it is not the member itself.
    var path: [JSONLocator.Component]?
    /// For markup in a string: the 0-based Unicode scalar of the string where the markup error is.
    var markupScalar: Int?

    init(_ member: String?, _ message: String, path: [JSONLocator.Component]? = nil, markupScalar: Int? = nil) {
        self.member = member
        self.message = message
        self.path = path
        self.markupScalar = markupScalar
    }

    /// The 0-based scalar index of 1-based `line`:`column` (lines end at LF) in `text`.
    static func scalarIndex(line: Int, column: Int, in text: String) -> Int {
        var index = 0
        var currentLine = 1
        for scalar in text.unicodeScalars where currentLine < line {
            index += 1
            if scalar == "\n" { currentLine += 1 }
        }
        return index + column - 1
    }
}

/// Turns the JSON of a header or an event into values, strictly: unknown members are errors
/// unless their names start with `x-`.
enum TraceDecoder {
    static let kinds: Set<String> = ["text", "key", "select", "command", "edit", "paste", "undo", "redo", "wait", "check"]
    static let modifiers: [String: Set<String>] = ["command": ["args"], "paste": ["plain"], "check": ["traits", "typing"]]

    static func header(_ value: JSONValue) throws(TraceDecodingError) -> TraceHeader {
        guard case .object(let object) = value else {
            throw TraceDecodingError(nil, "expected the trace header, a JSON object starting with \"caret-trace\", got \(value.kindName)")
        }
        guard let versionValue = object["caret-trace"] else {
            throw TraceDecodingError(nil, "not a Caret trace: the first line must be a header with \"caret-trace\": 1")
        }
        guard let version = versionValue.integerValue, version >= 1 else {
            throw TraceDecodingError("caret-trace", "expected the format version, a whole number >= 1, got \(quoted("\(versionValue)"))")
        }
        guard version <= TraceHeader.currentVersion else {
            throw TraceDecodingError("caret-trace", "trace format version \(version) is newer than this caret reads (version \(TraceHeader.currentVersion)); update caret")
        }
        var header = TraceHeader()
        for member in object where !member.key.hasPrefix("x-") {
            switch member.key {
            case "caret-trace": break
            case "document": header.document = try document(member.value, member: "document")
            case "seed":
                guard let seed = member.value.integerValue else {
                    throw TraceDecodingError("seed", "expected a whole number, got \(member.value.kindName)")
                }
                header.seed = UInt64(bitPattern: seed)
            case "options": header.options = try nested("options") { () throws(TraceDecodingError) in try options(member.value) }
            default: throw TraceDecodingError(member.key, "unknown header member '\(quoted(member.key))' (extensions start with 'x-')")
            }
        }
        return header
    }

    /// `body`'s value; an error about a member of the object `parent` gets the path to it.
    static func nested<T>(_ parent: String, _ body: () throws(TraceDecodingError) -> T) throws(TraceDecodingError) -> T {
        switch Result(catching: body) {
        case .success(let value): return value
        case .failure(var error):
            if error.path == nil, let member = error.member, member != parent { error.path = [.key(parent), .key(member)] }
            throw error
        }
    }

    static func document(_ value: JSONValue, member: String) throws(TraceDecodingError) -> DocumentState {
        switch value {
        case .string(let markup):
            do { return try Markup.parse(markup) } catch {
                throw TraceDecodingError(member, "markup \(error.line):\(error.column): \(error.message)",
                                         markupScalar: TraceDecodingError.scalarIndex(line: error.line, column: error.column, in: markup))
            }
        case .object:
            do { return try DocumentJSON.decode(value) } catch {
                throw TraceDecodingError(member, "document JSON: \(error)", path: [.key(member)] + JSONLocator.components(error.path))
            }
        default:
            throw TraceDecodingError(member, "expected markup (a string) or document JSON (an object), got \(value.kindName)")
        }
    }

    static func options(_ value: JSONValue) throws(TraceDecodingError) -> EditorOptions {
        guard case .object(let object) = value else { throw TraceDecodingError("options", "expected an object, got \(value.kindName)") }
        var options = EditorOptions()
        for member in object where !member.key.hasPrefix("x-") {
            switch member.key {
            case "traitToggle":
                guard let name = member.value.stringValue, let policy = TraitTogglePolicy(rawValue: name) else {
                    throw TraceDecodingError(member.key, "expected one of \(TraitTogglePolicy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \(quoted("\(member.value)"))")
                }
                options.traitToggle = policy
            case "undoCoalescingInterval": options.undoCoalescingInterval = try number(member.value, member.key, minimum: 0)
            case "defaultFontSize": options.defaultFontSize = try number(member.value, member.key, minimum: 1)
            case "fontSizeStep": options.fontSizeStep = try number(member.value, member.key, minimum: 0)
            default: throw TraceDecodingError(member.key, "unknown option '\(quoted(member.key))' (extensions start with 'x-')")
            }
        }
        return options
    }

    static func number(_ value: JSONValue, _ member: String, minimum: Double) throws(TraceDecodingError) -> Double {
        guard let n = value.doubleValue, n.isFinite, n >= minimum else {
            throw TraceDecodingError(member, "expected a finite number >= \(AttributeValue.format(minimum)), got \(quoted("\(value)"))")
        }
        return n
    }

    static func count(_ value: JSONValue, _ member: String) throws(TraceDecodingError) -> Int {
        guard let n = value.integerValue, n >= 1, n <= 1_000_000 else {
            throw TraceDecodingError(member, "expected a count, a whole number in 1...1000000, got \(quoted("\(value)"))")
        }
        return Int(n)
    }

    static func offset(_ value: JSONValue, _ member: String) throws(TraceDecodingError) -> Int {
        guard let n = value.integerValue, n >= 0, n < Int64(Int32.max) else {
            throw TraceDecodingError(member, "expected a UTF-16 offset, a whole number >= 0, got \(quoted("\(value)"))")
        }
        return Int(n)
    }

    static func string(_ value: JSONValue, _ member: String) throws(TraceDecodingError) -> String {
        guard case .string(let s) = value else { throw TraceDecodingError(member, "expected a string, got \(value.kindName)") }
        return s
    }

    static func event(_ value: JSONValue) throws(TraceDecodingError) -> TraceEvent {
        guard case .object(let object) = value else {
            throw TraceDecodingError(nil, "expected an event, a JSON object such as {\"text\":\"hi\"}, got \(value.kindName)")
        }
        // Fast path: the common one-member events.
        if object.count == 1, let member = object.members.first, let event = try simple(member.key, member.value) {
            return event
        }
        var kind: JSONObject.Member?
        for member in object where kinds.contains(member.key) {
            if let first = kind {
                throw TraceDecodingError(member.key, "an event has one kind; this one has '\(quoted(first.key))' and '\(quoted(member.key))'")
            }
            kind = member
        }
        guard let kind else {
            let name = object.keys.first { !$0.hasPrefix("x-") }
            throw TraceDecodingError(name, name.map { "unknown event '\(quoted($0))' (expected one of \(kinds.sorted().joined(separator: ", ")))" }
                ?? "an event needs a kind (one of \(kinds.sorted().joined(separator: ", ")))")
        }
        let allowed = modifiers[kind.key] ?? []
        for member in object where member.key != kind.key && !member.key.hasPrefix("x-") && !allowed.contains(member.key) {
            throw TraceDecodingError(member.key, "unknown member '\(quoted(member.key))' in a '\(kind.key)' event (extensions start with 'x-')")
        }
        switch kind.key {
        case "command":
            let name = try string(kind.value, "command")
            var arguments: [String: CommandArgument] = [:]
            if let args = object["args"] {
                guard case .object(let members) = args else { throw TraceDecodingError("args", "expected an object, got \(args.kindName)") }
                for member in members {
                    arguments[member.key] = try nested("args") { () throws(TraceDecodingError) in try argument(member.value, member.key) }
                }
            }
            do { return .command(try EditorCommand(name: name, arguments: arguments)) } catch {
                throw TraceDecodingError(arguments.isEmpty ? "command" : "args", "\(error)")
            }
        case "paste":
            let plain = object["plain"]
            if let plain, plain.boolValue == nil { throw TraceDecodingError("plain", "expected a boolean, got \(plain.kindName)") }
            return .paste(try pasteContent(kind.value), plain: plain?.boolValue ?? false)
        case "check": return .check(try checkpoint(object, kind.value))
        default:
            guard let event = try simple(kind.key, kind.value) else { throw TraceDecodingError(kind.key, "unknown event '\(quoted(kind.key))'") }
            return event
        }
    }

    /// Events whose whole content is the kind member's value; nil for kinds that take more.
    static func simple(_ key: String, _ value: JSONValue) throws(TraceDecodingError) -> TraceEvent? {
        switch key {
        case "edit":
            guard case .array(let parts) = value, parts.count == 3 else {
                throw TraceDecodingError(key, "expected [location, length, text], got \(value.kindName)")
            }
            let location = try offset(parts[0], key)
            let length = try offset(parts[1], key)
            return .command(.replaceRange(location..<(location + length), with: try string(parts[2], key)))
        case "text": return .text(try string(value, key))
        case "key":
            do { return .key(try KeyChord(parsing: try string(value, key))) } catch let error as EditorError {
                throw TraceDecodingError(key, error.description)
            } catch let error as TraceDecodingError {
                throw error
            } catch {
                throw TraceDecodingError(key, "\(error)")
            }
        case "select":
            if value.integerValue != nil {
                let caret = try offset(value, key)
                return .select(anchor: caret, head: caret)
            }
            guard case .array(let parts) = value, parts.count == 2 else {
                throw TraceDecodingError(key, "expected [anchor, head] or one offset, got \(value.kindName)")
            }
            return .select(anchor: try offset(parts[0], key), head: try offset(parts[1], key))
        case "undo": return .undo(count: try count(value, key))
        case "redo": return .redo(count: try count(value, key))
        case "wait": return .wait(try number(value, key, minimum: 0))
        case "command":
            do { return .command(try EditorCommand(name: try string(value, key))) } catch let error as TraceDecodingError {
                throw error
            } catch {
                throw TraceDecodingError(key, "\(error)")
            }
        case "paste": return .paste(try pasteContent(value), plain: false)
        case "check": return .check(Checkpoint(expected: try document(value, member: key)))
        default: return nil
        }
    }

    static func pasteContent(_ value: JSONValue) throws(TraceDecodingError) -> AttributedText {
        let markup = try string(value, "paste")
        do { return try Markup.parseText(markup) } catch {
            throw TraceDecodingError("paste", "markup \(error.line):\(error.column): \(error.message)",
                                     markupScalar: TraceDecodingError.scalarIndex(line: error.line, column: error.column, in: markup))
        }
    }

    static func argument(_ value: JSONValue, _ member: String) throws(TraceDecodingError) -> CommandArgument {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let i): return .int(Int(i))
        case .double(let d): return .number(d)
        case .bool(let b): return .bool(b)
        default: throw TraceDecodingError(member, "a command argument is a string, a number or a boolean, got \(value.kindName)")
        }
    }

    static func checkpoint(_ object: JSONObject, _ value: JSONValue) throws(TraceDecodingError) -> Checkpoint {
        var checkpoint = Checkpoint(expected: try document(value, member: "check"))
        if let traits = object["traits"] {
            guard case .object(let members) = traits else { throw TraceDecodingError("traits", "expected an object, got \(traits.kindName)") }
            var expectations: [Checkpoint.TraitExpectation] = []
            for member in members {
                guard let key = AttributeKey(name: member.key), key.isTrait else {
                    throw TraceDecodingError(member.key, "'\(quoted(member.key))' is not a trait (bold, italic, underline, strikethrough, code)", path: [.key("traits"), .key(member.key)])
                }
                guard let name = member.value.stringValue, let state = TraitState(rawValue: name) else {
                    throw TraceDecodingError(member.key, "expected \"on\", \"off\" or \"mixed\", got \(quoted("\(member.value)"))", path: [.key("traits"), .key(member.key)])
                }
                expectations.append(.init(key: key, state: state))
            }
            checkpoint = Checkpoint(expected: checkpoint.expected, traits: expectations)
        }
        if let typing = object["typing"] {
            do { checkpoint.typingAttributes = try DocumentJSON.decodeAttributes(typing) } catch {
                throw TraceDecodingError("typing", "\(error)", path: [.key("typing")] + JSONLocator.components(error.path))
            }
        }
        return checkpoint
    }
}

/// A name or value from the input as an error quotes it (`String.quotedForError`).
func quoted(_ name: String) -> String { name.quotedForError }
