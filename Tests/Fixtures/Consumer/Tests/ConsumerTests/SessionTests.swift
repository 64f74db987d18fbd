// An app's regression tests: a recorded session replayed with CaretTesting, from Swift Testing
// and from XCTest.
import CaretCore
import CaretTesting
import Testing
import XCTest

let session = """
    {"caret-trace":1,"document":"Draft|","seed":0}
    {"text":" one"}
    {"select":[0,5]}
    {"key":"cmd+b"}
    {"check":"{bold:Draft} one"}

    """

@Test func recordedSessionReplays() throws {
    let editor = try #require(assertReplay(traceText: session, endsWith: "{bold:Draft} one"))
    #expect(editor.text.string == "Draft one")
}

@Test func markedTextFixture() throws {
    let editor = try Editor(marked: "a ^b|")
    try editor.perform(.toggleTrait(.italic))
    expectMarkup(editor, "a {italic:b}")
}

final class SessionXCTests: XCTestCase {
    func testRecordedSessionReplays() {
        let editor = assertReplay(traceText: session)
        XCTAssertEqual(editor?.text.string, "Draft one")
    }
}
