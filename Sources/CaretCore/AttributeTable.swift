/// The process-wide table of interned attribute sets. A set's number depends on the order sets
/// were first seen, so it never reaches output; equal sets always get the same number.
///
/// Sets are never removed: a process that invents unboundedly many distinct sets (say, a unique
/// custom value per character) grows this table.
final class AttributeTable: Sendable {
    static let shared = AttributeTable()

    private struct State {
        var sets: [[Attributes.Entry]] = [[]]
        var numbers: [[Attributes.Entry]: UInt32] = [[]: 0]
    }

    private let state = Lock(State())

    /// The number of the set with these canonical (sorted, unique-key) entries.
    func intern(_ entries: [Attributes.Entry]) -> UInt32 {
        if entries.isEmpty { return 0 }
        return state.withLock { state in
            if let number = state.numbers[entries] { return number }
            let number = UInt32(state.sets.count)
            state.sets.append(entries)
            state.numbers[entries] = number
            return number
        }
    }

    /// The entries of set `number`.
    func entries(_ number: UInt32) -> [Attributes.Entry] {
        state.withLock { $0.sets[Int(number)] }
    }
}
