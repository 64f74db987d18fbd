/// One `caret` subcommand: its name, a one-line summary for `caret --help`, its full help text,
/// and what it does. Every subcommand answers `--help`.
public struct Subcommand: Sendable {
    public let name: String
    public let summary: String
    public let help: String
    public let run: @Sendable ([String], inout Terminal) throws -> ExitCode

    public init(name: String, summary: String, help: String,
                run: @escaping @Sendable ([String], inout Terminal) throws -> ExitCode) {
        self.name = name
        self.summary = summary
        self.help = help
        self.run = run
    }
}
