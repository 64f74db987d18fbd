import Testing
@testable import CaretCore

/// The in-leaf edit path remembers the leaf it edited (`EditFinger`) and walks straight to it for
/// the next edit. These tests check that a finger is taken and reused where it should be, that
/// anything else that changes the tree forgets it, and above all that copies never see each
/// other's edits through it: copies taken and edited at every step, edits that leave the
/// finger's leaf, general-path edits and restyling interleaved, and text with surrogate pairs,
/// combining marks and CR LF next to the edits. `checkInvariants` checks the finger names a leaf
/// by indices in range and the offset where that leaf starts.
@Suite struct RopeFingerTests {
    static let pieces = ["a", "b", "xyz", " ", "\n", "é", "😀", "e\u{301}", "\u{301}", "\r", "\r\n", "中", "🇺", "🇸", "\u{200D}"]
    static let pool: [Attributes] = [Attributes(), .traits(.bold), .traits(.italic)]

    /// A text of many leaves (several levels in a debug build's small nodes), with runs.
    static func document(_ random: inout SeededRandom, length: Int) -> (AttributedText, ReferenceText) {
        var pieces: [(String, Attributes)] = []
        var count = 0
        while count < length {
            var piece = ""
            for _ in 0..<random.int(in: 1...12) { piece += random.bool() ? "w" : random.element(of: Self.pieces)! }
            pieces.append((piece, random.element(of: Self.pool)!))
            count += piece.utf16.count
        }
        return (AttributedText(runs: pieces), ReferenceText(runs: pieces))
    }

    /// A valid position near `around`, or anywhere when `around` is nil.
    static func position(near around: Int?, in reference: ReferenceText, _ random: inout SeededRandom) -> Int {
        while true {
            let offset: Int
            if let around {
                offset = max(0, min(reference.utf16Count, around + random.int(in: -3...3)))
            } else {
                offset = random.int(in: 0...reference.utf16Count)
            }
            if reference.isValidPosition(offset) { return offset }
        }
    }

    /// One edit applied to both: mostly typing and backspacing near `cursor` (what the finger is
    /// for), sometimes a jump, a long insertion or deletion (the general path) or a restyle.
    static func randomEdit(
        _ text: inout AttributedText, _ reference: inout ReferenceText, cursor: inout Int, _ random: inout SeededRandom
    ) throws -> String {
        let attributes = random.element(of: pool)!
        switch random.int(in: 0..<20) {
        case 0..<10:
            let at = position(near: cursor, in: reference, &random)
            let piece = random.int(in: 0..<3) == 0 ? random.element(of: pieces)! : String(random.element(of: Array("abcdefgh"))!)
            try text.insert(piece, at: at, attributes: attributes)
            try reference.insert(piece, at: at, attributes: attributes)
            cursor = at + piece.utf16.count
            return "type \(piece.debugDescription) at \(at)"
        case 10..<15:
            let upper = position(near: cursor, in: reference, &random)
            var lower = upper
            while lower > 0 {
                lower -= 1
                if reference.isValidPosition(lower) { break }
            }
            try text.removeSubrange(lower..<upper)
            try reference.replaceSubrange(lower..<upper, with: "", attributes: Attributes())
            cursor = lower
            return "backspace \(lower)..<\(upper)"
        case 15:
            cursor = position(near: nil, in: reference, &random)
            return "jump to \(cursor)"
        case 16:
            let at = position(near: cursor, in: reference, &random)
            var piece = ""
            for _ in 0..<random.int(in: 10...40) { piece += random.element(of: pieces)! }
            try text.insert(piece, at: at, attributes: attributes)
            try reference.insert(piece, at: at, attributes: attributes)
            cursor = at + piece.utf16.count
            return "insert \(piece.debugDescription) at \(at)"
        case 17:
            let a = position(near: cursor, in: reference, &random)
            let b = position(near: nil, in: reference, &random)
            let range = min(a, b)..<min(max(a, b), min(a, b) + 80)
            guard reference.isValidPosition(range.upperBound) else { return "nothing" }
            try text.removeSubrange(range)
            try reference.replaceSubrange(range, with: "", attributes: Attributes())
            cursor = range.lowerBound
            return "delete \(range)"
        case 18:
            let a = position(near: cursor, in: reference, &random)
            let b = position(near: cursor, in: reference, &random)
            try text.setAttributes(attributes, in: min(a, b)..<max(a, b))
            try reference.setAttributes(attributes, in: min(a, b)..<max(a, b))
            return "set \(attributes) in \(min(a, b))..<\(max(a, b))"
        default:
            let a = position(near: cursor, in: reference, &random)
            let b = position(near: cursor, in: reference, &random)
            try text.replaceSubrange(min(a, b)..<max(a, b), with: "Q", attributes: attributes)
            try reference.replaceSubrange(min(a, b)..<max(a, b), with: "Q", attributes: attributes)
            cursor = min(a, b) + 1
            return "replace \(min(a, b))..<\(max(a, b)) with Q"
        }
    }

