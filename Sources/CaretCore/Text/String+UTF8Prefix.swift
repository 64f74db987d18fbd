extension String {
    /// The longest prefix of at most `maxBytes` UTF-8 bytes that ends on a scalar boundary: what
    /// messages quote of a long pattern, path or error, and what fits a byte-limited file name.
    /// - Complexity: O(`maxBytes`).
    public func utf8Prefix(maxBytes: Int) -> String {
        let utf8 = self.utf8
        guard utf8.count > maxBytes else { return self }
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, maxBytes))
        while end > utf8.startIndex && utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// The string as an error message quotes input: whole when it is at most 64 UTF-8 bytes, else
    /// its first 64 bytes cut on a scalar boundary and marked with `…`, so a huge key, name or
    /// value is never echoed back whole.
    public var quotedForError: String {
        utf8.count > 64 ? utf8Prefix(maxBytes: 64) + "…" : self
    }
}

extension String {
    /// Every one-byte (ASCII) string, made once: a hot path that turns one byte into a `String`
    /// (an edit line of a trace, a script typing one character) reads it here instead of
    /// decoding and validating the byte, which costs ~100-200 instructions a call.
    private static let oneByteStrings: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }

    /// The string of ASCII byte `byte` (below 0x80).
    @inline(__always)
    package static func ascii(_ byte: UInt8) -> String { oneByteStrings[Int(byte)] }
}
