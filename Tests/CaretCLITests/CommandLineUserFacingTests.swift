import Foundation
import Testing
@testable import CaretCLI

/// The command line as a demanding user meets it: help and usage errors, located errors for bad
/// input data, outputs that are never lost or half-written, and machine-readable reports.
@Suite struct HelpAndUsageTests {
    @Test func helpAnywhereBeforeDoubleDashPrintsHelp() {
        let late = caret(["replay", "t.caret-trace", "--help"])
        #expect(late.code == .ok)
        #expect(late.stdout.hasPrefix("usage: caret replay TRACE"))
        #expect(caret(["test", "--jobs", "2", "-h"]).stdout.hasPrefix("usage: caret test PATH"))
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        for arguments in [["help", "nosuch"], ["--help", "nosuch"]] {
            let result = caret(arguments)
            #expect(result.code == .usage)
            #expect(result.stdout == "")
            #expect(result.stderr.contains("unknown command 'nosuch'"))
        }
    }
}

@Suite struct LocatedInputErrorTests {
    @Test func nonUTF8DocumentIsLocated() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.path + "/d.caret"
        _ = FileManager.default.createFile(atPath: doc, contents: Data([0x61, 0x0A, 0x62, 0x63, 0xFF, 0x64]))
        let result = caret(["record", "--doc", doc, "--in", dir.file("in.txt", ""), "--out", dir.path + "/r.caret-trace"])
        #expect(result.code == .dataError)
        #expect(result.stderr == "\(doc):2:3: not valid UTF-8 (byte 0xFF)\n")
    }

    @Test func documentJSONErrorsAreLocated() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("d.json", "{\"text\":\"ab\",\n \"runs\":[{\"length\":1},\n {\"length\":2}]}\n")
        let result = caret(["record", "--doc", doc, "--in", dir.file("in.txt", ""), "--out", dir.path + "/r.caret-trace"])
        #expect(result.code == .dataError)
        #expect(result.stderr == "\(doc):3:3: runs[1].length: expected the runs to end with the text at 2 UTF-16 units, this one ends at 3\n")
        let key = dir.file("k.json", "{\"text\":\"a\", \"selection\":{\"anchor\":0,\"head\":0}, \"colour\":1}")
        #expect(caret(["record", "--doc", key, "--in", dir.path + "/in.txt", "--out", dir.path + "/s.caret-trace"]).stderr
            == "\(key):1:49: colour: unknown key, expected one of 'text', 'runs', 'selection', 'typingAttributes'\n")
    }

    @Test func markupFileEndsInOneLineBreakThatIsNotText() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let input = dir.file("in.txt", "print\n")
        for (contents, expected) in [("ab|\n", "ab|\n"), ("ab|\r\n", "ab|\n"), ("ab\n|\n", "ab\n|\n"), ("ab|", "ab|\n")] {
            let doc = dir.file("d.caret", contents)
            let result = caret(["record", "--doc", doc, "--in", input, "--out", dir.path + "/r\(expected.count).caret-trace", "--force"])
            #expect(result.stdout == expected, "\(contents.debugDescription)")
        }
        // What replay writes reads back as the same document.
        let trace = dir.file("t.caret-trace", "{\"caret-trace\":1,\"document\":\"{bold:x}\\n|\"}\n")
        #expect(caret(["replay", trace, "--out", dir.path + "/state.caret"]).code == .ok)
        #expect(dir.read("state.caret") == "{bold:x}\n|\n")
        let back = caret(["record", "--doc", dir.path + "/state.caret", "--in", input, "--out", dir.path + "/back.caret-trace"])
        #expect(back.stdout == "{bold:x}\n|\n")
    }

    @Test func importErrorsAreLocatedAndCorruptGzipIsBadData() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let out = dir.path + "/o.caret-trace"
        let syntax = dir.file("s.json", "{\"startContent\":\"\",\n\"endContent\":\"ab\",")
        #expect(caret(["import", "editing-trace", syntax, "--out", out]).stderr.hasPrefix("\(syntax):2:19: "))
        let patch = dir.file("p.json", "{\"startContent\":\"😀\",\"endContent\":\"x\",\"txns\":[\n{\"patches\":[[0,1,\"ab\"]]},\n{\"patches\":[[1,5,\"ab\"]]}]}")
        let result = caret(["import", "editing-trace", patch, "--out", out])
        #expect(result.code == .dataError)
        #expect(result.stderr == "\(patch):3:13: txns[1].patches[0]: [1, 5]: offset 6 is past the end (length 2, Unicode scalars)\n")
        let gz = dir.file("c.json.gz", "not gzip at all")
        #expect(caret(["import", "editing-trace", gz, "--out", out]).code == .dataError)
        #expect(caret(["import", "editing-trace", dir.path, "--out", out]).code == .noInput)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

