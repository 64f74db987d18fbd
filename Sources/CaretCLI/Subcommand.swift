/// One `caret` subcommand: its name, a one-line summary for `caret --help`, the parts of its help
/// text, its options and exit codes, and what it does. Every subcommand answers `--help`.
///
/// The options are declared once (`CommandOption`): `ArgumentParser.parse(_:for:)` accepts exactly
/// them and `help` lists them, so the two cannot drift apart. `help` is generated: the usage lines,
/// the description, the option table, the notes, then the exit codes.
public struct Subcommand: Sendable {
    public let name: String
    public let summary: String
    /// The `usage: caret NAME …` lines.
    public let usage: String
    /// What the command does (before the option table); may be empty.
    public let description: String
    /// Every option the command accepts, in the order `--help` lists them.
    public let options: [CommandOption]
    /// Text after the option table (formats, instructions, caveats); may be empty.
    public let notes: String
    /// What each exit code means for this command, in the order `--help` lists them.
    public let exitCodes: [ExitCodeHelp]
    public let run: @Sendable ([String], inout Terminal) throws -> ExitCode

    public init(name: String, summary: String, usage: String, description: String = "",
                options: [CommandOption] = [], notes: String = "", exitCodes: [ExitCodeHelp],
                run: @escaping @Sendable ([String], inout Terminal) throws -> ExitCode) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.description = description
        self.options = options
        self.notes = notes
        self.exitCodes = exitCodes
        self.run = run
    }

    /// The full `--help` text.
    public var help: String {
        var parts = [usage]
        if !description.isEmpty { parts.append(description) }
        if !options.isEmpty { parts.append(CommandOption.table(options)) }
        if !notes.isEmpty { parts.append(notes) }
        parts.append(ExitCodeHelp.paragraph(exitCodes))
        return parts.joined(separator: "\n\n")
    }
}

/// One option of a subcommand, declared once: its name, the name of its value (none for a flag),
/// its kind and its help text. The parser and `--help` both read it.
public struct CommandOption: Sendable, Equatable {
    /// How the option takes values.
    public enum Kind: Sendable, Equatable {
        /// No value: present or not.
        case flag
        /// One value (`--out FILE` or `--out=FILE`); given twice, the last one counts.
        case value
        /// Any number of values, every one kept in order (`--allow-read DIR --allow-read DIR2`).
        case repeatable
    }

    /// `--name`.
    public let name: String
    /// What the value is called in help (`FILE`, `N`); empty for a flag.
    public let valueName: String
    public let kind: Kind
    /// One help text; `--help` wraps it into the option table.
    public let help: String

    /// A flag: `--name`, no value.
    public static func flag(_ name: String, _ help: String) -> CommandOption {
        CommandOption(name: name, valueName: "", kind: .flag, help: help)
    }

    /// An option with one value: `--name VALUE`.
    public static func value(_ name: String, _ valueName: String, _ help: String) -> CommandOption {
        CommandOption(name: name, valueName: valueName, kind: .value, help: help)
    }

    /// An option that may be given several times, each value kept: `--name VALUE`.
    public static func repeatable(_ name: String, _ valueName: String, _ help: String) -> CommandOption {
        CommandOption(name: name, valueName: valueName, kind: .repeatable, help: help)
    }

    /// `--name VALUE`, as the option table shows it.
    var label: String { valueName.isEmpty ? name : name + " " + valueName }

    /// Width of help lines, the indentation included.
    static let width = 96

    /// The option table: two spaces, the label padded to a common column, the help wrapped at
    /// `width` with continuation lines at that column.
    static func table(_ options: [CommandOption]) -> String {
        let column = 2 + (options.map(\.label.count).max() ?? 0) + 2
        return options.map { option in
            let lead = "  " + option.label + String(repeating: " ", count: column - 2 - option.label.count)
            return wrap(option.help, width: width, first: lead, rest: String(repeating: " ", count: column))
        }.joined(separator: "\n")
    }

    /// `text`'s words in lines of at most `width` characters (a longer word has a line of its own),
    /// the first line starting with `first` and the others with `rest`.
    static func wrap(_ text: String, width: Int, first: String, rest: String) -> String {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !empty && line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

/// What one exit code means for one command, for the `Exit codes:` paragraph of its help.
public struct ExitCodeHelp: Sendable, Equatable {
    public let code: ExitCode
    public let meaning: String

    public init(_ code: ExitCode, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }

    /// `Exit codes: 0 ok, 64 usage, …`, wrapped.
    static func paragraph(_ codes: [ExitCodeHelp]) -> String {
        let text = "Exit codes: " + codes.map { "\($0.code.rawValue) \($0.meaning)" }.joined(separator: ", ") + "."
        return CommandOption.wrap(text, width: CommandOption.width, first: "", rest: "")
    }

    /// 0: the command did what it was asked.
    public static let ok = ExitCodeHelp(.ok, "ok")
    /// 64: the command line was wrong.
    public static let usage = ExitCodeHelp(.usage, "usage")
    /// 70: a fault inside Caret (also a crash, reported in one line).
    public static let software = ExitCodeHelp(.software, "an internal error")
    /// 73, for a command that writes `what`.
    public static func cannotCreate(_ what: String) -> ExitCodeHelp { ExitCodeHelp(.cannotCreate, "\(what) cannot be created") }
    /// 74, for a command that writes `what`.
    public static func ioError(_ what: String) -> ExitCodeHelp { ExitCodeHelp(.ioError, "an I/O error while writing \(what) (or standard output)") }
}
