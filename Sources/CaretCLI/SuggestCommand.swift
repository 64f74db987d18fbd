import CaretCore
import CaretFormats

/// `caret suggest`: the word at an offset of a document and ranked completions and corrections for
/// it, from a word list (Debian's `wamerican` by default), a frequency list and the document's own
/// words.
enum SuggestCommand {
    /// Which suggestions to print.
    enum Kind: String, CaseIterable {
        case completion, correction, all
    }

    static let subcommand = Subcommand(
        name: "suggest",
        summary: "the word at an offset and suggestions for it",
        usage: """
        usage: caret suggest --doc FILE [--in-format FMT] [--lossy] [--at OFFSET]
                             [--kind completion|correction|all] [--limit N]
                             [--lexicon FILE] [--frequencies FILE] [--json]
               caret suggest --frequencies-license
        """,
        description: """
        Prints the word at OFFSET (a UTF-16 offset; default: the document's selection) and ranked
        suggestions for it: completions (words starting with it) and corrections (known words
        within two edits, for a word the lexicon, the document and learned words lack). The
        document's own words count towards the ranking, but the occurrence asked about does not
        make a typo known.
        """,
        options: [
            .value("--doc", "FILE", "the document, in the format its extension names (.caret/.markup, .json, .txt, "
                + ".md, .rtf, .html; docs/formats.md); - reads stdin"),
            .value("--in-format", "FMT", "read --doc as FMT whatever its extension (needed for --doc -)"),
            .value("--format", "FMT", "--doc's format only where no extension names one"),
            .flag("--lossy", "read a document that has what Caret cannot hold, printing each dropped kind to stderr "
                + "(without it, that is an error)"),
            .value("--at", "OFFSET", "the UTF-16 offset of the caret"),
            .value("--kind", "KIND", "completion, correction or all (default: all)"),
            .value("--limit", "N", "at most N suggestions of each kind (default: 10)"),
            .value("--lexicon", "FILE", "a word list, one word a line, optionally a frequency after it (default: "
                + "/usr/share/dict/words, Debian's wamerican)"),
            .value("--frequencies", "FILE", "`word count` lines that rank the words (default: the English list "
                + "built into caret, data/frequencies-en.tsv)"),
            .flag("--json", "print one JSON object"),
            .flag("--frequencies-license", "print the license of the built-in frequency list (MIT) and exit"),
        ],
        notes: "The time taken to load the lexicon is reported on stderr.",
        exitCodes: [
            .ok, ExitCodeHelp(.usage, "usage (a bad offset, an unknown extension or format too)"),
            ExitCodeHelp(.dataError, "malformed input"), ExitCodeHelp(.noInput, "missing file"),
        ],
        run: { arguments, terminal in try run(arguments, &terminal, loader: .standard()) }
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal, loader: SuggestLexiconLoader) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        if let extra = parsed.positionals.first { throw CLIError.usage("unexpected argument '\(extra)'") }
        if parsed.has("--frequencies-license") {
            guard BuiltInFrequencies.isAvailable else { throw CLIError(.noInput, "caret: this build has no built-in frequency list") }
            terminal.outRaw(BuiltInFrequencies.license)
            return .ok
        }
        guard let docPath = parsed.value("--doc") else { throw CLIError.usage("--doc FILE is required") }
        let kindName = parsed.value("--kind") ?? "all"
        guard let kind = Kind(rawValue: kindName) else {
            throw CLIError.usage("--kind expects completion, correction or all, got '\(kindName)'")
        }
        let limit = try parsed.integer("--limit", in: 1...1_000) ?? 10
        let offsetText = parsed.value("--at")
        var offset: Int? = nil
        if let offsetText {
            guard let value = Int(offsetText) else {
                throw CLIError.usage("--at expects a UTF-16 offset, got '\(offsetText)'")
            }
            offset = value
        }

        let formats = try FormatOptions(parsed, outputFlag: nil)
        let state = try DocumentFiles.load(docPath, format: try formats.inputFormat(docPath), lossy: formats.lossy, terminal: terminal)
        let caret = offset ?? state.selection?.head ?? state.text.utf16Count
        do {
            try state.text.validate(caret)
        } catch let error as TextError {
            throw CLIError.usage("--at: \(error)")
        }
        let loaded = try loader.load(wordList: parsed.value("--lexicon"), frequencies: parsed.value("--frequencies"),
                                     terminal: terminal)
        terminal.error("caret suggest: lexicon of \(loaded.lexicon.count) words loaded in "
            + "\(Int((loaded.seconds * 1000).rounded())) ms (\(loaded.wordListPath)"
            + (loaded.frequenciesPath.map { " + \($0)" } ?? "") + ")")

        let editor = try Editor(text: state.text, selection: Selection(caret: caret))
        editor.attachSuggestions(lexicon: loaded.lexicon)
        let result = editor.suggestionsAtSelection(limit: limit)
        if parsed.has("--json") {
            terminal.out(json(result, kind: kind, offset: caret, hasFrequencies: loaded.lexicon.hasFrequencies).serialized())
        } else {
            terminal.outRaw(text(result, kind: kind, offset: caret))
        }
        return .ok
    }

    static func sourceName(_ source: Suggestion.Source) -> String {
        switch source {
        case .learned: "learned"
        case .document: "document"
        case .wordList: "word list"
        }
    }

    static func text(_ result: SelectionSuggestions?, kind: Kind, offset: Int) -> String {
        guard let result else { return "no word at offset \(offset)\n" }
        let word = result.word
        var lines = ["word \(word.string.debugDescription) at \(word.range.lowerBound)..<\(word.range.upperBound)"
            + (result.isKnown ? " (known)" : " (not known)")]
        func section(_ title: String, _ suggestions: [Suggestion]) {
            lines.append("\(title):" + (suggestions.isEmpty ? " none" : ""))
            let width = suggestions.map(\.word.count).max() ?? 0
            for (i, s) in suggestions.enumerated() {
                let pad = String(repeating: " ", count: width - s.word.count)
                var line = "  \(i + 1). \(s.word)\(pad)  "
                if s.kind == .correction { line += "distance \(s.distance)  " }
                line += "frequency \(s.frequency)  \(sourceName(s.source))"
                lines.append(line)
            }
        }
        if kind != .completion { section("corrections", result.corrections) }
        if kind != .correction { section("completions", result.completions) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ result: SelectionSuggestions?, kind: Kind, offset: Int, hasFrequencies: Bool) -> JSONValue {
        var object = JSONObject()
        object.append("offset", .integer(Int64(offset)))
        guard let result else {
            object.append("word", .null)
            return .object(object)
        }
        object.append("word", .object([
            "text": .string(result.word.string),
            "location": .integer(Int64(result.word.range.lowerBound)),
            "length": .integer(Int64(result.word.range.count)),
        ]))
        object.append("known", .bool(result.isKnown))
        object.append("rankedByFrequency", .bool(hasFrequencies))
        func list(_ suggestions: [Suggestion]) -> JSONValue {
            .array(suggestions.map { s in
                var item: JSONObject = ["word": .string(s.word)]
                if s.kind == .correction { item.append("distance", .integer(Int64(s.distance))) }
                item.append("frequency", .integer(Int64(s.frequency)))
                item.append("source", .string(s.source == .wordList ? "wordList" : sourceName(s.source)))
                return .object(item)
            })
        }
        if kind != .completion { object.append("corrections", list(result.corrections)) }
        if kind != .correction { object.append("completions", list(result.completions)) }
        return .object(object)
    }
}
