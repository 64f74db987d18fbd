// A stand-in for the canonical markup of CaretFormats, enough for editor tests:
//   text            plain characters
//   {HEADER:text}   a run; HEADER is space-separated `bold`, `fontSize=14`, `link="https://x"`,
//                   `foregroundColor=#ff0000`, `custom="v"`
//   |  ^            head and anchor (a lone `|` is a caret)
//   |<HEADER>       typing attributes, when they differ from the inherited ones
//   \{ \} \| \^ \\ \<   escapes
import CaretCore

struct MarkupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

func parseMarkup(_ markup: String) throws -> DocumentState {
    var parser = MarkupParser(scalars: Array(markup.unicodeScalars))
    return try parser.parse()
}

private struct MarkupParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var pieces: [(String, Attributes)] = []
    var offset = 0
    var head: Int?
    var anchor: Int?
    var typing: Attributes?

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    func fail(_ message: String) -> MarkupError { MarkupError(message: "markup column \(index): \(message)") }

    mutating func parse() throws -> DocumentState {
        try parseText(attributes: Attributes(), inRun: false)
        var selection: Selection?
        if let head { selection = Selection(anchor: anchor ?? head, head: head) }
        if anchor != nil && head == nil { throw fail("anchor '^' without head '|'") }
        return DocumentState(text: AttributedText(runs: pieces), selection: selection, typingAttributes: typing)
    }

    mutating func append(_ scalar: Unicode.Scalar, _ attributes: Attributes) {
        if let last = pieces.last, last.1 == attributes {
            pieces[pieces.count - 1].0.unicodeScalars.append(scalar)
        } else {
            pieces.append((String(scalar), attributes))
        }
        offset += scalar.utf16.count
    }

    mutating func parseText(attributes: Attributes, inRun: Bool) throws {
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else { throw fail("dangling backslash") }
                append(scalars[index], attributes)
                index += 1
            case "{":
                guard !inRun else { throw fail("nested run") }
                let header = try parseHeader(until: ":")
                try parseText(attributes: header, inRun: true)
            case "}":
                guard inRun else { throw fail("'}' outside a run") }
                return
            case "|":
                guard head == nil else { throw fail("second head '|'") }
                head = offset
                if index < scalars.count, scalars[index] == "<" {
                    index += 1
                    typing = try parseHeader(until: ">")
                }
            case "^":
                guard anchor == nil else { throw fail("second anchor '^'") }
                anchor = offset
            default:
                append(scalar, attributes)
            }
        }
        if inRun { throw fail("unterminated run") }
    }

    mutating func parseHeader(until terminator: Unicode.Scalar) throws -> Attributes {
        var attributes = Attributes()
        while true {
            while index < scalars.count, scalars[index] == " " { index += 1 }
            guard index < scalars.count else { throw fail("unterminated header") }
            if scalars[index] == terminator {
                index += 1
                return attributes
            }
            var name = ""
            while index < scalars.count, ![" ", "=", terminator].contains(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard let key = AttributeKey(name: name) else { throw fail("empty attribute name") }
            var value = AttributeValue.bool(true)
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                value = try parseValue(terminator)
            }
            do {
                try attributes.set(key, value)
            } catch {
                throw fail("\(error)")
            }
        }
    }

    mutating func parseValue(_ terminator: Unicode.Scalar) throws -> AttributeValue {
        guard index < scalars.count else { throw fail("missing value") }
        if scalars[index] == "\"" {
            index += 1
            var s = ""
            while index < scalars.count, scalars[index] != "\"" {
                if scalars[index] == "\\" { index += 1 }
                guard index < scalars.count else { break }
                s.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { throw fail("unterminated string") }
            index += 1
            return .string(s)
        }
        var token = ""
        while index < scalars.count, scalars[index] != " ", scalars[index] != terminator {
            token.unicodeScalars.append(scalars[index])
            index += 1
        }
        if token == "true" { return .bool(true) }
        if token == "false" { return .bool(false) }
        if let n = Double(token) { return .number(n) }
        return .string(token)
    }
}

func printMarkup(_ state: DocumentState) -> String {
    var out = ""
    let selection = state.selection
    func marker(at offset: Int) {
        guard let selection else { return }
        if selection.anchor == offset && !selection.isCaret { out += "^" }
        if selection.head == offset {
            out += "|"
            if let typing = state.typingAttributes { out += "<" + header(typing) + ">" }
        }
    }
    func emit(_ s: String) {
        for scalar in s.unicodeScalars {
            if "{}|^\\<".unicodeScalars.contains(scalar) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
    }
    let marks = selection.map { Set([$0.anchor, $0.head]) } ?? []
    for run in state.text.runs {
        marker(at: run.range.lowerBound)
        let inner = marks.filter { $0 > run.range.lowerBound && $0 < run.range.upperBound }.sorted()
        if !run.attributes.isEmpty { out += "{" + header(run.attributes) + ":" }
        var start = run.range.lowerBound
        for m in inner + [run.range.upperBound] {
            emit(try! state.text.string(in: start..<m))
            if m < run.range.upperBound { marker(at: m) }
            start = m
        }
        if !run.attributes.isEmpty { out += "}" }
    }
    marker(at: state.text.utf16Count)
    return out
}

private func header(_ attributes: Attributes) -> String {
    attributes.map { entry -> String in
        let name = entry.key.name
        switch entry.value {
        case .bool(true): return name
        case .bool(false): return name + "=false"
        case .number(let n): return name + "=" + AttributeValue.format(n)
        case .string(let s) where entry.key == .foregroundColor || entry.key == .backgroundColor: return name + "=" + s
        case .string(let s):
            var quoted = "\""
            for c in s.unicodeScalars {
                if c == "\"" || c == "\\" { quoted += "\\" }
                quoted.unicodeScalars.append(c)
            }
            return name + "=" + quoted + "\""
        }
    }.joined(separator: " ")
}
