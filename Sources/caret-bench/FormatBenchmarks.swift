import CaretCore
import CaretFormats
import Foundation

/// Reading and writing document formats: 10 MB of text with 100k runs (targets: writing
/// >= 50 MB/s, reading >= 20 MB/s; MB are 10^6 bytes of the document's UTF-8 text).
enum FormatBenchmarks {
    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        for format in DocumentFormat.supported where format != .text && options.wants("format \(format.name)") {
            try measure(format, options, report)
        }
    }

    /// Words and line breaks whose runs cycle through what Markdown carries.
    static func document(bytes: Int, runs: Int) -> AttributedText {
        var random = SeededRandom(seed: 42)
        var builder = AttributedText.Builder()
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "caret", "rope", "naïve", "😀"]
        let styles: [Attributes] = [
            Attributes(), .traits(.bold), Attributes(), .traits(.italic), Attributes(), .traits(.code),
            Attributes(), (try? Attributes([(.link, .string("https://example.com/a?b=c"))])) ?? Attributes(),
            Attributes(), .traits(.bold, .italic), Attributes(), .traits(.strikethrough), Attributes(), .traits(.underline),
        ]
        let pieceBytes = max(1, bytes / runs)
        var written = 0, runIndex = 0
        var piece = ""
        while written < bytes {
            var word = words[random.int(in: 0..<words.count)]
            word += random.int(in: 0..<12) == 0 ? "\n" : " "
            piece += word
            written += word.utf8.count
            if piece.utf8.count >= pieceBytes || written >= bytes {
                let style = styles[runIndex % styles.count]
                // Line breaks only in plain runs: a code span cannot hold one, and HTML cannot format a
                // line break apart from the text before it. The benchmark document loses nothing.
                builder.append(style.isEmpty ? piece : piece.replacingOccurrences(of: "\n", with: " "), attributes: style)
                runIndex += 1
                piece = ""
            }
        }
        return builder.finish()
    }

    /// Writes and reads the benchmark document in `format` through the registry (the loss check
    /// included), checking that it comes back the same.
    static func measure(_ format: DocumentFormat, _ options: BenchOptions, _ report: BenchReport) throws {
        let size = options.quick ? 1_000_000 : 10_000_000
        let state = DocumentState(text: document(bytes: size, runs: size / 100))
        let megabytes = Double(state.text.utf8Count) / 1e6
        let repetitions = options.quick ? 3 : 5
        var written = ""
        let write = try Clock.median(repetitions) { written = try format.write(state, acceptingLoss: false).text }
        var back = DocumentState(text: AttributedText())
        let read = try Clock.median(repetitions) { back = try format.read(written, acceptingLoss: false).state }
        guard back.text == state.text else { throw BenchError("\(format.name) round trip of the benchmark document differs") }
        let name = "format \(format.name)"
        report.add("\(name) write, \(Int(megabytes.rounded())) MB, \(state.text.runs.count) runs", megabytes / (write / 1e9), "MB/s",
                   note: "target >= 50; median of \(repetitions)")
        report.add("\(name) read, same document", megabytes / (read / 1e9), "MB/s",
                   note: "target >= 20; \(written.utf8.count / 1_000_000) MB of \(format.name)")
        // The same in CPU time: on a shared machine other processes' load does not count.
        let writeCPU = cpuMedian(repetitions) { _ = try? format.write(state, acceptingLoss: false) }
        let readCPU = cpuMedian(repetitions) { _ = try? format.read(written, acceptingLoss: false) }
        report.add("\(name) write, CPU time", megabytes / (writeCPU / 1e9), "MB/s", note: "median of \(repetitions)")
        report.add("\(name) read, CPU time", megabytes / (readCPU / 1e9), "MB/s", note: "median of \(repetitions)")
    }

    /// Median process CPU time of `body`, in nanoseconds.
    static func cpuMedian(_ repetitions: Int, _ body: () -> Void) -> Double {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
        }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = now()
            body()
            samples.append(now() - start)
        }
        return samples.sorted()[samples.count / 2]
    }
}
