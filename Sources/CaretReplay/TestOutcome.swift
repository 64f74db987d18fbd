/// The result of one test file: passed, failed (an assertion or checkpoint did not hold), an
/// error (the file could not be run), or skipped, with a message for the last three.
public struct TestOutcome: Equatable, Sendable {
    /// How a test ended.
    public enum Status: String, Equatable, Sendable {
        /// Every assertion held.
        case passed
        /// An assertion or checkpoint did not hold.
        case failed
        /// The test could not run to the end (bad trace, script error, missing runner).
        case error
        /// The test was not run.
        case skipped
    }

    /// How it ended.
    public var status: Status
    /// What went wrong or why it was skipped (empty when passed).
    public var message: String
    /// What `caret test --update` changed, one line each (`file:line` of a rewritten Lua
    /// expectation, `file (N checkpoints)` of a trace); empty otherwise.
    public var notes: [String] = []

    /// An outcome.
    public init(_ status: Status, _ message: String = "") {
        self.status = status
        self.message = message
    }

    /// A pass.
    public static let passed = TestOutcome(.passed)
}
