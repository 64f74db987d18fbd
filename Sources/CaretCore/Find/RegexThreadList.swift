/// The threads of `RegexMatcher` at one text position, in priority order: each an instruction (a
/// consuming one), the search generation it belongs to and its capture slots.
///
/// Storage is allocated once for the largest possible list — two threads per instruction, since a
/// position follows at most two closures, each visiting an instruction at most once — and freed
/// with `deallocate()`.
struct RegexThreadList {
    let pcs: UnsafeMutablePointer<Int32>
    let generations: UnsafeMutablePointer<Int>
    let slots: UnsafeMutablePointer<Int>
    let slotCount: Int
    var count = 0

    init(capacity: Int, slotCount: Int) {
        pcs = .allocate(capacity: capacity)
        generations = .allocate(capacity: capacity)
        slots = .allocate(capacity: capacity * slotCount)
        self.slotCount = slotCount
    }

    func deallocate() {
        pcs.deallocate()
        generations.deallocate()
        slots.deallocate()
    }

    /// Adds a thread at `pc` with the slots in `source`.
    @inline(__always)
    mutating func append(pc: Int, generation: Int, slots source: UnsafeMutablePointer<Int>) {
        pcs[count] = Int32(truncatingIfNeeded: pc)
        generations[count] = generation
        if slotCount == 1 {
            slots[count] = source[0]
        } else {
            (slots + count &* slotCount).update(from: source, count: slotCount)
        }
        count &+= 1
    }

    /// The slots of thread `index`.
    @inline(__always)
    func slots(of index: Int) -> UnsafeMutablePointer<Int> {
        slots + index &* slotCount
    }
}
