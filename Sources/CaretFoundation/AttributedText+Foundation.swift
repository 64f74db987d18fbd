import CaretCore
import CaretFormats
import Foundation

extension AttributedText {
    /// The text of `attributedString`, character for character, with the attributes of Caret's
    /// scope (`AttributeScopes.CaretAttributes`) as Caret attributes.
    /// - Throws: `FormatLossError` (reading) naming what Caret cannot hold: attributes outside
    ///   the scope, intents Caret has no attribute for, blocks not separated by a line break;
    ///   `AttributedText.converting(_:)` accepts the losses instead.
    public init(_ attributedString: AttributedString) throws {
        let (text, losses) = AttributedText.converting(attributedString)
        if !losses.isEmpty { throw FormatLossError(format: FoundationJSON.formatName, losses: losses, reading: true) }
        self = text
    }

    /// The text of `attributedString` and what it could not hold (first offset of each kind).
    /// - Complexity: O(n).
    public static func converting(_ attributedString: AttributedString) -> (AttributedText, [FormatLoss]) {
        typealias Caret = AttributeScopes.CaretAttributes
        var losses = FormatLossCollector()
        var pieces: [(String, Attributes)] = []
        // Each run's start and paragraph-level values, applied per paragraph afterwards.
        var blocks: [(start: Int, intent: PresentationIntent?, alignment: String?)] = []
        var offset = 0
        for run in attributedString.runs {
            let piece = String(String.UnicodeScalarView(attributedString.unicodeScalars[run.range]))
            let attributes = inlineAttributes(run, at: offset, losses: &losses)
            pieces.append((piece, attributes))
            blocks.append((offset, run[Caret.PresentationIntentAttribute.self], run[Caret.AlignmentAttribute.self]))
            offset += piece.utf16.count
        }
        var text = AttributedText(runs: pieces)
        applyParagraphs(to: &text, blocks: blocks, losses: &losses)
        return (text, losses.losses)
    }

    /// Caret attributes for one run's character-level values.
    private static func inlineAttributes(_ run: AttributedString.Runs.Run, at offset: Int, losses: inout FormatLossCollector) -> Attributes {
        typealias Caret = AttributeScopes.CaretAttributes
        var pairs: [(AttributeKey, AttributeValue)] = []
        var known = AttributeContainer()
        if let inline = run[Caret.InlinePresentationIntentAttribute.self] {
            known[Caret.InlinePresentationIntentAttribute.self] = inline
            let mapped: [(InlinePresentationIntent, AttributeKey)] = [(.stronglyEmphasized, .bold), (.emphasized, .italic), (.code, .code), (.strikethrough, .strikethrough)]
            var rest = inline
            for (bit, key) in mapped where inline.contains(bit) {
                pairs.append((key, .bool(true)))
                rest.remove(bit)
            }
            if !rest.isEmpty {
                losses.note(FormatLoss(what: "inlinePresentationIntent", offset: offset, reason: "intent bits \(rest.rawValue) (soft or hard breaks, HTML) have no Caret attribute"))
            }
        }
        if let url = run[Caret.LinkAttribute.self] {
            known[Caret.LinkAttribute.self] = url
            pairs.append((.link, .string(url.absoluteString)))
        }
        for (key, style, name) in [(AttributeKey.underline, run[Caret.UnderlineStyleAttribute.self], "underline"), (.strikethrough, run[Caret.StrikethroughStyleAttribute.self], "strikethrough")] {
            guard let style else { continue }
            if key == .underline { known[Caret.UnderlineStyleAttribute.self] = style } else { known[Caret.StrikethroughStyleAttribute.self] = style }
            guard style != 0 else { continue }
            if let lineStyle = TextLineStyle(rawValue: style) {
                pairs.append((key, lineStyle.value))
            } else {
                pairs.append((key, .bool(true)))
                losses.note(FormatLoss(what: "\(name) style", offset: offset, reason: "style \(style) is not an NSUnderlineStyle Caret knows; read as a single line"))
            }
        }
        if let size = run[Caret.FontSizeAttribute.self] { known[Caret.FontSizeAttribute.self] = size; pairs.append((.fontSize, .number(size))) }
        if let family = run[Caret.FontFamilyAttribute.self] { known[Caret.FontFamilyAttribute.self] = family; pairs.append((.fontFamily, .string(family))) }
        if let color = run[Caret.ForegroundColorAttribute.self] { known[Caret.ForegroundColorAttribute.self] = color; pairs.append((.foregroundColor, .string(color))) }
        if let color = run[Caret.BackgroundColorAttribute.self] { known[Caret.BackgroundColorAttribute.self] = color; pairs.append((.backgroundColor, .string(color))) }
        if let custom = run[Caret.CustomAttribute.self] {
            known[Caret.CustomAttribute.self] = custom
            for name in custom.keys.sorted() {
                guard case .custom? = AttributeKey(name: name) else {
                    losses.note(FormatLoss(what: "caret.custom", offset: offset, reason: "custom key \(name.debugDescription) is empty or a built-in key's name"))
                    continue
                }
                switch custom[name]! {
                case .bool(let b): pairs.append((.custom(name), .bool(b)))
                case .number(let n): pairs.append((.custom(name), .number(n)))
                case .string(let s): pairs.append((.custom(name), .string(s)))
                }
            }
        }
        if let intent = run[Caret.PresentationIntentAttribute.self] { known[Caret.PresentationIntentAttribute.self] = intent }
        if let alignment = run[Caret.AlignmentAttribute.self] { known[Caret.AlignmentAttribute.self] = alignment }
        if run.attributes != known {
            for name in unknownNames(run.attributes, known: known) {
                losses.note(FormatLoss(what: name, offset: offset, reason: "the attribute is outside Caret's scope"))
            }
        }
        var attributes = Attributes()
        for (key, value) in pairs {
            do {
                try attributes.set(key, value)
            } catch {
                losses.note(FormatLoss(what: key.name, offset: offset, reason: "\(error)"))
            }
        }
        return attributes
    }

