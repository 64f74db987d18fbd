import Testing
@testable import CaretCore

/// An insertion that would overflow its leaf's room stays on the in-leaf path (`Node.makeRoom`):
/// the leaf gets a full leaf's room when that is enough, or splits in two at a certain cluster
/// boundary near its middle, its left half staying in the same node, and full parents split up the
/// path. Where neither applies (a cluster longer than half a leaf) the general path takes the edit
/// as before. Each case is checked against the reference text.
@Suite struct RopeLeafRoomTests {
    /// A leaf that holds `string` with room for `byteCapacity` bytes, as the root of a text.
    static func text(_ string: String, byteCapacity: Int) -> AttributedText {
        let bytes = Array(string.utf8)
        let runs = [LeafRun(length: bytes.count, attributes: Attributes())]
        var text = AttributedText()
        text.root = bytes.withUnsafeBufferPointer { bytes in
            runs.withUnsafeBufferPointer { runs in
                Node.leaf(bytes, runs: runs, summary: Node.leafSummary(bytes), byteCapacity: byteCapacity, runCapacity: 4)
            }
        }
        return text
    }

    @Test func aLeafShortOfRoomGetsAFullLeafsRoom() throws {
        let string = String(repeating: "a", count: Node.maxLeafBytes / 2)
        var text = Self.text(string, byteCapacity: string.utf8.count)
        var reference = ReferenceText(string)
        try text.insert("xy", at: 3, attributes: Attributes())
        try reference.insert("xy", at: 3, attributes: Attributes())
        #expect(text.root.isLeaf && text.root.byteCapacity == Node.maxLeafBytes, "capacity \(text.root.byteCapacity)")
        #expect(RopeCheck.agree(text, reference, "after the key"))
    }

    /// The same below the root: the copy takes the leaf's place in its parent.
    @Test func aLeafShortOfRoomUnderAParentGetsAFullLeafsRoom() throws {
        let string = String(repeating: "a", count: 4 * Node.maxLeafBytes)
        var text = AttributedText(string)
        var reference = ReferenceText(string)
        #expect(!text.root.isLeaf)
        guard !text.root.isLeaf else { return }
        // The first leaf, with no room to spare. No reference to a node outlives this block: the
        // edit must find the tree unshared, or it would copy the leaf (with room) itself.
        let count: Int
        let runRoom: Int
        do {
            let first = text.root.firstLeaf
            count = first.byteCount
            runRoom = Int(first.head.pointee.runCapacity)
            var node = text.root
            while node.entries[0].node !== first { node = node.entries[0].node }
            node.entries[0].node = first.copy(byteCapacity: count, runCapacity: Swift.max(Int(first.head.pointee.runCapacity), first.runs.count))
        }
        #expect(text.root.firstLeaf.byteCapacity == count)
        try text.insert("xy", at: 3, attributes: Attributes())
        try reference.insert("xy", at: 3, attributes: Attributes())
        #expect(text.root.firstLeaf.byteCapacity == Node.maxLeafBytes, "capacity \(text.root.firstLeaf.byteCapacity)")
        #expect(text.root.firstLeaf.byteCount == count + 2)
        // Copied, not cut anew by the general path: the leaf keeps its room for runs.
        #expect(Int(text.root.firstLeaf.head.pointee.runCapacity) == runRoom)
        #expect(RopeCheck.agree(text, reference, "after the key"))
    }

