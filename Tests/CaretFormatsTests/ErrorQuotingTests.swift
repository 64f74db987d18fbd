import CaretCore
import Testing
@testable import CaretFormats

/// Errors quote what was wrong, but a short prefix of it only: found by fuzzing (a markup key
/// and a trace's command name were echoed whole, thousands of bytes).
@Suite struct ErrorQuotingTests {
    @Test func markupQuotesLongKeysShort() {
        let long = String(repeating: "\u{FFFD}", count: 300)
        for markup in ["{" + long + ":x}", "{" + long + " :x}", "{\"" + long + "\"=1 \"" + long + "\"=2:x}"] {
            do {
                _ = try Markup.parse(markup)
                Issue.record("parsed \(markup.prefix(20))")
            } catch {
                #expect(error.message.utf8.count < 250, "\(error.message.utf8.count) bytes: \(error.message.prefix(80))")
                #expect(error.line == 1 && error.column >= 1)
            }
        }
    }

    @Test func unknownCommandNamesAreQuotedShort() {
        let name = "moveWor" + String(repeating: "b", count: 5000)
        do {
            _ = try EditorCommand(name: name, arguments: [:])
            Issue.record("accepted")
        } catch {
            #expect("\(error)".utf8.count < 150)
            #expect("\(error)".hasPrefix("unknown command 'moveWorbbb"))
        }
    }
}

/// Found by the editor fuzzer: describing a command whose range is wider than `Int.max`
/// trapped on `Range.count`; performing it is a clean error.
@Suite struct WideRangeCommandTests {
    @Test func wideRangesDescribeAndAreRefused() throws {
        for range in [-1..<Int.max, Int.min..<Int.max, Int.min..<0] {
            for command in [EditorCommand.replaceRange(range, with: "x"), .applySuggestion("w", range: range)] {
                #expect(!"\(command)".isEmpty)
                #expect(command.arguments["length"] == .int(Int.max) || range.upperBound &- range.lowerBound >= 0)
                let editor = try Editor(state: DocumentState(text: AttributedText("ab😀")))
                #expect(throws: EditorError.self) { try editor.perform(command) }
                #expect(editor.text.string == "ab😀")
            }
        }
    }
}
