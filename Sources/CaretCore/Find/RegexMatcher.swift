/// Finds the non-overlapping matches of a `RegexProgram` in UTF-8 text, left to right, in one pass
/// that never backtracks: a thread simulation (Pike VM) over Unicode scalars whose work is
/// O(scalars × program size) for the whole pass, however many matches it reports.
///
/// **Priority.** Threads at a position are kept in priority order and each instruction is visited
/// at most once per position, by the first thread to reach it; later arrivals would do the same
/// from there and lose to it. A thread that reaches `match` wins over every thread below it, which
/// stop; threads above it go on and may still win with a later end. This gives leftmost-first
/// matches (Perl-style greedy/lazy preferences) without backtracking.
///
/// **Clusters.** Threads start only at grapheme-cluster boundaries and `match` succeeds only at
/// one, so no match starts or ends inside a cluster (`GraphemeBreakState` follows the pass).
///
/// **All matches in one pass.** Each search for the next match is a *generation*. Once generation
/// g has a candidate match, the search after it (g + 1) starts at once at the candidate's end,
/// running beside g, instead of rereading the text once g is settled; if g finds a better match,
/// g + 1 and later are dropped and restarted at the new end. A thread of a later generation that
/// reaches an instruction an earlier generation's thread holds is dropped too: either they both
/// fail, or the earlier one matches, which restarts the later generation anyway. So all
/// generations together keep at most one thread per instruction — except that a generation
/// restarted by a match at this very position follows its first closure afresh (what led to that
/// match has already happened and must not stop it), so a position holds at most two per
/// instruction.
///
/// **Interruption.** Each step charges the work limit with the number of threads it moved, so a
/// deadline stops even a large search by throwing `WorkLimit.Exceeded`.
final class RegexMatcher {
    let program: RegexProgram
    let info: RegexScalarInfo
    let instructions: UnsafeMutablePointer<RegexInstruction>
    let classASCII: UnsafeMutablePointer<UInt64>
    let firstBytes: UnsafeMutablePointer<Bool>
    /// The step at which each instruction was last visited.
    let marks: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) var stamp: UInt32 = 0
    /// Depth-first work: an instruction to explore (`slot < 0`) or a slot value to restore.
    let stack: UnsafeMutablePointer<(pc: Int32, slot: Int32, value: Int)>
    /// The slots of the thread being followed.
    let scratch: UnsafeMutablePointer<Int>
    /// The thread lists of the current and the next position (swapped by pointer).
    let lists: UnsafeMutablePointer<RegexThreadList>
    let slotCount: Int

    /// The text of the current run.
    @exclusivity(unchecked) var text: UnsafePointer<UInt8>
    @exclusivity(unchecked) var textCount = 0
    @exclusivity(unchecked) var anchor: Int?
    /// The searches under way: every one but the last has a candidate match (`end >= 0`).
    @exclusivity(unchecked) var generations: [Generation] = []
    /// The candidate's slots for each generation, `slotCount` apiece.
    @exclusivity(unchecked) var generationSlots: [Int] = []
    /// Generations before `head` are reported; the id of `generations[i]` is `idBase + i`.
    @exclusivity(unchecked) var head = 0
    @exclusivity(unchecked) var idBase = 0

    struct Generation {
        /// The first position where this search may start a match.
        var startFrom: Int
        /// The end of its candidate match, or -1.
        var end = -1
    }

    /// A position of the pass: its byte offset, the scalars on either side and whether it is a
    /// grapheme-cluster boundary.
    struct Position {
        var offset: Int
        var previous: UInt32
        var current: UInt32
        var isBoundary: Bool
    }

    /// The scalar value used for "no scalar" before the start and after the end.
    static let none = UInt32.max

    init(program: RegexProgram, info: RegexScalarInfo) {
        self.program = program
        self.info = info
        let count = max(1, program.instructions.count)
        let instructions = UnsafeMutablePointer<RegexInstruction>.allocate(capacity: count)
        program.instructions.withUnsafeBufferPointer { instructions.initialize(from: $0.baseAddress!, count: $0.count) }
        self.instructions = instructions
        let classASCII = UnsafeMutablePointer<UInt64>.allocate(capacity: max(1, program.classASCII.count))
        program.classASCII.withUnsafeBufferPointer { if let base = $0.baseAddress { classASCII.initialize(from: base, count: $0.count) } }
        self.classASCII = classASCII
        let firstBytes = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        program.firstBytes.withUnsafeBufferPointer { firstBytes.initialize(from: $0.baseAddress!, count: 256) }
        self.firstBytes = firstBytes
        marks = .allocate(capacity: count)
        marks.initialize(repeating: 0, count: count)
        stack = .allocate(capacity: count + 1)
        slotCount = program.slotCount
        scratch = .allocate(capacity: slotCount)
        // A position holds each instruction once per closure stamp, and has at most two stamps.
        lists = .allocate(capacity: 2)
        lists.initialize(to: RegexThreadList(capacity: 2 * count, slotCount: slotCount))
        (lists + 1).initialize(to: RegexThreadList(capacity: 2 * count, slotCount: slotCount))
        text = UnsafeRawPointer(firstBytes).assumingMemoryBound(to: UInt8.self)  // set by each run
    }

    deinit {
        instructions.deallocate()
        classASCII.deallocate()
        firstBytes.deallocate()
        marks.deallocate()
        stack.deallocate()
        scratch.deallocate()
        lists[0].deallocate()
        lists[1].deallocate()
        lists.deinitialize(count: 2)
        lists.deallocate()
    }

    /// Calls `body` with each non-empty match of the program in `buffer` (valid UTF-8), in order:
    /// its start and end byte offsets and its slots (slot 0 is the start; see `RegexProgram`). An
    /// empty match is not reported, and the next search starts after the cluster it stands before.
    /// `body` returns false to stop. With `anchor`, only a match starting at that byte offset (a
    /// grapheme-cluster boundary) is looked for.
    /// - Throws: `WorkLimit.Exceeded` when `workLimit` says to stop.
    /// - Complexity: O(n × m) for n scalars read and a program of m instructions.
    func run(
        _ buffer: UnsafeBufferPointer<UInt8>, anchor: Int? = nil, workLimit: WorkLimit?,
        _ body: (_ start: Int, _ end: Int, _ slots: UnsafeBufferPointer<Int>) -> Bool
    ) throws(WorkLimit.Exceeded) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        text = base
        textCount = buffer.count
        self.anchor = anchor
        let start = anchor ?? 0
        generations = [Generation(startFrom: start)]
        generationSlots = [Int](repeating: -1, count: slotCount)
        head = 0
        idBase = 0
        var current = lists
        var next = lists + 1
        current.pointee.count = 0
        var grapheme = GraphemeBreakState()
        var properties = GraphemePropertyCache()
        var length = 0
        var here = Position(offset: start, previous: scalar(before: start), current: Self.none, isBoundary: true)
        load(&here, &length, &grapheme, &properties)
        here.isBoundary = true  // the start of the text, or a boundary the caller vouches for
        beginStep()
        inject(into: &current.pointee, at: here)
        while true {
            // Something to report once the front generation has no thread left.
            if head < generations.count - 1
                && (current.pointee.count == 0 || current.pointee.generations[0] != idBase + head) {
                guard commit(current.pointee, body) else { return }
            }
            if current.pointee.count == 0 {
                if anchor != nil || here.offset >= textCount { break }
                if program.canSkip && head == generations.count - 1 {
                    // Nothing under way: skip scalars that cannot start a non-empty match.
                    let skipped = skip(&here, &length, &grapheme, &properties)
                    try workLimit.charge(skipped)
                    if here.offset >= textCount { break }
                    beginStep()
                    inject(into: &current.pointee, at: here)
                    continue
                }
            }
            if here.offset >= textCount { break }
            let scalar = here.current
            advance(&here, &length, &grapheme, &properties)
            beginStep()
            next.pointee.count = 0
            var index = 0
            while index < current.pointee.count {
                let pc = Int(current.pointee.pcs[index])
                let instruction = instructions[pc]
                if accepts(instruction, scalar) {
                    var successor = Int(instruction.y)
                    while instructions[successor].operation == .jump { successor = Int(instructions[successor].x) }
                    let generation = current.pointee.generations[index]
                    let slots = current.pointee.slots(of: index)
                    // The common cases without the closure walk: the next instruction consumes,
                    // or chooses between two that do (a repetition's loop).
                    if isConsuming(successor) {
                        add(successor, generation: generation, slots: slots, to: &next.pointee)
                    } else if instructions[successor].operation == .split,
                              isConsuming(Int(instructions[successor].x)), isConsuming(Int(instructions[successor].y)),
                              marks[successor] != stamp {
                        marks[successor] = stamp
                        add(Int(instructions[successor].x), generation: generation, slots: slots, to: &next.pointee)
                        add(Int(instructions[successor].y), generation: generation, slots: slots, to: &next.pointee)
                    } else if follow(successor, generation: generation, slots: slots, into: &next.pointee, at: here) {
                        // A match: the threads below it lose, and the generation after it starts
                        // here afresh — what the recording closure visited must not stop it.
                        beginStep()
                        break
                    }
                }
                index &+= 1
            }
            inject(into: &next.pointee, at: here)
            try workLimit.charge(current.pointee.count &+ 1)
            swap(&current, &next)
        }
        current.pointee.count = 0  // threads still waiting for a scalar at the end of the text fail
        _ = commit(current.pointee, body)
    }

    // MARK: - Steps

    /// Whether instruction `pc` consumes a scalar.
    @inline(__always)
    private func isConsuming(_ pc: Int) -> Bool {
        instructions[pc].operation.rawValue <= RegexInstruction.Operation.scalarClass.rawValue
    }

    /// Adds a thread at the consuming instruction `pc` unless one is there already.
    @inline(__always)
    private func add(_ pc: Int, generation: Int, slots: UnsafeMutablePointer<Int>, to list: inout RegexThreadList) {
        if marks[pc] != stamp {
            marks[pc] = stamp
            list.append(pc: pc, generation: generation, slots: slots)
        }
    }

    /// Starts the closure of a new position: no instruction visited yet.
    @inline(__always)
    private func beginStep() {
        stamp &+= 1
        if stamp == 0 {
            marks.update(repeating: 0, count: max(1, program.instructions.count))
            stamp = 1
        }
    }

    /// Starts a thread of the last generation at `here` when it may start a non-empty match there.
    /// (Where no non-empty match can start, only an empty one could, and it would be skipped: the
    /// next search would start after it anyway.)
    @inline(__always)
    private func inject(into list: inout RegexThreadList, at here: Position) {
        if program.canSkip && (here.offset >= textCount || !firstBytes[Int(text[here.offset])]) { return }
        let last = generations.count - 1
        guard generations[last].end < 0, here.isBoundary, here.offset >= generations[last].startFrom else { return }
        if let anchor, here.offset != anchor { return }
        scratch.update(repeating: -1, count: slotCount)
        scratch[0] = here.offset
        if isConsuming(0) {
            add(0, generation: idBase + last, slots: scratch, to: &list)
        } else {
            _ = follow(0, generation: idBase + last, slots: scratch, into: &list, at: here)
        }
    }

    /// Whether the consuming instruction accepts `scalar`.
    @inline(__always)
    private func accepts(_ instruction: RegexInstruction, _ scalar: UInt32) -> Bool {
        switch instruction.operation {
        case .scalar: return scalar == UInt32(truncatingIfNeeded: instruction.x)
        case .foldedScalar: return info.fold(scalar) == UInt32(truncatingIfNeeded: instruction.x)
        case .scalarClass:
            let index = Int(instruction.x)
            if scalar < 0x80 {
                return classASCII[2 &* index &+ Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
            }
            return classContains(index, scalar)
        default: return false
        }
    }

    /// Whether class `index` accepts the scalar outside ASCII `scalar` (out of line: it is rare
    /// in most text and reaches the stdlib's Unicode properties).
    @inline(never)
    private func classContains(_ index: Int, _ scalar: UInt32) -> Bool {
        program.classes[index].contains(scalar, caseInsensitive: program.caseInsensitive, info: info)
    }

    /// Follows a thread from `pc` through every instruction that consumes nothing, adding a thread
    /// to `list` at each consuming instruction reached first, in priority order. Returns true when
    /// it reached a match (recorded for its generation; the caller drops the threads below).
    private func follow(
        _ start: Int, generation: Int, slots: UnsafeMutablePointer<Int>, into list: inout RegexThreadList, at here: Position
    ) -> Bool {
        if slots != scratch {
            if slotCount == 1 { scratch[0] = slots[0] } else { scratch.update(from: slots, count: slotCount) }
        }
        var depth = 1
        stack[0] = (Int32(truncatingIfNeeded: start), -1, 0)
        while depth > 0 {
            depth &-= 1
            let entry = stack[depth]
            if entry.slot >= 0 {
                scratch[Int(entry.slot)] = entry.value
                continue
            }
            var pc = Int(entry.pc)
            while marks[pc] != stamp {
                marks[pc] = stamp
                let instruction = instructions[pc]
                switch instruction.operation {
                case .scalar, .foldedScalar, .scalarClass:
                    list.append(pc: pc, generation: generation, slots: scratch)
                case .jump:
                    pc = Int(instruction.x)
                    continue
                case .split:
                    stack[depth] = (instruction.y, -1, 0)
                    depth &+= 1
                    pc = Int(instruction.x)
                    continue
                case .save:
                    let slot = Int(instruction.x)
                    stack[depth] = (0, instruction.x, scratch[slot])
                    depth &+= 1
                    scratch[slot] = here.offset
                    pc &+= 1
                    continue
                case .assertion:
                    if holds(instruction.x, at: here) {
                        pc &+= 1
                        continue
                    }
                case .match:
                    if here.isBoundary {
                        record(generation, end: here.offset)
                        return true
                    }
                case .fail:
                    break
                }
                break
            }
        }
        return false
    }

    /// Whether the assertion with raw value `kind` holds at `here`.
    @inline(__always)
    private func holds(_ kind: Int32, at here: Position) -> Bool {
        switch RegexAssertion(rawValue: kind)! {
        case .lineStart: return here.previous == Self.none || here.previous == 0x0A
        case .lineEnd:
            return here.current == Self.none || here.current == 0x0A
                || (here.current == 0x0D && here.offset &+ 1 < textCount && text[here.offset &+ 1] == 0x0A)
        case .textStart: return here.offset == 0
        case .textEnd: return here.offset == textCount
        case .wordBoundary: return isWord(here.previous) != isWord(here.current)
        case .notWordBoundary: return isWord(here.previous) == isWord(here.current)
        }
    }

    @inline(__always)
    private func isWord(_ scalar: UInt32) -> Bool {
        scalar != Self.none && info.properties(scalar) & RegexScalarInfo.word != 0
    }
}
