import CaretCore

/// The block structure: containers (blockquote, nested lists) opened and closed as paragraphs
/// change, then each paragraph's own element and its inline content.
extension HTMLWriter {
    mutating func writeBlock(_ paragraph: HTMLParagraph, _ block: HTMLBlock) {
        let ordinal = numbering.next(level: block.level, ordered: block.ordered)
        if block.quote != quoteOpen {
            closePre()
            closeLists(to: 0)
            emit(quoteOpen ? "</blockquote>" : "<blockquote>")
            quoteOpen.toggle()
        }
        guard let ordered = block.ordered else {
            closeLists(to: 0)
            if block.code {
                writeCodeLine(paragraph, block)
            } else {
                closePre()
                writeElement(paragraph, block, inList: false)
            }
            return
        }
        closePre()
        closeLists(to: block.level)
        if lists.count == block.level {
            if lists[block.level - 1].ordered == ordered {
                // HTML numbers each <li>; where Caret's ordinal differs (after an item that only
                // held a deeper list), the item says its number.
                lists[block.level - 1].count += 1
                if ordered, let ordinal, ordinal != lists[block.level - 1].count {
                    emit("</li><li value=\"\(ordinal)\">")
                    lists[block.level - 1].count = ordinal
                } else {
                    emit("</li><li>")
                }
            } else {
                closeLists(to: block.level - 1)
            }
        }
        // Levels skipped on the way down get an item holding only the deeper list.
        while lists.count < block.level {
            // A list Caret goes on counting (across a block quote's edge) starts where it is.
            if ordered, lists.count == block.level - 1, let ordinal, ordinal > 1 {
                emit("<ol start=\"\(ordinal)\"><li>")
                lists.append((ordered, ordinal))
            } else {
                emit(ordered ? "<ol><li>" : "<ul><li>")
                lists.append((ordered, 1))
            }
        }
        if block.code {
            emit(Self.styled("<pre", block.alignment, false) + "<code>")
            writeInline(paragraph)
            if paragraph.isEmpty { emit("\n") }
            emit("</code></pre>")
        } else {
            writeElement(paragraph, block, inList: true)
        }
    }

    /// `<p>`, `<hN>`, or (in a list item without a style to carry) the bare text; an empty
    /// paragraph holds `<br>`.
    private mutating func writeElement(_ paragraph: HTMLParagraph, _ block: HTMLBlock, inList: Bool) {
        let tag = block.heading > 0 ? "h\(block.heading)" : "p"
        let bare = inList && block.heading == 0 && block.alignment == nil && !paragraph.needsPreservedSpace
        if !bare { emit(Self.styled("<" + tag, block.alignment, paragraph.needsPreservedSpace)) }
        if paragraph.isEmpty { emit("<br>") } else { writeInline(paragraph) }
        if !bare { emit("</" + tag + ">") }
    }

    /// A line of a code block outside lists: consecutive lines with the same alignment share
    /// one `<pre><code>`, separated by "\n".
    private mutating func writeCodeLine(_ paragraph: HTMLParagraph, _ block: HTMLBlock) {
        if let pre, pre.alignment == block.alignment {
            emit("\n")
        } else {
            closePre()
            emit(Self.styled("<pre", block.alignment, false) + "<code>")
        }
        writeInline(paragraph)
        pre = (block.alignment, paragraph.isEmpty)
    }

    /// Closes an open code block. A last line that is empty needs one more "\n": the reader
    /// (as a browser) takes a "\n" at the end of a block as that block's own end.
    mutating func closePre() {
        guard let pre else { return }
        if pre.lastLineEmpty { emit("\n") }
        emit("</code></pre>")
        self.pre = nil
    }

    /// Closes list levels (each `</li>` and `</ul>` or `</ol>`) until `level` remain open.
    mutating func closeLists(to level: Int) {
        while lists.count > max(level, 0) {
            emit(lists.removeLast().ordered ? "</li></ol>" : "</li></ul>")
        }
    }

    mutating func closeContainers() {
        closePre()
        closeLists(to: 0)
        if quoteOpen { emit("</blockquote>") }
        quoteOpen = false
    }

    /// `<tag style="text-align:…;white-space:pre-wrap">` with the declarations that apply.
    static func styled(_ openTag: String, _ alignment: String?, _ preserveSpace: Bool) -> String {
        var declarations: [String] = []
        if let alignment { declarations.append("text-align:" + alignment) }
        if preserveSpace { declarations.append("white-space:pre-wrap") }
        if declarations.isEmpty { return openTag + ">" }
        return openTag + " style=\"" + declarations.joined(separator: ";") + "\">"
    }

    /// The paragraph's text with its inline elements, all closed at the end.
    mutating func writeInline(_ paragraph: HTMLParagraph) {
        guard !paragraph.isEmpty else { return }
        for (range, attributes) in paragraph.segments {
            transition(to: style(attributes).layers)
            HTMLEscaping.appendText(UnsafeBufferPointer(rebasing: source[range]), to: &out)
        }
        transition(to: [])
    }

    /// Closes the open inline elements that `layers` does not continue and opens the rest.
    private mutating func transition(to layers: [HTMLLayer]) {
        var common = 0
        while common < open.count, common < layers.count, open[common] == layers[common] { common += 1 }
        while open.count > common { open.removeLast().writeClose(to: &out) }
        for layer in layers[common...] {
            layer.writeOpen(to: &out)
            open.append(layer)
        }
    }

    mutating func emit(_ s: String) {
        out += Array(s.utf8)
    }
}
