import Foundation

/// Collects figures, prints each as it arrives, and writes them all as JSON.
final class BenchReport {
    struct Figure {
        let name: String
        let value: Double
        let unit: String
        let note: String
    }

    private(set) var figures: [Figure] = []

    init() {
        print(pad("case", 58) + pad("value", 16) + "note")
        print(String(repeating: "-", count: 100))
    }

    func add(_ name: String, _ value: Double, _ unit: String, note: String = "") {
        figures.append(Figure(name: name, value: value, unit: unit, note: note))
        print(pad(name, 58) + pad(Self.format(value) + " " + unit, 16) + note)
        fflush(nil)
    }

    static func format(_ value: Double) -> String {
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    func writeJSON(to path: String) throws {
        var lines: [String] = []
        for f in figures {
            let name = f.name.replacingOccurrences(of: "\"", with: "'")
            let note = f.note.replacingOccurrences(of: "\"", with: "'")
            lines.append("  {\"name\": \"\(name)\", \"value\": \(f.value), \"unit\": \"\(f.unit)\", \"note\": \"\(note)\"}")
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
