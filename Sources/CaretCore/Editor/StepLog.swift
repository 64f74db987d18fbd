/// Undo steps below the top of a stack, frozen into bytes: a replay records one step per edit,
/// and a step as a value (`UndoStep`, two edit lists, two selections, typing attributes) takes
/// about 190 bytes where its data fits in about 15.
///
/// A step is written as a header byte, its fields as LEB128 varints (positions relative to the
/// first edit where that makes them short), the UTF-8 bytes of plain strings and attribute sets by
/// their interned number, then its own length, written so it reads backwards from the end (the
/// last step is the one taken off). Attributed text, restyle maps and runs stay values, in a side
/// array in step order. Steps never straddle chunks, so a chunk is freed when its last step goes;
/// copies of a log share its chunks (see `LogChunk`).
///
/// The common step, one plain edit with the inverse `replace` records for it, has a short form that
/// leaves out what follows from the edit: the inverse's range, and the UTF-16 lengths of the two
/// strings (read back by counting them).
struct StepLog: Sendable {
    /// Bytes of a chunk once the log has grown (small logs start with small chunks).
    static let chunkBytes = 64 << 10
    static let firstChunkBytes = 256

    /// The chunks before the last, with how many bytes their steps take; they never change
    /// again until the steps after them are gone.
    private var earlier: [(chunk: LogChunk, used: Int)] = []
    /// The chunk steps are written to and taken from (nil only while the log is empty), and how
    /// many of its bytes the steps take. A copy of the log shares it: `reserve` gives this log a
    /// copy of its own before writing into one another log also holds.
    private var tail: LogChunk?
    private var tailUsed = 0
    /// Attributed text, restyle maps and runs of the frozen steps, in the order they were written.
    private var boxes: [EditRecord.Replacement] = []
    /// Number of frozen steps.
    private(set) var count = 0
    /// Bytes of chunk storage plus what the boxes hold; kept up to date by every change.
    private(set) var estimatedBytes = 0

    var isEmpty: Bool { count == 0 }

    // Header bits.
    private static let groupMask: UInt8 = 0b11
    private static let hasTypingBefore: UInt8 = 1 << 2
    private static let hasTypingAfter: UInt8 = 1 << 3
    private static let shortForm: UInt8 = 1 << 4
    private static let sameSelection: UInt8 = 1 << 5
    private static let caretBefore: UInt8 = 1 << 6
    private static let caretAfter: UInt8 = 1 << 7

    // Record kinds in the general form.
    private static let plainRecord: UInt8 = 0
    private static let boxedRecord: UInt8 = 1

    // MARK: Writing

    /// Freezes `step` on top of the log.
    mutating func append(_ step: borrowing UndoStep) {
        append(edits: step.edits, inverses: step.inverses, step.fields)
    }

    /// Freezes the step of `edits` and `inverses` with `step`'s other fields on top of the log.
    mutating func append(edits: borrowing EditList, inverses: borrowing EditList, _ step: UndoStep.Fields) {
        // The common step, read without copying its records.
        if edits.count == 1, inverses.count == 1,
           case .plain(let string, let attributes, let written)? = edits.first?.replacement,
           case .plain(let old, let oldAttributes, let removed)? = inverses.first?.replacement,
           let range = edits.first?.range, let inverseRange = inverses.first?.range,
           inverseRange.lowerBound == range.lowerBound, inverseRange.count == written, removed == range.count {
            appendPlain(range: range, string: string, attributes: attributes, written: written,
                        old: old, oldAttributes: oldAttributes, step)
            return
        }
        let base = reserve(1 + 8 + 10 * 10 + StepLog.sizeBound(of: edits) + StepLog.sizeBound(of: inverses))
        let start = tailUsed
        var boxed: [EditRecord.Replacement] = []
        var writer = Writer(base: base, at: start)
        StepLog.writeGeneral(edits: edits, inverses: inverses, step, to: &writer, boxed: &boxed)
        writer.backwardLength(writer.offset - start)
        for box in boxed {
            estimatedBytes &+= box.payloadBytes
            boxes.append(box)
        }
        finish(at: writer.offset)
    }

