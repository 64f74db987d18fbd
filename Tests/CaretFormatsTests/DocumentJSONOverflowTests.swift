import CaretCore
import Foundation
import Testing
@testable import CaretFormats

/// Numbers at the ends of `Int64` (and past them) wherever document JSON and markup carry one:
/// run lengths, selection ends, attribute values, escapes. Each is refused with an error that
/// names the path and the value (or accepted when valid), never an overflow trap.
@Suite struct DocumentJSONOverflowTests {
    static let numbers = ["0", "1", "-1", "2", "3", "2147483648", "9007199254740992", "9223372036854774784",
                          "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1.5", "1e308", "-1e308", "-0"]

    static func decode(_ json: String) -> String? {
        do {
            _ = try DocumentJSON.decode(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func runLengthsThatAddUpPastIntMaxAreRefused() {
        #expect(Self.decode(#"{"text":"ab","runs":[{"length":1},{"length":9223372036854775807}]}"#)
                == "runs[1].length: expected the runs to end with the text at 2 UTF-16 units, this one ends at 1+9223372036854775807")
        #expect(Self.decode(#"{"text":"ab","runs":[{"length":9223372036854775807},{"length":1}]}"#)
                == "runs[0].length: expected the runs to end with the text at 2 UTF-16 units, this one ends at 9223372036854775807")
        #expect(Self.decode(#"{"text":"ab","runs":[{"length":1},{"length":2}]}"#)
                == "runs[1].length: expected the runs to end with the text at 2 UTF-16 units, this one ends at 3")
    }

    @Test func everyNumberInEveryNumericPlace() {
        let templates = [
            #"{"text":"a😀b","runs":[{"length":A},{"length":B}]}"#,
            #"{"text":"a😀b","runs":[{"length":1},{"length":A},{"length":B}]}"#,
            #"{"text":"a😀b","selection":{"anchor":A,"head":B}}"#,
            #"{"text":"a😀b","runs":[{"length":4,"attributes":{"fontSize":A,"x":B}}]}"#,
            #"{"text":"a😀b","typingAttributes":{"fontSize":A}}"#,
        ]
        for template in templates {
            for a in Self.numbers {
                for b in Self.numbers {
                    let json = template.replacingOccurrences(of: "A", with: a).replacingOccurrences(of: "B", with: b)
                    guard let message = Self.decode(json) else { continue }
                    #expect(!message.isEmpty, "\(json)")
                }
            }
        }
    }

    @Test func markupNumbersAndEscapesAreChecked() {
        for value in Self.numbers + ["inf", "-inf", "nan", "1e999", "99999999999999999999999"] {
            for key in ["fontSize", "x"] {
                _ = try? Markup.parse("{\(key)=\(value):a}|")
                _ = try? Markup.parse("<\(key)=\(value)>|")
            }
        }
        for escape in ["FFFFFFFFFFFFFFFFFFFF", "110000", "10FFFF", "D800", "0", "7FFFFFFF", "FFFFFFFF"] {
            _ = try? Markup.parse("\\u{\(escape)}|")
            _ = try? Markup.parse("{x=\"\\u{\(escape)}\":a}|")
        }
        #expect(throws: MarkupError.self) { try Markup.parse("{fontSize=1e999:a}|") }
    }
}

/// Found by the trace fuzzer's last round: an unknown key inside a document's runs was echoed whole
/// in the error's path.
@Suite struct DocumentJSONKeyQuotingTests {
    @Test func aLongUnknownKeyIsQuotedShort() {
        let key = "length" + String(repeating: "é👍T", count: 1000)
        do {
            _ = try DocumentJSON.decode("{\"text\":\"a\",\"runs\":[{\"" + key + "\":1}]}")
            Issue.record("accepted")
        } catch {
            let message = "\(error)"
            #expect(message.utf8.count < 300, "\(message.utf8.count) bytes")
            #expect(message.contains("runs[0]"))
        }
    }
}
