import CaretCore
import CaretFormats
import Testing
@testable import CaretReplay

/// Numbers at the ends of `Int64` in every numeric place of a trace, an editing trace and a macro:
/// each is refused with an error that names it (or accepted when valid), never an overflow trap.
@Suite struct TraceNumberTests {
    static let numbers = ["0", "1", "-1", "3", "2147483647", "2147483648", "9007199254740992", "9223372036854774784",
                          "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1.5", "1e308", "-0"]

    static let header = #"{"caret-trace":1,"document":"ab|"}"#

    /// Reads and plays `line` after the header; the outcome as text (nil when it played).
    static func play(_ line: String) -> String? {
        do {
            let (_, failure) = try TraceReplay.play(Array((header + "\n" + line + "\n").utf8), file: "t", check: true)
            return failure.map { "\($0.headline)" }
        } catch {
            return "\(error)"
        }
    }

    @Test func everyNumericMemberOfAnEventIsChecked() {
        var templates = [
            #"{"edit":[A,B,"x"]}"#, #"{"edit":[A,B,""]}"#, #"{"select":[A,B]}"#, #"{"select":A}"#,
            #"{"undo":A}"#, #"{"redo":A}"#, #"{"wait":A}"#,
            #"{"command":"replaceRange","args":{"location":A,"length":B,"text":"x"}}"#,
            #"{"command":"applySuggestion","args":{"location":A,"length":B,"word":"x"}}"#,
            #"{"command":"setSelection","args":{"anchor":A,"head":B}}"#,
            #"{"command":"setFontSize","args":{"size":A}}"#,
        ]
        templates.append(#"{"check":{"text":"ab","runs":[{"length":A},{"length":B}]}}"#)
        for template in templates {
            for a in Self.numbers {
                for b in template.contains("B") ? Self.numbers : ["0"] {
                    let line = template.replacingOccurrences(of: "A", with: a).replacingOccurrences(of: "B", with: b)
                    guard let message = Self.play(line) else { continue }
                    // Refused with a located message, never a crash.
                    #expect(message.hasPrefix("t:2:"), "\(line): \(message)")
                }
            }
        }
    }

    @Test func theReportedReproducersGiveRangeErrors() {
        #expect(Self.play(#"{"command":"replaceRange","args":{"location":3000,"length":9223372036854774784,"text":"x"}}"#)?
            .contains("the range 3000..<3000+9223372036854774784 ends past the end of any document") == true)
        #expect(Self.play(#"{"command":"applySuggestion","args":{"location":1,"length":9223372036854775807,"word":"x"}}"#)?
            .contains("the range 1..<1+9223372036854775807 ends past the end of any document") == true)
        #expect(Self.play(#"{"undo":1000001}"#)?.contains("expected a count, a whole number in 1...1000000") == true)
    }

    /// `caret import editing-trace`: a position plus a delete count past Int.max is past the end.
    @Test func editingTracePatchesThatOverflowArePastTheEnd() throws {
        let huge = "9223372036854775807"
        for (start, patch, message) in [
            ("ab", "[1, \(huge), \"\"]", "txns[0].patches[0]: [1, \(huge)]: offset 1+\(huge) is past the end (length 2, Unicode scalars)"),
            ("ab", "[\(huge), 1, \"\"]", "txns[0].patches[0]: [\(huge), 1]: offset \(huge)+1 is past the end (length 2, Unicode scalars)"),
            ("ab", "[\(huge), 0, \"\"]", "txns[0].patches[0]: [\(huge), 0]: offset \(huge) is past the end (length 2, Unicode scalars)"),
            ("ab", "[3, 0, \"\"]", "txns[0].patches[0]: [3, 0]: offset 3 is past the end (length 2, Unicode scalars)"),
            // Non-BMP start: the converter keeps a document in step.
            ("a😀", "[1, \(huge), \"\"]", "txns[0].patches[0]: [1, \(huge)]: offset 1+\(huge) is past the end (length 2, Unicode scalars)"),
            ("a😀", "[\(huge), 1, \"\"]", "txns[0].patches[0]: [\(huge), 1]: offset \(huge)+1 is past the end (length 2, Unicode scalars)"),
        ] {
            let json = #"{"startContent":"\#(start)","endContent":"","txns":[{"time":"","patches":[\#(patch)]}]}"#
            do {
                _ = try EditingTraceImporter.convert(Array(json.utf8))
                Issue.record("\(patch) was accepted")
            } catch {
                #expect("\(error)" == message)
            }
        }
        for number in Self.numbers {
            let json = #"{"startContent":"ab","endContent":"","txns":[{"time":"","patches":[[\#(number), \#(number), ""]]}]}"#
            _ = try? EditingTraceImporter.convert(Array(json.utf8))
        }
    }

    @Test func macroPlaybackCountsAreBoundedAndCharged() throws {
        let editor = try Editor()
        let macros = MacroRecorder(editor: editor)
        macros.define(Macro(name: "m", events: [.text("!")]))
        for times in [-1, Int.min, MacroRecorder.repetitions.upperBound + 1, Int.max] {
            #expect(throws: MacroError.badArgument("a macro is played 0...1000000 times, not \(times)")) { try macros.play("m", times: times) }
        }
        var asked = 0
        editor.workLimit = WorkLimit(interval: 10) { units in
            asked += units
            return asked >= 1_000 ? "stop" : nil
        }
        #expect(throws: WorkLimit.Exceeded(reason: "stop")) { try macros.play("m", times: 1_000_000) }
        #expect((400...600).contains(editor.text.utf16Count))
        asked = 0
        macros.define(Macro(name: "u", events: [.undo(count: 1_000_000)]))
        #expect(throws: WorkLimit.Exceeded(reason: "stop")) { try macros.play("u") }
        asked = 0
        #expect(throws: WorkLimit.Exceeded(reason: "stop")) { try macros.play("m", at: Array(repeating: 0, count: 100_000)) }
    }
}
