import CaretCore

/// The shrinker's test: replays a candidate (a subsequence of a trace's events, by index) exactly
/// as `TracePlayer` would with checks on, and stops at its first failure, which decides. Builds
/// no trace and no failure message beyond the signature.
///
/// Editor state is reused: while a candidate replays the events it shares with the `base` (the
/// smallest failing candidate so far), copies of the editor are kept every `snapshotInterval`
/// events, and a later candidate starts from the last copy inside the prefix it shares with the
/// base instead of from the header's document.
struct ShrinkOracle {
    /// A failure: its 1-based step in the candidate and what shrinking keeps constant.
    struct Failure {
        var step: Int
        var signature: String
    }

    let trace: Trace
    let shouldStop: () -> Bool
    /// Whether the last replay was cut short by `shouldStop` (its answer is then meaningless).
    private(set) var wasStopped = false
    /// Whether replays ask `shouldStop` (not the first: whether the trace fails at all must be known).
    var isStoppable = false
    /// How many events a replay applies between two questions to `shouldStop`.
    static let stopCheckInterval = 4096

    /// Whether replays start from kept editor copies (tests compare with fresh replays).
    var reusesState = true
    /// The candidate the copies belong to, and the copies: the editor after the first `length`
    /// events of `base`, by increasing length.
    private(set) var base: [Int] = []
    private(set) var snapshots: [(length: Int, editor: Editor)] = []
    let snapshotInterval: Int

    init(trace: Trace, shouldStop: @escaping () -> Bool) {
        self.trace = trace
        self.shouldStop = shouldStop
        snapshotInterval = max(256, trace.events.count / 64)
    }

    /// Makes `candidate` the base: copies taken inside the prefix it shares with the old base
    /// stay, the others go.
    mutating func rebase(to candidate: [Int]) {
        let shared = Self.sharedPrefix(base, candidate)
        snapshots.removeAll { $0.length > shared }
        base = candidate
    }

    static func sharedPrefix(_ a: [Int], _ b: [Int]) -> Int {
        var n = 0
        let limit = min(a.count, b.count)
        while n < limit && a[n] == b[n] { n += 1 }
        return n
    }

    /// The first failure of the events `ids` (indices into `trace.events`), or nil when they
    /// replay cleanly (or the replay was stopped: see `wasStopped`).
    mutating func failure(of ids: [Int]) -> Failure? {
        wasStopped = false
        if base.isEmpty { base = ids }
        let shared = reusesState ? Self.sharedPrefix(base, ids) : 0
        var editor: Editor
        var start = 0
        if let snapshot = snapshots.last(where: { $0.length <= shared }) {
            editor = snapshot.editor.copy()
            start = snapshot.length
        } else {
            do {
                editor = try Editor(state: trace.header.document, options: trace.header.options)
            } catch {
                return Failure(step: 0, signature: Self.errorSignature("\(error)"))
            }
        }
        var countdown = Self.stopCheckInterval
        for offset in start..<ids.count {
            if reusesState, offset < shared, offset > 0, offset % snapshotInterval == 0, offset > (snapshots.last?.length ?? 0) {
                snapshots.append((offset, editor.copy()))
            }
            let id = ids[offset]
            countdown -= 1
            if countdown == 0 {
                countdown = Self.stopCheckInterval
                if isStoppable && shouldStop() { wasStopped = true; return nil }
            }
            let event = trace.events[id]
            if case .check(let checkpoint) = event {
                if TracePlayer.mismatch(checkpoint, editor) != nil {
                    return Failure(step: offset + 1, signature: "check #\(id + 1): \(Self.difference(checkpoint, editor))")
                }
                continue
            }
            do {
                try TracePlayer.apply(event, to: editor)
            } catch {
                return Failure(step: offset + 1, signature: Self.errorSignature("\(error)"))
            }
        }
        return nil
    }

    /// What a checkpoint that does not match gets wrong, coarsely: the text, else its attributes,
    /// else the selection, else the rest (typing attributes, trait states). A smaller trace must
    /// get the same part wrong: a checkpoint whose attributes are wrong does not shrink to an
    /// empty trace whose text is wrong.
    static func difference(_ checkpoint: Checkpoint, _ editor: Editor) -> String {
        let expected = checkpoint.expected
        if expected.text.string != editor.text.string { return "text" }
        if expected.text != editor.text { return "attributes" }
        if let selection = expected.selection, selection != editor.selection { return "selection" }
        return "typing attributes or traits"
    }

    /// An error message with its digits removed (positions shift as events go).
    static func errorSignature(_ message: String) -> String {
        "error " + String(String.UnicodeScalarView(message.unicodeScalars.filter { !("0"..."9").contains($0) }))
    }
}
