import CaretCore

/// A small parser for `caret` subcommands: `--flag`, `--option VALUE` (or `--option=VALUE`),
/// positional arguments, and everything after `--` kept apart. Unknown options are usage errors.
public struct ParsedArguments {
    public var flags: Set<String> = []
    public var options: [String: [String]] = [:]
    public var positionals: [String] = []
    /// Arguments after `--`, untouched.
    public var rest: [String] = []

    /// The last value given for `name`, if any.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// Every value given for `name`, in order.
    public func values(_ name: String) -> [String] { options[name] ?? [] }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The integer value of `name`, or a usage error naming it.
    public func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let expected = range.upperBound == Int.max ? "a whole number >= \(range.lowerBound)" : "an integer in \(range.lowerBound)...\(range.upperBound)"
            throw CLIError.usage("\(name) expects \(expected), got '\(text)'")
        }
        return number
    }

    /// The number value of `name`, or a usage error naming it.
    public func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), range.contains(number) else {
            throw CLIError.usage("\(name) expects a number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return number
    }
}

public enum ArgumentParser {
    /// Parses `arguments` against the options `command` declares: the same declarations its
    /// `--help` lists.
    public static func parse(_ arguments: [String], for command: Subcommand) throws -> ParsedArguments {
        try parse(arguments, command.options)
    }

    /// Parses `arguments` against `declared`: flags take no value, the others one value each
    /// (a `.value` option given twice keeps the last; `values(_:)` has every one).
    public static func parse(_ arguments: [String], _ declared: [CommandOption]) throws -> ParsedArguments {
        var flags: Set<String> = []
        var options: Set<String> = []
        for option in declared {
            precondition(!flags.contains(option.name) && !options.contains(option.name), "\(option.name) declared twice")
            if option.kind == .flag { flags.insert(option.name) } else { options.insert(option.name) }
        }
        return try parse(arguments, flags: flags, options: options)
    }

    static func parse(_ arguments: [String], flags: Set<String> = [], options: Set<String> = []) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                parsed.rest = Array(arguments[(i + 1)...])
                break
            }
            if argument.hasPrefix("-") && argument != "-" {
                var name = argument
                var inline: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                }
                if flags.contains(name) {
                    if inline != nil { throw CLIError.usage("\(name) takes no value") }
                    parsed.flags.insert(name)
                } else if options.contains(name) {
                    let value: String
                    if let inline {
                        value = inline
                    } else {
                        i += 1
                        guard i < arguments.count else { throw CLIError.usage("\(name) needs a value") }
                        value = arguments[i]
                    }
                    guard !value.isEmpty else { throw CLIError.usage("\(name) needs a value, got an empty one") }
                    parsed.options[name, default: []].append(value)
                } else {
                    throw CLIError.usage("unknown option '\(name)'" + NearestName.didYouMean(name, among: (flags.union(options)).sorted() + ["--help"]))
                }
            } else {
                parsed.positionals.append(argument)
            }
            i += 1
        }
        return parsed
    }
}
