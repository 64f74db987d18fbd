#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CaretCore
import CaretFormats

/// Converts the public editing-trace format (`{startContent, endContent, txns: [{time, patches:
/// [[pos, del, ins], …]}]}`, positions in Unicode code points; see josephg/editing-traces) into
/// a Caret trace: the start content as the document, one `edit` event per patch with UTF-16
/// offsets, and a final checkpoint holding `endContent`.
public enum EditingTraceImporter {
    /// Why an editing trace could not be imported.
    public struct ImportError: Error, CustomStringConvertible, Sendable {
        /// The JSON path of the value at fault (`txns[3].patches[0]`), empty when none.
        public let path: String
        /// What is wrong.
        public let message: String
        /// `path: message`.
        public var description: String { path.isEmpty ? message : "\(path): \(message)" }
        init(_ path: String, _ message: String) {
            self.path = path
            self.message = message
        }
        init(_ description: String) { self.init("", description) }
    }

    /// The decompressed bytes of a `.gz` file (by running `/bin/gzip -dc`), or the bytes as they
    /// are for any other file.
    /// - Throws: `ImportError` when the file cannot be read or gzip fails.
    public static func load(_ path: String) throws -> [UInt8] {
        guard path.hasSuffix(".gz") else {
            guard let data = FileManager.default.contents(atPath: path) else { throw ImportError("\(path): cannot read") }
            return [UInt8](data)
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw ImportError("\(path): cannot read") }
        let output: [UInt8]
        let termination: Subprocess.Termination
        do { (output, termination) = try Subprocess.run("/bin/gzip", ["-dc", "--", path], errors: .discarded) } catch {
            throw ImportError("\(path): \(error)")
        }
        switch termination {
        case .exited(0): return output
        case .exited(let status): throw ImportError("\(path): gzip -dc failed (status \(status))")
        case .signalled(let signal): throw ImportError("\(path): gzip -dc failed (signal \(signal))")
        }
    }

