// The command table: every command's name, parameters, documentation, and how it is built from
// named arguments and read back. Names, parsing (`init(name:arguments:)`, traces, `editor:run`),
// serialization (`name`, `arguments`, `description`), the Lua methods (`editor:select_word()`)
// and their docs are all derived from `EditorCommand.descriptors`.
//
// Adding a command: add its case to `EditorCommand` (EditorCommand.swift), its dispatch in
// `Editor.execute` (Editor+Execute.swift), and ONE descriptor to `descriptors` below, in the
// category it belongs to. Nothing else lists command names; EditorCommandNameTests fails until
// a sample of the new case round-trips.

extension EditorCommand {
    /// Every command, in the order docs list them.
    public static let descriptors: [CommandDescriptor] = textDescriptors + selectionDescriptors
        + formattingDescriptors + paragraphDescriptors + findDescriptors + historyDescriptors

    /// The descriptor called `name`, if any.
    public static func descriptor(named name: String) -> CommandDescriptor? {
        descriptorIndex[name].map { descriptors[$0] }
    }

    /// Every command name, in the order docs list them.
    public static let allNames: [String] = descriptors.map(\.name)

    static let descriptorIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: descriptors.enumerated().map { ($0.element.name, $0.offset) })

    /// The descriptor of this command, with its arguments.
    public var serialized: (descriptor: CommandDescriptor, arguments: [String: CommandArgument]) {
        for descriptor in EditorCommand.descriptors {
            if let arguments = descriptor.encode(self) { return (descriptor, arguments) }
        }
        // `.toggleTrait` of a key that is not a trait has no row (the editor refuses it); it is
        // still named, so a log or trace of it reads as what it was.
        if case .toggleTrait(let key, _, _) = self {
            return (CommandDescriptor(EditorCommand.toggleName(key), .formatting, doc: "", self), [:])
        }
        preconditionFailure("EditorCommand.descriptors has no row for a case: add one (see the top of this file)")
    }

    // MARK: The table

    static let location = CommandParameter("location", .integer(unit: "UTF-16 offset"), "Start of the range (0-based UTF-16 offset).")
    static let length = CommandParameter("length", .integer(unit: "UTF-16 length"), "Length of the range in UTF-16 code units.")
    static let key = CommandParameter("key", .attributeKey, "An attribute name: `bold`, `fontSize`, `link`, a paragraph key or a custom name.")
    static let value = CommandParameter("value", .attributeValue, "A boolean, number or string that fits the key.")
    static let queryParameters = [
        CommandParameter("pattern", .string, "Literal text, or with `regex` a regular expression (docs/editor.md, \"Regular expressions\")."),
        CommandParameter("regex", .boolean, default: "false", "Whether `pattern` is a regular expression."),
        CommandParameter("caseInsensitive", .boolean, default: "false", "Whether case is ignored (simple case folding)."),
    ]
    static let replacement = CommandParameter("replacement", .string, "The replacement; in regex mode `$0`…`$9` insert groups, `$$` a dollar sign.")

    static let textDescriptors: [CommandDescriptor] = [
        CommandDescriptor("insertText", .text, [CommandParameter("text", .string, "The text to type.")],
                          doc: "Replaces the selection with `text` in the typing attributes (coalescing with neighbouring typing for undo); the caret ends after it.",
                          decode: { .insertText(try $0.string("text")) },
                          encode: { if case .insertText(let text) = $0 { ["text": .string(text)] } else { nil } }),
        CommandDescriptor("insertNewline", .text, doc: "Inserts a line break (`\\n`); in a list item it starts the next item, at the end of a heading a plain paragraph.", .insertNewline),
        CommandDescriptor("insertTab", .text, doc: "Inserts a tab (`\\t`).", .insertTab),
        CommandDescriptor("deleteBackward", .text, doc: "Deletes the selection, or backward from the caret as Apple's text system does: the grapheme cluster before it, but only the last code point of a cluster of a Brahmic script (`कि` leaves `क`; docs/editor.md, \"Backspace\").", .deleteBackward),
        CommandDescriptor("deleteBackwardByDecomposing", .text, doc: "Deletes the selection, or the last code point of the canonical decomposition of the character before the caret (`é` leaves `e`).", .deleteBackwardByDecomposing),
        CommandDescriptor("deleteForward", .text, doc: "Deletes the selection, or the grapheme cluster after the caret.", .deleteForward),
        CommandDescriptor("deleteWordBackward", .text, doc: "Deletes the selection, or back to the start of the word before the caret.", .deleteWordBackward),
        CommandDescriptor("deleteWordForward", .text, doc: "Deletes the selection, or up to the end of the word after the caret.", .deleteWordForward),
        CommandDescriptor("deleteToLineStart", .text, doc: "Deletes the selection, or back to the line start; at the line start, the line break before.", .deleteToLineStart),
        CommandDescriptor("deleteToLineEnd", .text, doc: "Deletes the selection, or up to the line end; at the line end, the line break (Emacs/macOS kill).", .deleteToLineEnd),
        CommandDescriptor("transpose", .text, doc: "Swaps the grapheme clusters around the caret (at a line end, the two before it); the caret ends after the pair.", .transpose),
        CommandDescriptor("openLine", .text, doc: "Inserts a line break after the caret without moving it.", .openLine),
        CommandDescriptor("replaceRange", .text, [location, length, CommandParameter("text", .string, "The new text.")],
                          doc: "Replaces a UTF-16 range with text in the attributes of its first character (inherited ones when empty); the selection is mapped through the edit.",
                          decode: { .replaceRange(try $0.range(), with: try $0.string("text")) },
                          encode: {
                              guard case .replaceRange(let range, let text) = $0 else { return nil }
                              return ["location": .int(range.lowerBound), "length": .int(EditorCommand.length(range)), "text": .string(text)]
                          }),
        CommandDescriptor("cut", .text, doc: "Copies the selection to the editor's clipboard and deletes it (nothing for a caret).", .cut),
        CommandDescriptor("copy", .text, doc: "Copies the selection, with its attributes, to the editor's clipboard (nothing for a caret).", .copy),
        CommandDescriptor("paste", .text, doc: "Replaces the selection with the editor's clipboard, attributes kept.", .paste),
        CommandDescriptor("pasteAsPlainText", .text, doc: "Replaces the selection with the clipboard's characters in the typing attributes.", .pasteAsPlainText),
        CommandDescriptor("applySuggestion", .text, [location, length, CommandParameter("word", .string, "The chosen suggestion.")],
                          doc: "Replaces a word's UTF-16 range with a chosen suggestion in the attributes of the word's first character; the caret ends after it (one undo step).",
                          decode: { reader in
                              let word = try reader.string("word")
                              return .applySuggestion(word, range: try reader.range())
                          },
                          encode: {
                              guard case .applySuggestion(let word, let range) = $0 else { return nil }
                              return ["location": .int(range.lowerBound), "length": .int(EditorCommand.length(range)), "word": .string(word)]
                          }),
        CommandDescriptor("learnWord", .text, [CommandParameter("word", .string, "The word to learn.")],
                          doc: "Adds a word to this editor's learned words (needs an attached suggestion engine); no undo step.",
                          decode: { .learnWord(try $0.string("word")) },
                          encode: { if case .learnWord(let word) = $0 { ["word": .string(word)] } else { nil } }),
    ]

    /// A movement's doc line. A switch, not a `[Movement: String]`: that dictionary was the first
    /// hashed collection keyed by `Movement`, and its conformance lookup cost a third of a million
    /// instructions at every `caret run`'s start.
    static func movementDoc(_ movement: Movement) -> String {
        switch movement {
        case .left: "One grapheme cluster left; without `extend` a selection collapses to its start."
        case .right: "One grapheme cluster right; without `extend` a selection collapses to its end."
        case .wordLeft: "To the start of the word before (or containing) the caret."
        case .wordRight: "To the end of the word after (or containing) the caret."
        case .lineStart: "To the start of the logical line."
        case .lineEnd: "To the end of the logical line (before its line break)."
        case .up: "One logical line up at the goal column (grapheme clusters); on the first line, the document start."
        case .down: "One logical line down at the goal column; on the last line, the document end."
        case .documentStart: "To the start of the document."
        case .documentEnd: "To the end of the document."
        }
    }

    static let selectionDescriptors: [CommandDescriptor] = Movement.allCases.map { movement in
        CommandDescriptor(movement.rawValue, .selection,
                          [CommandParameter("extend", .boolean, default: "false", "Move only the head (shift+arrow), keeping the anchor.")],
                          doc: "Moves the caret: " + movementDoc(movement),
                          decode: { .move(movement, extend: try $0.bool("extend", default: false)) },
                          encode: {
                              guard case .move(movement, let extend) = $0 else { return nil }
                              return extend ? ["extend": .bool(true)] : [:]
                          })
    } + [
        CommandDescriptor("selectAll", .selection, doc: "Selects the whole document.", .selectAll),
        CommandDescriptor("selectWord", .selection, doc: "Selects the word at the caret (after it, else before it, else the segment around it); a selection widens to word boundaries.", .selectWord),
        CommandDescriptor("selectLine", .selection, doc: "Selects the logical line(s) of the selection, without the line break.", .selectLine),
        CommandDescriptor("selectParagraph", .selection, doc: "Selects the paragraph(s) of the selection, with the trailing line break.", .selectParagraph),
        CommandDescriptor("setSelection", .selection,
                          [CommandParameter("anchor", .integer(unit: "UTF-16 offset"), "Where the selection starts."),
                           CommandParameter("head", .integer(unit: "UTF-16 offset"), default: "anchor", "Where the cursor goes.")],
                          doc: "Sets the selection exactly; positions must be valid (0…length, not inside a surrogate pair), nothing is clamped.",
                          decode: { reader in
                              let anchor = try reader.int("anchor")
                              return .setSelection(anchor: anchor, head: try reader.int("head", default: anchor))
                          },
                          encode: {
                              guard case .setSelection(let anchor, let head) = $0 else { return nil }
                              return ["anchor": .int(anchor), "head": .int(head)]
                          }),
    ]

    static let toggleParameters = [
        CommandParameter("policy", .choice(TraitTogglePolicy.allCases.map(\.rawValue)), default: "the editor's traitToggle option",
                         "How a selection with mixed values toggles (docs/editor.md, \"Trait toggles\")."),
        CommandParameter("skipEdgeWhitespace", .boolean, default: "false",
                         "Whether whitespace at the selection's edges is left as it is when the trait is added."),
    ]

    static let formattingDescriptors: [CommandDescriptor] = AttributeKey.traits.map { trait in
        CommandDescriptor(toggleName(trait), .formatting, toggleParameters,
                          doc: "Toggles \(trait.name) over a selection by the toggle policy (one undo step); with a caret only the typing attributes change.",
                          decode: { reader in
                              .toggleTrait(trait, policy: try reader.togglePolicy(),
                                           skipEdgeWhitespace: try reader.bool("skipEdgeWhitespace", default: false))
                          },
                          encode: {
                              guard case .toggleTrait(trait, let policy, let skip) = $0 else { return nil }
                              var arguments: [String: CommandArgument] = [:]
                              if let policy { arguments["policy"] = .string(policy.rawValue) }
                              if skip { arguments["skipEdgeWhitespace"] = .bool(true) }
                              return arguments
                          })
    } + [
        CommandDescriptor("setAttribute", .formatting, [key, value],
                          doc: "Sets an attribute over the selection (the typing attributes for a caret); `link` acts as `setLink`, a paragraph key as `setParagraphAttribute`.",
                          decode: { reader in
                              let key = try reader.key("key")
                              return .setAttribute(key, try reader.attributeValue("value", for: key))
                          },
                          encode: {
                              guard case .setAttribute(let key, let value) = $0 else { return nil }
                              return ["key": .string(key.name), "value": CommandArgument(value)]
                          }),
        CommandDescriptor("removeAttribute", .formatting, [key],
                          doc: "Removes an attribute over the selection (from the typing attributes for a caret).",
                          decode: { .removeAttribute(try $0.key("key")) },
                          encode: { if case .removeAttribute(let key) = $0 { ["key": .string(key.name)] } else { nil } }),
        CommandDescriptor("setFontSize", .formatting, [CommandParameter("size", .number(unit: "points"), "The font size, 1…10000.")],
                          doc: "Sets `fontSize`, leaving other attributes alone.",
                          decode: { .setFontSize(try $0.number("size")) },
                          encode: { if case .setFontSize(let size) = $0 { ["size": .number(size)] } else { nil } }),
        CommandDescriptor("increaseFontSize", .formatting, doc: "Makes every run `fontSizeStep` points bigger (from `defaultFontSize` where unset).", .increaseFontSize),
        CommandDescriptor("decreaseFontSize", .formatting, doc: "Makes every run `fontSizeStep` points smaller (not below 1).", .decreaseFontSize),
        CommandDescriptor("removeFormatting", .formatting, doc: "Removes every built-in attribute but `link`; custom attributes stay.", .removeFormatting),
        CommandDescriptor("setLink", .formatting, [CommandParameter("url", .string, "The link target.")],
                          doc: "Links the selection; with a caret, retargets the link the caret touches (nothing when none).",
                          decode: { .setLink(try $0.string("url")) },
                          encode: { if case .setLink(let url) = $0 { ["url": .string(url)] } else { nil } }),
        CommandDescriptor("removeLink", .formatting, doc: "Unlinks the selection; with a caret, the whole link the caret touches.", .removeLink),
    ]

    static let paragraphDescriptors: [CommandDescriptor] = [
        CommandDescriptor("setParagraphAttribute", .paragraphs,
                          [CommandParameter("key", .choice(AttributeKey.paragraphKeys.map(\.name)), "A paragraph attribute."), value],
                          doc: "Sets a paragraph attribute on every paragraph the selection touches.",
                          decode: { reader in
                              let key = try reader.key("key")
                              return .setParagraphAttribute(key, try reader.attributeValue("value", for: key))
                          },
                          encode: {
                              guard case .setParagraphAttribute(let key, let value) = $0 else { return nil }
                              return ["key": .string(key.name), "value": CommandArgument(value)]
                          }),
        CommandDescriptor("removeParagraphAttribute", .paragraphs,
                          [CommandParameter("key", .choice(AttributeKey.paragraphKeys.map(\.name)), "A paragraph attribute.")],
                          doc: "Removes a paragraph attribute from whole paragraphs (`listStyle` takes `listLevel` along).",
                          decode: { .removeParagraphAttribute(try $0.key("key")) },
                          encode: { if case .removeParagraphAttribute(let key) = $0 { ["key": .string(key.name)] } else { nil } }),
        CommandDescriptor("toggleList", .paragraphs, [CommandParameter("style", .choice(["bullet", "ordered"]), "The list style.")],
                          doc: "Makes the paragraphs list items of a style (keeping their levels), or plain paragraphs when all already are.",
                          decode: { .toggleList(try $0.string("style")) },
                          encode: { if case .toggleList(let style) = $0 { ["style": .string(style)] } else { nil } }),
        CommandDescriptor("setHeading", .paragraphs, [CommandParameter("level", .integer(unit: "heading level 0…6"), "0 removes the heading.")],
                          doc: "Makes the paragraphs headings of a level 1–6; 0 removes the heading.",
                          decode: { .setHeading(try $0.int("level")) },
                          encode: { if case .setHeading(let level) = $0 { ["level": .int(level)] } else { nil } }),
        CommandDescriptor("indentList", .paragraphs, doc: "Moves list items one level deeper (at most 16); other paragraphs stay.", .indentList),
        CommandDescriptor("outdentList", .paragraphs, doc: "Moves list items one level shallower; level-1 items leave the list.", .outdentList),
    ]

    static let findDescriptors: [CommandDescriptor] = [
        CommandDescriptor("findNext", .find, queryParameters,
                          doc: "Selects the first match at or after the selection's end that is not the selection, wrapping around.",
                          decode: { .findNext(try $0.query()) },
                          encode: { if case .findNext(let query) = $0 { queryArguments(query) } else { nil } }),
        CommandDescriptor("findPrevious", .find, queryParameters,
                          doc: "Selects the last match ending at or before the selection's start, wrapping around.",
                          decode: { .findPrevious(try $0.query()) },
                          encode: { if case .findPrevious(let query) = $0 { queryArguments(query) } else { nil } }),
        CommandDescriptor("replaceNext", .find, queryParameters + [replacement],
                          doc: "Replaces the selection when it is a match, then selects the next match.",
                          decode: { .replaceNext(try $0.query(), with: try $0.string("replacement")) },
                          encode: {
                              guard case .replaceNext(let query, let text) = $0 else { return nil }
                              return queryArguments(query).merging(["replacement": .string(text)]) { a, _ in a }
                          }),
        CommandDescriptor("replaceAll", .find, queryParameters + [replacement],
                          doc: "Replaces every match (one undo step); the selection is mapped through the edits.",
                          decode: { .replaceAll(try $0.query(), with: try $0.string("replacement")) },
                          encode: {
                              guard case .replaceAll(let query, let text) = $0 else { return nil }
                              return queryArguments(query).merging(["replacement": .string(text)]) { a, _ in a }
                          }),
    ]

    static let historyDescriptors: [CommandDescriptor] = [
        CommandDescriptor("undo", .history, doc: "Undoes the last step: text, attributes, selection and typing attributes as they were before it.", .undo),
        CommandDescriptor("redo", .history, doc: "Re-applies the last undone step, with the selection and typing attributes after it.", .redo),
    ]

    /// A range's length, `Int.max` for one wider than that (`-1..<Int.max`, which a caller may
    /// build and the editor refuses): describing such a command must not trap.
    static func length(_ range: Range<Int>) -> Int {
        let (length, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
        return overflow ? Int.max : length
    }

    static func toggleName(_ key: AttributeKey) -> String {
        let name = key.name
        // Strings only: appending a Substring goes through generic code whose first use looks
        // up protocol witnesses at run time, a noticeable part of a one-line `caret run`.
        return "toggle" + name.prefix(1).uppercased() + String(name.dropFirst())
    }

    static func queryArguments(_ query: FindQuery) -> [String: CommandArgument] {
        var result: [String: CommandArgument] = ["pattern": .string(query.pattern)]
        if query.isRegex { result["regex"] = .bool(true) }
        if query.caseInsensitive { result["caseInsensitive"] = .bool(true) }
        return result
    }
}

extension EditorCommand: CustomStringConvertible {
    /// The command's name (lowerCamelCase), as scripts and traces spell it.
    public var name: String { serialized.descriptor.name }

    /// The command's arguments by name; `init(name:arguments:)` rebuilds the same command.
    /// Arguments at their default value (`extend: false`, `regex: false`, …) are left out.
    public var arguments: [String: CommandArgument] { serialized.arguments }

    /// The command as a trace prints it: the name, then its arguments sorted by name.
    public var description: String {
        let (descriptor, arguments) = serialized
        let args = arguments.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return args.isEmpty ? descriptor.name : "\(descriptor.name)(\(args.joined(separator: ", ")))"
    }

    /// The command called `name` with `arguments`.
    /// - Throws: `EditorError.unknownCommand`, `.missingArgument`, `.unexpectedArgument` or
    ///   `.badArgument`, naming the command and argument.
    public init(name: String, arguments: [String: CommandArgument] = [:]) throws {
        guard let descriptor = EditorCommand.descriptor(named: name) else { throw EditorError.unknownCommand(name) }
        self = try descriptor.command(arguments: arguments)
    }
}

extension CommandArgument {
    /// An attribute value as an argument.
    init(_ value: AttributeValue) {
        switch value {
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        }
    }
}
