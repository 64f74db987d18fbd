import CaretCore

/// The canonical JSON form of a `DocumentState`, keys in this order:
///
/// `{"text":"Hello","runs":[{"length":5,"attributes":{"bold":true}}],"selection":{"anchor":0,"head":3},"typingAttributes":{}}`
///
/// `runs` cover the text exactly with maximal runs (lengths in UTF-16 units); `selection` and
/// `typingAttributes` are omitted when nil; attribute keys are in canonical `Attributes` order.
/// See docs/json.md.
public enum DocumentJSON {
    /// The canonical JSON value of `state`.
    /// - Complexity: O(n) in the number of runs plus the length of the text.
    public static func encode(_ state: DocumentState) -> JSONValue {
        var object = JSONObject()
        object.append("text", .string(state.text.string))
        object.append("runs", .array(state.text.runs.map { run in
            .object(["length": .integer(Int64(run.range.count)), "attributes": encode(run.attributes)])
        }))
        if let selection = state.selection {
            object.append("selection", .object(["anchor": .integer(Int64(selection.anchor)), "head": .integer(Int64(selection.head))]))
        }
        if let typing = state.typingAttributes {
            object.append("typingAttributes", encode(typing))
        }
        return .object(object)
    }

    /// The canonical compact JSON text of `state`.
    public static func encodeString(_ state: DocumentState) -> String {
        encode(state).serialized()
    }

    /// The JSON object of an attribute set: keys in canonical order, booleans, numbers (integral
    /// ones without a fraction) and strings. A non-finite number (possible only for a custom key)
    /// has no JSON form and is written as `null`, which `decode` rejects.
    public static func encode(_ attributes: Attributes) -> JSONValue {
        var object = JSONObject()
        for entry in attributes {
            let value: JSONValue
            switch entry.value {
            case .bool(let b): value = .bool(b)
            case .number(let n): value = n.isFinite ? .number(n) : .null
            case .string(let s): value = .string(s)
            }
            object.append(entry.key.name, value)
        }
        return .object(object)
    }

    /// The document state that `value` holds. `runs` may be omitted (no attributes) and adjacent
    /// equal runs coalesce; `selection` and `typingAttributes` may be omitted or null.
    /// - Throws: `DocumentJSONError` naming the path of the offending value.
    public static func decode(_ value: JSONValue) throws(DocumentJSONError) -> DocumentState {
        var decoder = DocumentJSONDecoder()
        return try decoder.decodeState(value)
    }

    /// The document state in the JSON text `text`.
    /// - Throws: `JSONError` when the text is not JSON, `DocumentJSONError` when it is not a document.
    public static func decode(_ text: String) throws -> DocumentState {
        if let state = DocumentJSONFastDecoder.decode(text) { return state }
        return try decode(try JSONValue.parse(text))
    }

    /// The attribute set that the JSON object `value` holds.
    /// - Throws: `DocumentJSONError` with a path relative to the object (`fontSize: expected a number…`).
    public static func decodeAttributes(_ value: JSONValue) throws(DocumentJSONError) -> Attributes {
        let decoder = DocumentJSONDecoder()
        return try decoder.decodeAttributes(value, at: "")
    }
}
