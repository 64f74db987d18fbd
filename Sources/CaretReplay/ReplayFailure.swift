import CaretCore

/// Why a replay stopped: a checkpoint that did not match, or an event the editor refused.
/// Carries the step (1-based event number), the source line, the event and, for a checkpoint,
/// the expected and actual text and their unified diff.
public struct ReplayFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// A checkpoint did not match.
        case checkFailed(expected: String, actual: String)
        /// The editor refused the event (invalid position, bad argument …).
        case error(String)
    }

    /// The trace file name.
    public var file: String
    /// The 1-based step number (event index + 1).
    public var step: Int
    /// The 1-based line of the event in the file.
    public var line: Int
    /// The event.
    public var event: TraceEvent
    /// What went wrong.
    public var kind: Kind

    /// A failure of `event` at `step`.
    public init(file: String, step: Int, line: Int, event: TraceEvent, kind: Kind) {
        self.file = file
        self.step = step
        self.line = line
        self.event = event
        self.kind = kind
    }

    /// Whether this is a checkpoint mismatch (as opposed to an error).
    public var isCheckFailure: Bool {
        if case .checkFailed = kind { return true }
        return false
    }

    /// The first line: `file:line:1: step N: checkpoint failed` or `…: step N: <error>`.
    public var headline: String {
        switch kind {
        case .checkFailed: "\(file):\(line):1: step \(step): checkpoint does not match"
        case .error(let message): "\(file):\(line):1: step \(step): \(message)"
        }
    }

    /// The unified diff of expected against actual (empty for errors).
    public var diff: String {
        guard case .checkFailed(let expected, let actual) = kind else { return "" }
        return UnifiedDiff.diff(expected, actual, from: "expected", to: "actual")
    }

    /// The headline, the event as its trace line, and the diff when there is one.
    public var description: String {
        var text = headline + "\n  event: " + TraceWriter.line(event)
        let diff = self.diff
        if !diff.isEmpty { text += "\n" + diff }
        return text
    }

    /// What shrinking keeps constant: the kind of failure, the checkpoint's identity (its step in
    /// the original trace, given by the caller) or the error message with digits removed (positions
    /// shift as events go).
    func signature(checkpointID: Int?) -> String {
        switch kind {
        case .checkFailed: return "check #\(checkpointID ?? step)"
        case .error(let message): return "error " + String(message.unicodeScalars.filter { !("0"..."9").contains($0) }.map(Character.init))
        }
    }
}
