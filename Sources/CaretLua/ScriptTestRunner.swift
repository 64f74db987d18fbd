#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CaretCore
import CaretFormats
import CaretReplay

/// Runs one `*.test.lua` file for `caret test`: a fresh session whose `editor` shows `NAME.caret`
/// beside `NAME.test.lua` when that file exists (else an empty document), the test's directory
/// readable, a time limit (10 s unless `caret test --timeout` says otherwise). It passes when the
/// script ends without error, fails when a `caret.expect` did not hold, and is an error otherwise.
///
/// The beside-file is read as every markup file is (`DocumentFormat.markup`): its one final line
/// break ends the file, not the document, exactly as `caret run --doc` and `caret.open` read it.
public enum ScriptTestRunner {
    /// Wall-clock seconds a test script may run unless the caller says otherwise.
    public static let defaultTimeout = 10.0

    /// Runs the test script at `path` with a time limit of `timeout` seconds.
    public static func run(_ path: String, timeout: Double = defaultTimeout) -> TestOutcome {
        let source: String
        switch read(path) {
        case .success(let text): source = text
        case .failure(let failure): return failure.outcome
        }
        return run(source, path: path, timeout: timeout)
    }

    /// Runs `source` as the test script at `path` (its beside-file and directory as for `path`).
    static func run(_ source: String, path: String, timeout: Double) -> TestOutcome {
        let session: ScriptSession
        switch makeSession(path, timeout: timeout) {
        case .success(let made): session = made
        case .failure(let failure): return failure.outcome
        }
        do {
            try session.run(source, chunkName: path)
            // An expectation caught with pcall still fails the test.
            if let first = session.failedExpectations.first { return TestOutcome(.failed, "\(path): \(first)") }
            return .passed
        } catch {
            if let last = session.failedExpectations.last, error.message == last {
                return TestOutcome(.failed, error.description)
            }
            return TestOutcome(.error, error.description)
        }
    }

    /// `caret test --update` for one Lua test: runs it with expectations logged instead of raised,
    /// rewrites the literal of each failing one (`LuaSnapshotRewriter`), runs the rewritten source
    /// again to confirm, and only then hands it to `write` (which must replace the file
    /// atomically). The outcome passes with one note `path:line` per rewritten call; it fails when
    /// an expectation cannot be rewritten (each named `path:line: why`, the others still
    /// rewritten), when the rewritten file still fails, or when `write` throws; it is an error when
    /// the script itself fails.
    public static func update(_ path: String, timeout: Double = defaultTimeout,
                              write: (String, [UInt8]) throws -> Void) -> TestOutcome {
        let source: String
        switch read(path) {
        case .success(let text): source = text
        case .failure(let failure): return failure.outcome
        }
        let chunkSource = "@" + LuaRuntime.luaChunkName(path)
        let records: [ExpectationRecord]
        switch logged(source, path: path, timeout: timeout) {
        case .success(let log): records = log
        case .failure(let failure): return failure.outcome
        }
        guard records.contains(where: { $0.actual != nil }) else { return .passed }
        let result = LuaSnapshotRewriter.rewrite(Array(source.utf8), chunkSource: chunkSource, records: records)
        var problems = result.failures.map { "\(path):\($0.line): \($0.message)" }
        var notes: [String] = []
        if !result.rewrites.isEmpty {
            let newSource = String(decoding: result.source, as: UTF8.self)
            // Confirm: the rewritten file fails only where it could not be rewritten.
            let check: TestOutcome
            if result.failures.isEmpty {
                check = run(newSource, path: path, timeout: timeout)
            } else {
                switch logged(newSource, path: path, timeout: timeout) {
                case .success(let log):
                    // What could not be rewritten still fails; a rewritten call must not.
                    let still = log.first { record in record.actual != nil && result.rewrites.contains { $0.made(record) } }
                    check = still.map { TestOutcome(.failed, "\(path):\($0.line): \($0.failure ?? "an expectation fails")") } ?? .passed
                case .failure(let failure): check = failure.outcome
                }
            }
            if check.status == .passed {
                do {
                    try write(path, result.source)
                    notes = result.rewrites.map { "\(path):\($0.line)" }
                } catch {
                    problems.append("\(path): cannot write the rewritten test: \(error)")
                }
            } else {
                problems.append("\(path): not rewritten: the rewritten test still does not pass:\n" + check.message)
            }
        }
        // An expectation that cannot be rewritten is shown with its diff, as a failing test is.
        if !result.failures.isEmpty {
            let diffs = records.filter { record in record.actual != nil && result.failures.contains { $0.line == record.line } }
                .compactMap(\.failure)
            if let first = diffs.first { problems.append(first) }
        }
        var outcome = problems.isEmpty ? TestOutcome.passed : TestOutcome(.failed, problems.joined(separator: "\n"))
        outcome.notes = notes
        return outcome
    }

    /// Runs `source` with every expectation logged.
    static func logged(_ source: String, path: String, timeout: Double) -> Swift.Result<[ExpectationRecord], OutcomeError> {
        let session: ScriptSession
        switch makeSession(path, timeout: timeout) {
        case .success(let made): session = made
        case .failure(let failure): return .failure(failure)
        }
        session.expectationLog = []
        do { try session.run(source, chunkName: path) } catch {
            return .failure(OutcomeError(TestOutcome(.error, error.description)))
        }
        return .success(session.expectationLog ?? [])
    }

    /// The document `NAME.caret` beside `NAME.test.lua` holds, read as any markup file is (nil
    /// when there is none).
    /// - Throws: `OutcomeError` naming the file, the line and column when it is not markup or not UTF-8.
    static func besideDocument(_ path: String) throws(OutcomeError) -> DocumentState? {
        let documentPath = String(path.dropLast(TestRunner.luaExtension.count)) + ".caret"
        guard path.hasSuffix(TestRunner.luaExtension), let data = FileManager.default.contents(atPath: documentPath) else { return nil }
        guard let text = String(validUTF8: Array(data)) else {
            throw OutcomeError(TestOutcome(.error, "\(documentPath): is not valid UTF-8"))
        }
        do { return try DocumentFormat.markup.read(text, acceptingLoss: false).state } catch {
            throw OutcomeError(TestOutcome(.error, "\(documentPath):\(error)"))
        }
    }

    static func makeSession(_ path: String, timeout: Double) -> Swift.Result<ScriptSession, OutcomeError> {
        let directory = FileSystem.directory(of: path)
        let document: DocumentState
        do { document = try besideDocument(path) ?? DocumentState(text: AttributedText()) } catch {
            return .failure(error)
        }
        let options = LuaRuntimeOptions(timeout: timeout, readableRoots: [directory.isEmpty ? "." : directory])
        do { return .success(try ScriptSession(document: document, options: options, scriptName: path)) } catch {
            return .failure(OutcomeError(TestOutcome(.error, "\(path): \(error)")))
        }
    }

    static func read(_ path: String) -> Swift.Result<String, OutcomeError> {
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(OutcomeError(TestOutcome(.error, "\(path): cannot read"))) }
        guard let source = String(validUTF8: Array(data)) else { return .failure(OutcomeError(TestOutcome(.error, "\(path): is not valid UTF-8"))) }
        return .success(source)
    }

    /// An outcome that ends a test early, carried as an error.
    struct OutcomeError: Error {
        var outcome: TestOutcome
        init(_ outcome: TestOutcome) { self.outcome = outcome }
    }
}