    /// Freezes the common step in its short form: `range` replaced by `string` (`written` UTF-16
    /// units in `attributes`), where the range held `old` in `oldAttributes`.
    mutating func appendPlain(range: Range<Int>, string: String, attributes: Attributes, written: Int,
                              old: String, oldAttributes: Attributes, _ step: UndoStep.Fields) {
        var string = string
        var old = old
        string.withUTF8 { string in
            old.withUTF8 { old in
                appendPlain(range: range, utf8: string, attributes: attributes, written: written,
                            old: old, oldAttributes: oldAttributes, step)
            }
        }
    }

    /// `appendPlain` with the strings as their UTF-8 bytes; inlined into the editor's plain
    /// replaceRange lane, whose arguments are then still in registers.
    @inline(__always)
    mutating func appendPlain(range: Range<Int>, utf8 string: UnsafeBufferPointer<UInt8>, attributes: Attributes, written: Int,
                              old: UnsafeBufferPointer<UInt8>, oldAttributes: Attributes, _ step: UndoStep.Fields) {
        let base = reserve(1 + 8 + 10 * 10 + 2 * 51 + string.count + old.count)
        let start = tailUsed
        var writer = Writer(base: base, at: start)
        StepLog.writeCommon(step, header: StepLog.header(step, short: true), origin: range.lowerBound, to: &writer)
        assert(TextSummary(utf8: string).utf16 == written && TextSummary(utf8: old).utf16 == range.count,
               "a plain step's lengths follow from its strings")
        writer.unsigned(UInt64(range.lowerBound))
        writer.bytes(string)
        writer.unsigned(UInt64(attributes.id))
        writer.bytes(old)
        writer.unsigned(UInt64(oldAttributes.id))
        writer.backwardLength(writer.offset - start)
        finish(at: writer.offset)
    }

    /// Makes sure the tail has `bound` bytes free and is this log's alone (a new chunk or a copy
    /// when not); returns its bytes, where the step is written from `tailUsed` on.
    @inline(__always)
    private mutating func reserve(_ bound: Int) -> UnsafeMutablePointer<UInt8> {
        // Uniqueness first: a reference taken out of `tail` before the test would make it fail.
        if isKnownUniquelyReferenced(&tail) {
            let chunk = tail.unsafelyUnwrapped
            if tailUsed &+ bound <= chunk.capacity { return chunk.base }
        }
        return reserveChunk(bound)
    }

    /// `reserve` when the tail is full, shared or missing.
    private mutating func reserveChunk(_ bound: Int) -> UnsafeMutablePointer<UInt8> {
        if let chunk = tail, tailUsed + bound <= chunk.capacity {
            // Shared with a copy of the log: the bytes of its steps are copied, the room is not
            // (this log already counts the chunk).
            let own = LogChunk(capacity: chunk.capacity)
            own.base.update(from: chunk.base, count: tailUsed)
            tail = own
            return own.base
        }
        let previous = tail?.capacity ?? 0
        let size = max(bound, previous == 0 ? StepLog.firstChunkBytes : min(previous * 2, StepLog.chunkBytes))
        if let chunk = tail { earlier.append((chunk, tailUsed)) }
        let fresh = LogChunk(capacity: size)
        tail = fresh
        tailUsed = 0
        estimatedBytes &+= size
        return fresh.base
    }

    /// Ends the step `reserve` made room for at `end`.
    @inline(__always)
    private mutating func finish(at end: Int) {
        assert(end <= tail!.capacity, "an undo step outgrew its size bound")
        tailUsed = end
        count &+= 1
    }

    /// At least the bytes `list`'s records take in the general form (a varint is at most 10
    /// bytes): kind, range start and length, string length, attributes, UTF-16 length, the string.
    private static func sizeBound(of list: borrowing EditList) -> Int {
        var bound = 0
        if let first = list.first {
            bound += 51
            if case .plain(let string, _, _) = first.replacement { bound += string.utf8.count }
        }
        for record in list.rest {
            bound += 51
            if case .plain(let string, _, _) = record.replacement { bound += string.utf8.count }
        }
        return bound
    }

