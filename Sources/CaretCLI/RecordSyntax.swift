import CaretCore
import CaretFormats
import CaretReplay

/// The small line language `caret record` reads, one instruction a line (docs/trace-format.md):
///
///     type hello world        key cmd+b shift+left    select 3 8     run findNext pattern="a b"
///     paste {bold:x}          paste-plain text        undo [N]       redo [N]
///     wait 1.5                check [traits] [typing] print          # a comment
enum RecordSyntax {
    /// What one line asks for.
    enum Instruction: Equatable {
        /// Apply these events.
        case events([TraceEvent])
        /// Write a checkpoint of the current state (with trait states, exact typing attributes).
        case check(traits: Bool, typing: Bool)
        /// Print the current state.
        case print
        /// Nothing (blank line or comment).
        case nothing
    }

    /// An error in a line: the 1-based column and what is wrong.
    struct SyntaxError: Error {
        var column: Int
        var message: String
    }

    /// The counts `undo N` and `redo N` take: bounded, so one line cannot keep the editor busy for
    /// minutes, and within what a trace's `undo`/`redo` event accepts, so `replay` reads what
    /// `record` wrote.
    static let repeatCounts = 1...100_000

    /// The longest instruction line `caret record` takes, in bytes (1 MiB): longer ones are
    /// refused with an error, not parsed.
    static let maximumLineBytes = 1 << 20

    static let verbs = ["type", "key", "select", "run", "paste", "paste-plain", "undo", "redo", "wait", "check", "print"]

    static func parse(_ line: String) throws(SyntaxError) -> Instruction {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .nothing }
        let indent = line.count - trimmed.count
        let verb = String(trimmed.prefix { $0 != " " && $0 != "\t" })
        let restStart = indent + verb.count + 1
        let rest = String(trimmed.dropFirst(verb.count).dropFirst())
        let words = tokens(rest, startColumn: restStart + 1)
        switch verb {
        case "type":
            guard !rest.isEmpty else { throw SyntaxError(column: restStart, message: "type needs text: type hello") }
            return .events([.text(unescape(rest))])
        case "key":
            guard !words.isEmpty else { throw SyntaxError(column: restStart, message: "key needs a chord: key cmd+b") }
            var events: [TraceEvent] = []
            for word in words {
                do { events.append(.key(try KeyChord(parsing: word.text))) } catch {
                    throw SyntaxError(column: word.column, message: "\(error)")
                }
            }
            return .events(events)
        case "select":
            guard (1...2).contains(words.count) else { throw SyntaxError(column: restStart, message: "select takes ANCHOR [HEAD]: select 3 8") }
            let numbers = try words.map { word throws(SyntaxError) -> Int in
                guard let n = Int(word.text), n >= 0 else { throw SyntaxError(column: word.column, message: "expected an offset, got '\(quote(word.text))'") }
                return n
            }
            return .events([.select(anchor: numbers[0], head: numbers.last!)])
        case "run":
            guard let name = words.first else { throw SyntaxError(column: restStart, message: "run needs a command name: run deleteWordBackward") }
            var arguments: [String: CommandArgument] = [:]
            for word in words.dropFirst() {
                guard let equals = word.text.firstIndex(of: "=") else {
                    throw SyntaxError(column: word.column, message: "expected name=value, got '\(quote(word.text))'")
                }
                arguments[String(word.text[..<equals])] = argument(String(word.text[word.text.index(after: equals)...]), quoted: word.quoted)
            }
            do { return .events([.command(try EditorCommand(name: name.text, arguments: arguments))]) } catch {
                throw SyntaxError(column: name.column, message: "\(error)")
            }
        case "paste", "paste-plain":
            do { return .events([.paste(try Markup.parseText(rest), plain: verb == "paste-plain")]) } catch {
                throw SyntaxError(column: restStart + error.column, message: "markup: \(error.message)")
            }
        case "undo", "redo":
            var count = 1
            if let word = words.first {
                guard words.count == 1, let n = Int(word.text), repeatCounts.contains(n) else {
                    throw SyntaxError(column: word.column, message: "expected a count in \(repeatCounts.lowerBound)...\(repeatCounts.upperBound), got '\(quote(word.text))'")
                }
                count = n
            }
            return .events([verb == "undo" ? .undo(count: count) : .redo(count: count)])
        case "wait":
            guard words.count == 1, let seconds = Double(words[0].text), seconds.isFinite, seconds >= 0 else {
                throw SyntaxError(column: restStart, message: "wait takes seconds >= 0: wait 1.5")
            }
            return .events([.wait(seconds)])
        case "check":
            for word in words where word.text != "traits" && word.text != "typing" {
                throw SyntaxError(column: word.column, message: "check takes 'traits' and 'typing', got '\(quote(word.text))'")
            }
            return .check(traits: words.contains { $0.text == "traits" }, typing: words.contains { $0.text == "typing" })
        case "print": return .print
        default:
            throw SyntaxError(column: indent + 1, message: "unknown instruction '\(quote(verb))' (expected \(verbs.joined(separator: ", ")))")
        }
    }

    /// What an error quotes of the input: at most 64 UTF-8 bytes (cut on a character boundary
    /// and marked with `…`), so a long line is never echoed whole.
    static func quote(_ text: String) -> String {
        text.quotedForError
    }

    /// Words separated by blanks; `name="a b"` keeps a quoted value together (its quotes removed,
    /// `\"` and `\\` escapes read).
    static func tokens(_ text: String, startColumn: Int) -> [(text: String, column: Int, quoted: Bool)] {
        var result: [(String, Int, Bool)] = []
        var current = ""
        var column = startColumn
        var start = startColumn
        var inQuotes = false
        var quoted = false
        var escaped = false
        for character in text {
            defer { column += 1 }
            if escaped { current.append(character); escaped = false; continue }
            if inQuotes && character == "\\" { escaped = true; continue }
            if character == "\"" { inQuotes.toggle(); quoted = true; continue }
            if !inQuotes && (character == " " || character == "\t") {
                if !current.isEmpty || quoted { result.append((current, start, quoted)) }
                current = ""
                quoted = false
                start = column + 1
                continue
            }
            if current.isEmpty && !quoted { start = column }
            current.append(character)
        }
        if !current.isEmpty || quoted { result.append((current, start, quoted)) }
        return result
    }

    static func argument(_ text: String, quoted: Bool) -> CommandArgument {
        if quoted { return .string(text) }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let i = Int(text) { return .int(i) }
        if let d = Double(text), d.isFinite { return .number(d) }
        return .string(text)
    }

    /// `\n`, `\t` and `\\` in typed text.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }
}