    /// Local editing with a copy taken at random steps; the copy and the original are then both
    /// edited (near the same place, so both walk the same finger over shared nodes) and each must
    /// keep agreeing with its own reference, and a snapshot of the original before the copy must
    /// never change.
    @Test func copiesEditedThroughTheSameFingerStayIndependent() throws {
        for seed in SeededRandom.seeds(default: [1, 2, 3]) {
            var random = SeededRandom(seed: seed)
            var (text, reference) = Self.document(&random, length: 600)
            var cursor = reference.utf16Count / 2
            for step in 0..<300 {
                let label = try Self.randomEdit(&text, &reference, cursor: &cursor, &random)
                guard RopeCheck.agree(text, reference, "step \(step) \(label); seed \(seed)", exhaustive: false) else { return }
                guard step % 5 == 0 else { continue }
                let (snapshot, snapshotReference) = (text, reference)
                var (copy, copyReference) = (text, reference)
                var copyCursor = cursor
                for inner in 0..<random.int(in: 1...4) {
                    let copyLabel = try Self.randomEdit(&copy, &copyReference, cursor: &copyCursor, &random)
                    let label = try Self.randomEdit(&text, &reference, cursor: &cursor, &random)
                    let context = "step \(step).\(inner) original \(label), copy \(copyLabel); seed \(seed)"
                    guard RopeCheck.agree(copy, copyReference, "copy: " + context, exhaustive: false),
                          RopeCheck.agree(text, reference, "original: " + context, exhaustive: false),
                          RopeCheck.agree(snapshot, snapshotReference, "snapshot: " + context, exhaustive: false) else { return }
                }
                // The edited values equal texts built fresh from their references.
                #expect(copy == AttributedText(runs: copyReference.runs.map { (try! copyReference.string(in: $0.range), $0.attributes) }))
                #expect(text == AttributedText(runs: reference.runs.map { (try! reference.string(in: $0.range), $0.attributes) }))
            }
        }
    }

    /// Typing moves through the document one leaf after another: the finger follows, and every
    /// edit leaves one that names the leaf just edited.
    @Test func typingAcrossLeavesMovesTheFinger() throws {
        var random = SeededRandom.forTest(fallback: 7)
        var (text, reference) = Self.document(&random, length: 400)
        var at = 0
        var leaves = Set<Int>()
        while at < reference.utf16Count - 1 {
            if reference.isValidPosition(at) {
                try text.insert("k", at: at, attributes: Attributes())
                try reference.insert("k", at: at, attributes: Attributes())
                if text.finger.depth >= 0 { leaves.insert(text.finger.start) }
                try text.checkInvariants()
            }
            at += 5
        }
        #expect(RopeCheck.agree(text, reference, "typed through the text"))
        #expect(leaves.count > 3, "the finger never moved: \(leaves.sorted())")
    }

