extension String {
    /// `bytes` as a string when they are valid UTF-8, else nil (never repaired).
    ///
    /// The standard library's `String(validating:as:)` needs macOS 15 / iOS 18; the package supports
    /// macOS 13 / iOS 16, where this validates with the UTF-8 decoder first.
    @inlinable
    package init?<Bytes: Collection>(validUTF8 bytes: Bytes) where Bytes.Element == UInt8 {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
            return
        }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: self = String(decoding: bytes, as: UTF8.self); return
            case .error: return nil
            }
        }
    }
}
