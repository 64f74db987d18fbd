import CCaretLua
import CLuaJIT
import CaretCore

/// The word at the selection and suggestions for it. The editor's engine is attached the first
/// time a script asks (over `caret run --lexicon FILE`, or the document's own words only).
extension EditorLuaAPI {
    static var suggestionMethods: [LuaAPIEntry] { [
        method("word_at_selection", returns: [LuaReturn(.optional(.record("Word")), "word")],
               doc: "The word at the selection: for a caret, the word containing it or ending at it; for a range, the first word it covers. nil when there is none (UAX #29 words: `can't` and `3.14` are one word).") { call, target in
            guard let word = target.editor.wordAtSelection() else {
                call.pushNil()
                return 1
            }
            pushWord(call, word)
            return 1
        },
        method("suggestions", [LuaParameter("options", .optional(.record("SuggestionOptions")))],
               returns: [LuaReturn(.optional(.record("SuggestionList")), "suggestions")],
               doc: """
               Suggestions for the word at the selection, best first: corrections (Damerau–Levenshtein distance ≤ 2, by distance then frequency) for a word the lexicon lacks, then completions (by frequency). \
               Words from `caret.add_suggestion_provider` functions are merged into the same ranking. nil when there is no word at the selection; \
               a word longer than 64 UTF-16 units gets no corrections or completions from the engine.
               """) { call, target in
            var kind = "all"
            if !call.isNil(1) {
                guard call.isTable(1) else { throw call.argumentError(1, "expected an options table {kind = ..., limit = ...}") }
                switch call.field(1, "kind") {
                case .nil: break
                case .string(let name): kind = name
                case let other: throw call.argumentError(1, "kind must be a string, got \(other)")
                }
            }
            guard ["all", "completion", "correction"].contains(kind) else {
                throw call.argumentError(1, "kind must be \"all\", \"completion\" or \"correction\", got \"\(kind)\"")
            }
            var limit = 10
            if !call.isNil(1), case .number(let number) = call.field(1, "limit") {
                guard number >= 1, number <= 1000, number == number.rounded(.towardZero) else {
                    throw call.argumentError(1, "limit must be an integer in 1...1000, got \(LuaValue.number(number))")
                }
                limit = Int(number)
            }
            let session = try ScriptSession.of(call)
            try session.ensureSuggestions(for: target.editor)
            guard let found = target.editor.suggestionsAtSelection(limit: limit) else {
                call.pushNil()
                return 1
            }
            var list: [Suggestion] = []
            if kind != "completion" { list += found.corrections }
            if kind != "correction" { list += found.completions }
            pushWord(call, found.word)
            call.push(found.isKnown)
            call.setTopField("known")
            call.push(kind)
            call.setTopField("kind")
            call.push(limit)
            call.setTopField("limit")
            for (index, suggestion) in list.prefix(limit).enumerated() {
                call.pushTable([
                    ("word", .string(suggestion.word)),
                    ("kind", .string(suggestion.kind == .correction ? "correction" : "completion")),
                    ("distance", .number(Double(suggestion.distance))),
                    ("frequency", .number(Double(suggestion.frequency))),
                    ("source", .string(sourceName(suggestion.source))),
                    ("location", .number(Double(found.word.range.lowerBound))),
                    ("length", .number(Double(found.word.range.count))),
                ])
                call.appendTop(at: index + 1)
            }
            if session.hasSuggestionProviders(state: call.state) { call.runtime.context.pointee.pending_filter = 1 }
            return 1
        },
        method("apply_suggestion", [LuaParameter("suggestion", .oneOf([.record("Suggestion"), .string]), "A suggestion table from `editor:suggestions` (its word, location and length), or a word to put in place of the word at the selection.")],
               doc: "Replaces the word with the suggestion: one undo step; it keeps the attributes of the word's first character and leaves the caret after it.") { call, target in
            let word: String
            let range: Range<Int>
            if case .string(let text) = LuaValue.read(from: call.state, at: call.slot(1)) {
                guard let current = target.editor.wordAtSelection() else {
                    throw call.argumentError(1, "there is no word at the selection to replace")
                }
                (word, range) = (text, current.range)
            } else {
                guard call.isTable(1), case .string(let text) = call.field(1, "word"),
                      case .number(let locationNumber) = call.field(1, "location"), case .number(let lengthNumber) = call.field(1, "length")
                else { throw call.argumentError(1, "expected a suggestion table {word, location, length} or a word") }
                // Lua numbers are doubles: only exact integers are offsets (no Int(nan) or Int(inf) trap, no truncation).
                guard let location = Int(exactly: locationNumber), let length = Int(exactly: lengthNumber) else {
                    throw call.argumentError(1, "expected integers for location and length (UTF-16), got \(LuaValue.number(locationNumber)), \(LuaValue.number(lengthNumber))")
                }
                let count = target.editor.text.utf16Count
                guard location >= 0, length >= 0, location <= count, length <= count - location else {
                    throw call.argumentError(1, "range \(location),\(length) is \(location < 0 || length < 0 ? "negative" : "past the end") (length \(count), UTF-16)")
                }
                (word, range) = (text, location..<(location + length))
            }
            let command = EditorCommand.applySuggestion(word, range: range)
            try target.perform(command, as: .command(command))
            return 0
        },
        method("learn_word", [LuaParameter("word", .string)],
               doc: "Learns a word for this editor only: it counts as known and ranks first from now on.") { call, target in
            let word = try call.string(1)
            try ScriptSession.of(call).ensureSuggestions(for: target.editor)
            let command = EditorCommand.learnWord(word)
            try target.perform(command, as: .command(command))
            return 0
        },
    ] }

    static var suggestionModuleFunctions: [LuaAPIEntry] { [
        LuaAPIEntry("add_suggestion_provider",
                    parameters: [LuaParameter("provider", .function, "Called as provider({word, location, length, kind}); returns a list of words or {word, frequency, kind, distance} tables (or nil).")],
                    doc: "Adds a Lua function whose words `editor:suggestions` merges into its ranking (by kind, distance, frequency, then word), for every editor of this script.") { call in
            guard lua_type(call.state, call.slot(1)) == LUA_TFUNCTION else {
                throw call.argumentError(1, "expected a function, got \(LuaStack.typeName(call.state, at: call.slot(1)))")
            }
            _ = try ScriptSession.of(call).addSuggestionProvider(at: call.slot(1), state: call.state)
            return 0
        },
    ] }

    static func pushWord(_ call: LuaCall, _ word: DocumentWord) {
        call.pushTable([
            ("word", .string(word.string)),
            ("location", .number(Double(word.range.lowerBound))),
            ("length", .number(Double(word.range.count))),
        ])
    }

    static func sourceName(_ source: Suggestion.Source) -> String {
        switch source {
        case .learned: "learned"
        case .document: "document"
        case .wordList: "wordList"
        }
    }
}
