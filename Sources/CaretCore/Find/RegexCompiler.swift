/// Turns a `RegexNode` into a `RegexProgram`: the classic construction of a thread program from a
/// tree, where `split` orders the choices so that thread priority gives leftmost-first (Perl-style)
/// preferences.
///
/// - `a|b`: `split(a, next)`, `a`, `jump end`, then `b`.
/// - `x*`: `L: split(x, end)`, `x`, then `split(x, end)` again (lazy `*?` swaps the targets).
/// - `x*` where `x` can match the empty string: an extra iteration must consume something, so the
///   body is emitted twice — copy A, where nothing is consumed yet, and copy B — with every
///   consuming instruction of A going on in B, the end of A failing and only B looping back.
///   The program then has no cycle that consumes nothing, which is what makes the matcher's
///   "first thread to reach an instruction at a position wins" exactly the backtracking order.
/// - `x{n,m}`: `n` copies of `x`, then `m - n` copies each behind a `split` to the common end;
///   `x{n,}` is `n` copies and `x*`; `x+` is `x x*`.
///
/// The size is computed before emitting, so `(a{1000}){1000}` is refused without building it.
struct RegexCompiler {
    private var program = RegexProgram()
    private var classIndices: [RegexScalarClass: Int32] = [:]
    private let info: RegexScalarInfo

    private init(info: RegexScalarInfo) {
        self.info = info
    }

    /// The program for `node`, tracking the capture slots of `trackedGroups` (groups the pattern
    /// does not have are ignored).
    /// - Throws: `RegexSyntaxError` when the program would exceed `RegexProgram.maximumSize`.
    /// - Complexity: O(program size).
    static func compile(
        _ node: RegexNode, groupCount: Int, caseInsensitive: Bool, trackedGroups: [Int], info: RegexScalarInfo
    ) throws(RegexSyntaxError) -> RegexProgram {
        guard size(of: node) < RegexProgram.maximumSize else {
            throw RegexSyntaxError("the pattern compiles to more than \(RegexProgram.maximumSize) instructions (repetition counts multiply)")
        }
        var compiler = RegexCompiler(info: info)
        compiler.program.caseInsensitive = caseInsensitive
        compiler.program.groupCount = groupCount
        compiler.program.trackedGroups = trackedGroups.filter { $0 >= 1 && $0 <= groupCount }
        compiler.program.instructions.reserveCapacity(size(of: node) + 1)
        compiler.emit(node)
        compiler.append(.match)
        compiler.program.finish(info: info)
        return compiler.program
    }

    /// The number of instructions `node` compiles to, saturating just above the limit.
    static func size(of node: RegexNode) -> Int {
        let limit = RegexProgram.maximumSize + 1
        func add(_ a: Int, _ b: Int) -> Int { min(limit, a + b) }
        func multiply(_ a: Int, _ b: Int) -> Int { a == 0 || b == 0 ? 0 : (a > limit / b ? limit : min(limit, a * b)) }
        switch node {
        case .empty: return 0
        case .scalar, .scalarClass, .assertion: return 1
        case .group(let body, _): return add(size(of: body), 2)
        case .concatenation(let items): return items.reduce(0) { add($0, size(of: $1)) }
        case .alternation(let branches):
            return branches.reduce(2 * (branches.count - 1)) { add($0, size(of: $1)) }
        case .repetition(let body, let min, let max, _):
            let one = size(of: body)
            let required = multiply(min, one)
            guard let max else { return add(required, isNullable(body) ? add(multiply(2, one), 3) : add(one, 2)) }
            return add(required, multiply(max - min, add(one, 1)))
        }
    }

    /// Whether `node` can match the empty string.
    static func isNullable(_ node: RegexNode) -> Bool {
        switch node {
        case .empty, .assertion: return true
        case .scalar, .scalarClass: return false
        case .group(let body, _): return isNullable(body)
        case .concatenation(let items): return items.allSatisfy(isNullable)
        case .alternation(let branches): return branches.contains(where: isNullable)
        case .repetition(let body, let min, _, _): return min == 0 || isNullable(body)
        }
    }

    @discardableResult
    private mutating func append(_ operation: RegexInstruction.Operation, _ x: Int32 = 0, _ y: Int32 = 0) -> Int {
        program.instructions.append(RegexInstruction(operation: operation, x: x, y: y))
        return program.instructions.count - 1
    }

    /// Appends a consuming instruction that goes on at the next one.
    private mutating func appendConsuming(_ operation: RegexInstruction.Operation, _ x: Int32) {
        append(operation, x, here + 1)
    }

    private var here: Int32 { Int32(program.instructions.count) }

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar):
            if program.caseInsensitive {
                appendConsuming(.foldedScalar, Int32(info.fold(scalar.value)))
            } else {
                appendConsuming(.scalar, Int32(scalar.value))
            }
        case .scalarClass(let set):
            appendConsuming(.scalarClass, classIndex(set))
        case .assertion(let assertion):
            append(.assertion, assertion.rawValue)
        case .group(let body, let capture):
            if let capture, let slot = program.slots(forGroup: capture) {
                append(.save, Int32(slot))
                emit(body)
                append(.save, Int32(slot + 1))
            } else {
                emit(body)
            }
        case .concatenation(let items):
            for item in items { emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for branch in branches.dropLast() {
                let split = append(.split)
                program.instructions[split].x = here
                emit(branch)
                jumps.append(append(.jump))
                program.instructions[split].y = here
            }
            emit(branches[branches.count - 1])
            for jump in jumps { program.instructions[jump].x = here }
        case .repetition(let body, let min, let max, let lazy):
            for _ in 0..<min { emit(body) }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(append(.split))
                    emit(body)
                }
                for split in splits { order(split, body: Int32(split + 1), exit: here, lazy: lazy) }
            } else {
                let loop = append(.split)
                if Self.isNullable(body) {
                    let copyA = Int(here)
                    emit(body)
                    append(.fail)  // the iteration consumed nothing
                    let copyB = Int(here)
                    emit(body)
                    for pc in copyA..<(copyB - 1) {
                        switch program.instructions[pc].operation {
                        case .scalar, .foldedScalar, .scalarClass: program.instructions[pc].y += Int32(copyB - copyA)
                        default: break
                        }
                    }
                } else {
                    emit(body)
                }
                // The way back is a copy of the loop's choice (equivalent to jumping to it).
                let back = append(.split)
                order(loop, body: Int32(loop + 1), exit: here, lazy: lazy)
                program.instructions[back] = program.instructions[loop]
            }
        }
    }

    /// Sets the targets of the split at `index`: the body first when greedy, the exit first when lazy.
    private mutating func order(_ index: Int, body: Int32, exit: Int32, lazy: Bool) {
        program.instructions[index].x = lazy ? exit : body
        program.instructions[index].y = lazy ? body : exit
    }

    private mutating func classIndex(_ set: RegexScalarClass) -> Int32 {
        if let index = classIndices[set] { return index }
        let index = Int32(program.classes.count)
        program.classes.append(set)
        classIndices[set] = index
        return index
    }
}
