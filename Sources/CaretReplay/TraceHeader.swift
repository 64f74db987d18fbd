import CaretCore

/// The first line of a trace: the format version, the initial document, the seed of every random
/// choice, and the editor options the trace was recorded with.
public struct TraceHeader: Equatable, Sendable {
    /// The major version of the trace format this library writes and reads.
    public static let currentVersion = 1

    /// The major format version the trace declares.
    public var version: Int
    /// The initial document (a missing selection means a caret at its end).
    public var document: DocumentState
    /// The seed of every random choice made while replaying.
    public var seed: UInt64
    /// The editor options.
    public var options: EditorOptions

    /// A header for a trace starting from `document`.
    public init(document: DocumentState = DocumentState(text: AttributedText()), seed: UInt64 = 0, options: EditorOptions = EditorOptions()) {
        self.version = TraceHeader.currentVersion
        self.document = document
        self.seed = seed
        self.options = options
    }
}

/// A whole trace: the header and the events, with the 1-based line each event was read from.
public struct Trace: Equatable, Sendable {
    /// The header.
    public var header: TraceHeader
    /// The events in order; step N is `events[N - 1]`.
    public var events: [TraceEvent]
    /// The 1-based source line of each event (empty for traces built in memory).
    public var lines: [Int]
    /// The line a salvaging read dropped because it was cut short, if any.
    public var droppedLine: Int?

    /// A trace of `events` from `header`.
    public init(header: TraceHeader, events: [TraceEvent] = [], lines: [Int] = []) {
        self.header = header
        self.events = events
        self.lines = lines
    }

    /// The source line of step `step` (1-based), or the step + 1 for in-memory traces.
    public func line(ofStep step: Int) -> Int {
        step - 1 < lines.count ? lines[step - 1] : step + 1
    }

    /// The trace as JSON Lines: the header, then one event per line, each ending in a newline.
    public func serialized() -> String {
        var out: [UInt8] = []
        TraceWriter.write(header, to: &out)
        for event in events { TraceWriter.write(event, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}
