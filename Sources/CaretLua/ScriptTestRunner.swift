import CaretCore
import CaretFormats
import CaretReplay
import Foundation

/// Runs one `*.test.lua` file for `caret test`: a fresh session whose `editor` shows `NAME.caret`
/// beside `NAME.test.lua` when that file exists (else an empty document), the test's directory
/// readable, a 10-second time limit. It passes when the script ends without error, fails when
/// a `caret.expect` did not hold, and is an error otherwise.
public enum ScriptTestRunner {
    /// Wall-clock seconds a test script may run.
    public static let timeout = 10.0

    /// Runs the test script at `path`.
    public static func run(_ path: String) -> TestOutcome {
        guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8) else {
            return TestOutcome(.error, "\(path): cannot read")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let documentPath = String(path.dropLast(".test.lua".count)) + ".caret"
        var document = DocumentState(text: AttributedText())
        if let bytes = FileManager.default.contents(atPath: documentPath) {
            do { document = try Markup.parse(String(decoding: bytes, as: UTF8.self)) } catch {
                return TestOutcome(.error, "\(documentPath):\(error)")
            }
        }
        let options = LuaRuntimeOptions(timeout: timeout, readableRoots: [directory.isEmpty ? "." : directory])
        let session: ScriptSession
        do { session = try ScriptSession(document: document, options: options, scriptName: path) } catch {
            return TestOutcome(.error, "\(path): \(error)")
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
}
