import CaretCore
import Testing
@testable import CaretFormats

/// Random inputs that are mostly invalid: the parsers must throw located errors, never trap, and
/// whatever they accept must print and parse back to the same value.
@Suite struct FuzzTests {
    static let markupAlphabet: [String] = [
        "a", " ", "{", "}", "|", "^", "\\", "<", ">", ":", "=", "\"", "#", "\n", "b", "bold", "i", "x",
        "fontSize", "=14", "=#ff0000", "u{41}", "u{", "😀", "-", ".", "true", "\"k\"", "link=\"l\"",
    ]

    @Test func markupParserNeverTraps() throws {
        var rng = SeededRandom.fromEnvironment(label: "markup fuzz")
        var accepted = 0
        for _ in 0..<5000 {
            let input = (0..<rng.int(in: 0..<14)).map { _ in rng.element(of: FuzzTests.markupAlphabet)! }.joined()
            let state: DocumentState
            do {
                state = try Markup.parse(input)
            } catch {
                #expect(error.line >= 1 && error.column >= 1)
                continue
            }
            accepted += 1
            let printed = Markup.print(state)
            #expect(try Markup.parse(printed) == state, "seed \(rng.seed): \(input.debugDescription) printed \(printed.debugDescription)")
        }
        #expect(accepted > 100)
    }

    @Test func jsonParserNeverTraps() throws {
        var rng = SeededRandom.fromEnvironment(label: "JSON fuzz")
        let seeds: [[UInt8]] = [
            Array(#"{"a":[1,-2.5e3,true,false,null,"x\u00e9\ud83d\ude00\n"],"b":{}}"#.utf8),
            Array(#"[0,{"":""},[[]],"\\\"",1E+2]"#.utf8),
        ]
        let noise: [UInt8] = Array(#"{}[]":,\u0123456789.eE+-tfnrl "#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF, 0xF0, 0x9F]
        var accepted = 0
        for _ in 0..<5000 {
            var bytes = rng.element(of: seeds)!
            for _ in 0..<rng.int(in: 1...3) {
                let i = rng.int(in: 0..<bytes.count)
                switch rng.int(in: 0..<3) {
                case 0: bytes[i] = rng.element(of: noise)!
                case 1: bytes.insert(rng.element(of: noise)!, at: i)
                default: if bytes.count > 1 { bytes.remove(at: i) }
                }
            }
            let value: JSONValue
            do {
                value = try JSONValue.parse(bytes)
            } catch {
                #expect(error.line >= 1 && error.column >= 1)
                continue
            }
            accepted += 1
            #expect(try JSONValue.parse(value.serialized()) == value, "seed \(rng.seed): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(accepted > 50)
    }
}
