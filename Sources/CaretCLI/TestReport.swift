#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretReplay

/// The summary line, TAP and JUnit XML of a `caret test` run, files in sorted order. Only the
/// JUnit report has times (the caller passes them in, so it is deterministic given them).
enum TestReport {
    /// Counts and the closing line `N passed, N failed` (`, N skipped` only when some were).
    static func summary(_ results: [TestRunner.Result]) -> (line: String, failed: Int) {
        let passed = results.filter { $0.outcome.status == .passed }.count
        let skipped = results.filter { $0.outcome.status == .skipped }.count
        let failed = results.count - passed - skipped
        return ("\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""), failed)
    }

    /// TAP version 13: a plan, one `ok`/`not ok` line per file, messages as `#` comments.
    static func tap(_ results: [TestRunner.Result]) -> String {
        var lines = ["TAP version 13", "1..\(results.count)"]
        for (index, result) in results.enumerated() {
            let name = tapName(result.path)
            switch result.outcome.status {
            case .passed: lines.append("ok \(index + 1) - \(name)")
            case .skipped: lines.append("ok \(index + 1) - \(name) # SKIP \(tapName(result.outcome.message))")
            case .failed, .error:
                lines.append("not ok \(index + 1) - \(name)")
                for line in result.outcome.message.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("# " + line) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` fit for a TAP test line: `#` (which starts a directive such as `# SKIP`) and `\`
    /// escaped with a backslash as TAP 13 asks, line breaks as spaces.
    static func tapName(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#": out += "\\#"
            case "\\": out += "\\\\"
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JUnit XML as Jenkins, GitLab and the other CI servers read it (Tests/Fixtures/junit.xsd):
    /// one `<testsuite>` per directory, in the order of the files, whose test cases are its files
    /// (`classname` the directory with `.` for `/`, `(root)` for none; `name` the file name; `file`
    /// its path as found, which GitLab links), each with its `time` in seconds; a failure or error carries its first line as `message`, the
    /// whole report as its text and again in `<system-out>`, which also lists what `--update`
    /// rewrote. `timestamp` (UTC, `yyyy-MM-ddTHH:mm:ss`) is when the run began and `seconds` its
    /// wall time.
    static func junit(_ results: [TestRunner.Result], timestamp: String, seconds: Double) -> String {
        var groups: [String: [TestRunner.Result]] = [:]
        var order: [String] = []
        for result in results {
            let name = classname(result.path)
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(result)
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"caret test\" \(counts(results)) time=\"\(time(seconds))\" timestamp=\"\(timestamp)\">"]
        for (index, name) in order.enumerated() {
            let cases = groups[name]!
            let total = cases.reduce(0) { $0 + $1.seconds }
            lines.append("  <testsuite name=\"\(escape(name))\" id=\"\(index)\" \(counts(cases)) time=\"\(time(total))\" timestamp=\"\(timestamp)\">")
            for result in cases {
                let open = "    <testcase name=\"\(escape(fileName(result.path)))\" classname=\"\(escape(name))\" time=\"\(time(result.seconds))\" "
                    + "file=\"\(escape(result.path))\""
                let message = result.outcome.message
                var body: [String] = []
                switch result.outcome.status {
                case .passed: break
                case .skipped: body.append("      <skipped message=\"\(escape(message))\"/>")
                case .failed, .error:
                    let tag = result.outcome.status == .failed ? "failure" : "error"
                    let first = String(message.split(separator: "\n").first ?? "")
                    let type = result.outcome.status == .failed ? "check failed" : "error"
                    body.append("      <\(tag) message=\"\(escape(first))\" type=\"\(type)\">\(escape(message))</\(tag)>")
                }
                var out = result.outcome.notes.map { "updated " + $0 }
                if result.outcome.status == .failed || result.outcome.status == .error { out.append(message) }
                if !out.isEmpty { body.append("      <system-out>\(escape(out.joined(separator: "\n")))</system-out>") }
                lines += body.isEmpty ? [open + "/>"] : [open + ">"] + body + ["    </testcase>"]
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `tests`, `failures`, `errors` and `skipped` of `results` as XML attributes.
    static func counts(_ results: [TestRunner.Result]) -> String {
        let failures = results.filter { $0.outcome.status == .failed }.count
        let errors = results.filter { $0.outcome.status == .error }.count
        let skipped = results.filter { $0.outcome.status == .skipped }.count
        return "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    /// The JUnit class of a test file: its directory with `.` for `/` (`examples/tests` →
    /// `examples.tests`), without a leading `./` or `/`; `(root)` for a file with no directory.
    static func classname(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "(root)" }
        var directory = Substring(path[..<slash])
        while directory.hasPrefix("./") { directory = directory.dropFirst(2) }
        while directory.hasPrefix("/") { directory = directory.dropFirst() }
        if directory.isEmpty || directory == "." { return "(root)" }
        return directory.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: ".")
    }

    /// The last component of `path`.
    static func fileName(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Seconds with three decimals (`0.012`), never negative.
    static func time(_ seconds: Double) -> String {
        let millis = Int((max(0, seconds.isFinite ? seconds : 0) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `date` in UTC as JUnit's `timestamp` writes it: `2026-12-01T15:04:05` (no zone).
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// Text safe in XML attributes and content; control characters XML 1.0 cannot hold become `?`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { out += "?" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
