import Foundation
import Testing
@testable import CaretCLI

/// The REPL's history file: where it lives, that it is created, bounded, and that sessions writing
/// at once never corrupt it.
@Suite struct ReplHistoryTests {
    @Test func pathFollowsXDGStateHome() {
        #expect(ReplHistory.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/caret/history")
        // Relative or empty XDG_STATE_HOME is ignored, as the XDG spec says.
        #expect(ReplHistory.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state/caret/history")
        #expect(ReplHistory.defaultPath(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]) == "/h/.local/state/caret/history")
        #expect(ReplHistory.defaultPath(environment: [:]) == nil)
    }

    @Test func createsTheDirectoryAndKeepsLinesInOrder() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let history = ReplHistory(path: dir.path + "/state/caret/history")
        #expect(try history.load() == [])
        var info = stat()
        #expect(stat(dir.path + "/state/caret", &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(stat(history.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(history.append("x = 'é😀中'") == nil)
        #expect(history.append("print(x)") == nil)
        // Lines too long for the file stay in the session only; a line never holds a newline.
        #expect(history.append(String(repeating: "a", count: ReplHistory.longestSavedLine + 1)) == nil)
        #expect(try history.load() == ["x = 'é😀中'", "print(x)"])
    }

    @Test func isCutToItsLimitWhenItHasGrownPastTwice() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.file("history", (1...25).map { "line \($0)\n" }.joined())
        let history = ReplHistory(path: path, limit: 10)
        #expect(try history.load() == (16...25).map { "line \($0)" })
        #expect(dir.read("history") == (16...25).map { "line \($0)\n" }.joined())
        // At most twice the limit is left alone (no rewrite at every start).
        _ = dir.file("history", (1...20).map { "line \($0)\n" }.joined())
        #expect(try history.load().count == 10)
        #expect(dir.read("history").split(separator: "\n").count == 20)
    }

    /// Eight writers at once and a session starting (compacting) meanwhile: every line is whole,
    /// each writer's lines stay in order, and none written after the compaction is lost.
    @Test func writersAtOnceNeverCorruptIt() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.path + "/history"
        let history = ReplHistory(path: path, limit: 50)
        _ = try history.load()
        let writers = 8, lines = 200
        DispatchQueue.concurrentPerform(iterations: writers + 1) { writer in
            if writer == writers {
                for _ in 0..<20 { _ = try? history.load(); usleep(1000) }
                return
            }
            for line in 0..<lines {
                let text = "writer \(writer) line \(line) " + String(repeating: "é", count: 40)
                #expect(history.append(text) == nil)
            }
        }
        // Lines appended after the last compaction are all kept.
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            #expect(history.append("writer \(writer) line \(lines) " + String(repeating: "é", count: 40)) == nil)
        }
        let saved = dir.read("history").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!saved.isEmpty)
        for line in saved {
            #expect(line.hasPrefix("writer ") && line.hasSuffix(String(repeating: "é", count: 40)), "a torn line: \(line)")
        }
        // Each writer's lines are in order.
        for writer in 0..<writers {
            let numbers = saved.compactMap { line -> Int? in
                let words = line.split(separator: " ")
                return words[1] == "\(writer)" ? Int(words[3]) : nil
            }
            #expect(numbers == numbers.sorted())
            #expect(numbers.last == lines)
        }
    }
}
