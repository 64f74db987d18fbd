/// RTF text that Caret cannot read: where (byte offset into the text's UTF-8, and 1-based line and
/// column in Unicode scalars) and what. Unbalanced braces, a truncated file, a missing `{\rtf`
/// header, a bad `\'hh` escape, a parameter out of range, or groups nested deeper than
/// `RTF.maximumGroupDepth`.
public struct RTFError: LocatedFormatError, Equatable, Sendable, CustomStringConvertible {
    /// Offset of the fault in the text's UTF-8 bytes, from 0.
    public let byteOffset: Int
    /// 1-based line (lines end at LF).
    public let line: Int
    /// 1-based column, in Unicode scalars.
    public let column: Int
    /// What was wrong, without the place.
    public let message: String

    /// An error at `byteOffset`, `line`:`column`.
    public init(byteOffset: Int, line: Int, column: Int, message: String) {
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error at `offset` in `bytes`, its line and column counted from the bytes.
    init(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ message: String) {
        var line = 1
        var column = 1
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        self.init(byteOffset: offset, line: line, column: column, message: message)
    }

    /// `line:col: message (byte N)`.
    public var description: String { "\(line):\(column): \(message) (byte \(byteOffset))" }
}
