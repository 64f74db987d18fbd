import CaretCore

/// The naive reference model the rope is tested against: UTF-16 units plus one attribute set per
/// unit, every operation the obvious O(n) way.
struct ReferenceText: Equatable, CustomStringConvertible {
    /// One maximal run of equal attributes.
    typealias Run = AttributedText.Run

    var units: [UInt16] = []
    var unitAttributes: [Attributes] = []

    /// The empty text.
    init() {}

    /// `string` with every character carrying `attributes`.
    init(_ string: String, attributes: Attributes = Attributes()) {
        units = Array(string.utf16)
        unitAttributes = Array(repeating: attributes, count: units.count)
    }

    /// Text built from consecutive pieces, each with its attributes (equal neighbours coalesce).
    init<S: Sequence>(runs: S) where S.Element == (String, Attributes) {
        for (s, a) in runs {
            units += s.utf16
            unitAttributes += Array(repeating: a, count: s.utf16.count)
        }
    }

    var string: String { String(decoding: units, as: UTF16.self) }
    var isEmpty: Bool { units.isEmpty }
    var utf16Count: Int { units.count }
    var utf8Count: Int { string.utf8.count }
    var unicodeScalarCount: Int { string.unicodeScalars.count }
    var characterCount: Int { clusterLengths.count }

    /// The UTF-16 length of each grapheme cluster, by Caret's segmentation (Unicode's rules from
    /// the tables it generates; Swift's `Character` follows another Unicode version).
    var clusterLengths: [Int] {
        let scalars = Array(string.unicodeScalars)
        let boundaries = GraphemeSegmentation.boundaries(scalars)
        return zip(boundaries, boundaries.dropFirst()).map { lower, upper in
            scalars[lower..<upper].reduce(0) { $0 + $1.utf16.count }
        }
    }
    /// Number of lines: newlines + 1 (LF, CR, CR LF, and U+2028/U+2029 are not distinguished: only LF counts).
    var lineCount: Int { units.lazy.filter { $0 == 10 }.count + 1 }

    var description: String { "Reference(\(runs.map { "\(string(unchecked: $0.range))\($0.attributes)" }))" }

    // MARK: Validation

