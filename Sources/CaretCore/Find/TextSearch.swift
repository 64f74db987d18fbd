/// One find-and-replace search over a document: the query parsed once, the document's UTF-8 read
/// once, and matchers compiled for the capture groups asked for. Reports UTF-16 ranges, as every
/// public position is.
struct TextSearch {
    /// A match: its UTF-16 range and the text of groups 0…9 that were asked for and took part
    /// (group 0 is the whole match; nil for a group not asked for or not taking part).
    struct Match {
        var range: Range<Int>
        var groups: [String?]
    }

    let query: FindQuery
    private let tree: RegexNode
    private let groupCount: Int
    /// The document's text.
    let bytes: [UInt8]

    /// A search for `query` in `text`.
    /// - Throws: `EditorError.badPattern` for an empty pattern or one that does not compile.
    /// - Complexity: O(pattern + text) to parse the pattern and read the text.
    init(_ query: FindQuery, in text: AttributedText) throws(EditorError) {
        self.query = query
        guard !query.pattern.isEmpty else { throw EditorError.badPattern(pattern: query.pattern, message: "empty pattern") }
        if query.isRegex {
            do {
                (tree, groupCount) = try RegexParser.parse(query.pattern)
            } catch {
                throw EditorError.badPattern(pattern: query.pattern, message: error.message)
            }
        } else {
            tree = .concatenation(query.pattern.unicodeScalars.map { .scalar($0) })
            groupCount = 0
        }
        bytes = text.utf8Bytes(in: 0..<text.utf16Count)
    }

    /// A matcher tracking `groups` (numbers 1…9; others are ignored).
    func matcher(tracking groups: [Int]) throws(EditorError) -> RegexMatcher {
        let info = RegexScalarInfo()
        do {
            let program = try RegexCompiler.compile(
                tree, groupCount: groupCount, caseInsensitive: query.caseInsensitive, trackedGroups: groups, info: info)
            return RegexMatcher(program: program, info: info)
        } catch {
            let message = query.isRegex ? error.message : "the text to find is longer than \(RegexProgram.maximumSize - 1) scalars"
            throw EditorError.badPattern(pattern: query.pattern, message: message)
        }
    }

    /// Calls `body` with the UTF-16 range of each match in order; `body` returns false to stop.
    /// - Throws: `WorkLimit.Exceeded` when `workLimit` stops the search.
    /// - Complexity: O(text × pattern).
    func forEachRange(workLimit: WorkLimit?, _ body: (Range<Int>) -> Bool) throws {
        let matcher = try matcher(tracking: [])
        var cursor = UTF16Cursor()
        try bytes.withUnsafeBufferPointer { buffer in
            try matcher.run(buffer, workLimit: workLimit) { start, end, _ in
                let lower = cursor.advance(to: start, in: buffer)
                return body(lower..<cursor.advance(to: end, in: buffer))
            }
        }
    }

    /// The UTF-16 range of every match, in order.
    func ranges(workLimit: WorkLimit?) throws -> [Range<Int>] {
        var result: [Range<Int>] = []
        try forEachRange(workLimit: workLimit) { range in
            result.append(range)
            return true
        }
        return result
    }

    /// Every match with the text of `groups` (0…9).
    /// - Complexity: O(text × pattern), plus the text of the groups asked for.
    func matches(groups: [Int], workLimit: WorkLimit?) throws -> [Match] {
        let matcher = try matcher(tracking: groups)
        var cursor = UTF16Cursor()
        var result: [Match] = []
        try bytes.withUnsafeBufferPointer { buffer in
            try matcher.run(buffer, workLimit: workLimit) { start, end, slots in
                let lower = cursor.advance(to: start, in: buffer)
                let range = lower..<cursor.advance(to: end, in: buffer)
                result.append(Match(range: range, groups: texts(of: groups, start: start, end: end, slots: slots, program: matcher.program)))
                return true
            }
        }
        return result
    }

    /// The match at `range` (one `ranges(workLimit:)` reported) with the text of `groups`: the
    /// search again, anchored at its start, tracking the groups — the leftmost-first match at a
    /// position does not depend on the matches before it.
    func match(at range: Range<Int>, groups: [Int], workLimit: WorkLimit?) throws -> Match {
        var match = Match(range: range, groups: [String?](repeating: nil, count: 10))
        let start = UTF16Cursor.byteOffset(ofUTF16: range.lowerBound, in: bytes)
        let matcher = try matcher(tracking: groups.filter { $0 > 0 })
        try bytes.withUnsafeBufferPointer { buffer in
            try matcher.run(buffer, anchor: start, workLimit: workLimit) { start, end, slots in
                match.groups = texts(of: groups, start: start, end: end, slots: slots, program: matcher.program)
                return false
            }
        }
        return match
    }

    /// The text of groups 0…9 among `groups` for a match of `start..<end` (byte offsets).
    private func texts(of groups: [Int], start: Int, end: Int, slots: UnsafeBufferPointer<Int>, program: RegexProgram) -> [String?] {
        guard !groups.isEmpty else { return [] }
        var texts = [String?](repeating: nil, count: 10)
        for group in groups where group >= 0 && group < 10 {
            var lower = start, upper = end
            if group > 0 {
                guard let slot = program.slots(forGroup: group), slots[slot] >= 0, slots[slot + 1] >= 0 else { continue }
                (lower, upper) = (slots[slot], slots[slot + 1])
            }
            texts[group] = String(decoding: bytes[lower..<upper], as: UTF8.self)
        }
        return texts
    }
}

/// Converts increasing UTF-8 offsets of one text to UTF-16 offsets in a single forward walk.
struct UTF16Cursor {
    private var byte = 0
    private var utf16 = 0

    /// The UTF-16 offset of byte offset `target`, which must not be before the last one asked.
    /// - Complexity: O(target - previous target).
    mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var units = utf16
        var index = byte
        while index < target {
            let lead = bytes[index]
            if lead & 0xC0 != 0x80 { units &+= lead >= 0xF0 ? 2 : 1 }
            index &+= 1
        }
        byte = target
        utf16 = units
        return units
    }

    /// The byte offset of UTF-16 offset `offset` (a scalar boundary) in `bytes`.
    /// - Complexity: O(offset).
    static func byteOffset(ofUTF16 offset: Int, in bytes: [UInt8]) -> Int {
        var units = 0
        var index = 0
        while units < offset && index < bytes.count {
            let lead = bytes[index]
            if lead & 0xC0 != 0x80 { units += lead >= 0xF0 ? 2 : 1 }
            index += 1
        }
        while index < bytes.count && bytes[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }
}
