/// A JSON value that is not a valid document, with the path of the value at fault
/// (`runs[3].attributes.fontSize`). Prints as `path: message`.
public struct DocumentJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is, as `runs[3].attributes.fontSize`; empty for the whole document.
    public let path: String
    /// What was expected.
    public let message: String

    /// An error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone for the whole document.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
