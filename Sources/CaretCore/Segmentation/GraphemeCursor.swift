/// Walks the grapheme-cluster boundaries of a UTF-8 buffer forward from a position known to be a
/// boundary, such as the start of a rope leaf, carrying the UAX #29 rule state along.
///
/// Each call to `next()` reports the byte offset of the next boundary and updates `utf16Offset`.
/// The end of the buffer is a boundary only when `isEnd` is true; when more text may follow, the
/// cursor reports every boundary it can decide and then `nil`, and `state` continues the walk in
/// the following buffer. Ill-formed UTF-8 is read as one U+FFFD per byte that does not start a
/// complete sequence (a truncated sequence at the end of a buffer with `isEnd == false` is left
/// unread instead).
public struct GraphemeCursor {
    /// The UTF-8 bytes being walked; the caller keeps them alive while the cursor is used.
    public let utf8: UnsafeBufferPointer<UInt8>
    /// Whether the buffer ends the text, which makes its end a boundary (GB2).
    public let isEnd: Bool
    /// The byte offset of the last boundary reported, initially the start position.
    public private(set) var offset: Int
    /// UTF-16 code units from the start position to `offset`.
    public private(set) var utf16Offset: Int
    /// The rule state after every scalar read so far; pass it to the cursor of the next buffer.
    public private(set) var state: GraphemeBreakState
    /// The byte offset of the first scalar not read yet.
    public private(set) var readOffset: Int
    /// UTF-16 code units from the start position to `readOffset`.
    private var readUTF16: Int
    /// Whether the end of an `isEnd` buffer has been reported.
    private var endReported = false
    private var properties = GraphemePropertyCache()

    /// A cursor at `start`, which must be a cluster boundary (a fresh `state`), or the point where
    /// the walk of a previous buffer stopped (that cursor's `state`).
    ///
    /// - Precondition: `0 <= start <= utf8.count`, and `start` is not inside a scalar.
    public init(
        utf8: UnsafeBufferPointer<UInt8>, from start: Int = 0, isEnd: Bool,
        state: GraphemeBreakState = GraphemeBreakState()
    ) {
        precondition(start >= 0 && start <= utf8.count, "start \(start) out of range 0...\(utf8.count)")
        self.utf8 = utf8
        self.isEnd = isEnd
        self.offset = start
        self.utf16Offset = 0
        self.state = state
        self.readOffset = start
        self.readUTF16 = 0
    }

    /// The byte offset of the next boundary after `offset`, or `nil` when there is none in the
    /// buffer (or, with `isEnd == false`, none that the bytes so far decide).
    ///
    /// - Complexity: O(length of the cluster); a table search per scalar outside Latin-1.
    public mutating func next() -> Int? {
        let count = utf8.count
        guard let base = utf8.baseAddress else {
            return finish()
        }
        // Locals instead of stored properties in the loop; written back on every exit.
        var state = self.state
        var utf16 = readUTF16
        var properties = self.properties
        var i = readOffset
        var boundary = -1
        var boundaryUTF16 = 0
        while i < count {
            let lead = base[i]
            let wasAtStart = state.isAtStart
            let isBreak: Bool
            let length: Int
            if lead < 0x80 {
                isBreak = state.consumeASCII(lead)
                length = 1
            } else {
                let decoded = UTF8Decoding.decode(base, at: i, count: count)
                if decoded.length < 0 && !isEnd { break }  // the next buffer completes it
                let value = decoded.length > 0 ? decoded.value : 0xFFFD
                length = max(decoded.length, 1)
                isBreak = state.consume(packed: properties.packed(value))
            }
            if isBreak && !wasAtStart {
                boundary = i
                boundaryUTF16 = utf16
                utf16 &+= length == 4 ? 2 : 1
                i &+= length
                break
            }
            utf16 &+= length == 4 ? 2 : 1
            i &+= length
        }
        self.state = state
        self.properties = properties
        readUTF16 = utf16
        readOffset = i
        if boundary >= 0 {
            offset = boundary
            utf16Offset = boundaryUTF16
            return boundary
        }
        if i == count { return finish() }
        return nil
    }

    /// The end of the buffer when it ends the text and a scalar was read since the last boundary.
    private mutating func finish() -> Int? {
        guard isEnd && !endReported && !state.isAtStart else { return nil }
        endReported = true
        offset = utf8.count
        utf16Offset = readUTF16
        return offset
    }
}
