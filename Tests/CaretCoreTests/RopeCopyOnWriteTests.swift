import Dispatch
import Synchronization
import Testing
@testable import CaretCore

/// Copies share nodes; an edit of one must never show in another: copies taken at every step,
/// copies of copies, and copies read and edited on several threads at once.
@Suite struct RopeCopyOnWriteTests {
    static let pieces = ["a", "bc", "\r\n", "é", "😀", "🇺", "e\u{301}", " hello ", "\n", "\u{200D}", "中文"]
    static let pool: [Attributes] = [Attributes(), .traits(.bold), .traits(.italic)]

    /// One random edit (of text or attributes) applied to both.
    static func randomEdit(_ text: inout AttributedText, _ reference: inout ReferenceText, _ random: inout SeededRandom) throws -> String {
        func position() -> Int {
            while true {
                let offset = random.int(in: 0...reference.utf16Count)
                if reference.isValidPosition(offset) { return offset }
            }
        }
        let (a, b) = (position(), position())
        let range = min(a, b)..<max(a, b)
        let attributes = random.element(of: pool)!
        switch random.int(in: 0..<6) {
        case 0...2:
            var s = ""
            for _ in 0..<random.int(in: 0...(random.bool() ? 3 : 30)) { s += random.element(of: pieces)! }
            try text.replaceSubrange(range, with: s, attributes: attributes)
            try reference.replaceSubrange(range, with: s, attributes: attributes)
            return "replace \(range) with \(s.debugDescription)"
        case 3:
            try text.setAttributes(attributes, in: range)
            try reference.setAttributes(attributes, in: range)
            return "set \(attributes) in \(range)"
        case 4:
            try text.mergeAttributes(.traits(.underline), in: range)
            try reference.mergeAttributes(.traits(.underline), in: range)
            return "merge underline in \(range)"
        default:
            let runs = reference.runs(unchecked: range).map { AttributedText.Run(range: $0.range, attributes: random.element(of: pool)!) }
            try text.setAttributes(runs: runs, startingAt: range.lowerBound)
            for run in runs { try reference.setAttributes(run.attributes, in: run.range) }
            return "set runs at \(range.lowerBound)"
        }
    }

    /// Every intermediate value is kept; at the end each still equals the model at its step.
    /// Along the way copies of earlier copies are edited too, which must disturb neither.
    @Test func copiesAtEveryStepStayUnchanged() throws {
        for seed in SeededRandom.seeds(default: [21, 22]) {
            var random = SeededRandom(seed: seed)
            var text = AttributedText()
            var reference = ReferenceText()
            var snapshots: [(AttributedText, ReferenceText)] = []
            for step in 0..<400 {
                snapshots.append((text, reference))
                let label = try Self.randomEdit(&text, &reference, &random)
                guard RopeCheck.agree(text, reference, "step \(step) \(label); seed \(seed)", exhaustive: false) else { return }
                if step % 7 == 0, snapshots.count > 3 {
                    // A copy of an old copy, edited: the old copy and the current text stay put.
                    var (old, oldReference) = snapshots[random.int(in: 0..<snapshots.count)]
                    var copyOfCopy = old
                    _ = try Self.randomEdit(&old, &oldReference, &random)
                    guard RopeCheck.agree(old, oldReference, "edited old copy, step \(step); seed \(seed)", exhaustive: false) else { return }
                    copyOfCopy.append(AttributedText("!"))
                }
            }
            for (i, (copy, expected)) in snapshots.enumerated() {
                guard RopeCheck.agree(copy, expected, "snapshot \(i) after later edits; seed \(seed)", exhaustive: false) else { return }
            }
        }
    }

    /// The original edited, then the copy edited on the same paths: whichever edits second
    /// finds its nodes shared and copies them.
    @Test func bothSidesEditedAfterACopy() throws {
        let string = String(repeating: "0123456789abcdef", count: 40)
        var original = AttributedText(string)
        var copy = original
        // The fast typing path on both sides of the same leaf.
        try original.insert("X", at: 100, attributes: .traits(.bold))
        try copy.insert("Y", at: 100, attributes: .traits(.italic))
        try original.removeSubrange(10..<11)
        try copy.removeSubrange(10..<11)
        var third = copy
        try third.setAttributes(.traits(.underline), in: 0..<600)
        try copy.insert("😀", at: 5, attributes: Attributes())
        var expectedOriginal = ReferenceText(string)
        try expectedOriginal.insert("X", at: 100, attributes: .traits(.bold))
        try expectedOriginal.replaceSubrange(10..<11, with: "", attributes: Attributes())
        var expectedThird = ReferenceText(string)
        try expectedThird.insert("Y", at: 100, attributes: .traits(.italic))
        try expectedThird.replaceSubrange(10..<11, with: "", attributes: Attributes())
        var expectedCopy = expectedThird
        try expectedThird.setAttributes(.traits(.underline), in: 0..<600)
        try expectedCopy.insert("😀", at: 5, attributes: Attributes())
        RopeCheck.agree(original, expectedOriginal, "original", exhaustive: false)
        RopeCheck.agree(copy, expectedCopy, "copy", exhaustive: false)
        RopeCheck.agree(third, expectedThird, "third", exhaustive: false)
    }

