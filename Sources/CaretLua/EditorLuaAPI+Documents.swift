import CLuaJIT
import CaretCore
import CaretFormats

/// Documents in files and strings for `caret.open`, `editor:save` and `caret.document`: formats
/// from the one registry (`DocumentFormat`) and the loss rule of docs/formats.md, as the
/// command line has them. A lossy read or write is an error unless the script passes
/// `lossy = true`; what was dropped then comes back as an array of `{what =, offset =, reason =}`.
extension EditorLuaAPI {
    /// The type of a format argument: a name, or `{format = name, lossy = true}`.
    static let formatArgument = LuaType.optional(.oneOf([.string, .record("FormatOptions")]))

    /// What `caret.open` returns second and `editor:save` returns: the kinds dropped.
    static let droppedReturn = LuaReturn(.array(.record("Dropped")), "dropped",
                                         "Only with `lossy = true`: what the format could not carry, one entry per kind at its first offset (often empty).")

    /// The doc line of a format parameter.
    static let formatParameterDoc = """
        A format name (`markup`/`caret`, `json`, `text`/`txt`, `markdown`/`md`, `rtf`, `html`) or \
        `{format = name, lossy = true}`; without a name, the path's extension chooses (an unknown \
        one is an error, never plain text). `lossy = true` accepts what the format cannot carry.
        """

    /// The format and the loss choice argument `argument` gives (nil, a name or an option table),
    /// the format from `path`'s extension when it names none.
    static func formatChoice(_ call: LuaCall, _ argument: Int, path: String) throws -> (format: DocumentFormat, lossy: Bool) {
        var name: String?
        var lossy = false
        if call.isTable(argument) {
            for (key, value) in try call.stringKeyedFields(argument) {
                switch (key, value) {
                case ("format", .string(let given)): name = given
                case ("lossy", .boolean(let given)): lossy = given
                case ("format", .nil), ("lossy", .nil): break
                case ("format", _): throw call.argumentError(argument, "option 'format': expected a format name, got \(value)")
                case ("lossy", _): throw call.argumentError(argument, "option 'lossy': expected a boolean, got \(value)")
                default: throw call.argumentError(argument, "unknown option '\(key)' (expected format, lossy)")
                }
            }
        } else if !call.isNil(argument) {
            guard lua_type(call.state, call.slot(argument)) == LUA_TSTRING else { throw call.badArgument(argument, default: formatArgument) }
            name = try call.string(argument)
        }
        if let name {
            guard let format = DocumentFormat(name: name) else { throw call.argumentError(argument, DocumentFormatError.unknownName(name).message) }
            return (format, lossy)
        }
        do {
            return (try DocumentFormat.forPath(path), lossy)
        } catch {
            throw call.argumentError(1, "\(LuaFileAccess.quoted(path)): \(error.message); name the format, as in (path, \"markup\") or (path, {format = \"markup\"})")
        }
    }

    /// `caret.document{…}`: exactly one of `text`, `markup`, `json` (the document is that string in
    /// that notation, exactly), or `source` with `format` (and `lossy`): the string read as the
    /// contents of a file in that format, as `caret.open` reads one.
    static func makeDocument(_ call: LuaCall) throws -> Int32 {
        let session = try ScriptSession.of(call)
        let expected = "expected a table with exactly one string field text, markup, json or source (with format)"
        guard call.isTable(1) else { throw call.argumentError(1, expected) }
        var fields: [String: LuaValue] = [:]
        for (key, value) in try call.stringKeyedFields(1) {
            guard ["text", "markup", "json", "source", "format", "lossy"].contains(key) else {
                throw call.argumentError(1, "unknown field '\(key)' (\(expected))")
            }
            fields[key] = value
        }
        let given = ["text", "markup", "json", "source"].filter { fields[$0] != nil }
        guard given.count == 1, case .string(let source) = fields[given[0]] else { throw call.argumentError(1, expected) }
        let state: DocumentState
        var losses: [FormatLoss] = []
        var lossy = false
        if given[0] == "source" {
            guard case .string(let name) = fields["format"] else {
                throw call.argumentError(1, "field 'format': expected a format name (\(DocumentFormat.knownNames)) for 'source'")
            }
            guard let format = DocumentFormat(name: name) else { throw call.argumentError(1, "field 'format': \(DocumentFormatError.unknownName(name).message)") }
            switch fields["lossy"] {
            case nil: break
            case .boolean(let value)?: lossy = value
            case let other?: throw call.argumentError(1, "field 'lossy': boolean expected, got \(other)")
            }
            do {
                (state, losses) = try read(source, format: format, lossy: lossy, name: "source")
            } catch let error as LuaCallError {
                throw call.argumentError(1, error.message)
            }
        } else {
            guard fields["format"] == nil, fields["lossy"] == nil else {
                throw call.argumentError(1, "fields 'format' and 'lossy' go with 'source', not '\(given[0])'")
            }
            do {
                switch given[0] {
                case "markup": state = try Markup.parse(source)
                case "json": state = try DocumentJSON.decode(source)
                default: state = DocumentState(text: AttributedText(source))
                }
            } catch {
                throw call.argumentError(1, "the \(given[0]) does not parse: \(error)")
            }
        }
        try call.push(object: try session.makeEditor(state))
        return 1 + push(losses: losses, lossy: lossy, call)
    }

    /// Reads `text` (the contents of `name`) in `format`.
    static func read(_ text: String, format: DocumentFormat, lossy: Bool, name: String) throws -> (DocumentState, [FormatLoss]) {
        do {
            return try format.read(text, acceptingLoss: lossy)
        } catch {
            throw documentError(error, name: name)
        }
    }

    /// `state` as the contents of a file named `name` in `format`.
    static func write(_ state: DocumentState, format: DocumentFormat, lossy: Bool, name: String) throws -> (String, [FormatLoss]) {
        do {
            return try format.write(state, acceptingLoss: lossy)
        } catch {
            throw documentError(error, name: name)
        }
    }

    /// The script's error for a failed read or write of `name`: one line per lost kind, naming
    /// the option that accepts the loss.
    static func documentError(_ error: any Error, name: String) -> LuaCallError {
        switch error {
        case let error as FormatLossError:
            let hint = error.isReading ? "pass {lossy = true} to read without it" : "pass {lossy = true} to write without it"
            return LuaCallError(error.messages.map { "\(name): \($0); \(hint)" }.joined(separator: "\n"))
        case let error as DocumentFormatError:
            return LuaCallError("\(name): \(error.message)")
        default:
            return LuaCallError("\(name): \(error)")
        }
    }

    /// Pushes `losses` as an array of `{what =, offset =, reason =}` when the script accepted
    /// losses (`lossy`); returns how many values it pushed. Without `lossy` nothing was dropped,
    /// and a call that returned one value before losses existed still returns one.
    static func push(losses: [FormatLoss], lossy: Bool, _ call: LuaCall) -> Int32 {
        guard lossy else { return 0 }
        call.pushArray(capacity: losses.count)
        for (index, loss) in losses.enumerated() {
            call.pushTable([("what", .string(loss.what)), ("offset", .number(Double(loss.offset))), ("reason", .string(loss.reason))])
            call.appendTop(at: index + 1)
        }
        return 1
    }

    /// `bytes` as UTF-8 text, or an error at the first byte that is not (never repaired).
    static func text(_ bytes: [UInt8], name: String) throws -> String {
        if let text = String(validUTF8: bytes) { return text }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        let byte = offset < bytes.count ? bytes[offset] : 0
        throw LuaCallError("\(name): not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at byte offset \(offset))")
    }
}
