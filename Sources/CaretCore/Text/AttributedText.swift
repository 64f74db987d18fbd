/// Attributed text: a string with attribute runs, every position a UTF-16 offset as `NSRange`
/// counts it. A value type with copy-on-write storage over a B-tree rope of UTF-8 leaves whose
/// nodes add up UTF-8, UTF-16, scalar, line and grapheme-cluster counts, so every conversion and
/// lookup is a descent of the tree plus a scan of one leaf.
///
/// Every position a caller passes is validated: out of range, or between the halves of a
/// surrogate pair, throws `TextError` (never traps, never clamps).
public struct AttributedText: @unchecked Sendable, CustomStringConvertible {
    /// One maximal run of equal attributes.
    public struct Run: Equatable, Sendable {
        /// UTF-16 range of the run.
        public var range: Range<Int>
        public var attributes: Attributes
        public init(range: Range<Int>, attributes: Attributes) {
            self.range = range
            self.attributes = attributes
        }
    }

    /// The tree. Code that replaces it or takes it `inout` (to make it unique before changing
    /// it in place) forgets the finger; only the in-leaf edit path, which keeps the finger right,
    /// reaches `storage` itself.
    var root: Node {
        @inline(__always) get { storage }
        set {
            storage = newValue
            finger = .none
        }
        _modify {
            finger = .none
            yield &storage
        }
    }

    /// The root of the tree.
    var storage: Node
    /// Where the last in-leaf edit was, for the next one (see `EditFinger`).
    var finger = EditFinger.none

    /// The empty text.
    public init() { storage = Node.emptyLeaf() }

    /// `string` with every character carrying `attributes`.
    /// - Complexity: O(n); cut into leaves straight from the string's UTF-8, so a large text
    ///   needs no copy beside the leaves.
    public init(_ string: String, attributes: Attributes = Attributes()) {
        if string.utf8.count <= Node.maxLeafBytes {
            let bytes = Array(string.utf8)
            self.init(bytes: bytes, runs: bytes.isEmpty ? [] : [LeafRun(length: bytes.count, attributes: attributes)])
            return
        }
        var builder = Builder()
        builder.append(string, attributes: attributes)
        self = builder.finish()
    }

    /// Text built from consecutive pieces, each with its attributes (equal neighbours coalesce).
    /// - Complexity: O(n).
    public init<S: Sequence>(runs pieces: S) where S.Element == (String, Attributes) {
        var builder = Builder()
        for (string, attributes) in pieces { builder.append(string, attributes: attributes) }
        self = builder.finish()
    }

    /// Text from valid UTF-8 and runs covering it.
    init(bytes: [UInt8], runs: [LeafRun]) {
        var leaves = Node.makeLeaves(bytes, runs: runs)
        storage = Node.makeRoot(&leaves)
    }

    var summary: TextSummary { root.summary }

    /// The whole text. - Complexity: O(n).
    public var string: String { String(decoding: utf8Bytes(in: 0..<utf16Count), as: UTF8.self) }
    public var isEmpty: Bool { root.summary.utf8 == 0 }
    /// Length in UTF-16 code units (`NSString.length`). - Complexity: O(1).
    public var utf16Count: Int { root.summary.utf16 }
    /// Length in UTF-8 bytes. - Complexity: O(1).
    public var utf8Count: Int { root.summary.utf8 }
    /// Length in Unicode scalars. - Complexity: O(1).
    public var unicodeScalarCount: Int { root.summary.scalars }
    /// Length in grapheme clusters (Swift `Character`s). - Complexity: O(1).
    public var characterCount: Int { root.summary.graphemes }
    /// Number of lines: line feeds + 1. Only LF (U+000A) ends a line; CR LF ends one line.
    /// - Complexity: O(1).
    public var lineCount: Int { root.summary.newlines + 1 }

    public var description: String {
        "AttributedText(" + runs.map { "\(String(decoding: utf8Bytes(in: $0.range), as: UTF8.self).debugDescription)\($0.attributes)" }
            .joined(separator: ", ") + ")"
    }

    // MARK: Validation

    /// Whether `offset` is in `0...utf16Count` and not inside a surrogate pair.
    /// - Complexity: O(log n + leaf).
    public func isValidPosition(_ offset: Int) -> Bool {
        guard offset >= 0, offset <= utf16Count else { return false }
        if root.summary.isASCII { return true }
        let (leaf, before) = root.leaf(at: offset, in: .utf16, preferRight: false)
        return leaf.byteOffset(utf16: offset - before.utf16) != nil
    }

    /// Throws unless `offset` is a valid position.
    public func validate(_ offset: Int) throws {
        if offset < 0 || offset > utf16Count { throw TextError(.outOfRange, offset: offset, unit: .utf16, length: utf16Count) }
        if !isValidPosition(offset) { throw TextError(.insideScalar, offset: offset, unit: .utf16, length: utf16Count) }
    }

    /// Throws unless both ends of `range` are valid positions.
    @inline(__always)
    public func validate(_ range: Range<Int>) throws {
        // All-ASCII text has no surrogate pairs: a bounds check is enough.
        if range.lowerBound >= 0, range.upperBound <= root.summary.utf16, root.summary.isASCII { return }
        try validate(range.lowerBound)
        try validate(range.upperBound)
    }

    /// Throws unless `lower...upper` is an ascending range of valid positions; for callers that
    /// hold two integers (a `Range` cannot be inverted).
    public func validateRange(lower: Int, upper: Int) throws -> Range<Int> {
        if lower > upper { throw TextError(.invertedRange(upper: upper), offset: lower, unit: .utf16, length: utf16Count) }
        try validate(lower)
        try validate(upper)
        return lower..<upper
    }

    /// `offset` moved into `0...utf16Count` and, inside a surrogate pair, back to the pair's start.
    /// For callers that ask for clamping explicitly; nothing clamps silently.
    public func clamped(_ offset: Int) -> Int {
        let inRange = max(0, min(offset, utf16Count))
        return isValidPosition(inRange) ? inRange : inRange - 1
    }
}

extension AttributedText: Equatable {
    /// Equal text and equal runs. - Complexity: O(n).
    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        if lhs.root === rhs.root { return true }
        guard lhs.summary == rhs.summary else { return false }
        return lhs.utf8Bytes(in: 0..<lhs.utf16Count) == rhs.utf8Bytes(in: 0..<rhs.utf16Count) && lhs.runs == rhs.runs
    }
}
