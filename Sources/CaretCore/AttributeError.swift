/// An attribute rejected because its value does not fit its key.
public struct AttributeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let key: AttributeKey
    public let message: String

    public init(key: AttributeKey, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { "attribute '\(key.name)': \(message)" }
}
