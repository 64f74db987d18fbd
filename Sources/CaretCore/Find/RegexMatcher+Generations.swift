// The searches under way: candidates recorded, later searches restarted, final matches reported.

extension RegexMatcher {
    /// Records a candidate match of generation `id` ending at `end` (its slots in `scratch`):
    /// later generations are dropped and the one after it starts at `end` — or just after it, for
    /// an empty match, so that the pass moves on.
    func record(_ id: Int, end: Int) {
        let index = id - idBase
        generations[index].end = end
        let offset = index * slotCount
        for slot in 0..<slotCount { generationSlots[offset + slot] = scratch[slot] }
        let startFrom = anchor != nil ? Int.max : (scratch[0] == end ? end + 1 : end)
        if generations.count > index + 1 {
            if generations.count > index + 2 {
                generations.removeSubrange((index + 2)...)
                generationSlots.removeSubrange(((index + 2) * slotCount)...)
            }
            generations[index + 1] = Generation(startFrom: startFrom)
        } else {
            generations.append(Generation(startFrom: startFrom))
            generationSlots.append(contentsOf: repeatElement(-1, count: slotCount))
        }
    }

    /// Reports, in order, the generations at the front whose candidate is final (no thread of
    /// theirs is left in `current`). Returns false when `body` asked to stop.
    func commit(
        _ current: RegexThreadList, _ body: (Int, Int, UnsafeBufferPointer<Int>) -> Bool
    ) -> Bool {
        while head < generations.count - 1 {
            let id = idBase + head
            if current.count > 0 && current.generations[0] == id { break }  // lists are in generation order
            let end = generations[head].end
            let offset = head * slotCount
            head += 1
            let start = generationSlots[offset]
            if end > start {
                let goOn = generationSlots.withUnsafeBufferPointer { slots in
                    body(start, end, UnsafeBufferPointer(rebasing: slots[offset..<(offset + slotCount)]))
                }
                if !goOn { return false }
            }
        }
        if head > 1024 && head * 2 > generations.count {
            generations.removeFirst(head)
            generationSlots.removeFirst(head * slotCount)
            idBase += head
            head = 0
        }
        return true
    }
}