    @Test func aKeyTypedIntoAFullLeafSplitsItAtItsMiddle() throws {
        let count = Node.maxLeafBytes
        let string = String(repeating: "a", count: count)
        var text = Self.text(string, byteCapacity: count)
        var reference = ReferenceText(string)
        try text.insert("x", at: 3, attributes: .traits(.bold))
        try reference.insert("x", at: 3, attributes: .traits(.bold))
        // The split is at the middle of the old leaf; the general path would have cut the region
        // at three quarters of a leaf.
        let root = text.root
        #expect(!root.isLeaf && root.childCount == 2)
        if !root.isLeaf && root.childCount == 2 {
            #expect(root.entries[0].node.byteCount == count / 2 + 1 && root.entries[1].node.byteCount == count / 2)
            // The left half keeps the old leaf's room, the right one gets a full leaf's.
            #expect(root.entries[0].node.byteCapacity == count && root.entries[1].node.byteCapacity >= Node.maxLeafBytes / 2)
        }
        #expect(RopeCheck.agree(text, reference, "after the key"))
        // Typing goes on into the left half without another split.
        for i in 0..<8 {
            try text.insert("y", at: 4 + i, attributes: Attributes())
            try reference.insert("y", at: 4 + i, attributes: Attributes())
        }
        #expect(text.root.childCount == 2)
        #expect(RopeCheck.agree(text, reference, "after eight more keys"))
    }

    /// Typing at one place splits the leaf there again and again: its parent fills and splits, and
    /// so does the root, which gets a new root above it.
    @Test func splitsGoUpToTheRoot() throws {
        var text = AttributedText("start")
        var reference = ReferenceText("start")
        var at = 2
        for key in 0..<(Node.maxLeafBytes * Node.maxChildren * Node.maxChildren) {
            try text.insert("k", at: at, attributes: Attributes())
            try reference.insert("k", at: at, attributes: Attributes())
            at += 1
            if key % 64 == 63 { guard RopeCheck.agree(text, reference, "key \(key)", exhaustive: false) else { return } }
        }
        #expect(text.root.height >= 2, "height \(text.root.height)")
        #expect(RopeCheck.agree(text, reference, "at the end"))
    }

    /// Around the middle are clusters that a cut could break (combining marks, a ZWJ sequence,
    /// regional indicators, CR LF): the cut moves back to a certain boundary, or the general path
    /// takes the edit when there is none near.
    @Test func theCutNeverBreaksACluster() throws {
        let middles = ["e\u{301}\u{302}", "👩\u{200D}💻", "🇺🇸🇫🇷", "\r\n\r\n", "\u{1100}\u{1161}\u{11A8}",
                       "e" + String(repeating: "\u{301}", count: 40)]
        for middle in middles {
            for shift in 0..<8 {
                let head = String(repeating: "a", count: max(0, Node.maxLeafBytes / 2 - middle.utf8.count / 2 - shift))
                var string = head + middle
                while string.utf8.count < Node.maxLeafBytes { string += "b" }
                var text = Self.text(string, byteCapacity: max(string.utf8.count, Node.maxLeafBytes))
                var reference = ReferenceText(string)
                let at = 1
                try text.insert("z", at: at, attributes: Attributes())
                try reference.insert("z", at: at, attributes: Attributes())
                #expect(RopeCheck.agree(text, reference, "middle \(middle.debugDescription), shift \(shift)"))
            }
        }
    }

    /// Typing at random places in a document of many leaves and levels, one key at a time, fills
    /// leaves and splits them under parents that are sometimes full and split in turn, up to the
    /// root; every hundred keys the invariants, text, runs and counts (clusters included) agree
    /// with the reference.
    @Test func typingAtRandomFillsAndSplitsLeaves() throws {
        var random = SeededRandom(seed: SeededRandom.seed(fallback: 131))
        let pieces = ["a", "b", "é", "😀", "e\u{301}", "\r\n", "中", "🇺", "\n"]
        var (text, reference) = RopeFingerTests.document(&random, length: 40 * Node.maxLeafBytes)
        var cursor = 0
        for step in 0..<4000 {
            if random.int(in: 0..<8) == 0 { cursor = random.int(in: 0...reference.utf16Count) }
            while !reference.isValidPosition(cursor) { cursor -= 1 }
            let piece = random.int(in: 0..<4) == 0 ? random.element(of: pieces)! : "k"
            try text.insert(piece, at: cursor, attributes: Attributes())
            try reference.insert(piece, at: cursor, attributes: Attributes())
            cursor += piece.utf16.count
            if step % 100 == 99 {
                guard RopeCheck.agree(text, reference, "step \(step)", exhaustive: false) else { return }
            }
        }
    }
}
