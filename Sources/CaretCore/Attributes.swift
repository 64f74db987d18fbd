/// A canonical set of attributes: at most one value per key, kept sorted by key, so equal sets
/// are equal values whichever order they were built in.
///
/// Values are checked against their key: traits are booleans (a trait set to `false` is simply
/// absent), except that `underline` and `strikethrough` also take a line style (`TextLineStyle`:
/// `true` is single, other styles are strings such as `"double"`), `fontSize` is a positive finite number, colours are `#rrggbb` or `#rrggbbaa` (stored
/// lower-case), `fontFamily` and `link` are non-empty strings. Custom keys take any value.
///
/// Every distinct set is interned once per process (`AttributeTable`), so a set is a 4-byte
/// handle: copying it costs nothing and equality is one integer comparison. That is what keeps
/// attribute runs cheap on the typing path. Handles are never printed; output always goes
/// through `entries`, which are sorted.
public struct Attributes: Hashable, Sendable, Sequence, CustomStringConvertible {
    /// One key and its value.
    public struct Entry: Hashable, Sendable {
        public let key: AttributeKey
        public let value: AttributeValue
    }

    /// The interned set's number; 0 is the empty set.
    let id: UInt32

    init(id: UInt32) { self.id = id }

    init(entries: [Entry]) { id = AttributeTable.shared.intern(entries) }

    /// Sorted by key, one entry per key.
    public var entries: [Entry] { id == 0 ? [] : AttributeTable.shared.entries(id) }

    /// The empty set.
    public init() { id = 0 }

    /// A set from key/value pairs; a later pair for the same key wins.
    /// - Throws: `AttributeError` when a value does not fit its key.
    public init(_ pairs: [(AttributeKey, AttributeValue)]) throws {
        var result = Attributes()
        for (key, value) in pairs { try result.set(key, value) }
        self = result
    }

    /// A set with the given traits switched on.
    public static func traits(_ keys: AttributeKey...) -> Attributes {
        var entries: [Entry] = []
        for key in keys where key.isTrait { Attributes.insertChecked(Entry(key: key, value: .bool(true)), into: &entries) }
        return Attributes(entries: entries)
    }

    public var isEmpty: Bool { id == 0 }
    public var count: Int { entries.count }
    public var keys: [AttributeKey] { entries.map(\.key) }
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

    /// The value for `key`, or nil when the set lacks it.
    public subscript(key: AttributeKey) -> AttributeValue? {
        let entries = self.entries
        return Attributes.index(of: key, in: entries).found.map { entries[$0].value }
    }

    /// Whether the trait `key` is on: `true`, or for `underline` and `strikethrough` any line
    /// style (`"double"` counts).
    public func has(_ key: AttributeKey) -> Bool {
        switch self[key] {
        case .bool(true): true
        case .string: key == .underline || key == .strikethrough
        default: false
        }
    }

    /// Sets `key` to `value` (a trait set to `false` is removed).
    /// - Throws: `AttributeError` when the value does not fit the key.
    public mutating func set(_ key: AttributeKey, _ value: AttributeValue) throws {
        guard let canonical = try Attributes.canonicalValue(value, for: key) else {
            remove(key)
            return
        }
        var entries = self.entries
        Attributes.insertChecked(Entry(key: key, value: canonical), into: &entries)
        self = Attributes(entries: entries)
    }

    /// Removes `key` if present.
    public mutating func remove(_ key: AttributeKey) {
        var entries = self.entries
        if let i = Attributes.index(of: key, in: entries).found {
            entries.remove(at: i)
            self = Attributes(entries: entries)
        }
    }

    /// A copy with `key` removed.
    public func removing(_ key: AttributeKey) -> Attributes {
        var copy = self
        copy.remove(key)
        return copy
    }

    /// A copy with `key` set to `value`.
    public func setting(_ key: AttributeKey, _ value: AttributeValue) throws -> Attributes {
        var copy = self
        try copy.set(key, value)
        return copy
    }

    /// This set overlaid with `other`: every key of `other` takes `other`'s value.
    public func merging(_ other: Attributes) -> Attributes {
        if other.isEmpty { return self }
        if isEmpty { return other }
        if self == other { return self }
        var entries = self.entries
        for entry in other.entries { Attributes.insertChecked(entry, into: &entries) }
        return Attributes(entries: entries)
    }

