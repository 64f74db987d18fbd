/// A key pressed with modifiers, written `shift+alt+left`, `cmd+b`, `backspace`. Parsing is
/// case-insensitive and accepts modifiers in any order; `description` prints them in the
/// canonical macOS order `ctrl+alt+shift+cmd+key`.
///
/// Keys are named as a Mac keyboard names them: `delete` (⌫, also `backspace`, the canonical
/// name) deletes backward; `forwarddelete` (⌦, also `fn+delete` and `del`) deletes forward. `fn`
/// is not kept as a modifier: like the keyboard, it turns `delete` into `forwarddelete` and the
/// arrows into `home` (left), `end` (right), `pageup` (up) and `pagedown` (down).
public struct KeyChord: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// A modifier key.
    public enum Modifier: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Control (⌃).
        case ctrl
        /// Option (⌥).
        case alt
        /// Shift (⇧).
        case shift
        /// Command (⌘).
        case cmd

        var rank: Int { Modifier.allCases.firstIndex(of: self)! }

        /// Canonical order: ctrl, alt, shift, cmd.
        public static func < (lhs: Modifier, rhs: Modifier) -> Bool { lhs.rank < rhs.rank }

        static let aliases: [String: Modifier] = [
            "ctrl": .ctrl, "control": .ctrl,
            "alt": .alt, "option": .alt, "opt": .alt,
            "shift": .shift,
            "cmd": .cmd, "command": .cmd, "super": .cmd, "meta": .cmd,
        ]
    }

    /// Names of the keys that are not single characters.
    public static let namedKeys: [String] = [
        "left", "right", "up", "down", "home", "end", "pageup", "pagedown",
        "backspace", "forwarddelete", "return", "tab", "escape", "space", "plus",
    ] + (1...12).map { "f\($0)" }

    /// What `fn` makes of a key on a Mac keyboard.
    static let fnKeys: [String: String] = [
        "backspace": "forwarddelete", "left": "home", "right": "end", "up": "pageup", "down": "pagedown",
    ]

    static let keyAliases: [String: String] = [
        "enter": "return", "esc": "escape", "delete": "backspace", "del": "forwarddelete",
        "arrowleft": "left", "arrowright": "right", "arrowup": "up", "arrowdown": "down",
    ]

    /// The modifiers held, sorted canonically.
    public let modifiers: [Modifier]
    /// The key: a named key (`left`, `backspace`, …) or one lower-case character (`b`, `=`, `[`).
    public let key: String

    /// A chord of `key` with `modifiers` (in any order).
    /// - Throws: `EditorError.badKeyChord` for an unknown key or a duplicate modifier.
    public init(key: String, modifiers: [Modifier] = []) throws {
        let name = key.lowercased()
        let canonical = KeyChord.keyAliases[name] ?? name
        guard KeyChord.namedKeys.contains(canonical) || (canonical.count == 1 && canonical != "+" && !canonical.first!.isWhitespace) else {
            throw EditorError.badKeyChord("unknown key '\(KeyChord.quoted(key))'" + KeyChord.nearestKey(key))
        }
        guard Set(modifiers).count == modifiers.count else {
            throw EditorError.badKeyChord("duplicate modifier in '\(modifiers.map(\.rawValue).joined(separator: "+"))+\(KeyChord.quoted(key))'")
        }
        self.key = canonical
        self.modifiers = modifiers.sorted()
    }

    /// Parses `shift+alt+left`, `cmd+b`, `backspace` (`plus` names the + key).
    /// - Throws: `EditorError.badKeyChord` naming the unknown part, e.g.
    ///   `unknown key 'lefft' in 'shift+lefft'`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, !last.isEmpty else {
            throw EditorError.badKeyChord(text.isEmpty ? "empty key chord" : "missing key in '\(KeyChord.quoted(text))'")
        }
        var modifiers: [Modifier] = []
        var fn = false
        for part in parts.dropLast() {
            if part.lowercased() == "fn" {
                guard !fn else { throw EditorError.badKeyChord("duplicate modifier '\(part)' in '\(text)'") }
                fn = true
                continue
            }
            guard let modifier = Modifier.aliases[part.lowercased()] else {
                throw EditorError.badKeyChord(part.isEmpty ? "empty modifier in '\(KeyChord.quoted(text))'"
                    : "unknown modifier '\(KeyChord.quoted(part))' in '\(KeyChord.quoted(text))'" + NearestName.didYouMean(part, among: KeyChord.modifierNames))
            }
            guard !modifiers.contains(modifier) else {
                throw EditorError.badKeyChord("duplicate modifier '\(part)' in '\(KeyChord.quoted(text))'")
            }
            modifiers.append(modifier)
        }
        let name = last.lowercased()
        var canonical = KeyChord.keyAliases[name] ?? name
        guard KeyChord.namedKeys.contains(canonical) || (canonical.count == 1 && !canonical.first!.isWhitespace) else {
            throw EditorError.badKeyChord("unknown key '\(KeyChord.quoted(last))' in '\(KeyChord.quoted(text))'" + KeyChord.nearestKey(last))
        }
        if fn {
            guard let translated = KeyChord.fnKeys[canonical] else {
                throw EditorError.badKeyChord("'fn' goes only with delete and the arrow keys, not '\(last)', in '\(text)'")
            }
            canonical = translated
        }
        try self.init(key: canonical, modifiers: modifiers)
    }

    /// Every modifier name a chord accepts (`fn` included), for "did you mean".
    static let modifierNames = ["ctrl", "alt", "shift", "cmd", "fn"] + Modifier.aliases.keys.sorted()

    /// `; did you mean 'left'?` for an unknown key, naming the closest key (named keys, their
    /// aliases, then letters and digits), or "".
    static func nearestKey(_ key: String) -> String {
        let characters = "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
        return NearestName.didYouMean(key, among: namedKeys + keyAliases.keys.sorted() + characters)
    }

    /// The longest piece of a chord an error quotes, in UTF-8 bytes: a long chord is cut (on a
    /// character boundary) and marked with `…`, so an error never echoes megabytes.
    public static let maximumQuotedBytes = 64

    /// `text` for an error message: as it is when short, else its first `maximumQuotedBytes`
    /// bytes, `…` and its length.
    static func quoted(_ text: String) -> String {
        guard text.utf8.count > maximumQuotedBytes else { return text }
        return text.utf8Prefix(maxBytes: maximumQuotedBytes) + "… (\(text.utf8.count) bytes)"
    }

    /// The chord in canonical form: modifiers in the order ctrl, alt, shift, cmd, then the key.
    public var description: String {
        (modifiers.map(\.rawValue) + [key]).joined(separator: "+")
    }

    /// Orders chords by their canonical text.
    public static func < (lhs: KeyChord, rhs: KeyChord) -> Bool {
        lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
    }
}
