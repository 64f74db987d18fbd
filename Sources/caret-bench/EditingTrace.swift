import CaretCore
import Foundation

/// An editing trace in the public format (positions in Unicode code points), with its edits
/// converted to UTF-16 offsets so replays time only the edits.
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

    /// The default trace directory: `$CARET_TRACES`, or `../shared/data/editing-traces`.
    static func defaultDirectory() -> String {
        if let dir = ProcessInfo.processInfo.environment["CARET_TRACES"] { return dir }
        return FileManager.default.currentDirectoryPath + "/../shared/data/editing-traces"
    }

    /// Loads and converts a trace, checking that replaying it gives its end content.
    init(path: String) throws {
        name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            .replacingOccurrences(of: ".json", with: "")
        let data = path.hasSuffix(".gz") ? try Self.gunzip(path) : try Data(contentsOf: URL(fileURLWithPath: path))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let start = json["startContent"] as? String, let end = json["endContent"] as? String,
              let txns = json["txns"] as? [[String: Any]]
        else { throw BenchError("\(path): not an editing trace") }
        startContent = start
        endContent = end
        // Convert code-point positions to UTF-16 against a document kept in step.
        var document = AttributedText(start)
        var edits: [Edit] = []
        for txn in txns {
            for case let patch as [Any] in txn["patches"] as? [Any] ?? [] {
                guard patch.count == 3, let pos = patch[0] as? Int, let del = patch[1] as? Int, let ins = patch[2] as? String
                else { throw BenchError("\(path): malformed patch \(patch)") }
                let lower = try document.utf16Offset(fromScalar: pos)
                let upper = try document.utf16Offset(fromScalar: pos + del)
                edits.append(Edit(location: lower, length: upper - lower, text: ins))
                try document.replaceSubrange(lower..<upper, with: ins, attributes: Attributes())
            }
        }
        guard document.string == end else { throw BenchError("\(path): replay does not reach endContent") }
        self.edits = edits
    }

    static func gunzip(_ path: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("gzip -dc \(path) failed") }
        return data
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
