/// Caret's list numbering, followed paragraph by paragraph: consecutive items of one style at
/// one level count 1, 2, 3; deeper items between them do not stop the count; a shallower item,
/// another style at the same level, or a paragraph that is not a list item does. (A block
/// quote's edge does not, where HTML starts a new `<ol>` from 1: the writer writes `start`, the
/// reader compares.)
struct HTMLListNumbering {
    /// Per level from 1: the style of the items counted there (nil for a level skipped on the way
    /// down) and how many.
    private var levels: [(ordered: Bool?, count: Int)] = []

    /// Steps past one paragraph; returns its ordinal when it is a list item.
    mutating func next(level: Int, ordered: Bool?) -> Int? {
        guard let ordered, level >= 1 else {
            levels.removeAll(keepingCapacity: true)
            return nil
        }
        if levels.count > level { levels.removeLast(levels.count - level) }
        while levels.count < level - 1 { levels.append((nil, 0)) }
        if levels.count == level, levels[level - 1].ordered == ordered {
            levels[level - 1].count += 1
        } else {
            if levels.count == level { levels.removeLast() }
            levels.append((ordered, 1))
        }
        return levels[level - 1].count
    }
}
