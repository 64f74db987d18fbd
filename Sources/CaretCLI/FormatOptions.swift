import CaretFormats

/// How a command chooses the formats of the documents it reads and writes: `--in-format` and
/// `--out-format` (or a command's own name for the output side: `--print`, `--to`) name one side
/// and win over an extension; `--format` names the format of every document whose name does not
/// say (stdin, stdout, a file without an extension) and must agree with an extension that does;
/// otherwise the extension chooses. An unknown extension, or none, is a usage error naming the
/// known ones and the flag — never a fallback. `--lossy` accepts losses (docs/formats.md).
struct FormatOptions {
    /// `--format`: both sides, where a name does not say.
    var both: DocumentFormat?
    /// `--in-format`: the input side.
    var input: DocumentFormat?
    /// The output side's flag (`--out-format`).
    var output: DocumentFormat?
    /// `--lossy`: write (and read) what loses something, and report what was dropped.
    var lossy: Bool
    /// The flag that names the output side (`--out-format`, `--print`, `--to`), nil for a command
    /// that writes no document.
    var outputFlag: String?

    /// The choices `parsed` makes; `outputFlag` names the output side (nil: the command only reads).
    init(_ parsed: ParsedArguments, outputFlag: String? = "--out-format") throws {
        self.outputFlag = outputFlag
        both = try Self.named(parsed, "--format")
        input = try Self.named(parsed, "--in-format")
        output = try outputFlag.flatMap { try Self.named(parsed, $0) }
        lossy = parsed.has("--lossy")
    }

    static func named(_ parsed: ParsedArguments, _ flag: String) throws -> DocumentFormat? {
        guard let name = parsed.value(flag) else { return nil }
        do { return try DocumentFormat.named(name) } catch { throw CLIError.usage("\(flag): \(error)") }
    }

    /// The format to read `path` in; "-" (stdin) needs `--in-format` or `--format`.
    /// - Throws: a usage error (64) for an unknown or missing extension, a `--format` that an
    ///   extension contradicts, or a format that cannot be read yet.
    func inputFormat(_ path: String) throws -> DocumentFormat {
        let format: DocumentFormat
        let source: String
        if let input {
            (format, source) = (input, "--in-format \(input.name)")
        } else if path == "-" {
            guard let both else {
                throw CLIError.usage("reading a document from stdin needs --in-format FORMAT (known: \(DocumentFormat.knownNames))")
            }
            (format, source) = (both, "--format \(both.name)")
        } else {
            format = try chosen(path, sideFlag: "--in-format", reading: true)
            source = path
        }
        guard format.codec.canRead else {
            throw CLIError.usage("\(source): \(DocumentFormatError.notSupportedYet(format: format.name, reading: true).message)")
        }
        return format
    }

    /// The format to write `path` in; nil or "-" (stdout) takes `--format`, else `fallback`.
    /// - Throws: as `inputFormat`, for writing.
    func outputFormat(_ path: String?, otherwise fallback: DocumentFormat) throws -> DocumentFormat {
        let format: DocumentFormat
        let source: String
        if let output, let outputFlag {
            (format, source) = (output, "\(outputFlag) \(output.name)")
        } else if let path, path != "-" {
            format = try chosen(path, sideFlag: outputFlag ?? "--out-format", reading: false)
            source = path
        } else {
            format = both ?? fallback
            source = both.map { "--format \($0.name)" } ?? "stdout"
        }
        guard format.codec.canWrite else {
            throw CLIError.usage("\(source): \(DocumentFormatError.notSupportedYet(format: format.name, reading: false).message)")
        }
        return format
    }

    /// The format `path`'s extension chooses, or `--format`'s where it says nothing.
    func chosen(_ path: String, sideFlag: String, reading: Bool) throws -> DocumentFormat {
        do {
            let byExtension = try DocumentFormat.forPath(path)
            if let both, both != byExtension {
                var ways = ["\(sideFlag) \(both.name) \(reading ? "reads" : "writes") \(path) as \(both.name)"]
                if reading, let outputFlag { ways.append("\(outputFlag) \(both.name) writes \(both.name)") }
                throw CLIError.usage("--format \(both.name) contradicts \(path) (\(byExtension.name) by its extension): "
                    + ways.joined(separator: ", "))
            }
            return byExtension
        } catch let error as DocumentFormatError {
            if let both { return both }
            throw CLIError.usage("\(error); name the format with \(sideFlag) FORMAT")
        }
    }

    /// How messages name a document: its path, `stdin` or `stdout`.
    static func name(_ path: String?, reading: Bool) -> String {
        guard let path, path != "-" else { return reading ? "stdin" : "stdout" }
        return path
    }
}
