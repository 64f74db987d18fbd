import CaretCore

/// Decodes the canonical JSON of a document state, checking every value and naming its path.
struct DocumentJSONDecoder {
    typealias Failure = DocumentJSONError

    func fail(_ path: String, _ message: String) -> Failure {
        DocumentJSONError(path: path, message: message)
    }

    /// `path.key`, or `path["key"]` for a key that is not an identifier; a key from the input is
    /// quoted in at most 64 bytes (cut with `…`), so a huge key is never echoed back whole.
    func join(_ path: String, _ key: String) -> String {
        let key = key.quotedForError
        if MarkupPrinter.isIdentifier(key) { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONValue.string(key).serialized() + "]"
    }

    func object(_ value: JSONValue, at path: String, keys allowed: [String]) throws(Failure) -> JSONObject {
        guard case .object(let object) = value else { throw fail(path, "expected an object, got \(value.kindName)") }
        var seen: [String] = []
        for member in object {
            let memberPath = join(path, member.key)
            guard allowed.contains(member.key) else {
                let list = allowed.map { "'\($0)'" }.joined(separator: ", ")
                throw fail(memberPath, "unknown key, expected one of \(list)")
            }
            if seen.contains(member.key) { throw fail(memberPath, "expected each key once, this one appears twice") }
            seen.append(member.key)
        }
        return object
    }

    func integer(_ value: JSONValue, at path: String) throws(Failure) -> Int {
        guard case .integer(let i) = value, let n = Int(exactly: i) else {
            throw fail(path, "expected an integer, got \(value.kindName)")
        }
        return n
    }

    mutating func decodeState(_ value: JSONValue) throws(Failure) -> DocumentState {
        let root = try object(value, at: "", keys: ["text", "runs", "selection", "typingAttributes"])
        guard let textValue = root["text"] else { throw fail("", "expected the key 'text'") }
        guard case .string(let string) = textValue else { throw fail("text", "expected a string, got \(textValue.kindName)") }
        var text = AttributedText(string)
        if let runsValue = root["runs"] {
            try decodeRuns(runsValue, into: &text)
        }
        var state = DocumentState(text: text)
        if let selectionValue = root["selection"], selectionValue != .null {
            let selection = try object(selectionValue, at: "selection", keys: ["anchor", "head"])
            var ends: [Int] = []
            for key in ["anchor", "head"] {
                guard let endValue = selection[key] else { throw fail("selection", "expected the key '\(key)'") }
                let offset = try integer(endValue, at: "selection." + key)
                do {
                    try text.validate(offset)
                } catch {
                    throw fail("selection." + key, "\(error)")
                }
                ends.append(offset)
            }
            state.selection = Selection(anchor: ends[0], head: ends[1])
        }
        if let typingValue = root["typingAttributes"], typingValue != .null {
            state.typingAttributes = try decodeAttributes(typingValue, at: "typingAttributes")
        }
        return state
    }

    func decodeRuns(_ value: JSONValue, into text: inout AttributedText) throws(Failure) {
        guard case .array(let runs) = value else { throw fail("runs", "expected an array, got \(value.kindName)") }
        var offset = 0
        for (i, runValue) in runs.enumerated() {
            let path = "runs[\(i)]"
            let run = try object(runValue, at: path, keys: ["length", "attributes"])
            guard let lengthValue = run["length"] else { throw fail(path, "expected the key 'length'") }
            let length = try integer(lengthValue, at: path + ".length")
            guard length > 0 else { throw fail(path + ".length", "expected a positive length, got \(length)") }
            // `offset` is within the text, so `utf16Count - offset` cannot overflow; `offset + length` could.
            guard length <= text.utf16Count - offset else {
                let (end, overflow) = offset.addingReportingOverflow(length)
                throw fail(path + ".length", "expected the runs to end with the text at \(text.utf16Count) UTF-16 units, this one ends at \(overflow ? "\(offset)+\(length)" : "\(end)")")
            }
            let end = offset + length
            guard text.isValidPosition(end) else {
                throw fail(path + ".length", "expected the run to end on a character boundary, offset \(end) is inside a surrogate pair")
            }
            let attributes = try decodeAttributes(run["attributes"] ?? .object([:]), at: path + ".attributes")
            if !attributes.isEmpty {
                do {
                    try text.setAttributes(attributes, in: offset..<end)
                } catch {
                    throw fail(path, "\(error)")
                }
            }
            offset = end
        }
        guard offset == text.utf16Count else {
            throw fail("runs", "expected runs covering the text's \(text.utf16Count) UTF-16 units, they cover \(offset)")
        }
    }

    func decodeAttributes(_ value: JSONValue, at path: String) throws(Failure) -> Attributes {
        guard case .object(let object) = value else { throw fail(path, "expected an object, got \(value.kindName)") }
        var attributes = Attributes()
        var seen: [String] = []
        for member in object {
            let memberPath = join(path, member.key)
            if seen.contains(member.key) { throw fail(memberPath, "expected each key once, this one appears twice") }
            seen.append(member.key)
            guard let key = AttributeKey(name: member.key) else { throw fail(memberPath, "expected a non-empty attribute name") }
            let attributeValue: AttributeValue
            switch member.value {
            case .bool(let b): attributeValue = .bool(b)
            case .integer(let i): attributeValue = .number(Double(i))
            case .double(let d): attributeValue = .number(d)
            case .string(let s): attributeValue = .string(s)
            default: throw fail(memberPath, "expected a boolean, a number or a string, got \(member.value.kindName)")
            }
            do {
                try attributes.set(key, attributeValue)
            } catch let error as AttributeError {
                throw fail(memberPath, error.message)
            } catch {
                throw fail(memberPath, "\(error)")
            }
        }
        return attributes
    }
}