@Suite struct RecordSafetyTests {
    @Test func anExistingTraceIsNeverTruncated() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let old = "{\"caret-trace\":1}\n{\"text\":\"precious\"}\n"
        let out = dir.file("r.caret-trace", old)
        let input = dir.file("in.txt", "type new\n")
        let refused = caret(["record", "--in", input, "--out", out])
        #expect(refused.code == .cannotCreate)
        #expect(refused.stderr.contains("already exists"))
        #expect(refused.stderr.contains("--force"))
        #expect(dir.read("r.caret-trace") == old)
        let forced = caret(["record", "--in", input, "--out", out, "--force"])
        #expect(forced.code == .ok)
        #expect(dir.read("r.caret-trace").hasSuffix("\n{\"text\":\"new\"}\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.txt", "r.caret-trace"])
    }

    @Test func instructionFileWithCRLFHasOneInstructionALine() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let input = dir.file("in.txt", "type hi\r\nkey cmd+b\r\ncheck\r\n")
        let result = caret(["record", "--in", input, "--out", dir.path + "/r.caret-trace"])
        #expect(result.code == .ok)
        #expect(dir.read("r.caret-trace").split(separator: "\n").dropFirst() == ["{\"text\":\"hi\"}", "{\"key\":\"cmd+b\"}", "{\"check\":\"hi|<bold>\"}"])
    }

    @Test func nonUTF8InstructionIsRefusedNotRepaired() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let input = dir.path + "/in.txt"
        _ = FileManager.default.createFile(atPath: input, contents: Data("type a".utf8 + [0xFF] + Array("b\ntype ok\n".utf8)))
        let result = caret(["record", "--in", input, "--out", dir.path + "/r.caret-trace"])
        #expect(result.code == .dataError)
        #expect(result.stderr == "\(input):1:7: not valid UTF-8 (byte 0xFF)\n")
        #expect(dir.read("r.caret-trace").hasSuffix("}\n{\"text\":\"ok\"}\n"))
    }
}

@Suite struct AtomicOutputTests {
    @Test func replayOutIsWrittenOnlyOnSuccess() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let out = dir.file("state.json", "previous\n")
        let good = dir.file("g.caret-trace", passing)
        let bad = dir.file("b.caret-trace", failing)
        #expect(caret(["replay", bad, "--check", "--out", out]).code == .checkFailed)
        #expect(dir.read("state.json") == "previous\n")
        let result = caret(["replay", good, "--out", out])
        #expect(result.code == .ok && result.stdout == "")
        #expect(dir.read("state.json") == #"{"text":"abc","runs":[{"length":3,"attributes":{}}],"selection":{"anchor":3,"head":2}}"# + "\n")
        #expect(caret(["replay", good, "--out", dir.path + "/s.txt"]).code == .ok)
        #expect(dir.read("s.txt") == "abc")
        #expect(caret(["replay", good, "--out", dir.path + "/s.out", "--print", "json"]).code == .ok)
        #expect(dir.read("s.out").hasPrefix("{\"text\""))
    }

    @Test func atomicWriteKeepsModeFollowsLinksAndLeavesNoTemporaryFile() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let target = dir.file("real.txt", "old")
        chmod(target, 0o600)
        try FileIO.write("new", to: target)
        var info = stat()
        stat(target, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        let link = dir.path + "/link.txt"
        symlink(target, link)
        try FileIO.write("through", to: link)
        #expect(dir.read("real.txt") == "through")
        lstat(link, &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
        let directory = dir.path + "/sub"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(throws: CLIError.self) { try FileIO.write("x", to: directory) }
        #expect(throws: CLIError.self) { try FileIO.write("x", to: dir.path + "/missing/x.txt") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link.txt", "real.txt", "sub"])
    }

    @Test func updateKeepsTheTraceFileMode() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.file("u.caret-trace", failing)
        chmod(path, 0o640)
        #expect(caret(["test", path, "--update", "--force"]).code == .ok)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
    }

    @Test func shrinkNamesTheFileWhoseLinesItReports() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.file("f.caret-trace", "{\"caret-trace\":1,\"document\":\"ab|\"}\n{\"text\":\"c\"}\n{\"key\":\"left\"}\n{\"check\":\"abX|\"}\n")
        let out = dir.path + "/small.caret-trace"
        let result = caret(["shrink", path, "--out", out])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("\n\(out):2:1: step 1: checkpoint does not match\n"))
    }
}

