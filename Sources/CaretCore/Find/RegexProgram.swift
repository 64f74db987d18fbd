/// One step of a compiled pattern.
struct RegexInstruction {
    enum Operation: UInt8 {
        /// Consume the scalar `x`, then go on at `y`.
        case scalar
        /// Consume a scalar whose case fold is `x`, then go on at `y`.
        case foldedScalar
        /// Consume a scalar of class `x`, then go on at `y`.
        case scalarClass
        /// Go on at `x`, and with lower priority at `y`.
        case split
        /// Go on at `x`.
        case jump
        /// Store the position in capture slot `x`.
        case save
        /// Go on only where `RegexAssertion(rawValue: x)` holds.
        case assertion
        /// A match ends here (only at a grapheme-cluster boundary).
        case match
        /// This way fails.
        case fail
    }

    var operation: Operation
    var x: Int32
    var y: Int32 = 0
}

/// A compiled pattern: instructions for `RegexMatcher`'s thread simulation, the classes they test,
/// and what the matcher needs to skip text quickly.
///
/// Capture slots: slot 0 holds a match's start; each tracked group has a start and an end slot
/// (`slots(forGroup:)`). Only the groups a caller asks for are tracked, so a search that needs
/// ranges only copies one slot per thread.
struct RegexProgram {
    /// The largest program `RegexCompiler` builds.
    static let maximumSize = 100_000

    var instructions: [RegexInstruction] = []
    var classes: [RegexScalarClass] = []
    /// For each class, two words: which ASCII scalars it accepts, case and negation applied.
    var classASCII: [UInt64] = []
    var caseInsensitive = false
    /// Capturing groups in the pattern.
    var groupCount = 0
    /// The groups with slots, in slot order.
    var trackedGroups: [Int] = []
    /// Slots each thread carries: 1 + 2 × tracked groups.
    var slotCount: Int { 1 + 2 * trackedGroups.count }
    /// For each byte, whether a non-empty match can start with a scalar whose UTF-8 starts with it.
    var firstBytes = [Bool](repeating: true, count: 256)
    /// Whether `firstBytes` excludes any byte (so positions can be skipped).
    var canSkip = false

    /// The start slot of `group` (its end slot follows), or nil when it is not tracked.
    func slots(forGroup group: Int) -> Int? {
        trackedGroups.firstIndex(of: group).map { 1 + 2 * $0 }
    }

    /// Fills `classASCII`, `firstBytes` and `canSkip` once the instructions are complete.
    mutating func finish(info: RegexScalarInfo) {
        classASCII = []
        for set in classes {
            var words: (UInt64, UInt64) = (0, 0)
            for value in UInt32(0)..<128 where set.contains(value, caseInsensitive: caseInsensitive, info: info) {
                if value < 64 { words.0 |= 1 << UInt64(value) } else { words.1 |= 1 << UInt64(value - 64) }
            }
            classASCII += [words.0, words.1]
        }
        firstBytes = firstByteTable(info: info)
        canSkip = firstBytes.contains(false)
    }

    /// The first UTF-8 byte of the scalar value `value`.
    static func leadByte(_ value: UInt32) -> Int {
        switch value {
        case ..<0x80: Int(value)
        case ..<0x800: Int(0xC0 | value >> 6)
        case ..<0x10000: Int(0xE0 | value >> 12)
        default: Int(0xF0 | value >> 18)
        }
    }

    /// The lead bytes of scalars that the instructions reachable from the start without consuming
    /// can consume. Assertions count as passable, so the table errs towards too many bytes.
    private func firstByteTable(info: RegexScalarInfo) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        func addNonASCII() { for byte in 0xC2...0xF4 { table[byte] = true } }
        func add(_ value: UInt32) {
            if value < 0x80 { table[Int(value)] = true } else { addNonASCII() }
        }
        var seen = [Bool](repeating: false, count: instructions.count)
        var stack = instructions.isEmpty ? [] : [0]
        while let pc = stack.popLast() {
            guard pc < instructions.count, !seen[pc] else { continue }
            seen[pc] = true
            let instruction = instructions[pc]
            switch instruction.operation {
            case .scalar:
                table[Self.leadByte(UInt32(instruction.x))] = true
            case .foldedScalar:
                let value = UInt32(instruction.x)
                add(value)
                add(info.upper(value))
                addNonASCII()  // scalars outside ASCII can fold to an ASCII letter (K, ſ)
            case .scalarClass:
                let index = Int(instruction.x)
                for value in 0..<128 {
                    let word = classASCII[2 * index + value / 64]
                    if word & (1 << UInt64(value % 64)) != 0 { table[value] = true }
                }
                if classes[index].mayMatchNonASCII(caseInsensitive: caseInsensitive) { addNonASCII() }
            case .split:
                stack.append(Int(instruction.y))
                stack.append(Int(instruction.x))
            case .jump: stack.append(Int(instruction.x))
            case .save, .assertion: stack.append(pc + 1)
            case .match, .fail: break  // an empty match is skipped; it does not stop a skip
            }
        }
        return table
    }
}
