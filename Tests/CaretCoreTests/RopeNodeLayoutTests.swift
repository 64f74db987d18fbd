import Testing
@testable import CaretCore

/// A node is one allocation with room for a leaf's bytes and runs: typing past the bytes' room
/// goes through the general path, typing past the runs' room gives the leaf more (restyling past
/// it moves them to an array), copies stay independent, and the shared empty root is never
/// changed in place.
@Suite struct RopeNodeLayoutTests {
    /// Styled typing in one leaf: each key with other attributes than its neighbours adds runs
    /// until they no longer fit in place, and the leaf is copied with more room (the runs never
    /// move to an array on the typing path); the text keeps agreeing with the reference throughout.
    @Test func runsThatOutgrowTheirRoomGetMoreRoom() throws {
        let bold = Attributes.traits(.bold)
        let italic = Attributes.traits(.italic)
        var text = AttributedText("abcdefghij")
        var reference = ReferenceText("abcdefghij")
        let room = text.root.head.pointee.runCapacity
        var sawMoreRoom = false
        // Styled letters after every other plain one, in one leaf even in a debug build.
        for i in 0..<8 {
            let offset = 1 + i * 2
            let attributes = i % 2 == 0 ? bold : italic
            try text.insert("x", at: offset, attributes: attributes)
            try reference.insert("x", at: offset, attributes: attributes)
            if text.root.isLeaf {
                #expect(text.root.head.pointee.overflowRuns == nil, "styled key \(i) moved the runs to an array")
                if text.root.head.pointee.runCapacity > room { sawMoreRoom = true }
            }
            #expect(RopeCheck.agree(text, reference, "styled key \(i)"))
        }
        #expect(sawMoreRoom, "the runs never outgrew their room: the test does not reach the copy with more")
        // Editing the runs, then restyling them all plain.
        try text.removeSubrange(2..<5)
        try reference.replaceSubrange(2..<5, with: "", attributes: Attributes())
        #expect(RopeCheck.agree(text, reference, "deleted across runs"))
        try text.setAttributes(Attributes(), in: 0..<text.utf16Count)
        try reference.setAttributes(Attributes(), in: 0..<reference.utf16Count)
        #expect(RopeCheck.agree(text, reference, "restyled plain"))
        #expect(text.root.head.pointee.overflowRuns == nil || !text.root.isLeaf)
    }

    /// A plain leaf takes four styled keys, each splitting a run, in place: the leaf is the same
    /// object after them (no copy with more room), and the fifth gets the copy.
    @Test func aPlainLeafTakesFourStyledSplitsInPlace() throws {
        let italic = Attributes.traits(.italic)
        var text = AttributedText("abcdefghij")
        var reference = ReferenceText("abcdefghij")
        #expect(text.root.isLeaf && text.root.head.pointee.runCount == 1)
        let leaf = ObjectIdentifier(text.root)
        for i in 0..<5 {
            let offset = 1 + i * 2
            try text.insert("x", at: offset, attributes: italic)
            try reference.insert("x", at: offset, attributes: italic)
            #expect(RopeCheck.agree(text, reference, "styled key \(i)"))
            #expect(text.root.isLeaf)
            let same = ObjectIdentifier(text.root) == leaf
            #expect(same == (i < 4), "styled key \(i): the leaf was \(same ? "kept" : "copied")")
        }
        #expect(text.root.head.pointee.runCount == 11)
    }

    /// A copy of a leaf whose runs are in an array (restyling put them there) is independent of it.
    @Test func copyOfALeafWithRunsInAnArrayIsIndependent() throws {
        var text = AttributedText("0123456789")
        var reference = ReferenceText("0123456789")
        for i in 0..<6 {
            try text.insert("é", at: 1 + i * 2, attributes: Attributes())
            try reference.insert("é", at: 1 + i * 2, attributes: Attributes())
        }
        for i in 0..<6 {
            let attributes = i % 2 == 0 ? Attributes.traits(.bold) : .traits(.underline)
            try text.setAttributes(attributes, in: (1 + i * 2)..<(2 + i * 2))
            try reference.setAttributes(attributes, in: (1 + i * 2)..<(2 + i * 2))
        }
        #expect(!text.root.isLeaf || text.root.head.pointee.overflowRuns != nil, "restyling did not reach the array")
        let saved = text
        let savedReference = reference
        try text.insert("😀", at: 3, attributes: .traits(.italic))
        try reference.insert("😀", at: 3, attributes: .traits(.italic))
        try text.removeSubrange(0..<1)
        try reference.replaceSubrange(0..<1, with: "", attributes: Attributes())
        #expect(RopeCheck.agree(text, reference, "edited copy"))
        #expect(RopeCheck.agree(saved, savedReference, "original after the copy was edited"))
    }

    /// A short text gets a small leaf; typing past its room continues through the general path,
    /// and every leaf's bytes fit its room (the checker checks that).
    @Test func typingPastASmallLeafsRoom() throws {
        var text = AttributedText("ab")
        var reference = ReferenceText("ab")
        let room = text.root.byteCapacity
        #expect(room < Node.maxLeafBytes || Node.maxLeafBytes <= 16)
        for (i, piece) in ["c", "é", "😀", "d", "\u{301}", "中", "e", "f", "g", "🇺", "🇸", "h"].enumerated() {
            for _ in 0..<3 {
                let offset = reference.utf16Count
                try text.insert(piece, at: offset, attributes: Attributes())
                try reference.insert(piece, at: offset, attributes: Attributes())
            }
            #expect(RopeCheck.agree(text, reference, "piece \(i)", exhaustive: i % 4 == 0))
        }
        #expect(text.utf8Count > room)
    }

    /// Empty texts share one root leaf; changing one copies it first.
    @Test func emptyTextsShareARootThatNoEditChanges() throws {
        var first = AttributedText()
        let second = AttributedText()
        #expect(first.root === second.root)
        try first.insert("a😀", at: 0, attributes: .traits(.bold))
        #expect(first.string == "a😀")
        #expect(second.isEmpty && second.root.byteCount == 0)
        #expect(AttributedText().isEmpty && AttributedText().runs.isEmpty)
        try first.removeSubrange(0..<first.utf16Count)
        #expect(first.isEmpty)
        try first.checkInvariants()
        try AttributedText().checkInvariants()
    }
}
