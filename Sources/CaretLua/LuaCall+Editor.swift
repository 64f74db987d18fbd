import CaretCore

/// Argument readers and pushers for the editor API: UTF-16 offsets validated against a text
/// (errors say the unit), attribute tables, command argument tables.
extension LuaCall {
    /// `bad argument #n to 'name' (message)`, as Lua's own functions word their errors.
    func argumentError(_ argument: Int, _ message: String) -> LuaCallError {
        LuaCallError("bad argument #\(argument) to '\(box.name)' (\(message))")
    }

    /// Argument `argument` as a valid 0-based UTF-16 offset into `text` (0…length, never inside a
    /// surrogate pair): `bad argument #1 to 'select' (offset 40 is past the end (length 12, UTF-16))`.
    func offset(_ argument: Int, in text: AttributedText) throws -> Int {
        let value = try integer(argument)
        do { try text.validate(value) } catch { throw argumentError(argument, "\(error)") }
        return value
    }

    /// Arguments `argument` (location) and `argument + 1` (length) as a valid UTF-16 range of
    /// `text`; both absent means the whole text.
    func range(_ argument: Int, in text: AttributedText, defaultWhole: Bool = true) throws -> Range<Int> {
        if defaultWhole && isNil(argument) && isNil(argument + 1) { return 0..<text.utf16Count }
        let location = try offset(argument, in: text)
        let length = try integer(argument + 1)
        guard length >= 0 else {
            throw argumentError(argument + 1, "length \(length) is negative (a count of UTF-16 units)")
        }
        let (end, overflow) = location.addingReportingOverflow(length)
        if overflow { throw overflowingRange(argument + 1, location: location, length: length, in: text) }
        do { try text.validate(end) } catch {
            throw argumentError(argument + 1, "the range \(location)..<\(end) ends outside the text: \(error)")
        }
        return location..<end
    }

    /// The error for a range whose end, `location + length`, is past `Int.max` (so past the end of
    /// any text): the message an ordinary range past the end gets, with the end written as a sum.
    func overflowingRange(_ argument: Int, location: Int, length: Int, in text: AttributedText) -> LuaCallError {
        argumentError(argument, "the range \(location)..<\(location)+\(length) ends outside the text: offset \(location)+\(length) is past the end (length \(text.utf16Count), UTF-16)")
    }

    /// Argument `argument` as an attribute key name.
    func attributeKey(_ argument: Int) throws -> AttributeKey {
        let name = try string(argument)
        guard let key = AttributeKey(name: name) else { throw argumentError(argument, "an attribute name cannot be empty") }
        return key
    }

    /// Argument `argument` as a trait name (bold, italic, underline, strikethrough, code).
    func trait(_ argument: Int) throws -> AttributeKey {
        let name = try string(argument)
        guard let key = AttributeKey(name: name), key.isTrait else {
            throw argumentError(argument, "unknown trait '\(name)' (expected one of \(AttributeKey.traits.map(\.name).joined(separator: ", ")))")
        }
        return key
    }

    /// `value` as an attribute value for `key` (booleans, numbers, strings).
    func attributeValue(_ value: LuaValue, key: AttributeKey, argument: Int) throws -> AttributeValue {
        let result: AttributeValue
        switch value {
        case .boolean(let b): result = .bool(b)
        case .number(let n): result = .number(n)
        case .string(let s): result = .string(s)
        case .nil, .other(_):
            throw argumentError(argument, "attribute '\(key.name)': expected a boolean, number or string, got \(value == .nil ? "nil" : value.description)")
        }
        do { _ = try Attributes().setting(key, result) } catch {
            throw argumentError(argument, "\(error)")
        }
        return result
    }

    /// Table argument `argument` (`{bold = true, fontSize = 14}`) as attributes. `false` for a
    /// trait means "not set".
    func attributes(_ argument: Int) throws -> Attributes {
        var attributes = Attributes()
        for (name, value) in try stringKeyedFields(argument) {
            guard let key = AttributeKey(name: name) else { throw argumentError(argument, "an attribute name cannot be empty") }
            let attributeValue = try attributeValue(value, key: key, argument: argument)
            if key.isTrait, attributeValue == .bool(false) { continue }
            do { try attributes.set(key, attributeValue) } catch { throw argumentError(argument, "\(error)") }
        }
        return attributes
    }

    /// Table argument `argument` as command arguments: booleans, integral numbers as `.int`,
    /// other numbers, strings.
    func commandArguments(_ argument: Int) throws -> [String: CommandArgument] {
        if isNil(argument) { return [:] }
        var arguments: [String: CommandArgument] = [:]
        for (name, value) in try stringKeyedFields(argument) {
            switch value {
            case .boolean(let b): arguments[name] = .bool(b)
            case .number(let n): arguments[name] = Int(exactly: n).map { .int($0) } ?? .number(n)
            case .string(let s): arguments[name] = .string(s)
            case .nil, .other(_):
                throw argumentError(argument, "command argument '\(name)': expected a boolean, number or string, got \(value.description)")
            }
        }
        return arguments
    }

    /// Pushes `attributes` as a table `{bold = true, fontSize = 14, link = "…"}`.
    func push(attributes: Attributes) {
        pushTable(attributes.entries.map { entry in
            let value: LuaValue
            switch entry.value {
            case .bool(let b): value = .boolean(b)
            case .number(let n): value = .number(n)
            case .string(let s): value = .string(s)
            }
            return (entry.key.name, value)
        })
    }
}
