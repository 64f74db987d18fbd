/// A JSON object: members in source (or insertion) order, duplicates kept, lookup by key.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member named `key` holding `value`.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public var members: [Member]

    /// An object with `members` in that order.
    public init(_ members: [Member] = []) { self.members = members }

    /// An object from a literal, members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The number of members.
    public var count: Int { members.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }
    /// The member names in order.
    public var keys: [String] { members.map(\.key) }

    /// Iterates the members in order.
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// The value of the last member named `key` (as JavaScript reads duplicates); setting replaces
    /// that member in place or appends a new one; setting nil removes every member named `key`.
    /// - Complexity: O(n) in the number of members.
    public subscript(key: String) -> JSONValue? {
        get {
            var i = members.count
            while i > 0 {
                i -= 1
                if members[i].key == key { return members[i].value }
            }
            return nil
        }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let i = members.lastIndex(where: { $0.key == key }) {
                members[i].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member (even when one with the same name exists).
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }
}