    /// The names of attributes in `all` but not `known`, from the container's description (the
    /// only place Foundation lists a container's keys); one generic name when it gives none.
    private static func unknownNames(_ all: AttributeContainer, known: AttributeContainer) -> [String] {
        func names(_ container: AttributeContainer) -> Set<String> {
            var result = Set<String>()
            for line in container.description.split(separator: "\n") {
                let trimmed = line.drop(while: { $0 == "\t" || $0 == " " })
                if let equals = trimmed.range(of: " = ") { result.insert(String(trimmed[..<equals.lowerBound])) }
            }
            return result
        }
        let extra = names(all).subtracting(names(known)).sorted()
        return extra.isEmpty ? ["attribute outside Caret's scope"] : extra
    }

    /// Gives every paragraph the paragraph attributes of the block its first character is in.
    private static func applyParagraphs(to text: inout AttributedText, blocks: [(start: Int, intent: PresentationIntent?, alignment: String?)], losses: inout FormatLossCollector) {
        var index = 0
        var previousIdentity: Int?
        var read: [(range: Range<Int>, ordinal: Int?)] = []
        for paragraph in paragraphRanges(of: text.string) {
            while index + 1 < blocks.count, blocks[index + 1].start <= paragraph.lowerBound { index += 1 }
            let block = blocks[index]
            var scan = index + 1
            while scan < blocks.count, blocks[scan].start < paragraph.upperBound {
                if blocks[scan].intent != block.intent || blocks[scan].alignment != block.alignment {
                    losses.note(FormatLoss(what: "presentationIntent", offset: blocks[scan].start, reason: "a block starts without a line break; the paragraph takes its first block's"))
                }
                scan += 1
            }
            var pairs = block.intent.map { CaretFoundation.paragraphAttributes(of: $0, at: paragraph.lowerBound, losses: &losses) } ?? []
            if let alignment = block.alignment { pairs.append((.alignment, .string(alignment))) }
            let innermost = block.intent?.components.first
            if let innermost, innermost.identity == previousIdentity, !isCodeBlock(innermost.kind) {
                losses.note(FormatLoss(what: "presentationIntent", offset: paragraph.lowerBound, reason: "one block holds a line break; Caret makes each line its own paragraph"))
            }
            previousIdentity = innermost?.identity
            do {
                let attributes = try Attributes(pairs)
                try text.transformAttributes(in: paragraph) { paragraphFree($0).merging(attributes) }
            } catch {
                losses.note(FormatLoss(what: "paragraph attributes", offset: paragraph.lowerBound, reason: "\(error)"))
            }
            read.append((paragraph, innermostOrdinal(block.intent)))
        }
        // List numbers are derived from consecutive items: say so when the source numbered otherwise.
        var planner = IntentPlanner()
        for (range, ordinal) in read {
            let attributes = (try? text.attributes(at: range.lowerBound)) ?? Attributes()
            let derived = innermostOrdinal(planner.intent(for: paragraphPart(attributes)))
            if let ordinal, let derived, ordinal != derived {
                losses.note(FormatLoss(what: "listItem ordinal", offset: range.lowerBound, reason: "item \(ordinal) reads as item \(derived): Caret numbers consecutive items from 1"))
            }
        }
    }

    private static func isCodeBlock(_ kind: PresentationIntent.Kind) -> Bool {
        if case .codeBlock = kind { return true }
        return false
    }

    private static func paragraphFree(_ attributes: Attributes) -> Attributes {
        var result = attributes
        for key in AttributeKey.paragraphKeys { result.remove(key) }
        return result
    }
}