@Suite(.serialized) struct TestReportTests {
    @Test func tapEscapesHashesAndKeepsTheSummaryAComment() {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("s/issue #12.caret-trace", passing)
        _ = dir.file("s/b.caret-trace", failing)
        let result = caret(["test", dir.path + "/s", "--tap"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "1..2")
        #expect(lines.contains("ok 2 - \(dir.path)/s/issue \\#12.caret-trace"))
        #expect(result.stdout.hasSuffix("\n# 1 passed, 1 failed\n"))
        for line in lines where !line.isEmpty {
            #expect(line.hasPrefix("TAP version") || line.hasPrefix("1..") || line.hasPrefix("ok ") || line.hasPrefix("not ok ") || line.hasPrefix("#"), "not TAP: \(line)")
        }
    }

    @Test func junitKeepsCarriageReturns() {
        #expect(TestReport.escape("a\r\nb<\"'&>") == "a&#13;&#10;b&lt;&quot;'&amp;&gt;")
    }

    @Test func filterThatKeepsNothingIsAnError() {
        let dir = TempDirectory()
        defer { dir.remove() }
        _ = dir.file("s/a.caret-trace", passing)
        let result = caret(["test", dir.path + "/s", "--filter", "nomatch"])
        #expect(result.code == .noInput)
        #expect(result.stderr.contains("nomatch"))
    }

    @Test func parallelRunIsByteIdenticalAcrossRuns() {
        let dir = TempDirectory()
        defer { dir.remove() }
        for i in 0..<24 { _ = dir.file("s/t\(i).caret-trace", i % 3 == 0 ? failing : passing) }
        var outputs: Set<String> = []
        var reports: Set<String> = []
        for jobs in ["1", "2", "4", "2"] {
            let result = caret(["test", dir.path + "/s", "--jobs", jobs, "--junit", dir.path + "/j.xml"])
            outputs.insert(result.stdout)
            // Apart from its times, the JUnit report is the same too.
            let untimed = dir.read("j.xml").replacingOccurrences(of: #" (time|timestamp)="[^"]*""#, with: "", options: .regularExpression)
            reports.insert(untimed)
        }
        #expect(outputs.count == 1)
        #expect(reports.count == 1)
    }
}

@Suite struct ByteOrderMarkTests {
    @Test func documentsDropABOMTracesRefuseItClearly() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let doc = dir.file("d.caret", "\u{FEFF}ab|\n")
        let input = dir.file("in.txt", "print\n")
        #expect(caret(["record", "--doc", doc, "--in", input, "--out", dir.path + "/r.caret-trace"]).stdout == "ab|\n")
        let trace = dir.file("t.caret-trace", "\u{FEFF}" + passing)
        let result = caret(["replay", trace])
        #expect(result.code == .dataError)
        #expect(result.stderr.hasPrefix("\(trace):1:1: the file starts with a byte order mark"))
    }

    @Test func unboundedIntegerOptionSaysSo() {
        #expect(caret(["replay", "t", "--until", "-1"]).stderr.hasPrefix("caret replay: --until expects a whole number >= 0, got '-1'"))
    }
}

@Suite struct ArgumentErrorTests {
    @Test func emptyOptionValuesAndPathsAreRefusedClearly() {
        #expect(caret(["replay", "t.caret-trace", "--out="]).code == .usage)
        #expect(caret(["test", ".", "--filter="]).stderr.hasPrefix("caret test: --filter needs a value, got an empty one"))
        let empty = caret(["replay", ""])
        #expect(empty.code == .noInput)
        #expect(empty.stderr == "'': cannot read an empty path\n")
    }

    @Test func missingFileSaysWhy() {
        let result = caret(["replay", "/nonexistent/t.caret-trace"])
        #expect(result.code == .noInput)
        #expect(result.stderr == "/nonexistent/t.caret-trace: cannot read (No such file or directory)\n")
    }

    @Test func updateDoesNotGoWithTAP() {
        // --update prints what it rewrote on stdout, where TAP would go; --junit goes with it
        // (LuaSnapshotUpdateTests).
        #expect(caret(["test", ".", "--update", "--force", "--tap"]).code == .usage)
    }
}
