import CaretCore
import Testing
@testable import CaretFormats

@Suite struct RTFErrorTests {
    /// The error reading `rtf`, as `offset line:column message`.
    func failure(_ rtf: String) -> String {
        do {
            _ = try RTF.parse(rtf)
            return "no error"
        } catch let error as RTFError {
            return "\(error.byteOffset) \(error.line):\(error.column) \(error.message)"
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func missingHeader() {
        #expect(failure("") == #"0 1:1 not RTF: the text does not start with {\rtf"#)
        #expect(failure("  hello") == #"2 1:3 not RTF: the text does not start with {\rtf"#)
        #expect(failure(#"{\rtd1 x}"#) == #"0 1:1 not RTF: the text does not start with {\rtf"#)
    }

    @Test func unbalancedAndTruncated() {
        #expect(failure(#"{\rtf1 {\b x}"#) == "13 1:14 truncated: 1 group still open at the end")
        #expect(failure("{\\rtf1 {\\b x\n{") == "14 2:2 truncated: 3 groups still open at the end")
        #expect(failure(#"{\rtf1 x}}"#) == "9 1:10 text after the document's closing brace")
        #expect(failure(#"{\rtf1 x}  "#) == "no error")
        #expect(failure(#"{\rtf1 x\"#) == #"8 1:9 truncated: a backslash at the end of the text"#)
        #expect(failure(#"{\rtf1{\*\foo {x}"#) == "17 1:18 truncated: 2 groups still open at the end")
        #expect(failure(#"{\rtf1 \bin9 ab}"#) == #"13 1:14 truncated: \bin9 runs past the end"#)
    }

    @Test func badHex() {
        #expect(failure(#"{\rtf1 a\'4g}"#) == #"8 1:9 bad hex escape: \' must be followed by two hex digits"#)
        #expect(failure(#"{\rtf1 é\'zz}"#) == #"9 1:9 bad hex escape: \' must be followed by two hex digits"#)
        #expect(failure(#"{\rtf1 a\'4"#) == #"8 1:9 truncated: \' needs two hex digits"#)
        #expect(failure(#"{\rtf1{\*\foo \'q1}}"#) == #"14 1:15 bad hex escape: \' must be followed by two hex digits"#)
    }

    @Test func parameterOutOfRange() {
        #expect(failure(#"{\rtf1 \"# + String(repeating: "a", count: 33) + "}") == #"7 1:8 control word longer than 32 letters"#)
        #expect(failure(#"{\rtf1 \fs99999999999 x}"#) == #"7 1:8 the parameter of \fs is out of range"#)
    }

    @Test func deepNestingIsAnErrorNotACost() {
        let deep = #"{\rtf1 "# + String(repeating: "{", count: 5000) + String(repeating: "}", count: 5001)
        // Level 1001 (the document group is level 1) is refused.
        #expect(failure(deep) == "1006 1:1007 groups nested deeper than 1000")
        let skipped = #"{\rtf1{\*\foo "# + String(repeating: "{", count: 5000)
        #expect(failure(skipped) == "1012 1:1013 groups nested deeper than 1000")
        let fine = #"{\rtf1 "# + String(repeating: "{", count: 999) + "x" + String(repeating: "}", count: 1000)
        #expect(failure(fine) == "no error")
    }

    @Test func errorsAreLocatedFormatErrors() throws {
        do {
            _ = try RTF.parse("{\\rtf1\n  }x")
            Issue.record("no error")
        } catch let error as LocatedFormatError {
            #expect(error.line == 2 && error.column == 4)
            #expect("\(error)" == "2:4: text after the document's closing brace (byte 10)")
        }
    }
}

@Suite struct RTFFuzzTests {
    /// Mutated RTF (bytes deleted, duplicated, replaced by RTF's special characters) is read or
    /// refused with an `RTFError`, never a crash or another error.
    @Test func mutatedRTFIsReadOrRefused() throws {
        var rng = SeededRandom.fromEnvironment(label: "rtf fuzz")
        let alphabet = Array(#"{}\'*;-0123456789abfiulsdcpqrtuvxyz? é😀"#.unicodeScalars)
        var read = 0
        for _ in 0..<3000 {
            let source = RTF.print(RandomRTFDocuments.state(&rng)).0
            var scalars = Array(source.unicodeScalars)
            for _ in 0..<rng.int(in: 1...6) where !scalars.isEmpty {
                let at = rng.int(in: 0..<scalars.count)
                switch rng.int(in: 0..<3) {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(scalars[at], at: at)
                default: scalars[at] = rng.element(of: alphabet)!
                }
            }
            var mutated = ""
            mutated.unicodeScalars.append(contentsOf: scalars)
            do {
                _ = try RTF.parse(mutated)
                read += 1
            } catch is RTFError {
            } catch {
                Issue.record("seed \(rng.seed): \(error) for \(mutated.debugDescription)")
                return
            }
        }
        #expect(read > 0)
    }
}
