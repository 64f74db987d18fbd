import CaretCore
import CaretTesting
import XCTest

/// The same assertions from XCTest: failures reach `XCTFail` at the caller's line.
final class XCTestAssertionTests: XCTestCase {
    /// Failures this test case recorded instead of failing, for the tests that expect one.
    private var captured: [(message: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testAPassingReplayRecordsNothing() throws {
        let editor = assertReplay(traceText: recordedSession, endsWith: "Hello {bold:world 👋🏽}|")
        XCTAssertEqual(editor?.text.string, "Hello world 👋🏽")
    }

    func testAFailingCheckpointReachesXCTFailAtTheCallersLine() {
        capturing = true
        let line = #line + 1
        let editor = assertReplay(traceText: recordedSession.replacingFirst("{bold:world}", with: "world"), name: "session.caret-trace")
        capturing = false
        XCTAssertNil(editor)
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(captured.first?.message.contains("session.caret-trace:5:1: step 4: checkpoint does not match") ?? false)
    }

    func testAMarkupMismatchReachesXCTFail() throws {
        let editor = try Editor(marked: "a ^b|")
        capturing = true
        let matched = expectMarkup(editor, "a ^{bold:b}|")
        capturing = false
        XCTAssertFalse(matched)
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.message.contains("+a ^b|") ?? false)
    }
}