    /// A text inserted into itself: the argument shares every node with the value being edited.
    @Test func textInsertedIntoItself() throws {
        for string in ["ab", String(repeating: "xyz é😀\r\n🇺🇸", count: 30)] {
            var text = AttributedText(runs: [(string, .traits(.bold)), ("tail", Attributes())])
            var reference = ReferenceText(runs: [(string, .traits(.bold)), ("tail", Attributes())])
            text.append(text)
            reference.append(reference)
            RopeCheck.agree(text, reference, "appended to itself", exhaustive: false)
            try text.replaceSubrange(2..<2, with: text)
            try reference.replaceSubrange(2..<2, with: reference)
            RopeCheck.agree(text, reference, "inserted into itself", exhaustive: false)
            let copy = text
            try text.replaceSubrange(0..<text.utf16Count, with: copy)
            RopeCheck.agree(text, reference, "replaced whole by itself", exhaustive: false)
        }
    }

    /// Copies of one text edited on several threads at once (each with its own attributes,
    /// interned concurrently), while every thread also reads the shared original.
    @Test func copiesEditedOnSeveralThreads() throws {
        var base = AttributedText()
        var baseReference = ReferenceText()
        let seed = SeededRandom.seed(fallback: 99)
        var random = SeededRandom(seed: seed)
        for _ in 0..<150 { _ = try Self.randomEdit(&base, &baseReference, &random) }
        let shared = base
        let expectedString = baseReference.string
        let expectedRuns = baseReference.runs
        let startReference = baseReference
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            do {
                var random = SeededRandom(seed: seed &+ 1000 &+ UInt64(thread))
                var text = shared
                var reference = startReference
                let own = try Attributes([(.custom("thread\(thread)"), .number(Double(thread)))])
                for step in 0..<250 {
                    _ = try Self.randomEdit(&text, &reference, &random)
                    if step % 5 == 0 {
                        let end = text.clamped(3)
                        try text.mergeAttributes(own, in: 0..<end)
                        try reference.mergeAttributes(own, in: 0..<end)
                    }
                    if step % 25 == 0 {
                        if shared.string != expectedString || shared.runs != expectedRuns {
                            failures.withLock { $0.append("thread \(thread) step \(step): the shared original changed") }
                            return
                        }
                        var fork = text
                        try fork.removeSubrange(0..<fork.utf16Count)
                        if !fork.isEmpty { failures.withLock { $0.append("thread \(thread): fork not emptied") } }
                    }
                    if text.string != reference.string || text.runs != reference.runs {
                        failures.withLock { $0.append("thread \(thread) step \(step): text differs from the model") }
                        return
                    }
                }
                try text.checkInvariants()
            } catch {
                failures.withLock { $0.append("thread \(thread): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(shared.string == expectedString)
        #expect(shared.runs == expectedRuns)
        try shared.checkInvariants()
    }

    /// The same with Swift concurrency: tasks each given the same value, editing and reading it.
    @Test func copiesEditedInATaskGroup() async throws {
        let shared = AttributedText(runs: (0..<300).map { ("run \($0) é😀 ", $0 % 3 == 0 ? Attributes.traits(.bold) : Attributes()) })
        let expected = shared.string
        let results = await withTaskGroup(of: (Int, String, Int).self) { group in
            for task in 0..<6 {
                group.addTask {
                    var text = shared
                    for i in 0..<200 {
                        let offset = text.clamped((i * 37 + task * 11) % (text.utf16Count + 1))
                        try! text.insert("t\(task)", at: offset, attributes: .traits(.italic))
                        if i % 3 == 0 { try! text.removeSubrange(0..<text.clamped(4)) }
                    }
                    return (task, text.string, text.characterCount)
                }
            }
            var collected: [(Int, String, Int)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(shared.string == expected)
        for (task, string, count) in results {
            #expect(string.count == count, "task \(task): cluster count")
            #expect(string.contains("t\(task)"))
        }
    }
}
