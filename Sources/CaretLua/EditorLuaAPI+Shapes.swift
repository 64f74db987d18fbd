import CaretCore

/// The shapes of the tables the editor API takes and returns, and the names of string sets:
/// the LuaLS stubs declare them as `@class` and `@alias`, the reference lists their fields.
extension EditorLuaAPI {
    static let aliases: [LuaAlias] = [
        LuaAlias("TraitName", doc: "A trait `editor:toggle` and `editor:trait_state` take.", values: AttributeKey.traits.map(\.name)),
        LuaAlias("AttributeName", doc: "A built-in attribute name, or any other non-empty string for a custom attribute.",
                 values: AttributeKey.builtIn.map(\.name), isOpen: true),
        LuaAlias("ParagraphAttributeName", doc: "An attribute that covers whole paragraphs.", values: AttributeKey.paragraphKeys.map(\.name)),
        LuaAlias("ListStyle", doc: "A list style.", values: ["bullet", "ordered"]),
        LuaAlias("TraitStateName", doc: "A toolbar's tri-state for a trait.", values: ["on", "off", "mixed"]),
    ]

    static let offsetField = LuaType.integer(unit: "UTF-16 offset")
    static let lengthField = LuaType.integer(unit: "UTF-16 length")

    /// The value type of a built-in attribute, for the `Attributes` shape.
    static func attributeType(_ key: AttributeKey) -> LuaType {
        switch key {
        case .fontSize: .number(unit: "points")
        case .heading: .integer(unit: "heading level 1…6")
        case .listLevel: .integer(unit: "list level 1…16")
        case .listStyle: .alias("ListStyle")
        case .fontFamily, .foregroundColor, .backgroundColor, .link, .alignment: .string
        default: .boolean
        }
    }

    static var resultShapes: [LuaShape] { [
        LuaShape("Attributes", doc: "An attribute set: built-in keys with their types; custom keys hold a boolean, number or string. A trait absent (or `false` in an argument) is off.",
                 fields: AttributeKey.builtIn.map { LuaField($0.name, .optional(attributeType($0))) },
                 otherKeys: .oneOf([.boolean, .number(), .string])),
        LuaShape("Run", doc: "One attribute run of `editor:runs`: a maximal stretch of one attribute set.",
                 fields: [LuaField("location", offsetField, "Where the run starts."), LuaField("length", lengthField),
                          LuaField("text", .string, "Its characters."), LuaField("attributes", .record("Attributes"))]),
        LuaShape("Match", doc: "One match of `editor:find`, as a UTF-16 range.",
                 fields: [LuaField("location", offsetField), LuaField("length", lengthField)]),
        LuaShape("FindOptions", doc: "Options of `editor:find`.",
                 fields: [LuaField("regex", .optional(.boolean), "The pattern is a regular expression. Default: false."),
                          LuaField("case_insensitive", .optional(.boolean), "Ignore case (simple case folding). Default: false.")]),
        LuaShape("Word", doc: "The word at the selection (`editor:word_at_selection`).",
                 fields: [LuaField("word", .string), LuaField("location", offsetField), LuaField("length", lengthField)]),
        LuaShape("Suggestion", doc: "One suggestion of `editor:suggestions`; `editor:apply_suggestion` takes it.",
                 fields: [LuaField("word", .string, "The suggested word."),
                          LuaField("kind", .string, "\"correction\" or \"completion\"."),
                          LuaField("distance", .integer(), "Edit distance from the word (0 for completions)."),
                          LuaField("frequency", .integer(), "How common the word is in the lexicon."),
                          LuaField("source", .string, "\"learned\", \"document\", \"wordList\" or \"script\"."),
                          LuaField("location", offsetField, "The word it replaces."), LuaField("length", lengthField)]),
        LuaShape("SuggestionList", doc: "What `editor:suggestions` returns: the word, then the suggestions best first as elements 1…n.",
                 fields: [LuaField("word", .string), LuaField("location", offsetField), LuaField("length", lengthField),
                          LuaField("known", .boolean, "Whether the lexicon knows the word."),
                          LuaField("kind", .string, "The kind asked for: \"all\", \"completion\" or \"correction\"."),
                          LuaField("limit", .integer(), "The limit asked for.")],
                 elements: .record("Suggestion")),
        LuaShape("SuggestionOptions", doc: "Options of `editor:suggestions`.",
                 fields: [LuaField("kind", .optional(.string), "\"all\" (default), \"completion\" or \"correction\"."),
                          LuaField("limit", .optional(.integer()), "At most this many, 1…1000. Default: 10.")]),
        LuaShape("EditorOptions", doc: "Options of `editor:set_options` (only the fields given change).",
                 fields: [LuaField("traitToggle", .optional(.string), "\"uniform\" (default) or \"perRunFlip\"."),
                          LuaField("undoCoalescingInterval", .optional(.number(unit: "seconds")), "Typing within this much virtual time coalesces."),
                          LuaField("defaultFontSize", .optional(.number(unit: "points")), "The size of text without fontSize."),
                          LuaField("fontSizeStep", .optional(.number(unit: "points")), "What increase/decrease font size add.")]),
        LuaShape("MacroPlayOptions", doc: "Options of `editor:macro_play`: `times` or `at`.",
                 fields: [LuaField("times", .optional(.integer()), "Play this many times in a row (1…1000000). Default: 1."),
                          LuaField("at", .optional(.array(offsetField)), "Ascending offsets; a caret is placed at each and the macro played once there.")]),
        LuaShape("Edit", doc: "One edit of a change event, in the document just before it.",
                 fields: [LuaField("location", offsetField), LuaField("length", lengthField, "What it replaced."), LuaField("text", .string, "What it put there.")]),
        LuaShape("EditorEvent", doc: "What an `editor:on` handler receives.",
                 fields: [LuaField("type", .string, "\"change\" or \"selection\"."),
                          LuaField("command", .optional(.string), "The command that caused it."),
                          LuaField("edits", .optional(.array(.record("Edit"))), "For a change: the edits in order."),
                          LuaField("anchor", offsetField, "The selection after."), LuaField("head", offsetField),
                          LuaField("old_anchor", .optional(offsetField), "For a selection event: the selection before."),
                          LuaField("old_head", .optional(offsetField))]),
        LuaShape("Dropped", doc: "Something a lossy read or write left out.",
                 fields: [LuaField("what", .string, "The attribute or construct."), LuaField("offset", offsetField, "Where."), LuaField("reason", .string)]),
        LuaShape("FormatOptions", doc: "The format argument of `caret.open` and `editor:save` as a table.",
                 fields: [LuaField("format", .optional(.string), "A format name; default: from the file extension."),
                          LuaField("lossy", .optional(.boolean), "Accept losing what the format cannot carry. Default: false.")]),
        LuaShape("DocumentSource", doc: "What `caret.document` makes a document (an `Editor`) from: exactly one of `text`, `markup`, `json` or `source`.",
                 fields: [LuaField("text", .optional(.string), "Plain text."),
                          LuaField("markup", .optional(.string), "Canonical markup (docs/markup.md), may hold a selection."),
                          LuaField("json", .optional(.string), "Document JSON (docs/json.md)."),
                          LuaField("source", .optional(.string), "A file's contents, read in `format`."),
                          LuaField("format", .optional(.string), "The format of `source`."),
                          LuaField("lossy", .optional(.boolean), "Accept losing what a document cannot hold.")]),
    ] }
}
