import CaretCore
import CaretFormats
import Foundation

/// Caret's paragraphs: text from the start or after a line feed through the next line feed
/// inclusive (the last paragraph may lack one; an empty last paragraph has no characters).
func paragraphRanges(of string: String) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    var offset = 0
    for unit in string.utf16 {
        offset += 1
        if unit == 0x0A {
            ranges.append(start..<offset)
            start = offset
        }
    }
    if offset > start { ranges.append(start..<offset) }
    return ranges
}

/// Gives each paragraph, in document order, the `PresentationIntent` of its paragraph
/// attributes, with identities numbered from 1 in the order blocks start (outer before inner,
/// as Foundation's Markdown parser numbers them) and list ordinals counted over consecutive
/// items of one list.
struct IntentPlanner {
    private struct ListLevel {
        var style: String
        var identity: Int
        var count: Int
        var item: Int
    }

    private var nextIdentity = 1
    private var lists: [ListLevel] = []
    private var quote: Int?
    private var previous: (attributes: Attributes, codeBlock: Int)?

    private mutating func allocate() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    /// The intent of a paragraph with `attributes` (its paragraph keys), following the ones
    /// planned before it. A paragraph with no paragraph keys is a plain `.paragraph`.
    mutating func intent(for attributes: Attributes) -> PresentationIntent {
        var parent: PresentationIntent?
        let quoted = attributes.has(.blockQuote)
        if quoted != (quote != nil) { lists = [] }
        if quoted {
            let identity = quote ?? allocate()
            quote = identity
            parent = PresentationIntent(.blockQuote, identity: identity, parent: nil)
        } else {
            quote = nil
        }
        if case .string(let style)? = attributes[.listStyle] {
            var level = 1
            if case .number(let n)? = attributes[.listLevel], let l = Int(exactly: n) { level = l }
            if lists.count > level { lists.removeLast(lists.count - level) }
            while lists.count < level - 1 {
                lists.append(ListLevel(style: style, identity: allocate(), count: 1, item: allocate()))
            }
            if lists.count == level, lists[level - 1].style == style {
                lists[level - 1].count += 1
                lists[level - 1].item = allocate()
            } else {
                if lists.count == level { lists.removeLast() }
                let identity = allocate()
                lists.append(ListLevel(style: style, identity: identity, count: 1, item: allocate()))
            }
            for list in lists {
                parent = PresentationIntent(list.style == "ordered" ? .orderedList : .unorderedList, identity: list.identity, parent: parent)
                parent = PresentationIntent(.listItem(ordinal: list.count), identity: list.item, parent: parent)
            }
        } else {
            lists = []
        }
        var codeBlock = 0
        if attributes.has(.codeBlock) {
            // Consecutive code-block paragraphs with equal attributes are one code block, as a
            // Markdown fence holds several lines; list items always start their own.
            if let previous, previous.attributes == attributes, previous.codeBlock != 0, attributes[.listStyle] == nil {
                codeBlock = previous.codeBlock
            } else {
                codeBlock = allocate()
            }
            parent = PresentationIntent(.codeBlock(languageHint: nil), identity: codeBlock, parent: parent)
        }
        if case .number(let n)? = attributes[.heading], let level = Int(exactly: n) {
            parent = PresentationIntent(.header(level: level), identity: allocate(), parent: parent)
        } else if codeBlock == 0 {
            parent = PresentationIntent(.paragraph, identity: allocate(), parent: parent)
        }
        previous = (attributes, codeBlock)
        return parent!
    }
}

/// The paragraph keys of an `Attributes`, for planning and comparing.
func paragraphPart(_ attributes: Attributes) -> Attributes {
    var result = attributes
    for entry in attributes.entries where !entry.key.isParagraph || entry.key == .alignment {
        result.remove(entry.key)
    }
    return result
}

/// Caret's paragraph attributes for `intent`, noting in `losses` what they cannot hold.
func paragraphAttributes(of intent: PresentationIntent, at offset: Int, losses: inout FormatLossCollector) -> [(AttributeKey, AttributeValue)] {
    var result: [(AttributeKey, AttributeValue)] = []
    var listDepth = 0
    var innermostList: String?
    var quotes = 0
    var heading: Int?
    var codeBlock = false
    for component in intent.components {
        switch component.kind {
        case .paragraph, .listItem:
            break
        case .header(let level):
            if heading == nil { heading = level }
        case .orderedList, .unorderedList:
            listDepth += 1
            if innermostList == nil {
                if case .orderedList = component.kind { innermostList = "ordered" } else { innermostList = "bullet" }
            }
        case .blockQuote:
            quotes += 1
        case .codeBlock(let hint):
            codeBlock = true
            if let hint, !hint.isEmpty {
                losses.note(FormatLoss(what: "codeBlock languageHint", offset: offset, reason: "Caret's code blocks have no language (\(hint.debugDescription) is dropped)"))
            }
        case .thematicBreak:
            losses.note(FormatLoss(what: "thematicBreak", offset: offset, reason: "Caret has no thematic breaks; the text stays a plain paragraph"))
        default:
            losses.note(FormatLoss(what: "table", offset: offset, reason: "Caret has no tables; the cells' text stays as paragraphs"))
        }
    }
    if let level = heading {
        if (1...6).contains(level) {
            result.append((.heading, .number(Double(level))))
        } else {
            losses.note(FormatLoss(what: "heading", offset: offset, reason: "header level \(level) is not in 1...6"))
        }
    }
    if let style = innermostList {
        result.append((.listStyle, .string(style)))
        if listDepth > 16 {
            losses.note(FormatLoss(what: "listLevel", offset: offset, reason: "lists nested \(listDepth) deep; Caret nests at most 16 (read as 16)"))
        }
        result.append((.listLevel, .number(Double(min(listDepth, 16)))))
    }
    if quotes > 0 { result.append((.blockQuote, .bool(true))) }
    if quotes > 1 {
        losses.note(FormatLoss(what: "blockQuote", offset: offset, reason: "block quotes nested \(quotes) deep read as one"))
    }
    if codeBlock { result.append((.codeBlock, .bool(true))) }
    return result
}

/// The ordinal of the innermost list item in `intent`, if any.
func innermostOrdinal(_ intent: PresentationIntent?) -> Int? {
    for component in intent?.components ?? [] {
        if case .listItem(let ordinal) = component.kind { return ordinal }
    }
    return nil
}
