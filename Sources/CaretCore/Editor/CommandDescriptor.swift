/// The type of one command parameter, as `CommandArgument`s carry it and hosts declare it.
public enum CommandParameterType: Sendable, Hashable {
    /// Text.
    case string
    /// A whole number; `unit` says what it counts ("UTF-16 offset").
    case integer(unit: String?)
    /// A number; `unit` says what it measures ("points").
    case number(unit: String?)
    /// A flag.
    case boolean
    /// An attribute key name (`bold`, `fontSize`, a custom name).
    case attributeKey
    /// An attribute value that fits the command's `key` argument: a boolean, number or string.
    case attributeValue
    /// One of a fixed set of strings.
    case choice([String])

    /// The type as the command reference writes it: "integer, UTF-16 offset".
    public var referenceName: String {
        switch self {
        case .string: "string"
        case .integer(let unit): unit.map { "integer, \($0)" } ?? "integer"
        case .number(let unit): unit.map { "number, \($0)" } ?? "number"
        case .boolean: "boolean"
        case .attributeKey: "attribute name"
        case .attributeValue: "boolean, number or string"
        case .choice(let values): values.map { "`\($0)`" }.joined(separator: " or ")
        }
    }

    /// What a value of this type is, after "expected": "a string", "an integer (UTF-16 offset)".
    public var expectation: String {
        switch self {
        case .string: "a string"
        case .integer(let unit): unit.map { "an integer (\($0))" } ?? "an integer"
        case .number(let unit): unit.map { "a number (\($0))" } ?? "a number"
        case .boolean: "a boolean"
        case .attributeKey: "an attribute name"
        case .attributeValue: "a boolean, number or string"
        case .choice(let values): values.map { "\"\($0)\"" }.joined(separator: " or ")
        }
    }
}

/// One named parameter of a command.
public struct CommandParameter: Sendable, Hashable {
    /// The argument name (lowerCamelCase, as traces and `editor:run` spell it).
    public let name: String
    /// The accepted type.
    public let type: CommandParameterType
    /// nil when the argument is required; otherwise what an absent argument means, for docs.
    public let defaultValue: String?
    /// One line of documentation.
    public let doc: String

    /// Whether the argument must be given.
    public var isRequired: Bool { defaultValue == nil }

    /// A parameter description.
    public init(_ name: String, _ type: CommandParameterType, default defaultValue: String? = nil, _ doc: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.doc = doc
    }
}

/// Which part of the command reference a command belongs to.
public enum CommandCategory: String, Sendable, Hashable, CaseIterable {
    case text, selection, formatting, paragraphs, find, history
}

/// One command as data: its name, parameters and documentation, and how to build it from named
/// arguments and read them back. `EditorCommand.descriptors` holds one for every command; names,
/// parsing, serialization (traces, `editor:run`), the Lua methods and their docs are derived
/// from that table.
public struct CommandDescriptor: Sendable {
    /// The command name (lowerCamelCase).
    public let name: String
    /// The section of the reference it belongs to.
    public let category: CommandCategory
    /// The named parameters, in the order docs list them.
    public let parameters: [CommandParameter]
    /// What the command does (one paragraph).
    public let doc: String
    /// Builds the command from named arguments (read through the reader, which checks types).
    let decode: @Sendable (inout ArgumentReader) throws -> EditorCommand
    /// The command's arguments when `command` is this descriptor's command, else nil.
    let encode: @Sendable (EditorCommand) -> [String: CommandArgument]?

    init(
        _ name: String, _ category: CommandCategory, _ parameters: [CommandParameter] = [], doc: String,
        decode: @escaping @Sendable (inout ArgumentReader) throws -> EditorCommand,
        encode: @escaping @Sendable (EditorCommand) -> [String: CommandArgument]?
    ) {
        self.name = name
        self.category = category
        self.parameters = parameters
        self.doc = doc
        self.decode = decode
        self.encode = encode
    }

    /// A command without arguments: `command` itself.
    init(_ name: String, _ category: CommandCategory, doc: String, _ command: EditorCommand) {
        self.init(name, category, doc: doc, decode: { _ in command }, encode: { $0 == command ? [:] : nil })
    }

    /// The parameter called `name`, if the command takes one.
    public func parameter(_ name: String) -> CommandParameter? {
        parameters.first { $0.name == name }
    }

    /// The command built from `arguments`.
    /// - Throws: `EditorError.missingArgument`, `.unexpectedArgument` or `.badArgument`.
    public func command(arguments: [String: CommandArgument]) throws -> EditorCommand {
        var reader = ArgumentReader(command: name, arguments: arguments)
        let command = try decode(&reader)
        try reader.finish()
        return command
    }
}