    @inline(__always)
    private static func header(_ step: UndoStep.Fields, short: Bool) -> UInt8 {
        var header: UInt8
        switch step.group {
        case nil: header = 0
        case .typing: header = 1
        case .deletingBackward: header = 2
        case .deletingForward: header = 3
        }
        if step.typingBefore != nil { header |= hasTypingBefore }
        if step.typingAfter != nil { header |= hasTypingAfter }
        if short { header |= shortForm }
        if step.selectionAfter == step.selectionBefore { header |= sameSelection }
        if step.selectionBefore.isCaret { header |= caretBefore }
        if step.selectionAfter.isCaret { header |= caretAfter }
        return header
    }

    /// Header, time (only a step with a coalescing group needs it), selections relative to
    /// `origin` and the typing attributes.
    @inline(__always)
    private static func writeCommon(_ step: UndoStep.Fields, header: UInt8, origin: Int, to writer: inout Writer) {
        writer.byte(header)
        if step.group != nil { writer.double(step.time) }
        let before = step.selectionBefore
        let after = step.selectionAfter
        writer.signed(before.anchor &- origin)
        if !before.isCaret { writer.signed(before.head &- before.anchor) }
        if before != after {
            writer.signed(after.anchor &- before.anchor)
            if !after.isCaret { writer.signed(after.head &- after.anchor) }
        }
        if let typing = step.typingBefore { writer.unsigned(UInt64(typing.id)) }
        if let typing = step.typingAfter { writer.unsigned(UInt64(typing.id)) }
    }

    private static func writeGeneral(edits: borrowing EditList, inverses: borrowing EditList, _ step: UndoStep.Fields,
                                     to writer: inout Writer, boxed: inout [EditRecord.Replacement]) {
        let origin = edits.first?.range.lowerBound ?? 0
        writeCommon(step, header: header(step, short: false), origin: origin, to: &writer)
        writer.unsigned(UInt64(origin))
        writer.unsigned(UInt64(edits.count))
        writer.unsigned(UInt64(inverses.count))
        if let first = edits.first { write(first, origin: origin, to: &writer, boxed: &boxed) }
        for record in edits.rest { write(record, origin: origin, to: &writer, boxed: &boxed) }
        if let first = inverses.first { write(first, origin: origin, to: &writer, boxed: &boxed) }
        for record in inverses.rest { write(record, origin: origin, to: &writer, boxed: &boxed) }
    }

    private static func write(_ record: EditRecord, origin: Int, to writer: inout Writer, boxed: inout [EditRecord.Replacement]) {
        writer.signed(record.range.lowerBound &- origin)
        writer.unsigned(UInt64(record.range.count))
        if case .plain(let string, let attributes, let utf16) = record.replacement {
            writer.byte(plainRecord)
            writer.string(string)
            writer.unsigned(UInt64(attributes.id))
            writer.unsigned(UInt64(utf16))
        } else {
            writer.byte(boxedRecord)
            boxed.append(record.replacement)
        }
    }

    // MARK: Reading

    /// The top frozen step, as a value again; nil when the log is empty.
    var last: UndoStep? {
        guard count > 0 else { return nil }
        return decodeLast().step
    }

    /// Takes the top frozen step off the log, as a value again; nil when the log is empty.
    mutating func popLast() -> UndoStep? {
        guard count > 0 else { return nil }
        let (step, start, boxesTaken) = decodeLast()
        if boxesTaken > 0 {
            for box in boxes[(boxes.count - boxesTaken)...] { estimatedBytes &-= box.payloadBytes }
            boxes.removeLast(boxesTaken)
        }
        count -= 1
        if start == 0 {
            estimatedBytes &-= tail!.capacity
            if let (chunk, used) = earlier.popLast() {
                tail = chunk
                tailUsed = used
            } else {
                tail = nil
                tailUsed = 0
            }
        } else {
            tailUsed = start
        }
        return step
    }

