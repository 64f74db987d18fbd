import Foundation

/// Collects figures, prints each as it arrives, and writes them all as JSON.
///
/// Figures that #12's table names as a "must reach" target also go through `target(...)`, which
/// prints the figure and keeps it for the summary `printSummary()` prints at the end of the run:
/// each target's value in this run, the figure it must reach, the aim, and PASS or MISS.
final class BenchReport {
    struct Figure {
        let name: String
        let value: Double
        let unit: String
        let note: String
    }

    /// Which way a target points: a time or a ratio must stay at or under it, a speed at or over it.
    enum Direction: String {
        case atMost = "<="
        case atLeast = ">="
    }

    /// A "must reach" figure: its value in this run against the target and the aim.
    struct Target {
        let name: String
        let value: Double
        let unit: String
        let mustReach: Double
        let aim: Double?
        let direction: Direction
        /// What stands in the way when the figure misses (printed only on a miss).
        let blocker: String

        var passed: Bool { Self.meets(value, mustReach, direction) }
        var reachedAim: Bool { aim.map { Self.meets(value, $0, direction) } ?? false }

        static func meets(_ value: Double, _ bound: Double, _ direction: Direction) -> Bool {
            guard value.isFinite else { return false }
            return direction == .atMost ? value <= bound : value >= bound
        }
    }

    private(set) var figures: [Figure] = []
    private(set) var targets: [Target] = []
    /// The core-speed row's nanoseconds a step (`MachineBenchmarks`), when this run measured it:
    /// the summary prints it above the targets, whose wall times depend on it.
    var hostSpeed: Double?
    /// Milliseconds of automerge-paper's storage replay in this run, when it ran: what the host
    /// gave Caret's own code, which the summary prints beside the core's clock.
    var referenceReplay: Double?

    init() {
        print(pad("case", 58) + pad("value", 16) + "note")
        print(String(repeating: "-", count: 100))
    }

    func add(_ name: String, _ value: Double, _ unit: String, note: String = "") {
        figures.append(Figure(name: name, value: value, unit: unit, note: note))
        print(pad(name, 58) + pad(Self.format(value) + " " + unit, 16) + note)
        fflush(nil)
    }

    /// Records a "must reach" figure of #12's table for the summary at the end of the run.
    ///
    ///     report.target("automerge-paper through Editor", ms, "ms", mustReach: 25, aim: 6.5)
    ///     report.target("markup read", mbps, "MB/s", mustReach: 50, aim: 200, direction: .atLeast)
    ///
    /// `blocker` says what stands in the way; the summary prints it beside a MISS. The figure itself
    /// is printed as it arrives only if `note` is given (most callers have already printed it with
    /// `add`); pass `note:` to print and record in one call.
    func target(_ name: String, _ value: Double, _ unit: String, mustReach: Double, aim: Double? = nil,
                direction: Direction = .atMost, blocker: String = "", note: String? = nil) {
        if let note { add(name, value, unit, note: note) }
        targets.append(Target(name: name, value: value, unit: unit, mustReach: mustReach, aim: aim,
                              direction: direction, blocker: blocker))
    }

    /// Prints the targets recorded so far: value, must reach, aim, PASS/MISS; returns whether all passed.
    @discardableResult
    func printSummary() -> Bool {
        guard !targets.isEmpty else { return true }
        print("")
        print("summary: #12's \"must reach\" figures in this run")
        // What the host gave this run: the wall times below move with it, the ratios paired in
        // one minute much less.
        var host: [String] = []
        if let hostSpeed { host.append("the core's clock \(Self.format(hostSpeed)) ns a step (\"\(MachineBenchmarks.coreSpeedCase)\")") }
        if let referenceReplay { host.append("automerge-paper's storage replay \(Self.format(referenceReplay)) ms") }
        if !host.isEmpty {
            print("host: " + host.joined(separator: "; ") + " (the wall times below move with the host, the paired ratios much less)")
        }
        print(pad("target", 52) + pad("value", 14) + pad("must reach", 14) + pad("aim", 14) + "result")
        print(String(repeating: "-", count: 104))
        for t in targets {
            let unit = t.unit.isEmpty ? "" : " " + t.unit
            let must = t.direction.rawValue + " " + Self.format(t.mustReach) + unit
            let aim = t.aim.map { t.direction.rawValue + " " + Self.format($0) + unit } ?? "-"
            var result = t.passed ? (t.reachedAim ? "PASS (aim reached)" : "PASS") : "MISS"
            if !t.passed && !t.blocker.isEmpty { result += ": " + t.blocker }
            print(pad(t.name, 52) + pad(Self.format(t.value) + unit, 14) + pad(must, 14) + pad(aim, 14) + result)
        }
        let missed = targets.filter { !$0.passed }.count
        print(missed == 0 ? "all \(targets.count) targets reached"
                          : "\(missed) of \(targets.count) targets missed")
        fflush(nil)
        return missed == 0
    }

    static func format(_ value: Double) -> String {
        if !value.isFinite { return String(value) }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    /// Writes the figures as a JSON array, one object per figure; each target follows as an object
    /// with `"kind": "target"` and its bounds.
    func writeJSON(to path: String) throws {
        func quoted(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        var lines: [String] = []
        for f in figures {
            lines.append("  {\"name\": \(quoted(f.name)), \"value\": \(number(f.value)), \"unit\": \(quoted(f.unit)), \"note\": \(quoted(f.note))}")
        }
        for t in targets {
            lines.append("  {\"kind\": \"target\", \"name\": \(quoted(t.name)), \"value\": \(number(t.value)), \"unit\": \(quoted(t.unit)), "
                + "\"direction\": \(quoted(t.direction.rawValue)), \"mustReach\": \(number(t.mustReach)), "
                + "\"aim\": \(t.aim.map(number) ?? "null"), \"passed\": \(t.passed), \"blocker\": \(quoted(t.blocker))}")
        }
        let text = "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        let temporary = path + ".tmp"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        if rename(temporary, path) != 0 { throw CocoaError(.fileWriteUnknown) }
    }
}

/// Wall-clock timing on the monotonic clock.
enum Clock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The median of `repetitions` timings of `body`, in nanoseconds.
    static func median(_ repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [UInt64] = []
        for _ in 0..<repetitions {
            let start = now()
            try body()
            samples.append(now() - start)
        }
        samples.sort()
        return Double(samples[samples.count / 2])
    }
}
