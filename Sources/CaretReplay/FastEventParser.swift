import CaretCore

/// A fast path for the commonest line of imported traces, `{"edit":[12,0,"text"]}` written
/// canonically (no blanks, no escapes in the text): it skips building a JSON value. Anything
/// else returns nil and goes through the full JSON parser, which also reports errors.
enum FastEventParser {
    static let prefix = Array(#"{"edit":["#.utf8)

    static func edit(_ line: UnsafeBufferPointer<UInt8>) -> TraceEvent? {
        var end = line.count
        while end > 0, line[end - 1] == 0x0D || line[end - 1] == 0x20 { end -= 1 }
        guard end > prefix.count + 8 else { return nil }
        for i in 0..<prefix.count where line[i] != prefix[i] { return nil }
        var i = prefix.count
        guard let location = integer(line, &i), i < end, line[i] == 0x2C else { return nil }
        i += 1
        guard let length = integer(line, &i), i + 1 < end, line[i] == 0x2C, line[i + 1] == 0x22 else { return nil }
        i += 2
        let textStart = i
        while i < end, line[i] != 0x22 {
            if line[i] == 0x5C || line[i] < 0x20 { return nil }
            i += 1
        }
        guard i + 3 == end, line[i + 1] == 0x5D, line[i + 2] == 0x7D else { return nil }
        guard let text = String(validUTF8: UnsafeBufferPointer(rebasing: line[textStart..<i])) else { return nil }
        return .command(.replaceRange(location..<(location + length), with: text))
    }

    /// A non-negative decimal integer of at most 9 digits, without a leading zero unless it is 0.
    static func integer(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        let start = i
        var value = 0
        while i < line.count, line[i] >= 0x30, line[i] <= 0x39, i - start < 9 {
            value = value * 10 + Int(line[i] - 0x30)
            i += 1
        }
        guard i > start, i < line.count, line[i] < 0x30 || line[i] > 0x39 else { return nil }
        if line[start] == 0x30 && i - start > 1 { return nil }
        return value
    }
}
