/// One argument value of a serialized command (`EditorCommand(name:arguments:)`): what a script,
/// a trace or JSON can carry.
public enum CommandArgument: Hashable, Sendable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A whole number (offsets, lengths).
    case int(Int)
    /// A number (font sizes, attribute values).
    case number(Double)
    /// A flag (`extend`, `regex`, …).
    case bool(Bool)

    /// The argument as script and trace output print it.
    public var description: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .int(let i): String(i)
        case .number(let n): AttributeValue.format(n)
        case .bool(let b): b ? "true" : "false"
        }
    }

    var kindName: String {
        switch self {
        case .string: "a string"
        case .int: "an integer"
        case .number: "a number"
        case .bool: "a boolean"
        }
    }
}
