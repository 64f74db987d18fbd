import CaretCore

/// Rewrites the markup literals of failing `caret.expect(...)`/`editor:expect(...)` calls of a
/// Lua test in place, from what the editor showed (`caret test --update`), as inline snapshots
/// are updated: every other byte of the file stays as it was, and each literal keeps its form (a
/// short string keeps its quote, a long bracket its level and layout) with escapes that read back
/// as the new markup.
///
/// A call is found from the line Lua reported for it and the markup it was given: the calls of
/// a method or field named `expect` whose extent covers that line and whose one argument is a
/// string literal holding exactly that markup. An expectation built at run time (a
/// concatenation, a variable, a call) has no such literal and cannot be rewritten; neither can
/// one call that saw different documents on different runs (in a loop).
public enum LuaSnapshotRewriter {
    /// One literal that was rewritten.
    public struct Rewrite: Equatable, Sendable {
        /// The line of the `expect` call in the rewritten source (1-based).
        public var line: Int
        /// The lines the call spans in the rewritten source, its arguments included.
        public var lines: ClosedRange<Int>
        /// The markup its literal holds now.
        public var markup: String

        /// Whether `record`, from a run of the rewritten source, was made by this call.
        public func made(_ record: ExpectationRecord) -> Bool {
            lines.contains(record.line) && record.expected == markup
        }
    }

    /// An expectation that failed and cannot be rewritten.
    public struct Failure: Equatable, Sendable {
        /// The line Lua reported for the call.
        public var line: Int
        /// Why not.
        public var message: String
    }

    /// The result of a rewrite.
    public struct Result: Equatable, Sendable {
        /// The new source (the old one when nothing was rewritten).
        public var source: [UInt8]
        /// The literals rewritten, in source order.
        public var rewrites: [Rewrite]
        /// The failing expectations that could not be.
        public var failures: [Failure]
    }

    /// A call of `expect` with its extent and, when its one argument is a literal, that token.
    struct Call {
        var nameToken: Int
        var firstLine: Int
        var lastLine: Int
        var literal: LuaSourceLexer.Token?
    }

