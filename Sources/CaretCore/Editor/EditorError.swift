/// Why the editor refused a command, a key chord or a command description. The editor is left
/// unchanged whenever one of these is thrown.
public enum EditorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A position or range a caller gave is not valid in the document.
    case invalidPosition(TextError)
    /// No command has this name.
    case unknownCommand(String)
    /// A command lacks an argument it needs.
    case missingArgument(command: String, argument: String)
    /// A command got an argument it does not take.
    case unexpectedArgument(command: String, argument: String)
    /// An argument has the wrong type or an unusable value.
    case badArgument(command: String, argument: String, message: String)
    /// An attribute value that does not fit its key.
    case badAttribute(AttributeError)
    /// A regular expression that does not compile.
    case badPattern(pattern: String, message: String)
    /// A key chord that does not parse.
    case badKeyChord(String)

    /// A one-line message for users.
    public var description: String {
        switch self {
        case .invalidPosition(let error): "invalid position: \(error)"
        case .unknownCommand(let name): "unknown command '\(name.quotedForError)'" + NearestName.didYouMean(name, among: EditorCommand.allNames)
        case .missingArgument(let command, let argument): "command '\(command)' needs the argument '\(argument)'"
        case .unexpectedArgument(let command, let argument): "command '\(command)' takes no argument '\(argument)'"
        case .badArgument(let command, let argument, let message): "command '\(command)', argument '\(argument)': \(message)"
        case .badAttribute(let error): "\(error)"
        case .badPattern(let pattern, let message): "bad regular expression '\(EditorError.quoted(pattern))': \(message)"
        case .badKeyChord(let message): message
        }
    }

    /// At most 200 bytes of `text` (cut at a character boundary, with the full length), so that a
    /// huge pattern from a script or a trace is not echoed back whole.
    static func quoted(_ text: String) -> String {
        guard text.utf8.count > 200 else { return text }
        return text.utf8Prefix(maxBytes: 200) + "… (\(text.utf8.count) bytes)"
    }
}
