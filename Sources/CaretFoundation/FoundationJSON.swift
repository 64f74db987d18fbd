import CaretCore
import CaretFormats
import Foundation

/// The JSON Apple's Foundation writes for an `AttributedString` with its `Codable`
/// (`JSONEncoder().encode(attributedString, configuration: …)`, as SwiftData stores it), read
/// and written with Caret's scope (`AttributeScopes.CaretAttributes`). Foundation on Linux has no
/// `Codable` for `AttributedString`, so `AttributedStringJSONCoding` writes the same form: a
/// bare string for unattributed text; up to ten runs as `["text", {attributes}, …]`; more as
/// `{"attributeTable": [{…}, …], "runs": ["text", 0, …]}`. Keys are sorted, so equal documents
/// give equal bytes. See docs/foundation.md.
public enum FoundationJSON {
    /// The format's name in `FormatLossError` messages.
    public static let formatName = "foundation-json"

    /// `text` as `AttributedString` JSON.
    /// - Throws: `FormatLossError` when `text` has what the JSON cannot carry.
    public static func encode(_ text: AttributedText) throws -> String {
        let (json, losses) = try encodeReportingLosses(text)
        if !losses.isEmpty { throw FormatLossError(format: formatName, losses: losses) }
        return json
    }

    /// A document's text as `AttributedString` JSON; the selection and typing attributes have
    /// no place in it.
    /// - Throws: `FormatLossError` when the state has a selection, typing attributes, or text
    ///   the JSON cannot carry.
    public static func encode(_ state: DocumentState) throws -> String {
        var (json, losses) = try encodeReportingLosses(state.text)
        if state.selection != nil {
            losses.append(FormatLoss(what: "selection", offset: 0, reason: "AttributedString JSON holds text only"))
        }
        if state.typingAttributes != nil {
            losses.append(FormatLoss(what: "typingAttributes", offset: 0, reason: "AttributedString JSON holds text only"))
        }
        if !losses.isEmpty { throw FormatLossError(format: formatName, losses: losses) }
        return json
    }

    /// `text` as `AttributedString` JSON, and what it could not carry.
    public static func encodeReportingLosses(_ text: AttributedText) throws -> (json: String, losses: [FormatLoss]) {
        let (attributedString, losses) = AttributedString.converting(text)
        return (try encode(attributedString), losses)
    }

    /// `attributedString` as JSON, every attribute of Caret's scope included (others are
    /// outside the JSON as they are outside Foundation's encoder's scope).
    public static func encode(_ attributedString: AttributedString) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(AttributedStringJSONCoding(attributedString))
        return String(decoding: data, as: UTF8.self)
    }

    /// The text `json` holds, and what Caret could not hold of it: attributes outside Caret's
    /// scope (`NSColor`, `NSFont`, …), intents Caret has no attribute for.
    /// - Throws: `FoundationJSONError` when `json` is not `AttributedString` JSON.
    public static func decode(_ json: String) throws -> (AttributedText, [FormatLoss]) {
        let (attributedString, readLosses) = try decodeAttributedString(json)
        let (text, losses) = AttributedText.converting(attributedString)
        var collector = FormatLossCollector()
        for loss in readLosses + losses { collector.note(loss) }
        return (text, collector.losses)
    }

    /// The `AttributedString` `json` holds in Caret's scope, and the attributes it left out.
    /// - Throws: `FoundationJSONError` when `json` is not `AttributedString` JSON.
    public static func decodeAttributedString(_ json: String) throws -> (AttributedString, [FormatLoss]) {
        do {
            let coding = try JSONDecoder().decode(AttributedStringJSONCoding.self, from: Data(json.utf8))
            return (coding.attributedString, coding.losses)
        } catch let error as DecodingError {
            throw FoundationJSONError(error)
        } catch let error as FoundationJSONError {
            throw error
        } catch {
            throw FoundationJSONError(message: "\(error)", path: "")
        }
    }
}

/// JSON that is not `AttributedString` JSON: what is wrong, and where.
public struct FoundationJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Where, as a coding path (`runs[3].NSLink`); empty at the top.
    public var path: String

    /// An error at `path`.
    public init(message: String, path: String) {
        self.message = message
        self.path = path
    }

    init(_ error: DecodingError) {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: self.init(message: "\(error)", path: ""); return
        }
        var message = context.debugDescription
        if let underlying = context.underlyingError { message += ": \(underlying)" }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        self.init(message: message, path: path.hasPrefix(".") ? String(path.dropFirst()) : path)
    }

    /// `AttributedString JSON at runs[3]: …`.
    public var description: String {
        path.isEmpty ? "AttributedString JSON: \(message)" : "AttributedString JSON at \(path): \(message)"
    }
}
