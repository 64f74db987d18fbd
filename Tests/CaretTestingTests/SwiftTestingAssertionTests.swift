import CaretCore
import CaretTesting
import Testing

/// A session as an app records it: typing, a selection, a bold toggle, and checkpoints.
let recordedSession = """
    {"caret-trace":1,"document":"Hello |","seed":0}
    {"text":"world"}
    {"select":[6,11]}
    {"key":"cmd+b"}
    {"check":"Hello {bold:world}"}
    {"key":"right"}
    {"text":" 👋🏽"}
    {"check":"Hello {bold:world 👋🏽}|"}

    """

@Suite struct SwiftTestingAssertionTests {
    @Test func aPassingReplayReturnsTheEditorWhereTheTraceLeftIt() throws {
        let editor = try #require(assertReplay(traceText: recordedSession, endsWith: "Hello {bold:world 👋🏽}|"))
        // "Hello world " is 12 UTF-16 units; the wave and its skin-tone modifier are 2 each.
        #expect(editor.selection == Selection(caret: 16))
    }

    @Test func aFailingCheckpointIsRecordedAsAnIssueWithItsDiff() {
        let broken = recordedSession.replacingFirst("{bold:world}", with: "{italic:world}")
        withKnownIssue {
            #expect(assertReplay(traceText: broken, name: "session.caret-trace") == nil)
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("session.caret-trace:5:1: step 4: checkpoint does not match")
                && text.contains("-Hello {italic:world}") && text.contains("+Hello {bold:world}")
                && issue.sourceLocation?.fileName == "SwiftTestingAssertionTests.swift"
        }
    }

    @Test func aTraceThatDoesNotParseIsReportedWithItsLocation() {
        withKnownIssue {
            #expect(assertReplay(traceText: "{\"caret-trace\":1,\"document\":\"\"}\n{\"text\":}\n", name: "bad.caret-trace") == nil)
        } matching: { issue in
            String(describing: issue).contains("bad.caret-trace:2:")
        }
    }

    @Test func aMissingTraceFileIsReported() {
        withKnownIssue {
            #expect(assertReplay(trace: "/nonexistent/session.caret-trace") == nil)
        } matching: { issue in
            String(describing: issue).contains("/nonexistent/session.caret-trace: cannot read")
        }
    }

    @Test func markedTextMakesAnEditorWithItsSelection() throws {
        let editor = try Editor(marked: "naïve ^{italic:café}| 🇫🇷")
        #expect(editor.selection == Selection(anchor: 6, head: 10))
        try editor.perform(.toggleTrait(.bold))
        // Without a marker only the text and attributes count, spelled in any order.
        #expect(expectMarkup(editor, "naïve {italic bold:café} 🇫🇷"))
        try editor.perform(.move(.right, extend: false))
        #expect(expectMarkup(editor, "naïve {bold italic:café}| 🇫🇷"))
    }

    @Test func aMarkupMismatchIsRecordedWithBothSides() throws {
        let editor = try Editor(marked: "plain|")
        withKnownIssue {
            #expect(!expectMarkup(editor, "{bold:plain}|"))
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("-{bold:plain}|") && text.contains("+plain|")
        }
    }

    @Test func expectedMarkupThatDoesNotParseIsReported() throws {
        let editor = try Editor(marked: "x|")
        withKnownIssue {
            #expect(!expectMarkup(editor, "{bold:x"))
        } matching: { issue in
            String(describing: issue).contains("expected markup does not parse: 1:")
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