    /// The Caret trace equivalent to the editing trace in `bytes` (JSON).
    /// - Throws: `JSONError` for bad JSON, `ImportError` for JSON that is not an editing trace or
    ///   a patch outside the document.
    /// - Complexity: O(n log n) in the number of patches (O(n) when no text has a character
    ///   outside the Basic Multilingual Plane, where code points and UTF-16 units agree).
    public static func convert(_ bytes: [UInt8]) throws -> Trace {
        let root = try JSONValue.parse(bytes)
        guard let object = root.objectValue else { throw ImportError("expected an object {startContent, endContent, txns}, got \(root.kindName)") }
        if case .string("concurrent") = root["kind"] {
            throw ImportError("kind", "a concurrent trace (several agents) cannot be imported; only sequential traces can")
        }
        try checkKeys(object, allowed: topLevelKeys, path: "")
        guard let startValue = root["startContent"] else { throw ImportError("startContent", "missing (the document the edits start from; \"\" for an empty one)") }
        guard let start = startValue.stringValue else { throw ImportError("startContent", "expected a string, got \(startValue.kindName)") }
        guard let endValue = root["endContent"] else { throw ImportError("endContent", "missing (the text the edits end with)") }
        guard let end = endValue.stringValue else { throw ImportError("endContent", "expected a string, got \(endValue.kindName)") }
        guard let txnsValue = root["txns"] else { throw ImportError("txns", "missing (the list of transactions)") }
        guard let txns = txnsValue.arrayValue else { throw ImportError("txns", "expected an array, got \(txnsValue.kindName)") }
        var patches: [(Int, Int, String)] = []
        // Where each patch came from, for errors: (transaction, patch) indices.
        var origins: [(Int, Int)] = []
        var astral = start.utf16.count != start.unicodeScalars.count
        for (t, txn) in txns.enumerated() {
            guard let members = txn.objectValue else { throw ImportError("txns[\(t)]", "expected an object {time, patches}, got \(txn.kindName)") }
            try checkKeys(members, allowed: transactionKeys, path: "txns[\(t)]")
            guard let list = txn["patches"]?.arrayValue else { throw ImportError("txns[\(t)].patches", "expected an array") }
            for (p, patch) in list.enumerated() {
                guard let parts = patch.arrayValue, parts.count == 3, let pos = parts[0].integerValue, let del = parts[1].integerValue,
                      let ins = parts[2].stringValue, pos >= 0, del >= 0 else {
                    throw ImportError("txns[\(t)].patches[\(p)]", "expected [position, deleteCount, insertText]")
                }
                if !astral && ins.utf16.count != ins.unicodeScalars.count { astral = true }
                patches.append((Int(pos), Int(del), ins))
                origins.append((t, p))
            }
        }
        func origin(_ i: Int) -> String { "txns[\(origins[i].0)].patches[\(origins[i].1)]" }
        var events: [TraceEvent] = []
        events.reserveCapacity(patches.count + 1)
        if astral {
            // Keep a document in step to turn code points into UTF-16 offsets.
            var document = AttributedText(start)
            for (i, (pos, del, ins)) in patches.enumerated() {
                // A position plus a delete count past Int.max is past the end, not a trap.
                let (last, overflow) = pos.addingReportingOverflow(del)
                if overflow { throw ImportError(origin(i), overflowMessage(pos, del, length: document.unicodeScalarCount)) }
                do {
                    let lower = try document.utf16Offset(fromScalar: pos)
                    let upper = try document.utf16Offset(fromScalar: last)
                    try document.replaceSubrange(lower..<upper, with: ins, attributes: Attributes())
                    events.append(.command(.replaceRange(lower..<upper, with: ins)))
                } catch {
                    throw ImportError(origin(i), "[\(pos), \(del)]: \(error)")
                }
            }
        } else {
            var length = start.utf16.count
            for (i, (pos, del, ins)) in patches.enumerated() {
                // `length - pos` cannot overflow (both are >= 0); `pos + del` could.
                guard pos <= length, del <= length - pos else {
                    let (last, overflow) = pos.addingReportingOverflow(del)
                    if overflow { throw ImportError(origin(i), overflowMessage(pos, del, length: length)) }
                    throw ImportError(origin(i), "[\(pos), \(del)]: offset \(last) is past the end (length \(length), Unicode scalars)")
                }
                length += ins.utf16.count - del
                events.append(.command(.replaceRange(pos..<(pos + del), with: ins)))
            }
        }
        events.append(.check(Checkpoint(expected: DocumentState(text: AttributedText(end)))))
        return Trace(header: TraceHeader(document: DocumentState(text: AttributedText(start))), events: events)
    }

    /// The members a sequential editing trace has at the top (`kind` is optional and must say
    /// "sequential"), and in a transaction. Anything else is an error: a misspelt key would
    /// otherwise be ignored and the trace imported wrong.
    static let topLevelKeys = ["startContent", "endContent", "txns", "kind"]
    static let transactionKeys = ["time", "patches"]

    /// Throws for the first member of `object` whose key is not in `allowed`.
    static func checkKeys(_ object: JSONObject, allowed: [String], path: String) throws {
        for key in object.keys where !allowed.contains(key) {
            throw ImportError(path.isEmpty ? quote(key) : "\(path).\(quote(key))", "unknown key (expected \(allowed.joined(separator: ", ")))")
        }
        if path.isEmpty, let kind = object["kind"], kind != .string("sequential") {
            throw ImportError("kind", "expected \"sequential\", got \(kind.stringValue.map { "\"\(quote($0))\"" } ?? kind.kindName)")
        }
    }

    /// At most 64 UTF-8 bytes of `text`, for an error.
    static func quote(_ text: String) -> String { text.quotedForError }

    /// The error for a patch whose position plus delete count is past `Int.max` (so past any end).
    static func overflowMessage(_ pos: Int, _ del: Int, length: Int) -> String {
        "[\(pos), \(del)]: offset \(pos)+\(del) is past the end (length \(length), Unicode scalars)"
    }
}
