/// A headless rich-text editor: the model of a `UITextView` without the view. It holds the
/// attributed text, the selection (UTF-16 offsets), the typing attributes, undo and redo, a
/// virtual clock and its own attributed clipboard, and performs `EditorCommand`s. Observers
/// hear every document and selection change.
///
/// A command that throws leaves the editor exactly as it was.
public final class Editor {
    /// The document.
    public internal(set) var text: AttributedText
    /// The selection; always valid positions of `text`.
    public internal(set) var selection: Selection
    /// The attributes typed text takes (never `link`).
    public internal(set) var typingAttributes: Attributes
    /// Settings; may be changed at any time.
    public var options: EditorOptions
    /// The virtual clock, in seconds since the editor was made; only `advanceClock(by:)` moves it.
    public internal(set) var clock: Double = 0
    /// The editor's own clipboard (cut, copy and paste never touch the system's).
    public var clipboard: AttributedText?
    /// The key bindings `handle(_:)` uses.
    public var keymap: Keymap = .standard

    var history = UndoHistory()
    /// The coalescing group of the last command, if it was a typing-like one.
    var lastGroup: CoalesceGroup?
    /// The column (in grapheme clusters) vertical moves aim for, kept across consecutive ones.
    var goalColumn: Int?
    var observers: [(id: Int, handler: (EditorEvent) -> Void)] = []
    var nextObserverID = 0
    /// Edits applied by the command in progress, with their inverses.
    var pendingEdits: [TextEdit] = []
    var pendingInverses: [TextEdit] = []
    /// Suggestions for this editor, when attached (see Editor+Suggestions.swift).
    var suggestionState: EditorSuggestionState?

    /// An editor over `text` with a caret at its end, or the given selection and typing attributes
    /// (nil typing attributes: as inherited).
    /// - Throws: `EditorError.invalidPosition` for a selection outside the text.
    public init(
        text: AttributedText = AttributedText(),
        selection: Selection? = nil,
        typingAttributes: Attributes? = nil,
        options: EditorOptions = EditorOptions()
    ) throws {
        let selection = selection ?? Selection(caret: text.utf16Count)
        do {
            try text.validate(selection.anchor)
            try text.validate(selection.head)
        } catch let error as TextError {
            throw EditorError.invalidPosition(error)
        }
        self.text = text
        self.selection = selection
        self.options = options
        self.typingAttributes = Attributes()
        self.typingAttributes = (typingAttributes ?? inherited(for: selection)).removing(.link)
    }

    /// An editor showing `state` (a missing selection means a caret at the end).
    public convenience init(state: DocumentState, options: EditorOptions = EditorOptions()) throws {
        try self.init(text: state.text, selection: state.selection, typingAttributes: state.typingAttributes, options: options)
    }

    /// The document, selection and typing attributes (nil when they are the inherited ones).
    public var state: DocumentState {
        let inherited = inherited(for: selection)
        return DocumentState(text: text, selection: selection, typingAttributes: typingAttributes == inherited ? nil : typingAttributes)
    }

    /// Whether `undo` would do something.
    public var canUndo: Bool { !history.undoStack.isEmpty }
    /// Whether `redo` would do something.
    public var canRedo: Bool { !history.redoStack.isEmpty }
    /// Number of steps `undo` can take back.
    public var undoCount: Int { history.undoStack.count }
    /// Number of steps `redo` can re-apply.
    public var redoCount: Int { history.redoStack.count }

    /// Moves the virtual clock forward.
    /// - Throws: `EditorError.badArgument` for a negative or non-finite amount.
    public func advanceClock(by seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0 else {
            throw EditorError.badArgument(command: "advanceClock", argument: "seconds", message: "must be finite and not negative, got \(seconds)")
        }
        clock += seconds
    }

    /// Subscribes `handler` to every later change; events arrive after the change is complete.
    @discardableResult
    public func addObserver(_ handler: @escaping (EditorEvent) -> Void) -> EditorObservation {
        nextObserverID += 1
        observers.append((nextObserverID, handler))
        return EditorObservation(id: nextObserverID)
    }

    /// Ends a subscription.
    public func removeObserver(_ observation: EditorObservation) {
        observers.removeAll { $0.id == observation.id }
    }

