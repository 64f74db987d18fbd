/// A headless rich-text editor: the model of a `UITextView` without the view. It holds the
/// attributed text, the selection (UTF-16 offsets), the typing attributes, undo and redo, a
/// virtual clock and its own attributed clipboard, and performs `EditorCommand`s. Observers
/// hear every document and selection change.
///
/// A command that throws leaves the editor exactly as it was.
public final class Editor {
    /// The document.
    @exclusivity(unchecked) public internal(set) var text: AttributedText
    /// The selection; always valid positions of `text`.
    @exclusivity(unchecked) public internal(set) var selection: Selection
    /// The attributes typed text takes (never `link`).
    public internal(set) var typingAttributes: Attributes {
        get {
            if let typingStorage { return typingStorage }
            let inherited = inherited(for: selection)
            typingStorage = inherited
            return inherited
        }
        set { typingStorage = newValue }
    }
    /// The typing attributes; nil while they are the inherited ones for the current selection
    /// and text and nobody has asked (a selection change then costs no lookup). Set before the
    /// text changes under an unmoved selection (`settleTyping()`), since they must not follow.
    @exclusivity(unchecked) var typingStorage: Attributes?
    /// Settings; may be changed at any time.
    @exclusivity(unchecked) public var options: EditorOptions
    /// Stops long work (find over a large document, suggestions for a very long word) when its
    /// owner says so; nil: no limit. CaretLua sets it from a script's deadline and budgets.
    @exclusivity(unchecked) public var workLimit: WorkLimit?
    /// The virtual clock, in seconds since the editor was made; only `advanceClock(by:)` moves it.
    @exclusivity(unchecked) public internal(set) var clock: Double = 0
    /// The editor's own clipboard (cut, copy and paste never touch the system's).
    @exclusivity(unchecked) public var clipboard: AttributedText?
    /// The key bindings `handle(_:)` uses.
    public var keymap: Keymap {
        get { keymapStorage ?? .standard }
        set { keymapStorage = newValue }
    }
    /// nil: `Keymap.standard`, built only when a key is first handled (parsing its chords is a
    /// fifth of a one-line `caret run`'s start, and most editors never see a key).
    @exclusivity(unchecked) var keymapStorage: Keymap?

