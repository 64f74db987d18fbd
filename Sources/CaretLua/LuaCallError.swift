/// The error a host function throws to fail a Lua call; the trampoline raises it in Lua as
/// `chunk:line: message` (the position of the calling script line is added on the C side).
public struct LuaCallError: Error, CustomStringConvertible, Sendable {
    /// The message without position.
    public var message: String
    /// When true the message is raised as is, without the `chunk:line: ` prefix.
    public var isRaw: Bool

    /// Creates an error with the given message.
    public init(_ message: String, raw: Bool = false) {
        self.message = message
        self.isRaw = raw
    }

    /// The message.
    public var description: String { message }

    /// `bad argument #n to 'name' (… expected, got …)`, worded as Lua's own functions word it.
    static func badArgument(_ number: Int32, function: String, expected: String, got: String) -> LuaCallError {
        LuaCallError("bad argument #\(number) to '\(function)' (\(expected) expected, got \(got))")
    }
}
