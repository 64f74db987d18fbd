import CaretCore
import CaretFormats
import Foundation

extension AttributedString {
    /// `text` as an `AttributedString` in Caret's scope (`AttributeScopes.CaretAttributes`),
    /// the same characters and the same runs.
    /// - Throws: `FormatLossError` naming each attribute that cannot be carried (a link that is
    ///   not a URL as written); `AttributedString.converting(_:)` accepts the losses instead.
    public init(_ text: AttributedText) throws {
        let (result, losses) = AttributedString.converting(text)
        if !losses.isEmpty { throw FormatLossError(format: FoundationJSON.formatName, losses: losses) }
        self = result
    }

    /// `text` as an `AttributedString`, and what it could not carry (first offset of each kind).
    /// - Complexity: O(n).
    public static func converting(_ text: AttributedText) -> (AttributedString, [FormatLoss]) {
        var losses = FormatLossCollector()
        var planner = IntentPlanner()
        var result = AttributedString()
        let string = text.string
        // Plain text stays plain: with no paragraph keys anywhere, no paragraph gets an intent
        // (as `AttributedString("…")` has none); otherwise every paragraph is a block.
        let hasBlocks = text.runs.contains { $0.attributes.keys.contains { $0.isParagraph && $0 != .alignment } }
        // Documents repeat a few attribute sets over many runs: compute each set's parts once.
        var paragraphParts: [Attributes: Attributes] = [:]
        var containers: [Attributes: AttributeContainer] = [:]
        func part(_ attributes: Attributes) -> Attributes {
            if let known = paragraphParts[attributes] { return known }
            let computed = paragraphPart(attributes)
            paragraphParts[attributes] = computed
            return computed
        }
        for paragraph in paragraphRanges(of: string) {
            let runs = (try? text.runs(in: paragraph)) ?? []
            let first = runs.first?.attributes ?? Attributes()
            let paragraphKeys = part(first)
            let intent = hasBlocks ? planner.intent(for: paragraphKeys) : nil
            if paragraphKeys[.listLevel] != nil, paragraphKeys[.listStyle] == nil {
                losses.note(FormatLoss(what: "listLevel", offset: paragraph.lowerBound, reason: "a list level without a list style is not a list item"))
            }
            for run in runs {
                if run.attributes != first, part(run.attributes) != paragraphKeys || run.attributes[.alignment] != first[.alignment] {
                    losses.note(FormatLoss(what: "paragraph attributes", offset: run.range.lowerBound, reason: "they change inside a paragraph; the paragraph takes its first character's"))
                }
                // A set's losses are noted at its first run, the offset the collector keeps.
                var container = containers[run.attributes] ?? inlineContainer(run.attributes, at: run.range.lowerBound, losses: &losses)
                containers[run.attributes] = container
                container[AttributeScopes.CaretAttributes.PresentationIntentAttribute.self] = intent
                if case .string(let alignment)? = first[.alignment] {
                    container[AttributeScopes.CaretAttributes.AlignmentAttribute.self] = alignment
                }
                let piece = (try? text.string(in: run.range)) ?? ""
                result.append(AttributedString(piece, attributes: container))
            }
        }
        return (result, losses.losses)
    }

    /// The container for a run's character attributes (everything but paragraph keys).
    private static func inlineContainer(_ attributes: Attributes, at offset: Int, losses: inout FormatLossCollector) -> AttributeContainer {
        typealias Caret = AttributeScopes.CaretAttributes
        var container = AttributeContainer()
        var inline = InlinePresentationIntent()
        var custom: [String: Caret.CustomValue] = [:]
        for entry in attributes.entries {
            switch (entry.key, entry.value) {
            case (.bold, _): inline.insert(.stronglyEmphasized)
            case (.italic, _): inline.insert(.emphasized)
            case (.code, _): inline.insert(.code)
            case (.strikethrough, .bool(true)): inline.insert(.strikethrough)
            case (.strikethrough, let style):
                container[Caret.StrikethroughStyleAttribute.self] = ((try? TextLineStyle(value: style)) ?? .single).rawValue
            case (.underline, let style):
                container[Caret.UnderlineStyleAttribute.self] = ((try? TextLineStyle(value: style)) ?? .single).rawValue
            case (.link, .string(let link)):
                if let url = URL(string: link), url.absoluteString == link {
                    container[Caret.LinkAttribute.self] = url
                } else {
                    losses.note(FormatLoss(what: "link", offset: offset, reason: "\(link.debugDescription) is not a URL as written"))
                }
            case (.fontSize, .number(let size)): container[Caret.FontSizeAttribute.self] = size
            case (.fontFamily, .string(let family)): container[Caret.FontFamilyAttribute.self] = family
            case (.foregroundColor, .string(let color)): container[Caret.ForegroundColorAttribute.self] = color
            case (.backgroundColor, .string(let color)): container[Caret.BackgroundColorAttribute.self] = color
            case (.custom(let name), let value):
                switch value {
                case .bool(let b): custom[name] = .bool(b)
                case .number(let n): custom[name] = .number(n)
                case .string(let s): custom[name] = .string(s)
                }
            default:
                break // paragraph keys: the caller sets the presentation intent and alignment
            }
        }
        if !inline.isEmpty { container[Caret.InlinePresentationIntentAttribute.self] = inline }
        if !custom.isEmpty { container[Caret.CustomAttribute.self] = custom }
        return container
    }
}

extension AttributeScopes.CaretAttributes {
    /// Foundation's `NSLink` key.
    public typealias LinkAttribute = AttributeScopes.FoundationAttributes.LinkAttribute
}
