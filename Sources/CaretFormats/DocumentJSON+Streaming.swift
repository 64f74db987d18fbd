import CaretCore

extension DocumentJSON {
    /// The canonical compact JSON text of `state`, as `encodeString(_:)` gives it, handed to
    /// `sink` as UTF-8 in pieces of about 1 MiB. The text is escaped straight from the rope and
    /// each distinct attribute set is encoded once, so writing a large document to a file never
    /// holds its JSON (nor a `JSONValue` tree of it) whole.
    /// - Complexity: O(n) in the number of runs plus the length of the text.
    public static func write(_ state: DocumentState, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        write(state, chunkSize: 1 << 20, to: sink)
    }

    static func write(_ state: DocumentState, chunkSize: Int, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(chunkSize + 4096)
        func flushIfFull() {
            guard out.count >= chunkSize else { return }
            out.withUnsafeBufferPointer(sink)
            out.removeAll(keepingCapacity: true)
        }
        let text = state.text
        out.append(contentsOf: #"{"text":""#.utf8)
        // Every offset of the whole text is valid, so reading it cannot fail.
        try? text.forEachUTF8Chunk(in: 0..<text.utf16Count) { chunk in
            JSONValue.writeEscaped(chunk, to: &out)
            flushIfFull()
            return true
        }
        out.append(contentsOf: #"","runs":["#.utf8)
        var encoded: [Attributes: [UInt8]] = [:]
        var first = true
        try? text.forEachRun(in: 0..<text.utf16Count) { run in
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: #"{"length":"#.utf8)
            out.append(contentsOf: String(run.range.count).utf8)
            out.append(contentsOf: #","attributes":"#.utf8)
            if let bytes = encoded[run.attributes] {
                out.append(contentsOf: bytes)
            } else {
                var bytes: [UInt8] = []
                encode(run.attributes).write(to: &bytes)
                encoded[run.attributes] = bytes
                out.append(contentsOf: bytes)
            }
            out.append(UInt8(ascii: "}"))
            flushIfFull()
            return true
        }
        out.append(UInt8(ascii: "]"))
        if let selection = state.selection {
            out.append(contentsOf: #","selection":"#.utf8)
            JSONValue.object(["anchor": .integer(Int64(selection.anchor)), "head": .integer(Int64(selection.head))]).write(to: &out)
        }
        if let typing = state.typingAttributes {
            out.append(contentsOf: #","typingAttributes":"#.utf8)
            encode(typing).write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
        out.withUnsafeBufferPointer(sink)
    }
}