    /// The top step, where it starts in the last chunk and how many boxes it has.
    private func decodeLast() -> (step: UndoStep, start: Int, boxesTaken: Int) {
        let base = UnsafePointer(tail!.base)
        var boxesTaken = 0
        var end = tailUsed
        let length = Reader.backwardLength(base, end: &end)
        let start = end - length
        var reader = Reader(base: base, at: start)
        let step = StepLog.read(&reader, boxes: boxes, boxesTaken: &boxesTaken)
        return (step, start, boxesTaken)
    }

    private static func read(_ reader: inout Reader, boxes: [EditRecord.Replacement], boxesTaken: inout Int) -> UndoStep {
        let header = reader.byte()
        let group: CoalesceGroup?
        switch header & groupMask {
        case 1: group = .typing
        case 2: group = .deletingBackward
        case 3: group = .deletingForward
        default: group = nil
        }
        let time = group != nil ? reader.double() : 0
        // Selections and typing attributes come before the edits; the origin they are relative
        // to is read after them, so keep the raw deltas.
        let anchorDelta = reader.signed()
        let headDelta = header & caretBefore != 0 ? 0 : reader.signed()
        var afterAnchorDelta = 0
        var afterHeadDelta = 0
        let same = header & sameSelection != 0
        if !same {
            afterAnchorDelta = reader.signed()
            afterHeadDelta = header & caretAfter != 0 ? 0 : reader.signed()
        }
        let typingBefore = header & hasTypingBefore != 0 ? Attributes(id: UInt32(reader.unsigned())) : nil
        let typingAfter = header & hasTypingAfter != 0 ? Attributes(id: UInt32(reader.unsigned())) : nil
        let origin = Int(reader.unsigned())

        var edits = EditList()
        var inverses = EditList()
        if header & shortForm != 0 {
            let string = reader.string()
            let attributes = Attributes(id: UInt32(reader.unsigned()))
            let old = reader.string()
            let utf16 = string.utf16.count
            let count = old.utf16.count
            let oldAttributes = Attributes(id: UInt32(reader.unsigned()))
            edits.append(EditRecord(range: origin..<(origin + count), replacement: .plain(string, attributes, utf16: utf16)))
            inverses.append(EditRecord(range: origin..<(origin + utf16), replacement: .plain(old, oldAttributes, utf16: count)))
        } else {
            let editCount = Int(reader.unsigned())
            let inverseCount = Int(reader.unsigned())
            // Boxed replacements were appended in record order; find where this step's begin.
            var records: [(range: Range<Int>, plain: EditRecord.Replacement?)] = []
            records.reserveCapacity(editCount + inverseCount)
            for _ in 0..<(editCount + inverseCount) {
                let lower = origin &+ reader.signed()
                let length = Int(reader.unsigned())
                if reader.byte() == plainRecord {
                    let string = reader.string()
                    let attributes = Attributes(id: UInt32(reader.unsigned()))
                    let utf16 = Int(reader.unsigned())
                    records.append((lower..<(lower + length), .plain(string, attributes, utf16: utf16)))
                } else {
                    records.append((lower..<(lower + length), nil))
                    boxesTaken += 1
                }
            }
            var box = boxes.count - boxesTaken
            for (i, record) in records.enumerated() {
                let replacement: EditRecord.Replacement
                if let plain = record.plain {
                    replacement = plain
                } else {
                    replacement = boxes[box]
                    box += 1
                }
                let edit = EditRecord(range: record.range, replacement: replacement)
                if i < editCount { edits.append(edit) } else { inverses.append(edit) }
            }
        }
        let before = Selection(anchor: origin &+ anchorDelta, head: origin &+ anchorDelta &+ headDelta)
        let after = same ? before : Selection(anchor: before.anchor &+ afterAnchorDelta, head: before.anchor &+ afterAnchorDelta &+ afterHeadDelta)
        return UndoStep(edits: edits, inverses: inverses, selectionBefore: before, selectionAfter: after,
                        typingBefore: typingBefore, typingAfter: typingAfter, group: group, time: time)
    }
}