    @exclusivity(unchecked) var history = UndoHistory()
    /// The coalescing group of the last command, if it was a typing-like one.
    @exclusivity(unchecked) var lastGroup: CoalesceGroup?
    /// The column (in grapheme clusters) vertical moves aim for, kept across consecutive ones.
    @exclusivity(unchecked) var goalColumn: Int?
    @exclusivity(unchecked) var observers: [(id: Int, handler: (EditorEvent) -> Void)] = []
    @exclusivity(unchecked) var nextObserverID = 0
    /// Edits applied by the command in progress, with their inverses.
    @exclusivity(unchecked) var pendingEdits = EditList()
    @exclusivity(unchecked) var pendingInverses = EditList()
    /// The edits of the command in progress as observers see them; filled only while someone
    /// observes.
    @exclusivity(unchecked) var observedEdits: [TextEdit] = []
    /// Whether commands take the specialised paths (plain strings, attribute maps); false takes
    /// the general path everywhere, so tests can check the two agree.
    @exclusivity(unchecked) var usesFastPaths = true
    /// A stretch of the document known to carry one attribute set (what was last typed or
    /// inserted, kept in step with plain edits, dropped by any other change), so an edit next to
    /// it needs no rope lookup for the attributes around it.
    @exclusivity(unchecked) var knownRun: (range: Range<Int>, attributes: Attributes)?
    /// The last set `linkFree(_:)` was asked about and its answer.
    @exclusivity(unchecked) var linkFreeMemo = (Attributes(), Attributes())
    /// Suggestions for this editor, when attached (see Editor+Suggestions.swift).
    @exclusivity(unchecked) var suggestionState: EditorSuggestionState?
    /// While observers hear of a change: the inverse of each of its edits, in the same order (an
    /// inverse's replacement is what the edit replaced).
    @exclusivity(unchecked) var notifiedInverses = EditList()
    /// Whether the document may hold paragraph attributes: set when the editor is made over such
    /// a document and whenever an edit brings one in, never cleared. While false, commands skip
    /// paragraph normalization entirely (the typing path pays one flag test).
    @exclusivity(unchecked) var paragraphsInUse = false
    /// The last set `noteParagraphKeys(in:)` was asked about and whether it holds paragraph keys.
    @exclusivity(unchecked) var paragraphMemo = (Attributes(), false)
    /// Set by a command whose paragraph rule made it more than typing (Return in an empty list
    /// item, Backspace at a list item's start): it then never coalesces with typing.
    @exclusivity(unchecked) var suppressCoalescing = false

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
        self.typingStorage = Attributes()
        self.paragraphsInUse = Editor.holdsParagraphAttributes(text)
        self.typingStorage = (typingAttributes ?? inherited(for: selection)).removing(.link)
    }

    /// An editor showing `state` (a missing selection means a caret at the end).
    public convenience init(state: DocumentState, options: EditorOptions = EditorOptions()) throws {
        try self.init(text: state.text, selection: state.selection, typingAttributes: state.typingAttributes, options: options)
    }

    /// The document, selection and typing attributes (nil when they are the inherited ones).
    public var state: DocumentState {
        guard let typingStorage else { return DocumentState(text: text, selection: selection, typingAttributes: nil) }
        let inherited = inherited(for: selection)
        return DocumentState(text: text, selection: selection, typingAttributes: typingStorage == inherited ? nil : typingStorage)
    }

    /// Whether `undo` would do something.
    public var canUndo: Bool { !history.undoStack.isEmpty }
    /// Whether `redo` would do something.
    public var canRedo: Bool { !history.redoStack.isEmpty }
    /// Number of steps `undo` can take back.
    public var undoCount: Int { history.undoStack.count }
    /// Number of steps `redo` can re-apply.
    public var redoCount: Int { history.redoStack.count }
    /// About how many bytes the editor holds: its text (UTF-8) and what its undo and redo history
    /// keeps alive. Hosts that bound a script's memory count this (CaretLua does).
    /// - Complexity: O(1).
    public var estimatedBytes: Int {
        // The rope holds about 1.4 bytes per byte of text in release builds (caret-bench's peak
        // memory case: 64 MiB with 100k runs).
        text.utf8Count &* 3 / 2 &+ history.undoStack.estimatedBytes &+ history.redoStack.estimatedBytes
    }

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
    /// - Throws: `EditorError` for invalid arguments or positions; `WorkLimit.Exceeded`, as thrown,
    ///   when `workLimit` stops a long command (find and replace). The editor is then unchanged.
    @inlinable
    public func perform(_ command: EditorCommand) throws {
        // The unobserved plain replaceRange, the commonest command of scripts and replays, takes
        // its lane first; inlined into the caller, which then builds no command value for it.
        if case .replaceRange(let range, let string) = command, try performPlainReplacement(range, with: string) { return }
        try performCommand(command)
    }

    /// `perform(_:)` for every command but a plain replaceRange.
    @usableFromInline
    func performCommand(_ command: EditorCommand) throws {
        let selectionBefore = selection
        let typingBefore = typingStorage
        let goalBefore = goalColumn
        if !command.isVerticalMove { goalColumn = nil }
        // Left empty by the last command (assigning would destroy and rebuild them anyway).
        if !pendingEdits.isEmpty { pendingEdits = EditList() }
        if !pendingInverses.isEmpty { pendingInverses = EditList() }
        suppressCoalescing = false
        if !observedEdits.isEmpty { observedEdits.removeAll(keepingCapacity: true) }
        let isHistory: Bool
        do {
            switch command {
            case .undo:
                isHistory = true
                try undo()
            case .redo:
                isHistory = true
                try redo()
            default:
                isHistory = false
                try execute(command)
                // Undo and redo replay states that were already uniform.
                if paragraphsInUse, !pendingEdits.isEmpty { try normalizeParagraphs() }
            }
        } catch {
            rollBack(selection: selectionBefore, typing: typingBefore)
            goalColumn = goalBefore
            throw error
        }
        let changed = !pendingEdits.isEmpty
        let group = suppressCoalescing ? nil : command.coalesceGroup
        // Observers inside CaretCore (the suggestion vocabulary) read what each edit replaced;
        // copied only when someone listens, since recording moves the lists into the history.
        if !observers.isEmpty { notifiedInverses = pendingInverses }
        if changed, suggestionState != nil { updateVocabulary() }
        if changed, !isHistory {
            recordHistory(group: group, selectionBefore: selectionBefore, typingBefore: typingBefore)
        } else if changed {
            pendingEdits = EditList()
            pendingInverses = EditList()
        }
        lastGroup = !changed && group != nil ? nil : group
        if !observers.isEmpty {
            notify(command: command, changed: changed, selectionBefore: selectionBefore)
            notifiedInverses = EditList()
        }
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

    /// The typing attributes `selection` inherits (`AttributedText.inheritedTypingAttributes(for:)`).
    func inherited(for selection: Selection) -> Attributes {
        selection.isCaret ? inheritedAttributes(at: selection.head) : attributesInherited(from: selection.lowerBound)
    }

    /// `AttributedText.inheritedTypingAttributes(at:)` for a valid `offset`, with fewer lookups.
    func inheritedAttributes(at offset: Int) -> Attributes {
        if text.isEmpty { return Attributes() }
        // Inside a run known to carry one set, the character before and the one after agree, so
        // which of them the rule picks needs no look at the text.
        if let knownRun, offset > 0, knownRun.range.contains(offset - 1),
           offset < knownRun.range.upperBound || offset == text.utf16Count {
            return linkFree(knownRun.attributes)
        }
        return attributesInherited(from: text.typingSource(caret: offset))
    }

    /// The attributes, without `link`, of the character at valid `source`.
    func attributesInherited(from source: Int) -> Attributes {
        // A run's ends are character boundaries, so a unit inside it belongs to a character inside it.
        if let knownRun, knownRun.range.contains(source) { return linkFree(knownRun.attributes) }
        return linkFree((try? text.attributes(at: source)) ?? Attributes())
    }

    /// `attributes` without `link`; remembers the last answer (typing asks about one set over
    /// and over, and each `removing` takes the attribute table's lock).
    func linkFree(_ attributes: Attributes) -> Attributes {
        if attributes.isEmpty { return attributes }
        if linkFreeMemo.0 == attributes { return linkFreeMemo.1 }
        let result = attributes.removing(.link)
        linkFreeMemo = (attributes, result)
        return result
    }

    /// Sets the selection; typing attributes reset to the inherited ones when it changes.
    func select(_ newSelection: Selection) {
        if newSelection != selection {
            selection = newSelection
            typingStorage = usesFastPaths ? nil : inherited(for: newSelection)
        }
    }

    /// Fixes lazily inherited typing attributes before the text changes: they stay what they
    /// were unless the selection then moves.
    func settleTyping() {
        if typingStorage == nil { typingStorage = inherited(for: selection) }
    }

    /// Undoes the edits of a failed command.
    func rollBack(selection: Selection, typing: Attributes?) {
        knownRun = nil
        pendingInverses.forEachReversed { inverse in try? inverse.apply(to: &text) }
        pendingEdits = EditList()
        pendingInverses = EditList()
        observedEdits.removeAll()
        self.selection = selection
        typingStorage = typing
    }

    /// Moves the command's edits (`pendingEdits`, `pendingInverses`, left empty) into the undo
    /// history: onto the top step when they coalesce with it, else as a new step.
    func recordHistory(group: CoalesceGroup?, selectionBefore: Selection, typingBefore: Attributes?) {
        if let group, group == lastGroup,
           history.undoStack.topAccepts(group, from: selectionBefore, at: clock, interval: options.undoCoalescingInterval) {
            history.undoStack.mergeIntoTop(edits: pendingEdits.take(), inverses: pendingInverses.take(),
                                           selectionAfter: selection, typingAfter: typingStorage, time: clock)
            if !history.redoStack.isEmpty { history.redoStack.removeAll() }
            return
        }
        if !history.redoStack.isEmpty { history.redoStack.removeAll() }
        history.undoStack.push(edits: &pendingEdits, inverses: &pendingInverses, UndoStep.Fields(
            selectionBefore: selectionBefore, selectionAfter: selection,
            typingBefore: typingBefore, typingAfter: typingStorage,
            group: group, time: clock
        ))
    }

    func undo() throws {
        guard !history.undoStack.isEmpty else { return }
        let step = history.undoStack.removeLast()
        do {
            // Inverses run last to first; edit i undoes inverse i again.
            if step.inverses.count == 1, let inverse = step.inverses.first, let edit = step.edits.first {
                try replay(inverse, inverse: edit)
            } else {
                let edits = Array(sequence: step.edits)
                var i = edits.count
                try step.inverses.forEachReversed { inverse in
                    i -= 1
                    try replay(inverse, inverse: edits[i])
                }
            }
        } catch {
            // The command fails with the history as it was (perform rolls the text back).
            history.undoStack.append(step)
            throw error
        }
        selection = step.selectionBefore
        typingStorage = step.typingBefore
        history.redoStack.append(step)
    }

    func redo() throws {
        guard !history.redoStack.isEmpty else { return }
        let step = history.redoStack.removeLast()
        do {
            let inverses = Array(sequence: step.inverses)
            var i = 0
            try step.edits.forEach { edit in
                try replay(edit, inverse: inverses[i])
                i += 1
            }
        } catch {
            history.redoStack.append(step)
            throw error
        }
        selection = step.selectionAfter
        typingStorage = step.typingAfter
        history.undoStack.append(step)
    }

    func notify(command: EditorCommand?, changed: Bool, selectionBefore: Selection) {
        guard !observers.isEmpty else { return }
        let handlers = observers.map(\.handler)
        if changed {
            let change = EditorChange(command: command, edits: observedEdits, selectionBefore: selectionBefore, selectionAfter: selection)
            observedEdits = []
            for handler in handlers { handler(.textChanged(change)) }
        }
        if selection != selectionBefore {
            for handler in handlers { handler(.selectionChanged(old: selectionBefore, new: selection, command: command)) }
        }
    }
}

extension Array where Element == EditRecord {
    /// The records of `list` in order.
    init(sequence list: EditList) {
        self.init()
        reserveCapacity(list.count)
        list.forEach { append($0) }
    }
}