    /// Whether `offset` is in `0...utf16Count` and not inside a surrogate pair.
    func isValidPosition(_ offset: Int) -> Bool {
        offset >= 0 && offset <= units.count && !(offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset]) && UTF16.isLeadSurrogate(units[offset - 1]))
    }

    /// Throws unless `offset` is a valid position.
    func validate(_ offset: Int) throws {
        if offset < 0 || offset > units.count { throw TextError(.outOfRange, offset: offset, unit: .utf16, length: units.count) }
        if !isValidPosition(offset) { throw TextError(.insideScalar, offset: offset, unit: .utf16, length: units.count) }
    }

    /// Throws unless both ends of `range` are valid positions.
    func validate(_ range: Range<Int>) throws {
        try validate(range.lowerBound)
        try validate(range.upperBound)
    }

    // MARK: Reading

    func string(in range: Range<Int>) throws -> String {
        try validate(range)
        return string(unchecked: range)
    }

    func string(unchecked range: Range<Int>) -> String { String(decoding: units[range], as: UTF16.self) }

    func attributedText(in range: Range<Int>) throws -> ReferenceText {
        try validate(range)
        var t = ReferenceText()
        t.units = Array(units[range])
        t.unitAttributes = Array(unitAttributes[range])
        return t
    }

    /// Attributes of the character at `offset` (which must be before the end).
    func attributes(at offset: Int) throws -> Attributes {
        try validate(offset)
        if offset == units.count { throw TextError(.outOfRange, offset: offset, unit: .utf16, length: units.count) }
        return unitAttributes[offset]
    }

    /// All runs, maximal and non-empty.
    var runs: [Run] { runs(unchecked: 0..<units.count) }

    /// The runs that overlap `range`, clipped to it.
    func runs(in range: Range<Int>) throws -> [Run] {
        try validate(range)
        return runs(unchecked: range)
    }

    func runs(unchecked range: Range<Int>) -> [Run] {
        var result: [Run] = []
        for i in range {
            if let last = result.last, last.attributes == unitAttributes[i] {
                result[result.count - 1].range = last.range.lowerBound..<(i + 1)
            } else {
                result.append(Run(range: i..<(i + 1), attributes: unitAttributes[i]))
            }
        }
        return result
    }

    // MARK: Writing

    mutating func replaceSubrange(_ range: Range<Int>, with text: ReferenceText) throws {
        try validate(range)
        units.replaceSubrange(range, with: text.units)
        unitAttributes.replaceSubrange(range, with: text.unitAttributes)
    }

    mutating func replaceSubrange(_ range: Range<Int>, with string: String, attributes: Attributes) throws {
        try replaceSubrange(range, with: ReferenceText(string, attributes: attributes))
    }

    mutating func insert(_ string: String, at offset: Int, attributes: Attributes) throws {
        try replaceSubrange(offset..<offset, with: string, attributes: attributes)
    }

    mutating func append(_ text: ReferenceText) {
        try! replaceSubrange(utf16Count..<utf16Count, with: text)
    }

    mutating func setAttributes(_ attributes: Attributes, in range: Range<Int>) throws {
        try validate(range)
        for i in range { unitAttributes[i] = attributes }
    }

    mutating func mergeAttributes(_ attributes: Attributes, in range: Range<Int>) throws {
        try validate(range)
        for i in range { unitAttributes[i] = unitAttributes[i].merging(attributes) }
    }

    mutating func removeAttribute(_ key: AttributeKey, in range: Range<Int>) throws {
        try validate(range)
        for i in range { unitAttributes[i].remove(key) }
    }

    // MARK: Conversions

    func scalarOffset(fromUTF16 offset: Int) throws -> Int {
        try validate(offset)
        return string(unchecked: 0..<offset).unicodeScalars.count
    }

    func utf16Offset(fromScalar offset: Int) throws -> Int {
        let scalars = Array(string.unicodeScalars)
        guard offset >= 0, offset <= scalars.count else { throw TextError(.outOfRange, offset: offset, unit: .scalars, length: scalars.count) }
        return scalars[..<offset].reduce(0) { $0 + $1.utf16.count }
    }

    func utf8Offset(fromUTF16 offset: Int) throws -> Int {
        try validate(offset)
        return string(unchecked: 0..<offset).utf8.count
    }

    func utf16Offset(fromUTF8 offset: Int) throws -> Int {
        let bytes = Array(string.utf8)
        guard offset >= 0, offset <= bytes.count else { throw TextError(.outOfRange, offset: offset, unit: .utf8, length: bytes.count) }
        if offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { throw TextError(.insideScalar, offset: offset, unit: .utf8, length: bytes.count) }
        return String(decoding: bytes[..<offset], as: UTF8.self).utf16.count
    }

    /// The index of the grapheme cluster that contains `offset` (the number of clusters that start before it
    /// when it is a boundary).
    func characterIndex(fromUTF16 offset: Int) throws -> Int {
        try validate(offset)
        var count = 0
        var position = 0
        for length in clusterLengths {
            let next = position + length
            if next > offset { return count }
            count += 1
            position = next
        }
        return count
    }

    func utf16Offset(fromCharacter index: Int) throws -> Int {
        let lengths = clusterLengths
        guard index >= 0, index <= lengths.count else { throw TextError(.outOfRange, offset: index, unit: .characters, length: lengths.count) }
        return lengths[..<index].reduce(0, +)
    }

    /// 0-based line and UTF-16 column of `offset`. Lines end at LF.
    func lineColumn(fromUTF16 offset: Int) throws -> (line: Int, column: Int) {
        try validate(offset)
        var line = 0
        var start = 0
        for i in 0..<offset where units[i] == 10 {
            line += 1
            start = i + 1
        }
        return (line, offset - start)
    }

    /// The offset of 0-based `line` and UTF-16 `column`; the column must not pass the line's end.
    func utf16Offset(line: Int, column: Int) throws -> Int {
        var starts = [0]
        for (i, u) in units.enumerated() where u == 10 { starts.append(i + 1) }
        // Valid lines are 0...lineCount - 1, and a `TextError`'s length names the last valid offset.
        guard line >= 0, line < starts.count else { throw TextError(.outOfRange, offset: line, unit: .lines, length: starts.count - 1) }
        let end = line + 1 < starts.count ? starts[line + 1] - 1 : units.count
        let length = end - starts[line]
        guard column >= 0, column <= length else { throw TextError(.outOfRange, offset: column, unit: .utf16, length: length) }
        let offset = starts[line] + column
        try validate(offset)
        return offset
    }

    // MARK: Grapheme clusters

    func isGraphemeBoundary(_ offset: Int) throws -> Bool {
        try validate(offset)
        var position = 0
        for length in clusterLengths {
            if position == offset { return true }
            if position > offset { return false }
            position += length
        }
        return position == offset
    }

    /// The nearest grapheme boundary strictly before `offset`, or nil at the start.
    func graphemeBoundary(before offset: Int) throws -> Int? {
        try validate(offset)
        var last: Int? = nil
        var position = 0
        for length in clusterLengths {
            if position >= offset { break }
            last = position
            position += length
        }
        return last
    }

    /// The nearest grapheme boundary strictly after `offset`, or nil at the end.
    func graphemeBoundary(after offset: Int) throws -> Int? {
        try validate(offset)
        var position = 0
        for length in clusterLengths {
            position += length
            if position > offset { return position }
        }
        return nil
    }

    /// The range of the grapheme cluster containing `offset` (the one starting there at a
    /// boundary), or nil at the end.
    func graphemeRange(containing offset: Int) throws -> Range<Int>? {
        try validate(offset)
        var position = 0
        for length in clusterLengths {
            let next = position + length
            if next > offset { return position..<next }
            position = next
        }
        return nil
    }

    /// The range of 0-based `line` without its line feed.
    func lineRange(_ line: Int) throws -> Range<Int> {
        var starts = [0]
        for (i, u) in units.enumerated() where u == 10 { starts.append(i + 1) }
        guard line >= 0, line < starts.count else { throw TextError(.outOfRange, offset: line, unit: .lines, length: starts.count - 1) }
        return starts[line]..<(line + 1 < starts.count ? starts[line + 1] - 1 : units.count)
    }

    /// The Unicode scalars of `range`.
    func unicodeScalars(in range: Range<Int>) throws -> [Unicode.Scalar] {
        try validate(range)
        return Array(string(unchecked: range).unicodeScalars)
    }

    /// Checks the storage's internal invariants; throws a description of the first violation.
    func checkInvariants() throws {}

    static func == (lhs: ReferenceText, rhs: ReferenceText) -> Bool {
        lhs.units == rhs.units && lhs.unitAttributes == rhs.unitAttributes
    }
}
