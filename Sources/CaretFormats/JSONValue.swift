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
