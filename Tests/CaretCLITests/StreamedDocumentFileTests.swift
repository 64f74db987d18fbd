import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretCLI

/// Markup and document JSON files are written piece by piece as they are printed: the file
/// holds exactly what the format's codec writes, and a failing write leaves the old file.
@Suite struct StreamedDocumentFileTests {
    static let state = DocumentState(
        text: AttributedText(runs: [("a😀e\u{301}\n{x}", Attributes()), ("bold \"q\"", .traits(.bold))]),
        selection: Selection(anchor: 1, head: 5), typingAttributes: .traits(.italic))

    @Test(arguments: [DocumentFormat.markup, .json])
    func theFileHoldsWhatTheCodecWrites(format: DocumentFormat) throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.path + "/out." + (format == .markup ? "caret" : "json")
        try DocumentFiles.save(Self.state, to: path, format: format, lossy: false, terminal: .capturing(CapturedOutput()))
        let written = String(decoding: try FileIO.read(path), as: UTF8.self)
        #expect(written == (try format.codec.write(Self.state, acceptingLoss: false).text))
        #expect(try format.codec.read(written, acceptingLoss: false).state == Self.state)
    }

    @Test func aFailedWriteLeavesThePreviousFileAndNoTemporary() throws {
        let dir = TempDirectory()
        defer { dir.remove() }
        let path = dir.file("out.json", "previous")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try FileIO.write(to: path) { write in
                Array("partial".utf8).withUnsafeBufferPointer(write)
                throw Stop()
            }
        }
        #expect(String(decoding: try FileIO.read(path), as: UTF8.self) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.json"])
    }
}
