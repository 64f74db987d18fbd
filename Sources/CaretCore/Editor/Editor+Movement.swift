// Caret movement and selection commands.

extension Editor {
    /// Moves the caret, or with `extend` only the head, as UIKit and AppKit do.
    func move(_ movement: Movement, extend: Bool) throws {
        let from: Int
        if extend {
            from = selection.head
        } else if !selection.isCaret {
            switch movement {
            case .left:
                select(Selection(caret: selection.lowerBound))
                return
            case .right:
                select(Selection(caret: selection.upperBound))
                return
            case .wordLeft, .lineStart, .up, .documentStart: from = selection.lowerBound
            case .wordRight, .lineEnd, .down, .documentEnd: from = selection.upperBound
            }
        } else {
            from = selection.head
        }
        let target = try destination(of: movement, from: from)
        select(extend ? Selection(anchor: selection.anchor, head: target) : Selection(caret: target))
    }

    func destination(of movement: Movement, from offset: Int) throws -> Int {
        switch movement {
        case .left: return try graphemeBefore(offset)
        case .right: return try graphemeAfter(offset)
        case .wordLeft: return try wordLeft(offset)
        case .wordRight: return try wordRight(offset)
        case .lineStart: return try lineStart(offset)
        case .lineEnd: return try lineContentEnd(offset)
        case .documentStart: return 0
        case .documentEnd: return length
        case .up, .down: return try vertical(from: offset, down: movement == .down)
        }
    }

    /// One logical line up or down at the goal column (counted in grapheme clusters); past the
    /// first or last line, the document start or end.
    func vertical(from offset: Int, down: Bool) throws -> Int {
        let start = try lineStart(offset)
        let goal: Int
        if let goalColumn {
            goal = goalColumn
        } else {
            goal = try text.string(in: start..<offset).count
            goalColumn = goal
        }
        let line = try text.lineColumn(fromUTF16: offset).line
        if down {
            guard line + 1 < text.lineCount else { return length }
        } else {
            guard line > 0 else { return 0 }
        }
        let targetStart = try text.utf16Offset(line: down ? line + 1 : line - 1, column: 0)
        let targetEnd = try lineContentEnd(targetStart)
        var position = targetStart
        var column = 0
        let lineText = try text.string(in: targetStart..<targetEnd)
        for character in lineText {
            if column == goal { break }
            position += character.utf16.count
            column += 1
        }
        return position
    }

    /// Selects the word at the caret, or widens a selection to word boundaries.
    func selectWord() throws {
        if selection.isCaret {
            let range = try wordRange(at: selection.head)
            select(Selection(range))
        } else {
            let lower = try wordBoundary(atOrBefore: selection.lowerBound)
            let upper = try wordBoundary(atOrAfter: selection.upperBound)
            select(selection.isBackward ? Selection(anchor: upper, head: lower) : Selection(anchor: lower, head: upper))
        }
    }
}
