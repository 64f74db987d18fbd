import CaretCore
import CaretFormats
import CaretLua
import CaretReplay

/// What `caret run` and `caret repl` share: the document options, the sandbox and limit options,
/// and turning script errors into messages and exit codes.
enum RunSupport {
    /// The document, sandbox and limit options `run` and `repl` share (declared once for both).
    static let sessionOptions: [CommandOption] = [
        .value("--doc", "FILE", "the document, in the format its extension names (docs/formats.md: .caret/.markup, .json, "
            + ".txt; an unknown extension is an error); - reads it from stdin"),
        .value("--in-format", "FMT", "read --doc as FMT whatever its extension (markup, json, text; needed for --doc -)"),
        .flag("--lossy", "read (and write) what a format cannot carry, printing each dropped kind to stderr; without it "
            + "a loss is an error (65)"),
        .value("--text", "STRING", "the document as plain text (instead of --doc)"),
        .value("--seed", "N", "seeds math.random (default 0)"),
        .value("--clock", "SECONDS", "the virtual clock's start, seconds since 1970 UTC (os.time, os.date; default 0)"),
        .repeatable("--allow-read", "DIR", "caret.read_file/caret.open may read under DIR (repeatable)"),
        .repeatable("--allow-write", "DIR", "caret.write_file/editor:save may write under DIR (repeatable)"),
        .value("--max-instructions", "N", "stop after N Lua instructions (turns the JIT off)"),
        .value("--max-memory", "MB", "stop when Lua allocates more than MB MiB (default 512)"),
        .value("--timeout", "SECONDS", "stop after SECONDS of wall-clock time (turns the JIT off)"),
        .value("--lexicon", "FILE", "the word list editor:suggestions ranks from (one word a line, optional frequency "
            + "column; default /usr/share/dict/words when present, loaded on first use; without one, only the "
            + "document's and learned words)"),
        .value("--frequencies", "FILE", "word<TAB>count frequencies for ranking (default: the English list "
            + "built into caret, with the system word list)"),
    ]

    /// The document `--doc`/`--text` name (empty when neither), and the format of `--doc`.
    static func document(_ parsed: ParsedArguments, formats: FormatOptions, terminal: Terminal) throws -> (DocumentState, DocumentFormat?) {
        if parsed.value("--doc") != nil && parsed.value("--text") != nil {
            throw CLIError.usage("give either --doc FILE or --text STRING, not both")
        }
        if let path = parsed.value("--doc") {
            let format = try formats.inputFormat(path)
            return (try DocumentFiles.load(path, format: format, lossy: formats.lossy, terminal: terminal), format)
        }
        if let text = parsed.value("--text") { return (DocumentState(text: AttributedText(text)), nil) }
        return (DocumentState(text: AttributedText()), nil)
    }

    /// The runtime options the flags ask for.
    static func runtimeOptions(_ parsed: ParsedArguments) throws -> LuaRuntimeOptions {
        var options = LuaRuntimeOptions()
        if let seed = parsed.value("--seed") {
            guard let value = UInt64(seed) else { throw CLIError.usage("--seed expects a non-negative integer, got '\(seed)'") }
            options.seed = value
        }
        options.virtualTime = try parsed.number("--clock", in: -1e15...1e15) ?? 0
        options.instructionLimit = try parsed.integer("--max-instructions", in: 1...Int.max)
        if let megabytes = try parsed.number("--max-memory", in: 1...1_048_576) { options.memoryLimit = Int(megabytes * 1_048_576) }
        options.timeout = try parsed.number("--timeout", in: 0.001...1e9)
        options.readableRoots = try directories(parsed.values("--allow-read"), "--allow-read")
        options.writableRoots = try directories(parsed.values("--allow-write"), "--allow-write")
        return options
    }

    static func directories(_ paths: [String], _ flag: String) throws -> [String] {
        for path in paths {
            guard FileSystem.isDirectory(path) else {
                throw CLIError.usage("\(flag) \(path): not a directory")
            }
        }
        return paths
    }

    /// Lets the session load the lexicon `--lexicon`/`--frequencies` name (or the system word list)
    /// the first time a script asks for suggestions.
    static func installLexicon(_ session: ScriptSession, _ parsed: ParsedArguments, terminal: Terminal) {
        var loader = SuggestLexiconLoader.standard()
        let wordList = parsed.value("--lexicon")
        let frequencies = parsed.value("--frequencies")
        if wordList == nil && loader.defaultWordList == nil { return }
        if wordList != nil && frequencies == nil { loader.defaultFrequencies = nil }
        session.lexiconLoader = {
            try loader.load(wordList: wordList, frequencies: frequencies, terminal: terminal, indexesCorrections: true).lexicon
        }
    }

    /// The message and exit code for a script error: 65 (limits name the flag that set them), 1
    /// for a failed expectation.
    static func failure(_ error: LuaScriptError, session: ScriptSession?) -> CLIError {
        var text = error.description
        switch error.kind {
        case .instructionLimit: text = error.headline + " (raise it with --max-instructions)"
        case .memoryLimit: text = error.headline + " (raise it with --max-memory)"
        case .timeout: text = error.headline + " (raise it with --timeout)"
        default: break
        }
        if let session, let last = session.failedExpectations.last, error.message == last {
            return CLIError(.checkFailed, text)
        }
        return CLIError(.dataError, text)
    }
}
