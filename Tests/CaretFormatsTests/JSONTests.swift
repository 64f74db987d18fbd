import CaretCore
import Testing
@testable import CaretFormats

@Suite struct JSONParsingTests {
    @Test func parsesEveryKind() throws {
        let v = try JSONValue.parse(#" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d"}, "a2": ""} "#)
        let expected: JSONValue = .object([
            "a": .array([.integer(1), .integer(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null]),
            "b": .object(["c": .string("d")]),
            "a2": .string(""),
        ])
        #expect(v == expected)
        #expect(v["b"]?["c"]?.stringValue == "d")
        #expect(v.objectValue?.keys == ["a", "b", "a2"])
    }

    @Test func keepsSourceOrderOfKeys() throws {
        let v = try JSONValue.parse(#"{"z":1,"a":2,"m":3}"#)
        #expect(v.objectValue?.keys == ["z", "a", "m"])
        #expect(v.serialized() == #"{"z":1,"a":2,"m":3}"#)
    }

    @Test func integersStayExact() throws {
        #expect(try JSONValue.parse("9223372036854775807") == .integer(Int64.max))
        #expect(try JSONValue.parse("-9223372036854775808") == .integer(Int64.min))
        #expect(try JSONValue.parse("9223372036854775808") == .double(9223372036854775808))
        #expect(try JSONValue.parse("9007199254740993") == .integer(9007199254740993))
        #expect(try JSONValue.parse("-0") == .integer(0))
        #expect(try JSONValue.parse("1.0") == .double(1))
        #expect(try JSONValue.parse("0.1") == .double(0.1))
        #expect(try JSONValue.parse("-1.5E-2") == .double(-0.015))
    }

    @Test func decodesEscapes() throws {
        #expect(try JSONValue.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try JSONValue.parse(#""\u00e9\u4E2D""#) == .string("é中"))
        #expect(try JSONValue.parse(#""\ud83d\ude00!""#) == .string("😀!"))
        #expect(try JSONValue.parse(#""x😀é""#) == .string("x😀é"))
        #expect(try JSONValue.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func parsesJSONLines() throws {
        let values = try JSONValue.parseLines("{\"a\":1}\n\n[2] \r\n\"x\"")
        #expect(values == [.object(["a": .integer(1)]), .array([.integer(2)]), .string("x")])
    }

    @Test func numbersJSONLines() throws {
        var text = "{\"a\":1}\n\n  [2,\n3]\r\n\"x\"\n\n"
        var seen: [Int] = []
        try text.withUTF8 { buffer in try JSONValue.parseNumberedLines(buffer) { line, _ in seen.append(line) } }
        #expect(seen == [1, 3, 5])
    }

    @Test func reportsJSONLinesErrorsWithTheirFileLine() {
        do {
            _ = try JSONValue.parseLines("{\"a\":1}\n{\"a\":2} 3\n")
            Issue.record("expected an error")
        } catch let e as JSONError {
            #expect(e.description == "2:9: expected the end of the line after the value")
        } catch { Issue.record("\(error)") }
    }
}

@Suite struct JSONErrorTests {
    func error(_ text: String) -> String {
        do {
            _ = try JSONValue.parse(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func reportsLineAndColumn() {
        #expect(error("{\"a\": 1,\n  \"b\" 2}") == "2:7: expected ':' after a member name")
        #expect(error("[1, 2") == "1:6: expected ',' or ']' after an array element, found the end of the input")
        #expect(error("[1 2]") == "1:4: expected ',' or ']' after an array element")
        #expect(error("{\"a\":1 \"b\":2}") == "1:8: expected ',' or '}' after an object member")
        #expect(error("{1:2}") == "1:2: expected a member name in double quotes")
        #expect(error("") == "1:1: expected a value, found the end of the input")
        #expect(error("1 2") == "1:3: expected the end of the input after the value")
        #expect(error("\"é\" x") == "1:5: expected the end of the input after the value")
    }

    @Test func rejectsBadLiteralsAndNumbers() {
        #expect(error("tru") == "1:1: expected a value (object, array, string, number, true, false or null)")
        #expect(error("nullx") == "1:1: expected a value (object, array, string, number, true, false or null)")
        #expect(error("01") == "1:2: expected '.', 'e' or the end of the number after a leading 0")
        #expect(error("1.") == "1:3: expected a digit after the decimal point")
        #expect(error("1e") == "1:3: expected a digit in the exponent")
        #expect(error("-") == "1:2: expected a digit in the number")
        #expect(error("+1") == "1:1: expected a value (object, array, string, number, true, false or null)")
        #expect(error("1e999") == "1:1: expected a number within the range of a double")
    }

    @Test func rejectsBadStrings() {
        #expect(error("\"abc") == "1:1: expected '\"' to close the string")
        #expect(error("\"a\\qb\"") == "1:3: expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
        #expect(error("\"a\nb\"") == "1:3: expected '\"' or a character; control characters in strings must be escaped")
        #expect(error("\"\\u12\"") == "1:6: expected four hex digits after \\u")
        #expect(error("\"\\ud83d\"") == "1:2: expected a low surrogate escape after the high surrogate \\uD83D")
        #expect(error("\"\\ud83d\\u0041\"") == "1:8: expected a low surrogate escape after the high surrogate \\uD83D")
        #expect(error("\"\\ude00\"") == "1:2: expected a high surrogate before the low surrogate escape \\uDE00")
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        #expect(error(deep) == "1:513: nesting deeper than 512 levels")
    }
}

@Suite struct JSONPrintingTests {
    @Test func printsCompactly() {
        let v: JSONValue = .object(["b": .array([.integer(1), .double(2.5), .null]), "a": .bool(true), "s": .string("q\"\\\n\u{1}é😀/")])
        #expect(v.serialized() == #"{"b":[1,2.5,null],"a":true,"s":"q\"\\\n\u0001é😀/"}"#)
    }

    @Test func printsNumbersDeterministically() {
        #expect(JSONValue.integer(-42).serialized() == "-42")
        #expect(JSONValue.double(0.1).serialized() == "0.1")
        #expect(JSONValue.double(5).serialized() == "5.0")
        #expect(JSONValue.double(1e-5).serialized() == "1e-05")
        #expect(JSONValue.double(.infinity).serialized() == "null")
        #expect(JSONValue.number(14) == .integer(14))
        #expect(JSONValue.number(12.5) == .double(12.5))
    }

    @Test func roundTripsRandomValues() throws {
        var rng = SeededRandom.fromEnvironment(label: "JSON round trip")
        for _ in 0..<300 {
            let v = randomJSON(&rng, depth: 0)
            let text = v.serialized()
            let back = try JSONValue.parse(text)
            #expect(back == v, "\(text)")
            #expect(back.serialized() == text)
        }
    }

    func randomJSON(_ rng: inout SeededRandom, depth: Int) -> JSONValue {
        switch rng.int(in: 0..<(depth > 3 ? 5 : 7)) {
        case 0: return .null
        case 1: return .bool(rng.bool())
        case 2: return .integer(rng.int64(in: Int64.min...Int64.max) >> rng.int64(in: 0...62))
        case 3:
            let d = Double(bitPattern: rng.uint64(in: 0...UInt64.max))
            return .double(d.isFinite ? d : rng.double(in: -1e6...1e6))
        case 4: return .string(randomString(&rng))
        case 5: return .array((0..<rng.int(in: 0..<5)).map { _ in randomJSON(&rng, depth: depth + 1) })
        default:
            var o = JSONObject()
            for _ in 0..<rng.int(in: 0..<5) { o.append(randomString(&rng), randomJSON(&rng, depth: depth + 1)) }
            return .object(o)
        }
    }

    func randomString(_ rng: inout SeededRandom) -> String {
        let pieces = ["a", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "😀", "𝔸", "\u{2028}", " ", "{", "}"]
        return (0..<rng.int(in: 0..<6)).map { _ in rng.element(of: pieces)! }.joined()
    }
}

@Suite struct JSONLiteralTests {
    @Test func literalsBuildValues() throws {
        let v: JSONValue = ["text": "a", "n": [1, 2.5, true, nil], "o": [:]]
        #expect(v.serialized() == #"{"text":"a","n":[1,2.5,true,null],"o":{}}"#)
        #expect(try JSONValue.parse(v.serialized()) == v)
        #expect(v["n"]?.arrayValue?[0].integerValue == 1)
        #expect(JSONValue.double(3).integerValue == 3)
        #expect(JSONValue.double(3.5).integerValue == nil)
    }
}
