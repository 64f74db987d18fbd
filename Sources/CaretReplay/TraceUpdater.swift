import CaretCore
import CaretFormats

/// Rewrites a trace's checkpoints from what replaying it actually produces (`caret test
/// --update`), leaving every other line byte for byte as it was.
public enum TraceUpdater {
    /// The trace in `bytes` with each checkpoint line replaced by the actual state at that point
    /// (keeping what it asserts: the selection only if it did, the same traits, typing attributes
    /// if it did), and the number of checkpoints that changed.
    /// - Throws: `TraceError` when the trace does not parse, `ReplayFailure` when an event fails.
    public static func update(_ bytes: [UInt8], file: String) throws -> (bytes: [UInt8], changed: Int) {
        let trace = try TraceReader.read(bytes, file: file)
        let player = try TracePlayer(trace: trace, file: file, checking: false)
        var replacements: [Int: String] = [:]
        while !player.isFinished {
            let index = player.step
            if case .check(let old) = trace.events[index] {
                let editor = player.editor
                var new = Checkpoint(
                    expected: old.expected.selection == nil ? DocumentState(text: editor.text) : editor.state,
                    traits: old.traits.map { .init(key: $0.key, state: editor.traitState($0.key)) },
                    typingAttributes: old.typingAttributes == nil ? nil : editor.typingAttributes
                )
                if new.expected.selection == nil { new.typingAttributes = old.typingAttributes == nil ? nil : editor.typingAttributes }
                if TracePlayer.mismatch(old, editor) != nil {
                    replacements[trace.line(ofStep: index + 1)] = TraceWriter.line(.check(new))
                }
            }
            try player.stepForward()
        }
        guard !replacements.isEmpty else { return (bytes, 0) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var line = 1
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if let replacement = replacements[line] {
                out += Array(replacement.utf8)
                // Keep the file's line ending: a CRLF trace stays CRLF.
                if end > start, bytes[end - 1] == 0x0D { out.append(0x0D) }
            } else {
                out += bytes[start..<end]
            }
            if end < bytes.count { out.append(0x0A) }
            start = end + 1
            line += 1
        }
        return (out, replacements.count)
    }
}