    /// Performs `command`. Commands that change the document are undoable; typing coalesces.
    /// - Throws: `EditorError` for invalid arguments or positions; the editor is then unchanged.
    public func perform(_ command: EditorCommand) throws {
        let selectionBefore = selection
        let typingBefore = typingAttributes
        let goalBefore = goalColumn
        if !command.isVerticalMove { goalColumn = nil }
        pendingEdits = []
        pendingInverses = []
        do {
            switch command {
            case .undo: try undo()
            case .redo: try redo()
            default: try execute(command)
            }
        } catch {
            rollBack(selection: selectionBefore, typing: typingBefore)
            goalColumn = goalBefore
            throw error
        }
        let edits = pendingEdits
        if !edits.isEmpty, command != .undo, command != .redo {
            recordHistory(command: command, selectionBefore: selectionBefore, typingBefore: typingBefore)
        }
        lastGroup = edits.isEmpty && command.coalesceGroup != nil ? nil : command.coalesceGroup
        pendingEdits = []
        pendingInverses = []
        notify(command: command, edits: edits, selectionBefore: selectionBefore)
    }

    /// Performs the command called `name` with `arguments` (see `EditorCommand(name:arguments:)`).
    /// - Throws: `EditorError` for an unknown name, bad arguments or an invalid position.
    public func perform(_ name: String, _ arguments: [String: CommandArgument] = [:]) throws {
        try perform(EditorCommand(name: name, arguments: arguments))
    }

    /// Performs the command bound to `chord` in `keymap`; returns false when nothing is bound.
    @discardableResult
    public func handle(_ chord: KeyChord) throws -> Bool {
        guard let command = keymap[chord] else { return false }
        try perform(command)
        return true
    }

    // MARK: - Internals

    func inherited(for selection: Selection) -> Attributes {
        (try? text.inheritedTypingAttributes(at: selection.lowerBound)) ?? Attributes()
    }

    /// Sets the selection; typing attributes reset to the inherited ones when it changes.
    func select(_ newSelection: Selection) {
        if newSelection != selection {
            selection = newSelection
            typingAttributes = inherited(for: newSelection)
        }
    }

    /// Applies one edit to the document and records it for the command in progress.
    func apply(_ edit: TextEdit) throws {
        if edit.range.isEmpty && edit.replacement.isEmpty { return }
        let old = try text.attributedText(in: edit.range)
        if old == edit.replacement { return }
        try text.replaceSubrange(edit.range, with: edit.replacement)
        pendingEdits.append(edit)
        pendingInverses.append(TextEdit(range: edit.replacementRange, replacement: old))
    }

    /// Undoes the edits of a failed command.
    func rollBack(selection: Selection, typing: Attributes) {
        for inverse in pendingInverses.reversed() { try? text.replaceSubrange(inverse.range, with: inverse.replacement) }
        pendingEdits = []
        pendingInverses = []
        self.selection = selection
        typingAttributes = typing
    }

    func recordHistory(command: EditorCommand, selectionBefore: Selection, typingBefore: Attributes) {
        let group = command.coalesceGroup
        let last = history.undoStack.count - 1
        if let group, group == lastGroup, last >= 0, history.undoStack[last].group == group,
           history.undoStack[last].selectionAfter == selectionBefore,
           clock - history.undoStack[last].time <= options.undoCoalescingInterval {
            // Mutate in place: copying the step out would copy its edit arrays on every keystroke.
            history.undoStack[last].edits += pendingEdits
            history.undoStack[last].inverses += pendingInverses
            history.undoStack[last].selectionAfter = selection
            history.undoStack[last].typingAfter = typingAttributes
            history.undoStack[last].time = clock
            history.redoStack.removeAll()
            return
        }
        history.record(UndoStep(
            edits: pendingEdits, inverses: pendingInverses,
            selectionBefore: selectionBefore, selectionAfter: selection,
            typingBefore: typingBefore, typingAfter: typingAttributes,
            group: group, time: clock
        ))
    }

    func undo() throws {
        guard let step = history.undoStack.last else { return }
        for inverse in step.inverses.reversed() { try apply(inverse) }
        selection = step.selectionBefore
        typingAttributes = step.typingBefore
        history.redoStack.append(history.undoStack.removeLast())
    }

    func redo() throws {
        guard let step = history.redoStack.last else { return }
        for edit in step.edits { try apply(edit) }
        selection = step.selectionAfter
        typingAttributes = step.typingAfter
        history.undoStack.append(history.redoStack.removeLast())
    }

    func notify(command: EditorCommand?, edits: [TextEdit], selectionBefore: Selection) {
        guard !observers.isEmpty else { return }
        let handlers = observers.map(\.handler)
        if !edits.isEmpty {
            let change = EditorChange(command: command, edits: edits, selectionBefore: selectionBefore, selectionAfter: selection)
            for handler in handlers { handler(.textChanged(change)) }
        }
        if selection != selectionBefore {
            for handler in handlers { handler(.selectionChanged(old: selectionBefore, new: selection, command: command)) }
        }
    }
}
