/// Reduces a failing trace to a small one that fails the same way, by delta debugging over its
/// events (Zeller's ddmin, then single-event removal until nothing more can go).
///
/// "The same way" means: the same checkpoint (by its place in the original trace) does not match,
/// or the editor refuses an event with the same error message once digits are ignored (positions
/// shift as events go). Candidates whose explicit positions become invalid fail differently and
/// are rejected, so every kept selection stays valid.
public enum TraceShrinker {
    /// The result of shrinking.
    public struct Result: Sendable {
        /// The smaller trace (same header).
        public var trace: Trace
        /// The failure the smaller trace still has.
        public var failure: ReplayFailure
        /// Events in the original trace.
        public var originalCount: Int
        /// Replays tried.
        public var replays: Int
    }

    /// Why a trace cannot be shrunk.
    public struct NotFailing: Error, CustomStringConvertible, Sendable {
        /// The message.
        public var description: String { "the trace does not fail: nothing to shrink" }
    }

    /// Shrinks `trace`, which must fail when replayed with checks. `progress` hears, after each
    /// replay, how many replays were made and how many events the smallest failing trace has.
    /// - Throws: `NotFailing` when it replays cleanly.
    public static func shrink(_ trace: Trace, file: String = "<trace>", progress: (_ replays: Int, _ events: Int) -> Void = { _, _ in }) throws -> Result {
        let ids = Array(0..<trace.events.count)
        guard let original = failure(of: ids, in: trace, file: file) else { throw NotFailing() }
        let target = original.signature
        var replays = 1
        // Everything after the failing step is irrelevant.
        var current = Array(ids[..<original.failure.step])
        func fails(_ candidate: [Int]) -> Bool {
            replays += 1
            let result = failure(of: candidate, in: trace, file: file)?.signature == target
            progress(replays, result ? candidate.count : current.count)
            return result
        }
        var granularity = 2
        while current.count >= 2 {
            let chunk = (current.count + granularity - 1) / granularity
            var reduced = false
            var start = 0
            while start < current.count {
                let complement = Array(current[..<start] + current[min(current.count, start + chunk)...])
                if !complement.isEmpty, fails(complement) {
                    current = complement
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
                start += chunk
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(current.count, granularity * 2)
            }
        }
        // One-minimal: no single event can go.
        var index = current.count - 1
        while index >= 0 && current.count > 1 {
            var candidate = current
            candidate.remove(at: index)
            if fails(candidate) { current = candidate }
            index -= 1
        }
        let smaller = Trace(header: trace.header, events: current.map { trace.events[$0] })
        let final = failure(of: current, in: trace, file: file)!
        return Result(trace: smaller, failure: final.failure, originalCount: trace.events.count, replays: replays)
    }

    /// The failure of the trace made of the events `ids` (indices into `trace.events`), with its
    /// signature, or nil when it replays cleanly.
    static func failure(of ids: [Int], in trace: Trace, file: String) -> (failure: ReplayFailure, signature: String)? {
        let candidate = Trace(header: trace.header, events: ids.map { trace.events[$0] })
        do {
            let player = try TracePlayer(trace: candidate, file: file, checking: true)
            try player.run()
            return nil
        } catch {
            let originalID = error.step >= 1 && error.step <= ids.count ? ids[error.step - 1] : nil
            return (error, error.signature(checkpointID: originalID))
        }
    }
}