    public var description: String {
        "{" + entries.map { "\($0.key.name): \($0.value)" }.joined(separator: ", ") + "}"
    }

    // MARK: - Internals

    /// Inserts or replaces an entry whose value is already canonical for its key.
    static func insertChecked(_ entry: Entry, into entries: inout [Entry]) {
        let position = index(of: entry.key, in: entries)
        if let i = position.found {
            entries[i] = entry
        } else {
            entries.insert(entry, at: position.insertion)
        }
    }

    private static func index(of key: AttributeKey, in entries: [Entry]) -> (found: Int?, insertion: Int) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let k = entries[mid].key
            if k == key { return (mid, mid) }
            if k < key { low = mid + 1 } else { high = mid }
        }
        return (nil, low)
    }

    /// The canonical form of `value` for `key`; nil means "absent" (a trait set to false).
    static func canonicalValue(_ value: AttributeValue, for key: AttributeKey) throws -> AttributeValue? {
        switch key {
        case .underline, .strikethrough:
            do {
                return try TextLineStyle(value: value)?.value
            } catch {
                throw AttributeError(key: key, message: error.description)
            }
        case .bold, .italic, .code:
            guard case .bool(let on) = value else {
                throw AttributeError(key: key, message: "expected a boolean, got \(value.kindName)")
            }
            return on ? value : nil
        case .fontSize:
            guard case .number(let size) = value else {
                throw AttributeError(key: key, message: "expected a number of points, got \(value.kindName)")
            }
            guard size.isFinite, size > 0, size <= 10_000 else {
                throw AttributeError(key: key, message: "font size \(AttributeValue.format(size)) is not in 0<size<=10000")
            }
            return value
        case .fontFamily, .link:
            guard case .string(let s) = value else {
                throw AttributeError(key: key, message: "expected a string, got \(value.kindName)")
            }
            guard !s.isEmpty else { throw AttributeError(key: key, message: "must not be empty") }
            return value
        case .foregroundColor, .backgroundColor:
            guard case .string(let s) = value, let color = canonicalColor(s) else {
                throw AttributeError(key: key, message: "expected a colour '#rrggbb' or '#rrggbbaa', got \(value.quotable)")
            }
            return .string(color)
        case .blockQuote, .codeBlock:
            guard case .bool(let on) = value else {
                throw AttributeError(key: key, message: "expected a boolean, got \(value.kindName)")
            }
            return on ? value : nil
        case .heading, .listLevel:
            let range = key == .heading ? 1...6 : 1...16
            guard case .number(let n) = value, let level = Int(exactly: n), range.contains(level) else {
                throw AttributeError(key: key, message: "expected an integer level in \(range.lowerBound)...\(range.upperBound), got \(value.quotable)")
            }
            return value
        case .listStyle, .alignment:
            let allowed = key == .listStyle ? ["bullet", "ordered"] : ["left", "center", "right", "justified"]
            guard case .string(let s) = value, allowed.contains(s) else {
                throw AttributeError(key: key, message: "expected one of \(allowed.joined(separator: ", ")), got \(value.quotable)")
            }
            return value
        case .custom(let name):
            guard !name.isEmpty else { throw AttributeError(key: key, message: "custom key must have a name") }
            if case .number(let n) = value {
                // NaN equals nothing, itself included: a set holding it would never compare equal
                // to its own copy or re-parse, and its runs would never coalesce.
                guard !n.isNaN else { throw AttributeError(key: key, message: "NaN is not a value") }
                // -0 and 0 are equal sets; one spelling keeps output independent of which came first.
                if n == 0 { return .number(0) }
            }
            return value
        }
    }

    static func canonicalColor(_ s: String) -> String? {
        let units = Array(s.utf8)
        guard units.first == UInt8(ascii: "#"), units.count == 7 || units.count == 9 else { return nil }
        var out = "#"
        for u in units.dropFirst() {
            switch u {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"):
                out.unicodeScalars.append(Unicode.Scalar(u))
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                out.unicodeScalars.append(Unicode.Scalar(u + 32))
            default:
                return nil
            }
        }
        return out
    }
}

extension AttributeValue {
    /// "boolean", "number" or "string", for error messages.
    public var kindName: String {
        switch self {
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        }
    }
}
