/// A JSON value (RFC 8259). Numbers written without a fraction or exponent that fit in 64 bits stay
/// exact as `.integer`; every other number is a `.double`. Object members keep their source order.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integral number written without fraction or exponent that fits in `Int64`.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in source order.
    case object(JSONObject)

    /// The value of member `key` when this is an object that has it, else nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The number as a `Double` when this is `.integer` or `.double`, else nil.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// The number as an `Int64` when this is `.integer`, or a `.double` with an exactly integral value; else nil.
    public var integerValue: Int64? {
        switch self {
        case .integer(let i): return i
        case .double(let d):
            guard d.isFinite, d >= -9.223372036854775808e18, d < 9.223372036854775808e18, d == Double(Int64(d)) else { return nil }
            return Int64(d)
        default: return nil
        }
    }

    /// The string when this is `.string`, else nil.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The boolean when this is `.bool`, else nil.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements when this is `.array`, else nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object when this is `.object`, else nil.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// A number value: `.integer` when `n` is integral and exactly representable below 2^53, else `.double`.
    public static func number(_ n: Double) -> JSONValue {
        if n.isFinite, abs(n) < 9_007_199_254_740_992, n == Double(Int64(n)), !(n == 0 && n.sign == .minus) {
            return .integer(Int64(n))
        }
        return .double(n)
    }

    /// "null", "a boolean", "a number", "a string", "an array" or "an object", for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object: members in source (or insertion) order, duplicates kept, lookup by key.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member named `key` holding `value`.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public var members: [Member]

    /// An object with `members` in that order.
    public init(_ members: [Member] = []) { self.members = members }

    /// An object from a literal, members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The number of members.
    public var count: Int { members.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }
    /// The member names in order.
    public var keys: [String] { members.map(\.key) }

    /// Iterates the members in order.
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// The value of the last member named `key` (as JavaScript reads duplicates); setting replaces
    /// that member in place or appends a new one; setting nil removes every member named `key`.
    /// - Complexity: O(n) in the number of members.
    public subscript(key: String) -> JSONValue? {
        get {
            var i = members.count
            while i > 0 {
                i -= 1
                if members[i].key == key { return members[i].value }
            }
            return nil
        }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let i = members.lastIndex(where: { $0.key == key }) {
                members[i].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member (even when one with the same name exists).
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }
}

/// A JSON text that is not valid, with the 1-based line and column (in Unicode scalars) where
/// the parser stopped. Prints as `line:col: message`.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line (lines end at LF).
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int
    /// What was expected, e.g. `expected ',' or '}' after an object member`.
    public let message: String

    /// An error at `line`:`column`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:col: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
