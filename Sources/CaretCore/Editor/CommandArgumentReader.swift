// Reading a command's named arguments: types checked, unknown names refused.

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

    /// The optional argument `policy` of a trait toggle.
    mutating func togglePolicy() throws -> TraitTogglePolicy? {
        guard value("policy") != nil else { return nil }
        let name = try string("policy")
        guard let policy = TraitTogglePolicy(rawValue: name) else {
            throw bad("policy", "expected one of \(TraitTogglePolicy.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
        }
        return policy
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
