import CaretReplay

/// The summary line, TAP and JUnit XML of a `caret test` run. Deterministic: no times, files in
/// sorted order.
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

    /// JUnit XML: one test suite, one test case per file; failures and errors with their messages.
    static func junit(_ results: [TestRunner.Result]) -> String {
        let failures = results.filter { $0.outcome.status == .failed }.count
        let errors = results.filter { $0.outcome.status == .error }.count
        let skipped = results.filter { $0.outcome.status == .skipped }.count
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<testsuites \(counts)>", "  <testsuite name=\"caret test\" \(counts)>"]
        for result in results {
            let classname = result.path.hasSuffix(TestRunner.luaExtension) ? "lua" : "trace"
            let open = "    <testcase name=\"\(escape(result.path))\" classname=\"caret.\(classname)\""
            let message = result.outcome.message
            let first = String(message.split(separator: "\n").first ?? "")
            switch result.outcome.status {
            case .passed: lines.append(open + "/>")
            case .skipped: lines += [open + ">", "      <skipped message=\"\(escape(message))\"/>", "    </testcase>"]
            case .failed, .error:
                let tag = result.outcome.status == .failed ? "failure" : "error"
                lines += [open + ">", "      <\(tag) message=\"\(escape(first))\">\(escape(message))</\(tag)>", "    </testcase>"]
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
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
