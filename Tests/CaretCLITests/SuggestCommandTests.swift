import Foundation
import Testing
@testable import CaretCLI

/// `caret suggest` end to end with small word lists in a temporary directory.
@Suite struct SuggestCommandTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "caret-suggest-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "the\nthey\nthen\nquick\nbrown\nfox\nParis\n".write(toFile: directory + "/words", atomically: true, encoding: .utf8)
        try "the 1000\nthey 400\nthen 300\nbrown 50\n".write(toFile: directory + "/freq", atomically: true, encoding: .utf8)
        try "teh quick brwn".write(toFile: directory + "/doc.txt", atomically: true, encoding: .utf8)
        try "word 3\nbad line here\n".write(toFile: directory + "/broken", atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String], wordList: String? = nil, frequencies: String? = nil) -> (ExitCode, String, String) {
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        let loader = SuggestLexiconLoader(defaultWordList: wordList, defaultFrequencies: frequencies)
        let code: ExitCode
        do {
            code = try SuggestCommand.run(arguments, &terminal, loader: loader)
        } catch let error as CLIError {
            terminal.error(error.message)
            code = error.code
        } catch {
            code = .software
        }
        return (code, output.stdout, output.stderr)
    }

    @Test func correctionsAndCompletions() {
        let (code, out, err) = run(["--doc", directory + "/doc.txt", "--at", "3", "--limit", "2"],
                                   wordList: directory + "/words", frequencies: directory + "/freq")
        #expect(code == .ok)
        #expect(out == """
            word "teh" at 0..<3 (not known)
            corrections:
              1. the   distance 1  frequency 1000  word list
              2. they  distance 2  frequency 400  word list
            completions: none

            """)
        #expect(err.contains("lexicon of 7 words loaded in"))
        #expect(!err.contains("no frequency list"))
    }

    @Test func jsonAndKinds() {
        let (code, out, _) = run(["--doc", directory + "/doc.txt", "--at", "14", "--kind", "correction", "--json",
                                  "--lexicon", directory + "/words", "--frequencies", directory + "/freq"])
        #expect(code == .ok)
        #expect(out == #"{"offset":14,"word":{"text":"brwn","location":10,"length":4},"known":false,"rankedByFrequency":true,"corrections":[{"word":"brown","distance":1,"frequency":50,"source":"wordList"}]}"# + "\n")
        let (_, completions, _) = run(["--doc", directory + "/doc.txt", "--at", "5", "--kind", "completion"],
                                      wordList: directory + "/words")
        #expect(completions == "word \"quick\" at 4..<9 (known)\ncompletions: none\n")
    }

    @Test func withoutFrequenciesSaysSo() {
        let (code, out, err) = run(["--doc", directory + "/doc.txt", "--at", "0"], wordList: directory + "/words",
                                   frequencies: directory + "/missing")
        #expect(code == .ok)
        #expect(out.hasPrefix("word \"teh\" at 0..<3"))
        #expect(err.contains("no frequency list; suggestions rank alphabetically — pass --frequencies FILE"))
    }

    @Test func errors() {
        let doc = directory + "/doc.txt"
        let words = directory + "/words"
        var result = run(["--doc", doc, "--at", "40"], wordList: words)
        #expect(result.0 == .usage)
        #expect(result.2 == "--at: offset 40 is past the end (length 14, UTF-16)\n")
        result = run(["--doc", doc, "--at", "-1"], wordList: words)
        #expect(result.0 == .usage)
        #expect(result.2 == "--at: offset -1 is negative (valid 0...14, UTF-16)\n")
        result = run(["--doc", doc, "--at", "x"], wordList: words)
        #expect(result.0 == .usage)
        result = run(["--doc", doc, "--at", "1"], wordList: nil)
        #expect(result.0 == .noInput)
        #expect(result.2.contains("no word list: /usr/share/dict/words is missing"))
        #expect(result.2.contains("pass --lexicon FILE"))
        result = run(["--doc", doc, "--lexicon", directory + "/broken"])
        #expect(result.0 == .dataError)
        #expect(result.2 == "\(directory)/broken:2:1: more than two fields\n" || result.2.hasPrefix("\(directory)/broken:2:1: "))
        result = run(["--doc", directory + "/nope.txt"], wordList: words)
        #expect(result.0 == .noInput)
        result = run(["--at", "1"], wordList: words)
        #expect(result.0 == .usage)
        result = run(["--doc", doc, "--kind", "both"], wordList: words)
        #expect(result.0 == .usage)
        result = run(["--doc", doc, "--at", "3"], wordList: words)
        #expect(result.0 == .ok)
    }

    @Test func noWordAtTheOffset() {
        try? "a  b".write(toFile: directory + "/spaces.txt", atomically: true, encoding: .utf8)
        let (code, out, _) = run(["--doc", directory + "/spaces.txt", "--at", "2"], wordList: directory + "/words")
        #expect(code == .ok)
        #expect(out == "no word at offset 2\n")
    }

    @Test func listedInHelp() {
        let output = CapturedOutput()
        var terminal = Terminal.capturing(output)
        #expect(CaretCommandLine.run(["--help"], terminal: &terminal) == .ok)
        #expect(output.stdout.contains("suggest"))
        #expect(CaretCommandLine.run(["suggest", "--help"], terminal: &terminal) == .ok)
        #expect(output.stdout.contains("--frequencies FILE"))
    }
}
