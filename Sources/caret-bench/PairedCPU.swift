/// Two pieces of work timed side by side by thread CPU time, for figures that should not move
/// with the host: on a shared machine the speed a process gets drifts by up to 2x over seconds,
/// so two figures taken seconds apart measure that drift as much as the code, while two taken
/// one right after the other see the same machine.
struct PairedCPU {
    /// The median of the pairs' ratios of subject to reference, and the lowest and highest.
    let ratio: Double
    let lowest: Double
    let highest: Double
    /// The medians of the subject's and the reference's CPU times, in nanoseconds.
    let subject: Double
    let reference: Double

    /// Whose CPU time counts.
    enum Clock {
        /// This thread's: what it spends alone, whatever other threads do.
        case thread
        /// The whole process's, user and system: for work that runs on a thread of its own
        /// (a script session runs its chunks on a thread with a large stack).
        case process

        func now() -> Double {
            switch self {
            case .thread: Double(CPUClock.now())
            case .process: ReplayBenchmarks.cpuSeconds() * 1e9
            }
        }
    }

    /// Runs `pairs` pairs of one `subject` and one `reference`, which goes first alternating, each
    /// timed alone by `clock`; `prepare` runs before each `subject`, untimed.
    static func measure(pairs: Int, clock: Clock = .thread, prepare: () throws -> Void = {}, subject: () throws -> Void,
                        reference: () throws -> Void) rethrows -> PairedCPU {
        precondition(pairs > 0, "at least one pair")
        var ratios: [Double] = []
        var subjects: [Double] = []
        var references: [Double] = []
        for pair in 0..<pairs {
            var subjectCPU = 0.0
            var referenceCPU = 0.0
            for referenceTurn in [pair % 2 == 0, pair % 2 != 0] {
                if referenceTurn {
                    let start = clock.now()
                    try reference()
                    referenceCPU = clock.now() - start
                } else {
                    try prepare()
                    let start = clock.now()
                    try subject()
                    subjectCPU = clock.now() - start
                }
            }
            ratios.append(subjectCPU / referenceCPU)
            subjects.append(subjectCPU)
            references.append(referenceCPU)
        }
        ratios.sort()
        subjects.sort()
        references.sort()
        return PairedCPU(ratio: ratios[pairs / 2], lowest: ratios[0], highest: ratios[pairs - 1],
                         subject: subjects[pairs / 2], reference: references[pairs / 2])
    }
}
