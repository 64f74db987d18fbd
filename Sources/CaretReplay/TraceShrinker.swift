/// Reduces a failing trace to a small one that fails the same way, by delta debugging over its
/// events: Zeller's ddmin over chunks (each chunk alone, then each complement, at ever finer
/// granularity), then single-event removal until nothing more can go.
///
/// "The same way" means: the same checkpoint (by its place in the original trace) does not match
/// in the same part (its text, else its attributes, else the selection, else typing attributes or
/// trait states), or the editor refuses an event with the same error message once digits are
/// ignored (positions shift as events go). Candidates whose explicit positions become invalid fail differently and
/// are rejected, so every kept selection stays valid.
///
/// What makes a long trace (hundreds of thousands of events) quick to shrink:
/// - everything after the failing step goes at once, and so does every other checkpoint (they
///   only assert; without them no candidate can fail earlier at one of them);
/// - the failing event is kept in every candidate, and the candidate of it alone is tried first;
/// - a candidate replays only until it fails (the first failure decides) and stops there, and
///   starts from a copy of the editor kept where it parts from the smallest failing trace so far;
/// - the caller can stop the work at any replay (`Options.shouldStop`) and still gets the
///   smallest failing trace found so far.
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
        /// Whether shrinking ran to the end (no single event can go); false when it was stopped
        /// first (`Options.shouldStop`): the trace then still fails the same way but may shrink more.
        public var isComplete: Bool
    }

    /// Why a trace cannot be shrunk.
    public struct NotFailing: Error, CustomStringConvertible, Sendable {
        /// The message.
        public var description: String { "the trace does not fail: nothing to shrink" }
    }

    /// Where shrinking is, after a replay.
    public struct Progress {
        /// Replays made so far (the first one, of the whole trace, included).
        public var replays: Int
        /// Events in the smallest failing trace found so far.
        public var events: Int
        /// Events in the original trace.
        public var originalCount: Int
        /// The pass under way: `"chunks of N"` while delta debugging, `"single events"` after.
        public var pass: String
        /// Candidates tried in this pass, and at most how many it tries in all (it ends sooner
        /// when a candidate fails the same way: the next pass starts over the smaller trace).
        public var tried: Int
        public var passTotal: Int
        /// Whether the last replay found a smaller failing trace.
        public var improved: Bool
        /// The smallest failing trace found so far (built on demand: it copies the events).
        public let smallest: () -> Trace
    }

    /// What the caller controls while shrinking.
    public struct Options {
        /// Asked before each replay and every few thousand events within one; true stops
        /// shrinking (the result is then the smallest failing trace found, `isComplete` false).
        public var shouldStop: () -> Bool
        /// Hears where shrinking is after each replay but the first.
        public var progress: (Progress) -> Void

        /// Options that never stop and hear nothing by default.
        public init(shouldStop: @escaping () -> Bool = { false }, progress: @escaping (Progress) -> Void = { _ in }) {
            self.shouldStop = shouldStop
            self.progress = progress
        }
    }

    /// Shrinks `trace`, which must fail when replayed with checks. `progress` hears, after each
    /// replay, how many replays were made and how many events the smallest failing trace has.
    /// - Throws: `NotFailing` when it replays cleanly.
    public static func shrink(_ trace: Trace, file: String = "<trace>", progress: @escaping (_ replays: Int, _ events: Int) -> Void = { _, _ in }) throws -> Result {
        try shrink(trace, file: file, options: Options(progress: { progress($0.replays, $0.events) }))
    }

    /// Shrinks `trace`, which must fail when replayed with checks, under `options`.
    /// - Throws: `NotFailing` when it replays cleanly (also when stopped before the first replay
    ///   ended: then nothing is known to fail).
    public static func shrink(_ trace: Trace, file: String = "<trace>", options: Options) throws -> Result {
        try shrink(trace, file: file, options: options, reusingState: true)
    }

    /// `shrink(_:file:options:)`, with the reuse of editor state between candidates on or off
    /// (the results are the same; tests compare them).
    static func shrink(_ trace: Trace, file: String, options: Options, reusingState: Bool) throws -> Result {
        var oracle = ShrinkOracle(trace: trace, shouldStop: options.shouldStop)
        oracle.reusesState = reusingState
        let ids = Array(0..<trace.events.count)
        guard let original = oracle.failure(of: ids) else { throw NotFailing() }
        oracle.isStoppable = true
        let target = original.signature
        guard original.step > 0 else {
            // The header's document itself cannot be shown: no event is needed.
            let empty = Trace(header: trace.header, events: [])
            return Result(trace: empty, failure: finalFailure(of: empty, file: file), originalCount: trace.events.count, replays: 1, isComplete: true)
        }
        var replays = 1
        var stopped = false
        // Everything after the failing step is irrelevant.
        var current = Array(ids[..<original.step])
        // The failing event is kept in every candidate: the others are the ones to remove.
        let failing = current.removeLast()
        var pass = "checkpoints"
        var tried = 0
        var passTotal = 0
        func fails(_ candidate: [Int]) -> Bool {
            if stopped || options.shouldStop() { stopped = true; return false }
            replays += 1
            tried += 1
            let result = oracle.failure(of: candidate)?.signature == target
            if oracle.wasStopped { stopped = true; return false }
            if result { oracle.rebase(to: candidate) }
            let smallest = result ? candidate : current + [failing]
            let events = smallest.count
            options.progress(Progress(replays: replays, events: events, originalCount: trace.events.count, pass: pass,
                                      tried: tried, passTotal: passTotal, improved: result,
                                      smallest: { Trace(header: trace.header, events: smallest.map { trace.events[$0] }) }))
            return result
        }
        // The other checkpoints only assert: they can all go.
        let withoutChecks = current.filter { !trace.events[$0].isCheck }
        passTotal = 2
        if withoutChecks.count < current.count, fails(withoutChecks + [failing]) { current = withoutChecks }
        if !current.isEmpty, fails([failing]) { current = [] }
        // ddmin over the events before the failing one: each chunk alone, then each complement.
        var granularity = 2
        while current.count >= 2 && !stopped {
            let chunk = (current.count + granularity - 1) / granularity
            let starts = Array(stride(from: 0, to: current.count, by: chunk))
            pass = "chunks of \(chunk)"
            tried = 0
            passTotal = 2 * starts.count
            var reduced = false
            for start in starts {
                let subset = Array(current[start..<min(current.count, start + chunk)])
                if subset.count < current.count, fails(subset + [failing]) {
                    current = subset
                    granularity = 2
                    reduced = true
                    break
                }
            }
            if !reduced && !stopped {
                for start in starts {
                    let complement = Array(current[..<start] + current[min(current.count, start + chunk)...])
                    if fails(complement + [failing]) {
                        current = complement
                        granularity = max(granularity - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(current.count, granularity * 2)
            }
        }
        // One-minimal: no single event can go.
        pass = "single events"
        tried = 0
        passTotal = current.count
        var index = current.count - 1
        while index >= 0 && !stopped {
            var candidate = current
            candidate.remove(at: index)
            if fails(candidate + [failing]) { current = candidate }
            index -= 1
        }
        current.append(failing)
        let smaller = Trace(header: trace.header, events: current.map { trace.events[$0] })
        return Result(trace: smaller, failure: finalFailure(of: smaller, file: file), originalCount: trace.events.count,
                      replays: replays, isComplete: !stopped)
    }

    /// The failure of `trace` as its own replay reports it (its steps and lines). The oracle
    /// replays exactly as `TracePlayer` does, so a trace it kept always fails.
    static func finalFailure(of trace: Trace, file: String) -> ReplayFailure {
        do {
            try TracePlayer(trace: trace, file: file, checking: true).run()
        } catch {
            return error
        }
        preconditionFailure("a trace the shrinker kept does not fail")
    }
}
