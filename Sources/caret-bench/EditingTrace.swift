import CaretCore
import CaretReplay
import Foundation

/// An editing trace in the public format (positions in Unicode code points), read and converted
/// to UTF-16 offsets by `EditingTraceImporter` (what `caret import editing-trace` runs), so replays
/// time only the edits.
struct EditingTrace {
    struct Edit {
        let location: Int
        let length: Int
        let text: String
    }

    let name: String
    let startContent: String
    let endContent: String
    /// Edits in UTF-16 offsets, in order.
    let edits: [Edit]

    /// The `.json.gz` traces in `directory`, sorted by path.
    static func files(in directory: String) throws -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json.gz") || path.hasSuffix(".json") { found.append(directory + "/" + path) }
        }
        guard !found.isEmpty else { throw BenchError("no .json.gz or .json traces in \(directory)") }
        return found.sorted()
    }

    /// The automerge-paper trace in `directory`, at any depth, compressed or not (a decompressed
    /// copy serves valgrind, which cannot run gzip): the trace every ratio is taken against.
    static func automergePaperPath(in directory: String) throws -> String {
        guard let found = automergePaperPath(among: try files(in: directory)) else {
            throw BenchError("no automerge-paper.json.gz or automerge-paper.json in \(directory)")
        }
        return found
    }

    /// The automerge-paper trace among `paths` (as `files(in:)` lists them), if there is one.
    static func automergePaperPath(among paths: [String]) -> String? {
        paths.first { $0.hasSuffix("/automerge-paper.json.gz") || $0.hasSuffix("/automerge-paper.json") }
    }

    /// The default trace directory: `$CARET_TRACES`, or `../shared/data/editing-traces`.
    static func defaultDirectory() -> String {
        if let dir = ProcessInfo.processInfo.environment["CARET_TRACES"] { return dir }
        return FileManager.default.currentDirectoryPath + "/../shared/data/editing-traces"
    }

    /// Loads and converts a trace, checking that replaying its edits gives its end content.
    init(path: String) throws {
        name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            .replacingOccurrences(of: ".json", with: "")
        let trace: Trace
        do {
            trace = try EditingTraceImporter.convert(EditingTraceImporter.load(path))
        } catch {
            throw BenchError("\(path): \(error)")
        }
        startContent = trace.header.document.text.string
        // The importer's events: one replaceRange per patch (UTF-16 offsets), then a checkpoint
        // holding endContent.
        var edits: [Edit] = []
        var end: String?
        for event in trace.events {
            switch event {
            case .command(.replaceRange(let range, with: let text)):
                edits.append(Edit(location: range.lowerBound, length: range.count, text: text))
            case .check(let checkpoint) where end == nil:
                end = checkpoint.expected.text.string
            default:
                throw BenchError("\(path): unexpected event \(event) from the importer")
            }
        }
        guard let end else { throw BenchError("\(path): the importer gave no endContent checkpoint") }
        endContent = end
        // The importer checks that each patch is inside the document, not where the edits lead.
        var document = AttributedText(startContent)
        for edit in edits {
            try document.replaceSubrange(edit.location..<(edit.location + edit.length), with: edit.text, attributes: Attributes())
        }
        guard document.string == end else { throw BenchError("\(path): replay does not reach endContent") }
        self.edits = edits
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
