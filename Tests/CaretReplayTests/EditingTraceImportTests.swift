import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretReplay

/// Every public editing trace (and the derived non-BMP ones) imports and replays to its endContent,
/// through the serialized form, as `caret import` and `caret replay` use them.
@Suite struct EditingTraceImportTests {
    /// `$CARET_TRACES`, or `../shared/data/editing-traces` beside the package.
    static let directory: String = {
        if let directory = ProcessInfo.processInfo.environment["CARET_TRACES"] { return directory }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/editing-traces").path
    }()

    @Test func theTracesAreThere() {
        // Four public traces and two derived ones; an empty list would silently test nothing.
        #expect(Self.files.count == 6, "expected 6 editing traces under \(Self.directory)")
    }

    static var files: [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json.gz") { found.append(path) }
        }
        return found.sorted()
    }

    @Test(arguments: files)
    func importedTraceReplaysToEndContent(_ name: String) throws {
        let bytes = try EditingTraceImporter.load(Self.directory + "/" + name)
        let trace = try EditingTraceImporter.convert(bytes)
        let text = trace.serialized()
        let (player, failure) = try TraceReplay.play(Array(text.utf8), file: name, check: true)
        #expect(failure == nil, "\(failure.map { String($0.headline) } ?? "")")
        #expect(player.isFinished)
        guard case .check(let last) = trace.events.last else { Issue.record("no final checkpoint"); return }
        #expect(player.editor.text.string == last.expected.text.string)
    }

    @Test func derivedTracesDifferInUTF16() throws {
        let names = Self.files.filter { $0.hasPrefix("derived/") }
        #expect(!names.isEmpty)
        for name in names {
            let trace = try EditingTraceImporter.convert(try EditingTraceImporter.load(Self.directory + "/" + name))
            guard case .check(let last) = trace.events.last else { continue }
            #expect(last.expected.text.utf16Count != last.expected.text.unicodeScalarCount)
        }
    }
}

@Suite struct EditingTraceImportErrorTests {
    @Test func patchErrorsNameTheirTransactionAndPatch() {
        let bmp = Array(#"{"startContent":"ab","endContent":"","txns":[{"patches":[[0,1,""]]},{"patches":[[0,0,"x"],[3,1,""]]}]}"#.utf8)
        #expect(throws: EditingTraceImporter.ImportError.self) { try EditingTraceImporter.convert(bmp) }
        do { _ = try EditingTraceImporter.convert(bmp) } catch let error as EditingTraceImporter.ImportError {
            #expect(error.path == "txns[1].patches[1]")
            #expect(error.description == "txns[1].patches[1]: [3, 1]: offset 4 is past the end (length 2, Unicode scalars)")
        } catch { Issue.record("\(error)") }
        let astral = Array(#"{"startContent":"😀","endContent":"","txns":[{"patches":[[0,0,"x"],[2,1,""]]}]}"#.utf8)
        do { _ = try EditingTraceImporter.convert(astral) } catch let error as EditingTraceImporter.ImportError {
            #expect(error.path == "txns[0].patches[1]")
        } catch { Issue.record("\(error)") }
    }
}