    /// The finger is taken by an in-leaf edit and forgotten by anything that replaces the root or
    /// changes the tree another way.
    @Test func fingerIsForgottenByOtherChanges() throws {
        var random = SeededRandom.forTest(fallback: 11)
        var (text, reference) = Self.document(&random, length: 300)
        func valid(_ offset: Int) -> Int {
            var offset = offset
            while !reference.isValidPosition(offset) { offset += 1 }
            return offset
        }
        // Plain letters to type into (the general path puts them in leaves with room).
        let letters = "abcdefghijklmnopqrstuvwxyz"
        try text.insert(letters, at: valid(100), attributes: Attributes())
        try reference.insert(letters, at: valid(100), attributes: Attributes())
        let at = valid(100) + 11
        try text.insert("a", at: at, attributes: Attributes())
        try reference.insert("a", at: at, attributes: Attributes())
        #expect(text.finger.depth == text.root.height)
        let taken = text.finger
        try text.insert("b", at: at + 1, attributes: Attributes())
        try reference.insert("b", at: at + 1, attributes: Attributes())
        #expect(text.finger.start == taken.start && text.finger.path == taken.path, "the next key in the same leaf reuses the finger")

        let long = String(repeating: "long ", count: 20)
        let early = valid(50)
        try text.insert(long, at: early, attributes: .traits(.bold))
        try reference.insert(long, at: early, attributes: .traits(.bold))
        #expect(text.finger.depth == -1, "the general path replaced the root")

        let first = valid(10)
        try text.insert("c", at: first, attributes: Attributes())
        try reference.insert("c", at: first, attributes: Attributes())
        #expect(text.finger.depth >= 0)
        let end = valid(first + 5)
        try text.setAttributes(.traits(.italic), in: first..<end)
        try reference.setAttributes(.traits(.italic), in: first..<end)
        #expect(text.finger.depth == -1, "restyling took the root inout")
        #expect(RopeCheck.agree(text, reference, "after the changes"))
    }

    /// Surrogate pairs, combining marks and CR LF around the finger's edits: edits that split a
    /// pair are refused, and text next to marks and CR is counted right.
    @Test func nonASCIINearTheFinger() throws {
        var text = AttributedText(String(repeating: "ab😀cd\r\ne\u{301}f中", count: 12))
        var reference = ReferenceText(String(repeating: "ab😀cd\r\ne\u{301}f中", count: 12))
        let period = "ab😀cd\r\ne\u{301}f中".utf16.count
        // A period reads a b 😀 c d CR LF e U+0301 f 中 (offsets 0, 1, 2-3, 4 ... 11). Later periods
        // first, and within one the edits from its end back, so every offset lands where that
        // layout says.
        for round in 0..<6 {
            let base = period * (11 - round)
            // Inside the surrogate pair: refused, nothing changes.
            #expect(throws: TextError.self) { try text.insert("x", at: base + 3, attributes: Attributes()) }
            #expect(throws: TextError.self) { try text.removeSubrange(base + 3..<base + 4) }
            // A mark after LF, LF after CR (making a CR LF and a lone LF), ASCII before CR and
            // between letters, ASCII before the emoji, an emoji between letters.
            for (offset, piece) in [(8, "\u{301}"), (7, "\n"), (6, "z"), (5, "y"), (2, "x"), (1, "😀")] {
                try text.insert(piece, at: base + offset, attributes: .traits(.bold))
                try reference.insert(piece, at: base + offset, attributes: .traits(.bold))
                guard RopeCheck.agree(text, reference, "round \(round) \(piece.debugDescription) at \(base + offset)", exhaustive: false) else { return }
            }
            // Backspacing the emoji just typed (both halves), then a split of it refused.
            #expect(throws: TextError.self) { try text.removeSubrange(base + 2..<base + 3) }
            try text.removeSubrange(base + 1..<base + 3)
            try reference.replaceSubrange(base + 1..<base + 3, with: "", attributes: Attributes())
            guard RopeCheck.agree(text, reference, "round \(round) backspace", exhaustive: round == 0) else { return }
        }
    }

