/// A cooperative stop for long work whose size a caller cannot bound in advance: a script's
/// regex search over a large document, suggestions for a very long word, a macro played many
/// times. Long loops call `charge(_:)` with the work they did since the last call; when the owner
/// says to stop, `charge` throws `WorkLimit.Exceeded` and the loop unwinds, leaving the editor as
/// the command's contract says (commands that change the document check before they change it).
///
/// The owner decides what a unit of work costs and what stops it (a script's deadline and
/// instruction budget, for CaretLua). CaretCore reads no clock: `shouldStop` does.
public final class WorkLimit {
    /// Thrown by `charge(_:)` when the owner asks to stop; `reason` is the owner's message.
    public struct Exceeded: Error, Equatable, Sendable, CustomStringConvertible {
        /// Why the work was stopped ("time limit exceeded").
        public var reason: String
        /// Creates the error.
        public init(reason: String) { self.reason = reason }
        /// The reason.
        public var description: String { reason }
    }

    /// Units charged since `shouldStop` was last asked.
    @exclusivity(unchecked) private var pending = 0
    /// How many units are charged between two calls of `shouldStop`.
    public let interval: Int
    /// Called with the units charged since the last call; returns a reason to stop, or nil.
    private let shouldStop: (Int) -> String?

    /// A limit that asks `shouldStop` (with the units charged since it last asked) about every
    /// `interval` units.
    public init(interval: Int = 4096, shouldStop: @escaping (Int) -> String?) {
        self.interval = max(1, interval)
        self.shouldStop = shouldStop
    }

    /// Records `units` of work; every `interval` units asks the owner whether to go on.
    /// - Throws: `Exceeded` when the owner says to stop.
    /// - Complexity: O(1).
    @inline(__always)
    public func charge(_ units: Int = 1) throws(Exceeded) {
        pending &+= max(0, units)
        if pending >= interval { try ask() }
    }

    /// Asks the owner now, whatever was charged.
    /// - Throws: `Exceeded` when the owner says to stop.
    public func ask() throws(Exceeded) {
        let units = pending
        pending = 0
        if let reason = shouldStop(units) { throw Exceeded(reason: reason) }
    }
}

extension Optional where Wrapped == WorkLimit {
    /// Charges the limit, if there is one.
    @inline(__always)
    func charge(_ units: Int = 1) throws(WorkLimit.Exceeded) {
        if let limit = self { try limit.charge(units) }
    }
}
