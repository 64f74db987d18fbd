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

    /// Runs `pairs` pairs of one `subject` and one `reference`, which goes first alternating, each
    /// timed alone by this thread's CPU time.
    static func measure(pairs: Int, subject: () throws -> Void, reference: () throws -> Void) rethrows -> PairedCPU {
        precondition(pairs > 0, "at least one pair")
        var ratios: [Double] = []
        var subjects: [Double] = []
        var references: [Double] = []
        for pair in 0..<pairs {
            var subjectCPU = 0.0
            var referenceCPU = 0.0
            for referenceTurn in [pair % 2 == 0, pair % 2 != 0] {
                if referenceTurn {
                    referenceCPU = try CPUClock.median(1, reference).cpu
                } else {
                    subjectCPU = try CPUClock.median(1, subject).cpu
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

    /// For a miss's blocker: how fast a host must run the storage replay for a figure that is
    /// `ratio` of it to reach `target` milliseconds, beside this run's host line, so that a reader
    /// can tell a slow host from slow code.
    func hostNeeded(toReach target: Double, _ report: BenchReport) -> String {
        var note = String(format: "in this run %.2fx the storage replay timed beside it, so the %.0f ms holds on a host whose storage replay takes %.1f ms or less",
                          ratio, target, target / ratio)
        if let storage = report.referenceReplay { note += String(format: " (this run's host line: %.1f ms)", storage) }
        return note
    }
}
