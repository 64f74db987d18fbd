import CaretCore

// Strings and numbers: the hot paths of the parser.
extension JSONParser {
    /// Parses a string starting at the opening quote.
    mutating func parseString() throws(Failure) -> String {
        let open = position
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let s = try makeString(UnsafeBufferPointer(rebasing: bytes[start..<position]), at: start)
                position += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw controlCharacter(at: position) }
            position += 1
        }
        guard position < bytes.count else { throw Failure(offset: open, message: "expected '\"' to close the string") }
        // Slow path: copy into the scratch buffer, decoding escapes.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                let s: String = try scratch.withUnsafeBufferPointer { buffer throws(Failure) in
                    try makeString(buffer, at: start)
                }
                return s
            }
            if b < 0x20 { throw controlCharacter(at: position) }
            if b != UInt8(ascii: "\\") {
                scratch.append(b)
                position += 1
                continue
            }
            try parseEscape()
        }
        throw Failure(offset: open, message: "expected '\"' to close the string")
    }

    func controlCharacter(at offset: Int) -> Failure {
        Failure(offset: offset, message: "expected '\"' or a character; control characters in strings must be escaped")
    }

    func makeString(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> String {
        // ASCII is always valid UTF-8; only validate when a high byte appears.
        var ascii = true
        for b in buffer where b >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: buffer, as: UTF8.self) }
        guard let s = String(validUTF8: buffer) else {
            throw Failure(offset: offset, message: "expected valid UTF-8 in the string")
        }
        return s
    }

    /// Decodes one escape at `position` (the backslash) into `scratch`.
    mutating func parseEscape() throws(Failure) {
        let escape = position
        position += 1
        guard position < bytes.count else { throw Failure(offset: escape, message: "expected an escape after '\\'") }
        let c = bytes[position]
        position += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if UTF16.isTrailSurrogate(unit) {
                throw Failure(offset: escape, message: "expected a high surrogate before the low surrogate escape \\u\(hex4(unit))")
            }
            if UTF16.isLeadSurrogate(unit) {
                guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw Failure(offset: escape, message: "expected a low surrogate escape after the high surrogate \\u\(hex4(unit))")
                }
                position += 2
                let low = try parseHex4()
                guard UTF16.isTrailSurrogate(low) else {
                    throw Failure(offset: position - 6, message: "expected a low surrogate escape after the high surrogate \\u\(hex4(unit))")
                }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                appendScalar(Unicode.Scalar(value)!)
                return
            }
            appendScalar(Unicode.Scalar(UInt32(unit))!)
        default:
            throw Failure(offset: escape, message: "expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
        }
    }

    func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    mutating func parseHex4() throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw Failure(offset: position, message: "expected four hex digits after \\u") }
            let b = bytes[position]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - 55
            default: throw Failure(offset: position, message: "expected four hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    mutating func appendScalar(_ scalar: Unicode.Scalar) {
        for unit in UTF8.encode(scalar)! { scratch.append(unit) }
    }

    /// Parses a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw Failure(offset: position, message: "expected a digit in the number")
        }
        // Accumulate as a negative magnitude so Int64.min fits.
        var magnitude: Int64 = 0
        var overflow = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw Failure(offset: position, message: "expected '.', 'e' or the end of the number after a leading 0")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                let digit = Int64(bytes[position] &- 48)
                let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (m2, o2) = m1.subtractingReportingOverflow(digit)
                overflow = overflow || o1 || o2
                magnitude = m2
                position += 1
            }
        }
        var integral = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            integral = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw Failure(offset: position, message: "expected a digit after the decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            integral = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw Failure(offset: position, message: "expected a digit in the exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if integral && !overflow {
            if negative { return .integer(magnitude) }
            if magnitude != Int64.min { return .integer(-magnitude) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw Failure(offset: start, message: "expected a number within the range of a double")
        }
        return .double(d)
    }

    @inline(__always)
    func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
}