    /// Styled typing that would outgrow the runs' room gives the leaf more room instead of moving
    /// the runs to an array; runs already in an array (from restyling) move back in place.
    @Test func styledTypingKeepsRunsInPlace() throws {
        var text = AttributedText("abcdefghijkl")
        var reference = ReferenceText("abcdefghijkl")
        // Five bold letters make eleven runs, past the eight more a leaf has room for.
        for i in 0..<5 {
            try text.setAttributes(.traits(.bold), in: (1 + 2 * i)..<(2 + 2 * i))
            try reference.setAttributes(.traits(.bold), in: (1 + 2 * i)..<(2 + 2 * i))
        }
        #expect(text.root.isLeaf && text.root.head.pointee.overflowRuns != nil, "restyling did not reach the array")
        for i in 0..<8 {
            let attributes: Attributes = i % 2 == 0 ? .traits(.italic) : .traits(.underline)
            try text.insert("x", at: 1 + 2 * i, attributes: attributes)
            try reference.insert("x", at: 1 + 2 * i, attributes: attributes)
            if text.root.isLeaf { #expect(text.root.head.pointee.overflowRuns == nil, "key \(i) left the runs in an array") }
            #expect(RopeCheck.agree(text, reference, "styled key \(i)"))
        }
    }

    /// A deletion or replacement from one leaf into the next is done in both leaves in place: the
    /// first loses its part of the deleted text and takes the inserted text, the second loses its
    /// part, and no other leaf changes (the general path would cut the two into new leaves of
    /// other sizes). When the inserted text cannot go into the first leaf after the second was
    /// cut, the general path finishes the edit. ASCII, emoji, and a combining mark after the
    /// deleted text (which the in-place edits must decline).
    @Test func editsAcrossALeafBoundaryStayInBothLeaves() throws {
        let line = "😀bc😀 fgh😀jk lmn😀pq rst😀vw xyz"
        func leafSizes(_ text: AttributedText) -> [Int] {
            var sizes: [Int] = []
            text.root.forEachLeaf(overlapping: 0..<text.utf16Count) { leaf, _ in
                sizes.append(leaf.byteCount)
                return true
            }
            return sizes
        }
        for (inserted, fits) in [("", true), ("Q", true), ("😀", true), (String(repeating: "long ", count: 12), false)] {
            for mark in ["", "\u{301}"] {
                let start = String(repeating: line + "\n", count: 6)
                var text = AttributedText(start)
                var reference = ReferenceText(start)
                var boundaries: [Int] = []
                text.root.forEachLeaf(overlapping: 0..<text.utf16Count) { leaf, start in
                    boundaries.append(start + leaf.summary.utf16)
                    return true
                }
                // A boundary with text on both sides: a scalar back, a scalar or two ahead.
                let leafIndex = boundaries.count / 2
                let boundary = boundaries[leafIndex]
                var lower = boundary - 1
                while !reference.isValidPosition(lower) { lower -= 1 }
                if !mark.isEmpty {
                    // A combining mark after the deleted text: it would join what is inserted.
                    var at = boundary + 1
                    while !reference.isValidPosition(at) { at += 1 }
                    try text.insert(mark, at: at, attributes: Attributes())
                    try reference.insert(mark, at: at, attributes: Attributes())
                }
                var upper = boundary + 1
                while !reference.isValidPosition(upper) { upper += 1 }
                let before = leafSizes(text)
                let string = reference.string.utf16
                let deletedBefore = String(string[string.index(string.startIndex, offsetBy: lower)..<string.index(string.startIndex, offsetBy: boundary)])!.utf8.count
                let deletedAfter = String(string[string.index(string.startIndex, offsetBy: boundary)..<string.index(string.startIndex, offsetBy: upper)])!.utf8.count
                try text.replaceSubrange(lower..<upper, with: inserted, attributes: .traits(.bold))
                try reference.replaceSubrange(lower..<upper, with: inserted, attributes: .traits(.bold))
                let context = "replace \(lower)..<\(upper) (leaf boundary \(boundary)) with \(inserted.debugDescription), mark \(mark.debugDescription)"
                guard RopeCheck.agree(text, reference, context) else { return }
                var inPlace = before
                inPlace[leafIndex] += inserted.utf8.count - deletedBefore
                inPlace[leafIndex + 1] -= deletedAfter
                if fits && mark.isEmpty {
                    #expect(leafSizes(text) == inPlace, "\(context): leaves \(before) became \(leafSizes(text))")
                } else {
                    #expect(leafSizes(text) != inPlace, "\(context): edited in place, which it cannot be")
                }
            }
        }
    }
}
