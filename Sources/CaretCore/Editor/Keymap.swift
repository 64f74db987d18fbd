/// Bindings from key chords to commands. `Keymap.standard` follows macOS/iOS text editing; users
/// replace it or extend it with `bind(_:to:)`.
public struct Keymap: Hashable, Sendable {
    /// The bindings.
    public private(set) var bindings: [KeyChord: EditorCommand]

    /// An empty keymap.
    public init() { bindings = [:] }

    /// A keymap from chord texts and commands; a later binding of the same chord wins.
    /// - Throws: `EditorError.badKeyChord` for a chord that does not parse.
    public init(_ pairs: [(String, EditorCommand)]) throws {
        bindings = [:]
        for (chord, command) in pairs { bindings[try KeyChord(parsing: chord)] = command }
    }

    /// The command bound to `chord`, if any.
    public subscript(chord: KeyChord) -> EditorCommand? {
        get { bindings[chord] }
        set { bindings[chord] = newValue }
    }

    /// Binds `chord` (text such as `cmd+b`) to `command`, replacing any earlier binding.
    /// - Throws: `EditorError.badKeyChord` for a chord that does not parse.
    public mutating func bind(_ chord: String, to command: EditorCommand) throws {
        bindings[try KeyChord(parsing: chord)] = command
    }

    /// Removes the binding of `chord` (text such as `ctrl+t`).
    /// - Throws: `EditorError.badKeyChord` for a chord that does not parse.
    public mutating func unbind(_ chord: String) throws {
        bindings[try KeyChord(parsing: chord)] = nil
    }

    /// This keymap with `other`'s bindings added, `other` winning where both bind a chord.
    public func merging(_ other: Keymap) -> Keymap {
        var result = self
        result.bindings.merge(other.bindings) { _, new in new }
        return result
    }

    /// The bindings sorted by canonical chord text, for listing.
    public var sortedBindings: [(chord: KeyChord, command: EditorCommand)] {
        bindings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
