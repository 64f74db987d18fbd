import Foundation

/// The peers the suggestion suite compares with, run as subprocesses: `hunspell -a` with Debian's
/// `hunspell-en-us`, and symspellpy through `scripts/bench-suggestions-peers.py`. Each returns, per
/// query, its first five suggestions (nil when the peer is not installed, after printing a note).
enum SuggestionBenchPeers {
    /// Where `scripts/setup-bench-peers.sh` installs the Python peers (and codespell's list).
    static var directory: String {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["CARET_PEERS"], !dir.isEmpty { return dir }
        let cache = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        return cache + "/caret/peers"
    }

    static func note(_ text: String) {
        print("  note: \(text)")
    }

    /// Runs `executable` with `arguments`, feeding `input` on stdin; returns stdout, or nil (with a
    /// note) when it cannot start or fails.
    static func run(_ executable: String, _ arguments: [String], input: String,
                    environment: [String: String]? = nil) -> String? {
        let inputPath = NSTemporaryDirectory() + "caret-bench-peer-\(getpid()).txt"
        guard FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8)) else {
            note("cannot write \(inputPath)")
            return nil
        }
        defer { unlink(inputPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        guard let stdin = FileHandle(forReadingAtPath: inputPath) else { return nil }
        process.standardInput = stdin
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            note("cannot run \(executable): \(error)")
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            note("\(executable) exited with status \(process.terminationStatus)")
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `hunspell -a -d en_US` on `words`: the first five suggestions per word (empty when hunspell
    /// accepts the word or has none).
    static func hunspell(_ words: [String]) -> [[String]]? {
        let executable = "/usr/bin/hunspell"
        guard FileManager.default.isExecutableFile(atPath: executable),
              FileManager.default.fileExists(atPath: "/usr/share/hunspell/en_US.dic") else {
            note("hunspell or hunspell-en-us not installed (apt-get install hunspell hunspell-en-us); skipped")
            return nil
        }
        // `^` makes hunspell read each line as text, never as a command.
        let input = words.map { "^" + $0 }.joined(separator: "\n") + "\n"
        guard let output = run(executable, ["-a", "-d", "en_US"], input: input) else { return nil }
        var results: [[String]] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true).dropFirst() {
            if line.hasPrefix("&") {
                let list = line.split(separator: ":", maxSplits: 1).last ?? ""
                results.append(list.split(separator: ",").prefix(5).map { $0.trimmingCharacters(in: .whitespaces) })
            } else {
                results.append([])
            }
        }
        guard results.count == words.count else {
            note("hunspell gave \(results.count) answers for \(words.count) words; skipped")
            return nil
        }
        return results
    }

    /// symspellpy's answers and timings for `words`.
    struct SymSpellResult {
        var suggestions: [[String]]
        /// Fastest-of-runs nanoseconds per query, `Verbosity.ALL` (all within distance 2, as Caret).
        var allNanoseconds: [Int]
        /// The same for `Verbosity.CLOSEST` (only the smallest distance found).
        var closestNanoseconds: [Int]
        var words: Int
        var loadMilliseconds: Int
    }

    /// symspellpy on `words` through scripts/bench-suggestions-peers.py.
    static func symspell(_ words: [String], repetitions: Int) -> SymSpellResult? {
        let script = scriptPath("bench-suggestions-peers.py")
        guard FileManager.default.fileExists(atPath: directory + "/symspellpy/symspellpy.py") else {
            note("symspellpy not installed in \(directory) (run scripts/setup-bench-peers.sh); skipped")
            return nil
        }
        guard let script else {
            note("scripts/bench-suggestions-peers.py not found (run caret-bench from the repository); symspellpy skipped")
            return nil
        }
        guard let output = run("/usr/bin/env", ["python3", script, "--repetitions", String(repetitions)],
                               input: words.joined(separator: "\n") + "\n",
                               environment: ["PYTHONPATH": directory]) else { return nil }
        var result = SymSpellResult(suggestions: [], allNanoseconds: [], closestNanoseconds: [], words: 0,
                                    loadMilliseconds: 0)
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("#") {
                let fields = line.split(separator: " ")
                if fields.count >= 5 {
                    result.words = Int(fields[2]) ?? 0
                    result.loadMilliseconds = Int(fields[4]) ?? 0
                }
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, let all = Int(fields[0]), let closest = Int(fields[1]) else { continue }
            result.allNanoseconds.append(all)
            result.closestNanoseconds.append(closest)
            result.suggestions.append(Array(fields.dropFirst(2)))
        }
        guard result.suggestions.count == words.count else {
            note("symspellpy gave \(result.suggestions.count) answers for \(words.count) words; skipped")
            return nil
        }
        return result
    }

    /// `scripts/NAME` in the current directory or above it (caret-bench runs from the repository).
    static func scriptPath(_ name: String) -> String? {
        var directory = FileManager.default.currentDirectoryPath
        for _ in 0..<4 {
            let path = directory + "/scripts/" + name
            if FileManager.default.fileExists(atPath: path) { return path }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return nil
    }
}
