import CaretCore
import CaretFormats
import Foundation

/// An `AttributedString` in Caret's scope as `Codable`, in the form Apple's Foundation encodes
/// one: encode it with any `JSONEncoder`, decode it with any `JSONDecoder`. Decoding notes the
/// attributes it meets outside Caret's scope in `losses` (Apple's decoder drops them unsaid).
public struct AttributedStringJSONCoding: Codable, Sendable {
    /// The attributed string.
    public var attributedString: AttributedString
    /// After decoding: each attribute name outside Caret's scope, at the first UTF-16 offset
    /// of a run that has it.
    public private(set) var losses: [FormatLoss] = []

    /// Wraps `attributedString` for encoding.
    public init(_ attributedString: AttributedString) {
        self.attributedString = attributedString
    }

    private enum TopKey: String, CodingKey { case runs, attributeTable }

    struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A bare string, `["text", {…}, …]` for up to ten runs, or `runs` with an `attributeTable`.
    public func encode(to encoder: any Encoder) throws {
        let runs = Array(attributedString.runs)
        if runs.isEmpty || (runs.count == 1 && runs[0].attributes == AttributeContainer()) {
            var container = encoder.singleValueContainer()
            try container.encode(String(attributedString.characters))
            return
        }
        var runsContainer: any UnkeyedEncodingContainer
        var tableContainer: (any UnkeyedEncodingContainer)?
        if runs.count <= 10 {
            runsContainer = encoder.unkeyedContainer()
        } else {
            var top = encoder.container(keyedBy: TopKey.self)
            runsContainer = top.nestedUnkeyedContainer(forKey: .runs)
            tableContainer = top.nestedUnkeyedContainer(forKey: .attributeTable)
        }
        var table: [AttributeContainer: Int] = [:]
        for run in runs {
            try runsContainer.encode(String(String.UnicodeScalarView(attributedString.unicodeScalars[run.range])))
            let attributes = run.attributes
            if attributes != AttributeContainer(), var tableContainer {
                if let index = table[attributes] {
                    try runsContainer.encode(index)
                } else {
                    let index = table.count
                    table[attributes] = index
                    try Self.encodeAttributes(attributes, to: tableContainer.superEncoder())
                    try runsContainer.encode(index)
                }
            } else {
                try Self.encodeAttributes(attributes, to: runsContainer.superEncoder())
            }
        }
    }

    /// Reads every form `encode(to:)` writes, with Foundation's checks (no empty runs among
    /// several, no attributes on an empty run, table indices in range).
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let string = try? single.decode(String.self) {
            attributedString = AttributedString(string)
            return
        }
        var runsContainer: any UnkeyedDecodingContainer
        var table: [(AttributeContainer, [String])]?
        if let runs = try? decoder.unkeyedContainer() {
            runsContainer = runs
        } else {
            let top = try decoder.container(keyedBy: TopKey.self)
            runsContainer = try top.nestedUnkeyedContainer(forKey: .runs)
            var tableList = try top.nestedUnkeyedContainer(forKey: .attributeTable)
            var entries: [(AttributeContainer, [String])] = []
            while !tableList.isAtEnd { entries.append(try Self.decodeAttributes(from: tableList.superDecoder())) }
            table = entries
        }
        var result = AttributedString()
        var collector = FormatLossCollector()
        var offset = 0
        var count = 0
        while !runsContainer.isAtEnd {
            let substring = try runsContainer.decode(String.self)
            let attributes: AttributeContainer
            let unknown: [String]
            if let index = try? runsContainer.decode(Int.self) {
                guard let table else {
                    throw DecodingError.dataCorruptedError(in: runsContainer, debugDescription: "Attribute table index present with no reference attribute table")
                }
                guard table.indices.contains(index) else {
                    throw DecodingError.dataCorruptedError(in: runsContainer, debugDescription: "Attribute table index \(index) is not within the bounds of the attribute table")
                }
                (attributes, unknown) = table[index]
            } else {
                (attributes, unknown) = try Self.decodeAttributes(from: runsContainer.superDecoder())
            }
            if substring.isEmpty && (count > 0 || !runsContainer.isAtEnd) {
                throw DecodingError.dataCorruptedError(in: runsContainer, debugDescription: "When multiple runs are present, runs with empty substrings are not allowed")
            }
            if substring.isEmpty && (attributes != AttributeContainer() || !unknown.isEmpty) {
                throw DecodingError.dataCorruptedError(in: runsContainer, debugDescription: "Runs of empty substrings cannot contain attributes")
            }
            for name in unknown {
                collector.note(FormatLoss(what: name, offset: offset, reason: Self.reason(forUnknown: name)))
            }
            result.append(AttributedString(substring, attributes: attributes))
            offset += substring.utf16.count
            count += 1
        }
        if count == 0 {
            throw DecodingError.dataCorruptedError(in: runsContainer, debugDescription: "Runs container must not be empty")
        }
        attributedString = result
        losses = collector.losses
    }

    /// Why an attribute outside Caret's scope is not read.
    static func reason(forUnknown name: String) -> String {
        switch name {
        case "NSColor", "NSBackgroundColor", "NSFont", "NSParagraphStyle", "NSStrokeColor", "NSUnderlineColor", "NSStrikethroughColor", "NSShadow":
            return "its value is an archived UIKit/AppKit object, which Caret cannot read (Caret writes caret.* keys instead)"
        default:
            return "the attribute is outside Caret's scope"
        }
    }
}
