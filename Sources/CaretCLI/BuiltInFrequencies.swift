import CCaretFrequencies
import CaretCore

/// The English word-frequency list compiled into the binary: data/frequencies-en.tsv (symspellpy's
/// `frequency_dictionary_en_82_765.txt`, MIT License, data/LICENSE-frequencies), embedded by the
/// CCaretFrequencies target.
enum BuiltInFrequencies {
    /// How messages name it (`caret suggest` prints it as the source of its counts).
    static let name = "built-in frequencies-en"

    /// Whether this build holds the list (a compiler without C23 `#embed` builds none).
    static var isAvailable: Bool { caret_frequencies_en_size() > 0 }

    /// The list's text.
    static var text: String {
        String(decoding: UnsafeBufferPointer(start: caret_frequencies_en(), count: caret_frequencies_en_size()), as: UTF8.self)
    }

    /// Its license, to go with any copy of the list.
    static var license: String {
        String(decoding: UnsafeBufferPointer(start: caret_frequencies_en_license(), count: caret_frequencies_en_license_size()), as: UTF8.self)
    }

    /// The list parsed.
    /// - Throws: `CLIError` (70) if the embedded text does not parse, which the suite rules out.
    static func wordList() throws -> WordList {
        do { return try WordList(parsing: text) } catch let error as WordListError {
            throw CLIError(.software, "caret: \(name):\(error.line): \(error.reason)")
        }
    }
}
