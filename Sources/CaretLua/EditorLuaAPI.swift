import CaretCore

/// The editor API as one table of entries: the `Editor` type's methods and the `caret` module's
/// editor functions. Registration, `docs/lua-api.md` and `docs/caret.d.lua` all read it.
///
/// Every position is a 0-based UTF-16 offset (as `NSRange` counts); ranges are `location,
/// length` pairs. Lua strings are UTF-8 bytes indexed from 1: `caret.utf16_to_byte` and
/// `caret.byte_to_utf16` convert.
public enum EditorLuaAPI {
    /// The API: the `caret` module functions and the `Editor` type.
    public static var api: LuaAPI {
        LuaAPI(
            modules: [LuaModule("caret", doc: "Caret's host API.", functions: moduleFunctions + suggestionModuleFunctions)],
            types: [LuaObjectType(
                "Editor",
                doc: """
                An editor: attributed text, a selection (anchor and head), typing attributes, undo, a virtual clock.
                The global `editor` is the document `caret run` loaded; `caret.document` and `caret.open` make more.
                Offsets are 0-based UTF-16 code units everywhere; ranges are (location, length).
                """,
                swiftType: ScriptEditor.self,
                methods: withCommandMethods(readingMethods + queryMethods + writingMethods + formattingMethods + paragraphMethods + suggestionMethods + sessionMethods),
                describe: { object in
                    let editor = (object as! ScriptEditor).editor
                    return "Editor(length \(editor.text.utf16Count), selection \(editor.selection.anchor)->\(editor.selection.head))"
                }
            )],
            globals: [
                LuaGlobal("editor", .object("Editor"), doc: "The document the script works on: `caret run --doc FILE` (or `--text`), empty otherwise."),
                LuaGlobal("arg", .array(.string), doc: "The script's arguments (after `--` on the command line); `arg[0]` is the script's path."),
            ],
            shapes: resultShapes,
            lazyShapes: { commandShapes },
            aliases: aliases
        )
    }

    // Shared types, so docs, stubs and argument errors all say the unit.
    static let offset = LuaType.integer(unit: "UTF-16 offset")
    static let length = LuaType.integer(unit: "UTF-16 length")
    static let attributes = LuaType.record("Attributes")

    /// An `Editor` method: `body` gets the call and the receiver.
    static func method(
        _ name: String, _ parameters: [LuaParameter] = [], returns: [LuaReturn] = [], doc: String,
        _ body: @escaping (LuaCall, ScriptEditor) throws -> Int32
    ) -> LuaAPIEntry {
        var entry = method(name, parameters, returns: returns, lazyDoc: { "" }, body)
        entry.doc = doc
        return entry
    }

    /// An `Editor` method whose documentation `doc` builds when it is read.
    static func method(
        _ name: String, _ parameters: [LuaParameter] = [], returns: [LuaReturn] = [], lazyDoc doc: @escaping () -> String,
        _ body: @escaping (LuaCall, ScriptEditor) throws -> Int32
    ) -> LuaAPIEntry {
        LuaAPIEntry(name, parameters: parameters, returns: returns, lazyDoc: doc) { call in
            // The argument checker found `self`: borrowed, not retained (the handle in stack
            // slot 1 keeps it alive while the call runs).
            if let object = call.seenReceiver, call.box.receiverClass == ObjectIdentifier(ScriptEditor.self) {
                return try Unmanaged<ScriptEditor>.fromOpaque(object)._withUnsafeGuaranteedRef { try body(call, $0) }
            }
            return try body(call, try call.receiver(as: ScriptEditor.self))
        }
    }
}
