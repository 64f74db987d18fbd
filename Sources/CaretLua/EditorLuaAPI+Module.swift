import CaretCore
import CaretFormats

extension EditorLuaAPI {
    static var moduleFunctions: [LuaAPIEntry] { [
        LuaAPIEntry("document", parameters: [LuaParameter("source", .record("DocumentSource"),
                                                          "Plain text, canonical markup (docs/markup.md, may hold a selection), document JSON, or `source` read as a file's contents in `format` (any format `caret.open` reads).")],
                    returns: [LuaReturn(.object("Editor"), "document"), droppedReturn],
                    doc: "Makes a new document (an Editor) from plain text, markup, JSON or a file's contents in a named format; without a selection the caret is at the end.") { call in
            try makeDocument(call)
        },
        LuaAPIEntry("open", parameters: [LuaParameter("path", .string, "Under a directory granted with --allow-read."),
                                         LuaParameter("format", formatArgument, formatParameterDoc)],
                    returns: [LuaReturn(.object("Editor"), "document"), droppedReturn],
                    doc: """
                    Reads a document from a file (needs a readable directory the host granted; the path is resolved and refused as `caret.read_file` does). \
                    Something in the file that a document cannot hold is an error unless `lossy = true`.
                    """) { call in
            let session = try ScriptSession.of(call)
            let path = try call.path(1)
            let (format, lossy) = try formatChoice(call, 2, path: path)
            let runtime = call.runtime
            let budget = runtime.options.memoryLimit.map { max(0, $0 - runtime.memoryInUse) } ?? Int.max
            let name = LuaFileAccess.quoted(path)
            let bytes = try runtime.fileAccess.readFile(path, maxBytes: budget)
            let (state, losses) = try read(try text(bytes, name: name), format: format, lossy: lossy, name: name)
            try call.push(object: try session.makeEditor(state))
            return 1 + push(losses: losses, lossy: lossy, call)
        },
        LuaAPIEntry("expect", parameters: [LuaParameter("markup", .string, "The expected state of the global `editor` as canonical markup; with a `|` the selection is compared too.")],
                    doc: "Raises an error with a unified diff (--- expected / +++ actual) unless the global `editor` shows exactly this. Used by `*.test.lua` files under `caret test`.") { call in
            try expect(call, try ScriptSession.of(call).main)
            return 0
        },
        LuaAPIEntry("utf16_to_byte", parameters: [LuaParameter("s", .string, "A Lua (UTF-8) string."), LuaParameter("offset", offset, "0…UTF-16 length of `s`.")],
                    returns: [LuaReturn(.integer(unit: "1-based byte index"), "index", "Where the character at `offset` starts, as `string.sub` counts (#s + 1 at the end).")],
                    doc: "Converts a 0-based UTF-16 offset into `s` to the 1-based byte index Lua's string functions use.") { call in
            let offset = try call.integer(2)
            let index = try call.withUTF8(1) { bytes -> Int? in UTF16Bytes.byteIndex(in: bytes, utf16Offset: offset) }
            guard let index else {
                let length = try call.withUTF8(1) { UTF16Bytes.utf16Length(of: $0) }
                throw call.argumentError(2, offset < 0 || offset > length
                    ? "offset \(offset) is outside the string (valid 0...\(length), UTF-16)"
                    : "offset \(offset) is inside a surrogate pair (valid 0...\(length), UTF-16)")
            }
            call.push(index)
            return 1
        },
        LuaAPIEntry("byte_to_utf16", parameters: [LuaParameter("s", .string, "A Lua (UTF-8) string."),
                                                  LuaParameter("index", .integer(unit: "1-based byte index"), "1…#s + 1, at the start of a character.")],
                    returns: [LuaReturn(offset, "offset")],
                    doc: "Converts a 1-based byte index into `s` (as `string.find` returns) to a 0-based UTF-16 offset.") { call in
            let index = try call.integer(2)
            let offset = try call.withUTF8(1) { bytes -> Int? in UTF16Bytes.utf16Offset(in: bytes, byteIndex: index) }
            guard let offset else {
                let count = try call.withUTF8(1) { $0.count }
                throw call.argumentError(2, "byte index \(index) is not the start of a character (valid 1...\(count + 1), 1-based bytes)")
            }
            call.push(offset)
            return 1
        },
        LuaAPIEntry("utf16_length", parameters: [LuaParameter("s", .string)], returns: [LuaReturn(length, "length")],
                    doc: "The length of a Lua string in UTF-16 code units (`#s` counts bytes).") { call in
            call.push(try call.withUTF8(1) { UTF16Bytes.utf16Length(of: $0) })
            return 1
        },
        LuaAPIEntry("commands", returns: [LuaReturn(.array(.string), "names")],
                    doc: "The names of every editor command `editor:run` accepts.") { call in
            call.pushArray(capacity: EditorCommand.allNames.count)
            for (index, name) in EditorCommand.allNames.enumerated() {
                call.push(name)
                call.appendTop(at: index + 1)
            }
            return 1
        },
    ] }
}

/// UTF-8 bytes measured in UTF-16 code units (invalid bytes count as U+FFFD, one unit).
enum UTF16Bytes {
    /// The byte length of the sequence a lead byte starts (1 for invalid lead bytes).
    @inline(__always) static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    static func utf16Length(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var units = 0, i = 0
        while i < bytes.count {
            let length = min(sequenceLength(bytes[i]), bytes.count - i)
            units += length == 4 ? 2 : 1
            i += length
        }
        return units
    }

    /// The 1-based byte index of UTF-16 offset `offset`, nil when out of range or inside a pair.
    static func byteIndex(in bytes: UnsafeBufferPointer<UInt8>, utf16Offset offset: Int) -> Int? {
        guard offset >= 0 else { return nil }
        var units = 0, i = 0
        while units < offset {
            guard i < bytes.count else { return nil }
            let length = min(sequenceLength(bytes[i]), bytes.count - i)
            units += length == 4 ? 2 : 1
            i += length
        }
        return units == offset ? i + 1 : nil
    }

    /// The UTF-16 offset of 1-based byte index `index`, nil unless it starts a character (or is #s + 1).
    static func utf16Offset(in bytes: UnsafeBufferPointer<UInt8>, byteIndex index: Int) -> Int? {
        guard index >= 1, index <= bytes.count + 1 else { return nil }
        var units = 0, i = 0
        while i < index - 1 {
            let length = min(sequenceLength(bytes[i]), bytes.count - i)
            units += length == 4 ? 2 : 1
            i += length
        }
        return i == index - 1 ? units : nil
    }
}
