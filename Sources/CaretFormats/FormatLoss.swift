import CaretCore

/// Something a document has that a format cannot carry: found when a document is written to the
/// format (or read from one) so that nothing is dropped without saying so.
public struct FormatLoss: Hashable, Sendable, CustomStringConvertible {
    /// What is lost: an attribute key's name (`underline`, `foregroundColor`, a custom key), or a
    /// structure the format has and Caret does not, or the reverse (`heading`, `table`).
    public var what: String
    /// The first UTF-16 offset in the document that has it.
    public var offset: Int
    /// Why, in a few words: "Markdown has no syntax for colours".
    public var reason: String

    /// Creates a loss.
    public init(what: String, offset: Int, reason: String) {
        self.what = what
        self.offset = offset
        self.reason = reason
    }

    /// `underline at offset 12: Markdown has no syntax for it`.
    public var description: String { "\(what) at offset \(offset): \(reason)" }
}

/// Collects losses, one per kind (`what`), keeping the first offset of each; the order of the
/// result is by offset, then name, whatever order they were found in.
public struct FormatLossCollector: Sendable {
    private var firsts: [String: FormatLoss] = [:]

    /// An empty collector.
    public init() {}

    /// Notes `loss`, unless a loss of the same kind at an earlier offset is already noted.
    public mutating func note(_ loss: FormatLoss) {
        if let known = firsts[loss.what], known.offset <= loss.offset { return }
        firsts[loss.what] = loss
    }

    /// Whether nothing was noted.
    public var isEmpty: Bool { firsts.isEmpty }

    /// The losses, sorted by offset, then by name.
    public var losses: [FormatLoss] {
        firsts.values.sorted { ($0.offset, $0.what) < ($1.offset, $1.what) }
    }
}

/// Writing (or reading) would lose what `losses` lists, and the caller did not accept losses.
public struct FormatLossError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format's name (`markdown`, `rtf`).
    public var format: String
    /// What would be lost, first offset of each kind.
    public var losses: [FormatLoss]
    /// Whether the losses are of reading the format (something in the file has no place in a
    /// document) rather than of writing it.
    public var isReading: Bool = false

    /// Creates the error.
    public init(format: String, losses: [FormatLoss]) {
        self.format = format
        self.losses = losses
    }

    /// Creates the error, for reading when `reading` is true.
    public init(format: String, losses: [FormatLoss], reading: Bool) {
        self.init(format: format, losses: losses)
        self.isReading = reading
    }

    /// One message per loss: `underline at offset 12 cannot be written as markdown: …`
    /// (`… cannot be read from markdown: …` for reading).
    public var messages: [String] {
        let verb = isReading ? "read from" : "written as"
        return losses.map { "\($0.what) at offset \($0.offset) cannot be \(verb) \(format): \($0.reason)" }
    }

    /// One line per loss, each naming the format.
    public var description: String {
        messages.joined(separator: "\n")
    }
}
