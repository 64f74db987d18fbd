import Foundation

extension AttributedStringJSONCoding {
    private typealias Caret = AttributeScopes.CaretAttributes

    /// One run's attributes as an object keyed by attribute name, each value encoded by its key.
    static func encodeAttributes(_ attributes: AttributeContainer, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        func put<K: EncodableAttributedStringKey>(_: K.Type) throws where K.Value: Sendable {
            if let value = attributes[K.self] { try K.encode(value, to: container.superEncoder(forKey: NameKey(K.name))) }
        }
        try put(Caret.LinkAttribute.self)
        try put(Caret.InlinePresentationIntentAttribute.self)
        try put(Caret.PresentationIntentAttribute.self)
        try put(Caret.UnderlineStyleAttribute.self)
        try put(Caret.StrikethroughStyleAttribute.self)
        try put(Caret.ForegroundColorAttribute.self)
        try put(Caret.BackgroundColorAttribute.self)
        try put(Caret.FontSizeAttribute.self)
        try put(Caret.FontFamilyAttribute.self)
        try put(Caret.AlignmentAttribute.self)
        try put(Caret.CustomAttribute.self)
    }

    /// One run's attributes, and the names found that Caret's scope does not have (sorted).
    static func decodeAttributes(from decoder: any Decoder) throws -> (AttributeContainer, [String]) {
        let container = try decoder.container(keyedBy: NameKey.self)
        var attributes = AttributeContainer()
        var unknown: [String] = []
        func take<K: DecodableAttributedStringKey>(_: K.Type, _ key: NameKey) throws -> Bool where K.Value: Sendable {
            guard key.stringValue == K.name else { return false }
            attributes[K.self] = try K.decode(from: container.superDecoder(forKey: key))
            return true
        }
        for key in container.allKeys {
            let known = try take(Caret.LinkAttribute.self, key)
                || take(Caret.InlinePresentationIntentAttribute.self, key)
                || take(Caret.PresentationIntentAttribute.self, key)
                || take(Caret.UnderlineStyleAttribute.self, key)
                || take(Caret.StrikethroughStyleAttribute.self, key)
                || take(Caret.ForegroundColorAttribute.self, key)
                || take(Caret.BackgroundColorAttribute.self, key)
                || take(Caret.FontSizeAttribute.self, key)
                || take(Caret.FontFamilyAttribute.self, key)
                || take(Caret.AlignmentAttribute.self, key)
                || take(Caret.CustomAttribute.self, key)
            if !known { unknown.append(key.stringValue) }
        }
        return (attributes, unknown.sorted())
    }
}
