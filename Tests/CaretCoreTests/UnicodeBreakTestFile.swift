import Foundation

/// One of the Unicode break conformance files (`WordBreakTest.txt`, `GraphemeBreakTest.txt`),
/// read at test time from Debian's `unicode-data` package.
struct UnicodeBreakTestFile {
    /// One test line: the scalars and the indices where the file marks a break (`÷`).
    struct Case {
        /// 1-based line number in the file.
        var line: Int
        var scalars: [Unicode.Scalar]
        var boundaries: [Int]
        /// The line's text before its comment, for failure messages.
        var source: String
    }

    /// A missing or malformed conformance file.
    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Where the UCD lives; `CARET_UNICODE_DATA` overrides Debian's location.
    static var directory: String {
        ProcessInfo.processInfo.environment["CARET_UNICODE_DATA"] ?? "/usr/share/unicode"
    }

    var path: String
    /// The version from the first line, such as `15.0.0`.
    var unicodeVersion: String
    var cases: [Case]

    /// Reads `auxiliary/<name>` under `directory`; throws naming the Debian package when absent.
    init(_ name: String) throws {
        path = Self.directory + "/auxiliary/" + name
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw LoadError(description: """
                cannot read \(path): install the Debian package `unicode-data` \
                (apt-get install unicode-data) or set CARET_UNICODE_DATA to a UCD directory
                """)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.first.map(String.init) ?? ""
        guard let dash = first.lastIndex(of: "-"), let dot = first.range(of: ".txt") else {
            throw LoadError(description: "\(path): no version in first line \(first)")
        }
        unicodeVersion = String(first[first.index(after: dash)..<dot.lowerBound])
        cases = []
        for (offset, line) in lines.enumerated() {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var boundaries: [Int] = []
            for token in tokens {
                switch token {
                case "÷": boundaries.append(scalars.count)
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw LoadError(description: "\(path):\(offset + 1): bad token \(token)")
                    }
                    scalars.append(scalar)
                }
            }
            cases.append(Case(
                line: offset + 1, scalars: scalars, boundaries: boundaries,
                source: body.trimmingCharacters(in: .whitespaces)))
        }
        guard !cases.isEmpty else { throw LoadError(description: "\(path): no test cases") }
    }
}