    /// Rewrites `source` (the chunk `chunkSource`, as `lua_getinfo` names it: `@name`) so that each
    /// failing expectation of `records` holds.
    public static func rewrite(_ source: [UInt8], chunkSource: String, records: [ExpectationRecord]) -> Result {
        let tokens: [LuaSourceLexer.Token]
        do { tokens = try LuaSourceLexer.tokens(source) } catch {
            let failures = records.filter { $0.actual != nil }.map { Failure(line: $0.line, message: "the file does not lex here (\(error.message) at line \(error.line))") }
            return Result(source: source, rewrites: [], failures: failures)
        }
        let calls = expectCalls(tokens)
        var failures: [Failure] = []
        // The new value of each literal, by the start offset of its token.
        var newValues: [Int: (token: LuaSourceLexer.Token, value: String)] = [:]
        // Records grouped by call site (line and markup), in the order they ran.
        var groups: [String: [ExpectationRecord]] = [:]
        var order: [String] = []
        for record in records {
            if record.source != chunkSource {
                if record.actual != nil {
                    let name = record.source.hasPrefix("@") || record.source.hasPrefix("=") ? String(record.source.dropFirst()) : "a string given to load"
                    failures.append(Failure(line: record.line, message: "the expectation is in another chunk (\(name.quotedForError)); only the test file itself is rewritten"))
                }
                continue
            }
            let key = "\(record.line)\u{0}\(record.expected)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(record)
        }
        for key in order {
            let group = groups[key]!
            guard group.contains(where: { $0.actual != nil }) else { continue }
            let line = group[0].line
            let around = calls.filter { $0.firstLine <= line && line <= $0.lastLine }
            let matching = around.filter { call in
                if case .string(let value, _)? = call.literal?.kind { return value == Array(group[0].expected.utf8) }
                return false
            }
            if matching.isEmpty {
                failures.append(Failure(line: line, message: around.isEmpty
                    ? "no call of expect with a string literal is on this line; the expectation cannot be rewritten"
                    : "the expected markup is built at run time (not one string literal); it cannot be rewritten"))
                continue
            }
            // Each call site gets the one document it saw; several runs of one call that saw
            // different ones (a loop) cannot be written as one literal.
            var assignments: [(Call, [ExpectationRecord])] = []
            if matching.count == 1 {
                assignments = [(matching[0], group)]
            } else if matching.count == group.count {
                assignments = zip(matching, group).map { ($0, [$1]) }
            } else {
                failures.append(Failure(line: line, message: "\(matching.count) identical expectations on this line ran \(group.count) times; "
                    + "which is which is ambiguous, so none is rewritten"))
                continue
            }
            for (call, runs) in assignments {
                let results = Set(runs.map { $0.actual ?? $0.expected })
                guard results.count == 1, let value = results.first else {
                    failures.append(Failure(line: line, message: "this expectation ran \(runs.count) times and saw \(results.count) different documents; "
                        + "one literal cannot hold them all"))
                    continue
                }
                if value != runs[0].expected, let literal = call.literal { newValues[literal.start] = (literal, value) }
            }
        }
        guard !newValues.isEmpty else { return Result(source: source, rewrites: [], failures: failures) }
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 64)
        var copied = 0
        var rewrittenStarts: Set<Int> = []
        for start in newValues.keys.sorted() {
            let (token, value) = newValues[start]!
            out += source[copied..<token.start]
            guard case .string(_, let form) = token.kind else { continue }
            rewrittenStarts.insert(out.count)
            out += literal(Array(value.utf8), form: form)
            copied = token.end
        }
        out += source[copied...]
        // Report each rewrite at the line of its call in the new source.
        var rewrites: [Rewrite] = []
        if let newTokens = try? LuaSourceLexer.tokens(out) {
            for call in expectCalls(newTokens) {
                if let literal = call.literal, rewrittenStarts.contains(literal.start), case .string(let value, _) = literal.kind {
                    rewrites.append(Rewrite(line: newTokens[call.nameToken].line, lines: call.firstLine...call.lastLine,
                                            markup: String(decoding: value, as: UTF8.self)))
                }
            }
        }
        return Result(source: out, rewrites: rewrites, failures: failures)
    }

    /// Every `.expect`/`:expect` call in `tokens`: `x:expect(ARG)`, `x.expect(ARG)`, `x:expect "…"`.
    static func expectCalls(_ tokens: [LuaSourceLexer.Token]) -> [Call] {
        var calls: [Call] = []
        for index in tokens.indices where index > 0 && index + 1 < tokens.count {
            guard tokens[index].kind == .name("expect"),
                  tokens[index - 1].kind == .punctuation(":") || tokens[index - 1].kind == .punctuation(".") else { continue }
            let next = tokens[index + 1]
            switch next.kind {
            case .string:
                calls.append(Call(nameToken: index, firstLine: tokens[index].line, lastLine: next.endLine, literal: next))
            case .punctuation("("):
                var depth = 0
                var close = index + 1
                while close < tokens.count {
                    switch tokens[close].kind {
                    case .punctuation("("), .punctuation("["), .punctuation("{"): depth += 1
                    case .punctuation(")"), .punctuation("]"), .punctuation("}"): depth -= 1
                    default: break
                    }
                    if depth == 0 { break }
                    close += 1
                }
                guard close < tokens.count else { continue }
                var literal: LuaSourceLexer.Token?
                if close == index + 3, case .string = tokens[index + 2].kind { literal = tokens[index + 2] }
                calls.append(Call(nameToken: index, firstLine: tokens[index].line, lastLine: tokens[close].endLine, literal: literal))
            case .punctuation("{"):
                calls.append(Call(nameToken: index, firstLine: tokens[index].line, lastLine: next.endLine, literal: nil))
            default:
                continue
            }
        }
        return calls
    }

    /// `value` written as a literal of `form`. A long bracket keeps its level unless the value
    /// holds its closing bracket (then the next level that does not occur), and keeps a line break
    /// after the opening bracket when it had one (and gains one when the value starts with a line
    /// break, which Lua would otherwise skip). A value with a carriage return, which a long
    /// bracket cannot hold (Lua reads it as a line break), becomes a double-quoted string.
    static func literal(_ value: [UInt8], form: LuaSourceLexer.StringForm) -> [UInt8] {
        switch form {
        case .short(let quote):
            return shortLiteral(value, quote: quote)
        case .long(var level, let leadingNewline):
            if value.contains(0x0D) { return shortLiteral(value, quote: 0x22) }
            while closes(value, level: level) { level += 1 }
            let equals = [UInt8](repeating: 0x3D, count: level)
            var out: [UInt8] = [0x5B] + equals + [0x5B]
            if leadingNewline || value.first == 0x0A { out.append(0x0A) }
            out += value
            out += [0x5D] + equals + [0x5D]
            return out
        }
    }

    /// Whether a long bracket of `level` around `value` would end before the value does.
    static func closes(_ value: [UInt8], level: Int) -> Bool {
        let close: [UInt8] = [0x5D] + [UInt8](repeating: 0x3D, count: level) + [0x5D]
        let whole = value + close
        var start = 0
        while start + close.count <= whole.count {
            if whole[start] == 0x5D, Array(whole[start..<start + close.count]) == close { return start < value.count }
            start += 1
        }
        return false
    }

    /// A short string in `quote`: the backslash, the quote and control bytes escaped (line breaks
    /// and tabs by name, others as three decimal digits so a following digit cannot join them);
    /// everything else, UTF-8 included, as it is.
    static func shortLiteral(_ value: [UInt8], quote: UInt8) -> [UInt8] {
        var out: [UInt8] = [quote]
        for byte in value {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case quote: out += [0x5C, quote]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20, 0x7F:
                let digits = String(byte)
                out += [0x5C] + Array((String(repeating: "0", count: 3 - digits.count) + digits).utf8)
            default: out.append(byte)
            }
        }
        out.append(quote)
        return out
    }
}
