import CaretCore
import CaretFormats

extension EditorLuaAPI {
    static var readingMethods: [LuaAPIEntry] { [
        method("text", [LuaParameter("location", .optional(offset), "Start of the range; omit both for the whole text."),
                        LuaParameter("length", .optional(length), "Length of the range.")],
               returns: [LuaReturn(.string, "text", "The characters as a Lua (UTF-8) string.")],
               doc: "The document's characters, or those of a UTF-16 range.") { call, target in
            let text = target.editor.text
            let range = call.isNil(1) && call.isNil(2) ? 0..<text.utf16Count : try call.range(1, in: text)
            // A Swift copy and the Lua string: at most 3 UTF-8 bytes a UTF-16 unit each.
            if range.count >= LuaCall.largeArgument / 3 { try call.reserveMemory(2 * 3 * range.count) }
            call.push(try text.string(in: range))
            return 1
        },
        method("length", returns: [LuaReturn(length, "length", "The document's length in UTF-16 code units (not bytes: `#editor:text()` counts bytes).")],
               doc: "The document's length in UTF-16 code units.") { call, target in
            call.push(target.editor.utf16Length)
            return 1
        }.with(lengthFastPath),
        method("selection", returns: [LuaReturn(offset, "anchor", "Where the selection started."),
                                      LuaReturn(offset, "head", "Where the cursor is (equal to anchor for a caret).")],
               doc: "The selection's anchor and head.") { call, target in
            call.push(target.editor.selection.anchor)
            call.push(target.editor.selection.head)
            return 2
        },
        method("selected_range", returns: [LuaReturn(offset, "location", "The selection's start."), LuaReturn(length, "length", "0 for a caret.")],
               doc: "The selection as a range (direction dropped), as `UITextView.selectedRange`.") { call, target in
            call.push(target.editor.selection.lowerBound)
            call.push(target.editor.selection.length)
            return 2
        },
        method("selected_text", returns: [LuaReturn(.string, "text")], doc: "The selected characters (\"\" for a caret).") { call, target in
            call.push(try target.editor.text.string(in: target.editor.selection.range))
            return 1
        },
        method("runs", [LuaParameter("location", .optional(offset), "Start of the range; omit both for the whole text."),
                        LuaParameter("length", .optional(length), "Length of the range.")],
               returns: [LuaReturn(.array(.record("Run")), "runs", "Each run as `{location =, length =, text =, attributes = {…}}`, in order.")],
               doc: "The attribute runs over a range (maximal: adjacent runs differ), clipped to it.") { call, target in
            let text = target.editor.text
            let runs = try text.runs(in: try call.range(1, in: text))
            call.pushArray(capacity: runs.count)
            for (index, run) in runs.enumerated() {
                try call.checkResultGrowth(index)
                call.pushTable([("location", .number(Double(run.range.lowerBound))), ("length", .number(Double(run.range.count))),
                                ("text", .string(try text.string(in: run.range)))])
                call.push(attributes: run.attributes)
                call.setTopField("attributes")
                call.appendTop(at: index + 1)
            }
            return 1
        },
        method("attributes_at", [LuaParameter("offset", offset, "A position before the end.")],
               returns: [LuaReturn(attributes, "attributes")],
               doc: "The attributes of the character starting at a UTF-16 offset.") { call, target in
            let text = target.editor.text
            let offset = try call.offset(1, in: text)
            guard offset < text.utf16Count else {
                throw call.argumentError(1, "offset \(offset) is at the end: no character starts there (length \(text.utf16Count), UTF-16)")
            }
            call.push(attributes: try text.attributes(at: offset))
            return 1
        },
        method("trait_state", [LuaParameter("trait", .alias("TraitName"), "bold, italic, underline, strikethrough or code.")],
               returns: [LuaReturn(.alias("TraitStateName"), "state", "\"on\", \"off\" or \"mixed\".")],
               doc: """
               The toolbar's tri-state for a trait. For a caret it comes from the typing attributes, so it is never "mixed": \
               after the character before the caret; at the start of a non-empty paragraph (the document start included), from \
               the paragraph's first character; in an empty paragraph, from the line break before it; in an empty document, off; \
               and after `editor:toggle` with a caret, the toggled state. For a selection it is over every selected character, \
               line breaks included: "on" when all have the trait, "off" when none has, "mixed" otherwise.
               """) { call, target in
            call.push(target.editor.traitState(try call.trait(1)).rawValue)
            return 1
        },
        method("typing_attributes", returns: [LuaReturn(attributes, "attributes")],
               doc: "The attributes text typed now would take.") { call, target in
            call.push(attributes: target.editor.typingAttributes)
            return 1
        },
        method("line_column", [LuaParameter("offset", offset)],
               returns: [LuaReturn(.integer(unit: "0-based line"), "line"), LuaReturn(.integer(unit: "UTF-16 column"), "column", "UTF-16 units from the line start.")],
               doc: "The 0-based line and UTF-16 column of an offset (lines end at \\n).") { call, target in
            let text = target.editor.text
            let (line, column) = try text.lineColumn(fromUTF16: try call.offset(1, in: text))
            call.push(line)
            call.push(column)
            return 2
        },
        method("offset_at", [LuaParameter("line", .integer(unit: "0-based line")), LuaParameter("column", .integer(unit: "UTF-16 column"))],
               returns: [LuaReturn(offset, "offset")],
               doc: "The UTF-16 offset of a 0-based line and UTF-16 column.") { call, target in
            do { call.push(try target.editor.text.utf16Offset(line: try call.integer(1), column: try call.integer(2))) } catch let error as TextError {
                throw call.argumentError(error.unit == .lines ? 1 : 2, "\(error)")
            }
            return 1
        },
        method("line_range", [LuaParameter("line", .integer(unit: "0-based line"))],
               returns: [LuaReturn(offset, "location"), LuaReturn(length, "length", "Without the line break.")],
               doc: "The UTF-16 range of a 0-based line, without its line break.") { call, target in
            let range: Range<Int>
            do { range = try target.editor.text.lineRange(try call.integer(1)) } catch let error as TextError {
                throw call.argumentError(1, "\(error)")
            }
            call.push(range.lowerBound)
            call.push(range.count)
            return 2
        },
        method("line_count", returns: [LuaReturn(.integer(), "count", "Line breaks plus one.")], doc: "The number of lines.") { call, target in
            call.push(target.editor.text.lineCount)
            return 1
        },
        method("markup", returns: [LuaReturn(.string, "markup")],
               doc: "The whole state (text, attributes, selection, typing attributes when not inherited) as canonical markup (docs/markup.md).") { call, target in
            call.push(target.markup)
            return 1
        },
        method("json", returns: [LuaReturn(.string, "json")], doc: "The whole state as canonical document JSON (docs/json.md).") { call, target in
            call.push(DocumentJSON.encodeString(target.editor.state))
            return 1
        },
        method("find", [LuaParameter("pattern", .string, "Literal text, or with `regex = true` a regular expression in Caret's linear-time syntax (docs/editor.md, \"Regular expressions\"): literals, `.`, `\\d \\w \\s \\b \\u{H}`, classes, multiline `^ $`, `\\A \\z`, groups `( )` `(?: )`, alternation, greedy and lazy `* + ? {n,m}`; no backreferences or lookaround."),
                        LuaParameter("options", .optional(.record("FindOptions")))],
               returns: [LuaReturn(.array(.record("Match")), "matches", "Every match, in order, as UTF-16 ranges `{location =, length =}`.")],
               doc: "Every match of a pattern (matches never split a grapheme cluster; empty matches are skipped).") { call, target in
            let query = FindQuery(try call.string(1), isRegex: try option(call, 2, "regex"), caseInsensitive: try option(call, 2, "case_insensitive"))
            // A match costs a Swift range and a small Lua table: ask only for what the memory
            // limit can hold, so a match for every character of a large document stops early.
            let perMatch = 96
            let budget = call.runtime.memoryBudget.map { max(0, $0) / perMatch } ?? Int.max
            let (matches, more) = try target.editor.matches(of: query, limit: budget)
            try call.reserveMemory(matches.count * perMatch + (more ? perMatch : 0))
            call.pushArray(capacity: matches.count)
            for (index, match) in matches.enumerated() {
                try call.checkResultGrowth(index)
                call.pushTable([("location", .number(Double(match.lowerBound))), ("length", .number(Double(match.count)))])
                call.appendTop(at: index + 1)
            }
            return 1
        },
        method("utf16_to_byte", [LuaParameter("offset", offset)],
               returns: [LuaReturn(.integer(unit: "1-based byte index"), "index", "Where the character at `offset` starts in `editor:text()`, as `string.sub` counts.")],
               doc: "Converts a UTF-16 offset to the 1-based byte index of `editor:text()` (O(log n), without building the text).") { call, target in
            let text = target.editor.text
            call.push(try text.utf8Offset(fromUTF16: try call.offset(1, in: text)) + 1)
            return 1
        },
        method("byte_to_utf16", [LuaParameter("index", .integer(unit: "1-based byte index"), "1…#editor:text() + 1, at the start of a character.")],
               returns: [LuaReturn(offset, "offset")],
               doc: "Converts a 1-based byte index of `editor:text()` (as `string.find` returns) to a UTF-16 offset.") { call, target in
            let index = try call.integer(1)
            let text = target.editor.text
            // `index - 1` would trap for the lowest integer: below 1 is refused before subtracting.
            guard index >= 1 else {
                throw call.argumentError(1, "byte index \(index) is not the start of a character (valid 1...\(text.utf8Count + 1), 1-based bytes)")
            }
            do { call.push(try text.utf16Offset(fromUTF8: index - 1)) } catch let error as TextError {
                throw call.argumentError(1, "byte index \(index) is not the start of a character (valid 1...\(error.length + 1), 1-based bytes)")
            }
            return 1
        },
        method("clock", returns: [LuaReturn(.number(unit: "seconds"), "seconds")],
               doc: "The editor's virtual clock: seconds advanced since it was made.") { call, target in
            call.push(target.editor.clock)
            return 1
        },
    ] }

    /// A boolean field of an options table argument (false when absent).
    static func option(_ call: LuaCall, _ argument: Int, _ name: String) throws -> Bool {
        switch call.field(argument, name) {
        case .nil: return false
        case .boolean(let value): return value
        case let other: throw call.argumentError(argument, "option '\(name)': expected a boolean, got \(other)")
        }
    }
}
