/// How fast this host's core runs in this run, for comparing runs made on different days. The
/// same code has given the wall-time figures (the editor and Lua replays, `caret run`) 1.6-2x
/// apart on different days on the same kind of machine, with the paired ratios unchanged. This
/// row reads the core's clock in this run. It does not measure what other guests do to the
/// shared caches and memory: within one afternoon automerge-paper's storage replay took 12.0-21.1
/// ms while this row read 1.67-1.73 ns, which is why the summary's host line gives that replay too.
enum MachineBenchmarks {
    static let coreSpeedCase = "machine: one core's speed, a chain of dependent multiplies"

    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        guard options.wants(coreSpeedCase) else { return }
        let steps = options.quick ? 2_000_000 : 20_000_000
        // The fastest of a few rounds: a round the host slows down says less about the core.
        var best = Double.infinity
        for round in 0..<5 {
            let start = Clock.now()
            let result = chain(steps: steps, seed: UInt64(round + 1))
            let elapsed = Double(Clock.now() - start) / Double(steps)
            // The chain's result is used, so the loop is not optimized away.
            guard result != 0 else { throw BenchError("the multiply chain reached zero") }
            best = min(best, elapsed)
        }
        report.add(coreSpeedCase, best, "ns/step",
                   note: String(format: "fastest of 5 rounds of %d steps, each a multiply, a shift and an xor that wait for the "
                       + "one before (about 5 cycles on current x86-64 cores: ~%.1f GHz): the core's clock, not the caches others share",
                                steps, 5 / best))
        report.hostSpeed = best
    }

    /// `steps` rounds of a multiply and an xor-shift, each waiting for the one before: its time is
    /// the latency of those instructions, which only the core's clock changes. Never zero for a
    /// non-zero seed: the multiplier is odd, and an xor with a right shift of itself is invertible.
    @inline(never)
    static func chain(steps: Int, seed: UInt64) -> UInt64 {
        var x = seed
        for _ in 0..<steps {
            x = x &* 0x9E37_79B9_7F4A_7C15
            x ^= x &>> 29
        }
        return x
    }
}
