import CaretCore

/// One step of a trace: what a user or an app did to an editor, or a checkpoint that asserts what
/// the editor shows. See docs/trace-format.md for the JSON form of each kind.
public enum TraceEvent: Equatable, Sendable {
    /// Text typed (`insertText` through the typing path: it coalesces with neighbouring typing).
    case text(String)
    /// A key chord, performed through the editor's keymap (an unbound chord does nothing).
    case key(KeyChord)
    /// An explicit selection (UTF-16 offsets; invalid positions are an error, never clamped).
    case select(anchor: Int, head: Int)
    /// A named command with its arguments (`replaceRange` is written as the compact `edit` form).
    case command(EditorCommand)
    /// A paste of `content`: it is put on the editor's clipboard and pasted (as plain text when `plain`).
    case paste(AttributedText, plain: Bool)
    /// Undo, `count` times.
    case undo(count: Int)
    /// Redo, `count` times.
    case redo(count: Int)
    /// The virtual clock moves forward by this many seconds.
    case wait(Double)
    /// A checkpoint: what the editor must show at this point.
    indirect case check(Checkpoint)

    /// The kind name as the JSON form spells it (`text`, `key`, `select`, …).
    public var kind: String {
        switch self {
        case .text: "text"
        case .key: "key"
        case .select: "select"
        case .command(.replaceRange): "edit"
        case .command: "command"
        case .paste: "paste"
        case .undo: "undo"
        case .redo: "redo"
        case .wait: "wait"
        case .check: "check"
        }
    }

    /// Whether this event is a checkpoint.
    public var isCheck: Bool {
        if case .check = self { return true }
        return false
    }
}

/// What a checkpoint expects: the document (and, when the markup has markers, the selection and
/// typing attributes as markup shows them), optionally toolbar trait states and the exact typing
/// attributes.
public struct Checkpoint: Equatable, Sendable {
    /// The expected state. A nil selection means the checkpoint does not speak of the selection.
    public var expected: DocumentState
    /// Expected tri-state of traits (`editor.traitState(_:)`), sorted by key.
    public var traits: [TraitExpectation]
    /// The exact typing attributes expected, whether or not they equal the inherited ones.
    public var typingAttributes: Attributes?

    /// A checkpoint expecting `expected`, and optionally trait states and typing attributes.
    public init(expected: DocumentState, traits: [TraitExpectation] = [], typingAttributes: Attributes? = nil) {
        self.expected = expected
        self.traits = traits.sorted { $0.key < $1.key }
        self.typingAttributes = typingAttributes
    }

    /// One trait and the state a toolbar must show for it.
    public struct TraitExpectation: Hashable, Sendable {
        /// The trait.
        public var key: AttributeKey
        /// Its expected state.
        public var state: TraitState

        /// `key` is expected to be `state`.
        public init(key: AttributeKey, state: TraitState) {
            self.key = key
            self.state = state
        }
    }
}
