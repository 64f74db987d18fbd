/// The parsed contents of a word-list file: one word a line, optionally followed by whitespace (spaces
/// or tabs) and a non-negative integer frequency.
///
/// Blank lines and lines whose first non-blank character is `#` are skipped. CaretCore reads no
/// files: the caller loads the file and passes its contents.
///
/// A line is malformed when it has more than two fields, when its second field is not a
/// non-negative decimal integer, or when some lines have a frequency and others do not. By default
/// a malformed line throws a `WordListError` naming the line; with `.skip` it is left out and its
/// number recorded in `skippedLines`.
public struct WordList: Sendable {
    /// One word of the list.
    public struct Entry: Hashable, Sendable {
        /// The word as written in the file.
        public var word: String
        /// Its frequency, when the file has a frequency column.
        public var frequency: Int?
        /// Its 1-based line number.
        public var line: Int

        /// Creates an entry.
        public init(word: String, frequency: Int?, line: Int) {
            self.word = word
            self.frequency = frequency
            self.line = line
        }
    }

    /// What to do with a malformed line.
    public enum MalformedLinePolicy: Hashable, Sendable {
        /// Throw a `WordListError` naming the first malformed line.
        case reject
        /// Leave the line out and record its number in `skippedLines`.
        case skip
    }

    /// The words, in file order.
    public var entries: [Entry]
    /// Whether the entries carry frequencies (the file has a frequency column).
    public var hasFrequencies: Bool
    /// The 1-based numbers of malformed lines left out under `.skip`, ascending.
    public var skippedLines: [Int]

    /// Creates a list from entries already in memory.
    public init(entries: [Entry]) {
        self.entries = entries
        self.hasFrequencies = !entries.isEmpty && entries.allSatisfy { $0.frequency != nil }
        self.skippedLines = []
    }

    /// Parses the contents of a word-list file.
    /// - Throws: `WordListError` for the first malformed line under `.reject`.
    /// - Complexity: O(n) in the length of `contents`.
    public init(parsing contents: String, malformedLines: MalformedLinePolicy = .reject) throws {
        var entries: [Entry] = []
        var skipped: [Int] = []
        var withFrequency: Bool? = nil
        let bytes = Array(contents.utf8)
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            let outcome = WordList.parseLine(bytes[start..<end])
            start = end + 1
            switch outcome {
            case .blank:
                continue
            case .malformed(let reason):
                if malformedLines == .skip { skipped.append(lineNumber); continue }
                throw WordListError(line: lineNumber, reason: reason)
            case .entry(let word, let frequency):
                let has = frequency != nil
                if let expected = withFrequency, expected != has {
                    let reason = expected
                        ? "missing frequency (earlier lines have one)"
                        : "unexpected frequency (earlier lines have none)"
                    if malformedLines == .skip { skipped.append(lineNumber); continue }
                    throw WordListError(line: lineNumber, reason: reason)
                }
                withFrequency = has
                entries.append(Entry(word: word, frequency: frequency, line: lineNumber))
            }
        }
        self.entries = entries
        self.hasFrequencies = withFrequency ?? false
        self.skippedLines = skipped
    }

    enum LineOutcome {
        case blank
        case entry(String, Int?)
        case malformed(String)
    }

    static func parseLine(_ line: ArraySlice<UInt8>) -> LineOutcome {
        var fields: [ArraySlice<UInt8>] = []
        var i = line.startIndex
        while i < line.endIndex {
            while i < line.endIndex && isBlank(line[i]) { i += 1 }
            if i == line.endIndex { break }
            let fieldStart = i
            while i < line.endIndex && !isBlank(line[i]) { i += 1 }
            fields.append(line[fieldStart..<i])
        }
        guard let first = fields.first else { return .blank }
        if first.first == UInt8(ascii: "#") { return .blank }
        if fields.count > 2 {
            return .malformed("expected a word and an optional frequency, found \(fields.count) fields")
        }
        let word = String(decoding: first, as: UTF8.self)
        guard fields.count == 2 else { return .entry(word, nil) }
        var value = 0
        for byte in fields[1] {
            guard byte >= 0x30 && byte <= 0x39 else {
                return .malformed("frequency '\(String(decoding: fields[1], as: UTF8.self))' is not a non-negative integer")
            }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(byte - 0x30))
            if o1 || o2 { return .malformed("frequency is too large") }
            value = sum
        }
        return .entry(word, value)
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