extension EditRecord.Replacement {
    /// About how many bytes the replacement's own storage holds (what `EditRecord.estimatedBytes`
    /// adds to the record's size).
    var payloadBytes: Int {
        switch self {
        case .plain(let string, _, _): string.utf8.count
        case .rich(let text): text.utf8Count
        case .restyle(let map): map.count * 64
        case .runs(let runs): runs.count * 48
        }
    }
}

/// The bytes of one chunk of a `StepLog`. Steps below a log's last byte never change, so copies
/// of a log share chunks; a log writes only into a tail it holds alone.
private final class LogChunk: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { base.deallocate() }
}

/// Writes varints and bytes into memory the caller has sized (`StepLog.sizeBound`).
private struct Writer {
    let base: UnsafeMutablePointer<UInt8>
    var offset: Int

    init(base: UnsafeMutablePointer<UInt8>, at offset: Int) {
        self.base = base
        self.offset = offset
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        base[offset] = value
        offset &+= 1
    }

    @inline(__always)
    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            base[offset] = UInt8(truncatingIfNeeded: value) | 0x80
            offset &+= 1
            value >>= 7
        }
        base[offset] = UInt8(value)
        offset &+= 1
    }

    /// Zigzag: small magnitudes of either sign take one byte.
    @inline(__always)
    mutating func signed(_ value: Int) {
        let v = Int64(value)
        unsigned(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
    }

    mutating func double(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            base[offset] = UInt8(truncatingIfNeeded: bits)
            offset &+= 1
            bits >>= 8
        }
    }

    /// A string: its UTF-8 length, then its bytes.
    mutating func string(_ string: String) {
        var string = string
        string.withUTF8 { bytes($0) }
    }

    /// A byte string: its length, then the bytes.
    @inline(__always)
    mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        unsigned(UInt64(count))
        guard let source = bytes.baseAddress, count > 0 else { return }
        let target = base + offset
        if count < 16 {
            // A short string: its bytes one by one are cheaper than a call to copy them.
            for i in 0..<count { target[i] = source[i] }
        } else {
            target.update(from: source, count: count)
        }
        offset &+= count
    }

    /// `length` as a varint that reads from its last byte backwards (each byte but the one read
    /// last has the high bit set).
    mutating func backwardLength(_ length: Int) {
        if length < 0x80 {
            // One group: the usual step.
            base[offset] = UInt8(truncatingIfNeeded: length)
            offset &+= 1
            return
        }
        var groups = 1
        var rest = length >> 7
        while rest > 0 { groups += 1; rest >>= 7 }
        // Written highest group first, so the lowest group is the last byte.
        for i in stride(from: groups - 1, through: 0, by: -1) {
            let group = UInt8(truncatingIfNeeded: length >> (7 * i)) & 0x7F
            base[offset] = i == groups - 1 ? group : group | 0x80
            offset &+= 1
        }
    }
}

/// Reads what `Writer` wrote.
private struct Reader {
    let base: UnsafePointer<UInt8>
    var offset: Int

    init(base: UnsafePointer<UInt8>, at offset: Int) {
        self.base = base
        self.offset = offset
    }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return base[offset]
    }

    mutating func unsigned() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = base[offset]
            offset += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    mutating func signed() -> Int {
        let v = unsigned()
        return Int(Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))))
    }

    mutating func double() -> Double {
        var bits: UInt64 = 0
        for i in 0..<8 {
            bits |= UInt64(base[offset]) << (8 * UInt64(i))
            offset += 1
        }
        return Double(bitPattern: bits)
    }

    mutating func string() -> String {
        let count = Int(unsigned())
        defer { offset += count }
        return String(decoding: UnsafeBufferPointer(start: base + offset, count: count), as: UTF8.self)
    }

    /// Reads a `Writer.backwardLength` ending at `end`, moving `end` to its first byte.
    static func backwardLength(_ base: UnsafePointer<UInt8>, end: inout Int) -> Int {
        var result = 0
        var shift = 0
        while true {
            end -= 1
            let b = base[end]
            result |= Int(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }
}
