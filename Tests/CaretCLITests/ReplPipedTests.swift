import Foundation
import Testing
@testable import CaretCLI

/// `caret repl` reading lines from a file or pipe: each error shows its own traceback.
@Suite struct ReplPipedTests {
    @Test func aLineThatDoesNotCompileShowsNoEarlierTraceback() {
        let dir = TempDirectory()
        defer { dir.remove() }
        let input = dir.file("in.lua", "function f() error('first') end\nf()\nfoo(\nerror('second')\n")
        let result = caret(["repl", "--text", "ab", "--in", input])
        #expect(result.stderr == """
            stdin:1: first
            stack traceback:
            \tstdin:1: in function 'f'
            \tstdin:2: in main chunk
            stdin:3: unexpected symbol near '<eof>'
            stdin:4: second
            stack traceback:
            \tstdin:4: in main chunk

            """)
        #expect(result.code == .dataError)
    }
}
