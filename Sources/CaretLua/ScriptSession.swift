import CCaretLua
import CLuaJIT
import CaretCore
import CaretFormats
import CaretReplay

/// What a script runs in: one sandboxed `LuaRuntime` with the editor API registered, the global
/// `editor` (the document the script works on), the global `arg` (the script's arguments) and
/// the queue of editor events waiting for Lua handlers.
///
/// Events (`editor:on("change", fn)`) are queued while a command runs and handed to Lua by the C
/// trampoline after the host function has returned, so no Lua code runs with Swift frames of the
/// command on the stack.
public final class ScriptSession {
    /// The runtime.
    public let runtime: LuaRuntime
    /// The editor scripts see as the global `editor`.
    public let main: ScriptEditor
    /// Expectations (`caret.expect`, `editor:expect`) that failed, in order (their diffs).
    public internal(set) var failedExpectations: [String] = []
    /// Under `caret test --update`: every expectation is logged here instead of raising (nil:
    /// expectations raise, the normal case). See `LuaSnapshotRewriter`.
    var expectationLog: [ExpectationRecord]?
    /// Events waiting for delivery: handler key and event.
    var queue: [(key: String, event: EditorEvent)] = []
    var nextEditorID = 1
    /// Where the word list for suggestions comes from (`caret run --lexicon`); nil: an empty
    /// lexicon, so suggestions come from the document, learned words and script providers.
    public var lexiconLoader: (() throws -> Lexicon)?
    /// The lexicon, once a script first asked for suggestions.
    var loadedLexicon: Lexicon?
    /// Every live editor made for the script, not retained (each removes itself when it goes
    /// away, through its `slot`): their documents count against the memory limit. Not weak
    /// references: those would put every retain of an editor, on every host call, on the slow
    /// reference-count path. Not a dictionary by identity: hashing an `ObjectIdentifier` first
    /// costs a search of every protocol conformance in the executable, on every start.
    var editors: [Unmanaged<ScriptEditor>] = []

    /// The whole Lua API of a session: the built-in `caret` functions and the editor API. The
    /// reference (`docs/lua-api.md`) and the LuaLS stubs (`docs/caret.d.lua`) are rendered from it.
    public static var api: LuaAPI { LuaRuntime.builtinAPI.merging(EditorLuaAPI.api) }

    /// A session whose `editor` shows `document`; `arguments` become the global `arg` (with
    /// `arg[0]` = `scriptName`).
    /// - Throws: `LuaScriptError` when the runtime cannot be made; `EditorError` for a document
    ///   whose selection is invalid.
    public convenience init(
        document: DocumentState = DocumentState(text: AttributedText()),
        editorOptions: EditorOptions = EditorOptions(),
        options: LuaRuntimeOptions = LuaRuntimeOptions(),
        scriptName: String = "script.lua",
        arguments: [String] = []
    ) throws {
        try self.init(document: document, editorOptions: editorOptions, options: options, scriptName: scriptName,
                      arguments: arguments, fastPaths: true)
    }

    /// A session as above; without `fastPaths`, every editor method takes the ordinary route (for
    /// tests that compare the two).
    init(document: DocumentState, editorOptions: EditorOptions, options: LuaRuntimeOptions, scriptName: String,
         arguments: [String], fastPaths: Bool) throws {
        runtime = try LuaRuntime(options: options, api: fastPaths ? EditorLuaAPI.api : EditorLuaAPI.withoutFastPaths(EditorLuaAPI.api))
        let editor = try Editor(state: document, options: editorOptions)
        main = ScriptEditor(editor: editor, id: 0, session: nil)
        main.session = self
        editor.workLimit = runtime.workLimit
        track(main)
        runtime.owner = self
        runtime.hostMemory = { [weak self] in self?.documentBytes() ?? 0 }
        runtime.setGlobal("editor", object: main)
        installArguments(scriptName: scriptName, arguments)
        installEventDelivery()
        try installSuggestionProviders()
    }

    /// Runs `source` as the chunk `chunkName`.
    /// - Returns: the chunk's return values.
    /// - Throws: `LuaScriptError` with the script's position and traceback.
    @discardableResult
    public func run(_ source: String, chunkName: String = "script.lua") throws(LuaScriptError) -> [LuaValue] {
        try runtime.run(source, chunkName: chunkName)
    }

    /// The session that owns the runtime of a call.
    static func of(_ call: LuaCall) throws -> ScriptSession {
        guard let session = call.runtime.owner as? ScriptSession else {
            throw LuaCallError("'\(call.box.name)' needs a script session (the runtime was made without one)")
        }
        return session
    }

    /// A new editor for `caret.document` and `caret.open`.
    func makeEditor(_ state: DocumentState) throws -> ScriptEditor {
        let editor = try Editor(state: state, options: main.editor.options)
        editor.workLimit = runtime.workLimit
        nextEditorID += 1
        let made = ScriptEditor(editor: editor, id: nextEditorID, session: self)
        track(made)
        // Counted as it is made, without walking every editor (which a script making many
        // documents would turn quadratic); the periodic count walks them and drops dead ones.
        runtime.context.pointee.host_bytes &+= editor.estimatedBytes
        try runtime.noteCopied(editor.estimatedBytes)
        if let reason = runtime.chargeHostWork(1) { throw LuaCallError(reason) }
        return made
    }

    /// What every live editor holds (its text and undo history, `Editor.estimatedBytes`), as the
    /// memory limit counts it.
    func documentBytes() -> Int {
        editors.reduce(0) { $0 &+ $1.takeUnretainedValue().editor.estimatedBytes }
    }

    /// Adds `editor` to `editors`.
    private func track(_ editor: ScriptEditor) {
        editor.slot = editors.count
        editors.append(Unmanaged.passUnretained(editor))
    }

    /// Called by an editor of this session as it goes away.
    func editorWentAway(_ editor: ScriptEditor) {
        let slot = editor.slot
        guard editors.indices.contains(slot), editors[slot].toOpaque() == Unmanaged.passUnretained(editor).toOpaque() else { return }
        // The last editor takes the slot.
        let last = editors.removeLast()
        if slot < editors.count {
            editors[slot] = last
            last.takeUnretainedValue().slot = slot
        }
        editor.slot = -1
    }

    /// Sets the global `arg`: `arg[0]` the script, `arg[1…]` the arguments.
    func installArguments(scriptName: String, _ arguments: [String]) {
        let state = runtime.state
        runtime.context.pointee.in_host += 1
        defer { runtime.context.pointee.in_host -= 1 }
        lua_createtable(state, Int32(arguments.count), 1)
        LuaStack.push(string: scriptName, to: state)
        lua_rawseti(state, -2, 0)
        for (index, argument) in arguments.enumerated() {
            LuaStack.push(string: argument, to: state)
            lua_rawseti(state, -2, Int32(index + 1))
        }
        LuaStack.rawSet(state, table: LUA_GLOBALSINDEX, key: "arg")
    }

    /// Compares `editor`'s state with `markup` as a trace checkpoint does: the text and its
    /// attribute runs always; with a `|` in the markup also the selection (anchor and head, so
    /// its direction) and the typing attributes where they differ from the inherited ones (a
    /// `<…>` after the selection; none written means "as inherited").
    /// - Returns: nil when they agree, else a message naming what differs (the text, the
    ///   attributes, the selection, the typing attributes) followed by a unified diff.
    static func expectation(_ markup: String, editor: Editor) throws -> String? {
        let expected: DocumentState
        do { expected = try Markup.parse(markup) } catch {
            throw LuaCallError("bad argument #1 to 'expect' (the expected markup does not parse: \(error))")
        }
        guard let mismatch = TracePlayer.mismatch(Checkpoint(expected: expected), editor) else { return nil }
        let actual = editor.state
        var differences: [String] = []
        if expected.text.string != actual.text.string {
            differences.append("the text")
        } else if expected.text != actual.text {
            differences.append("the attributes")
        }
        if let selection = expected.selection {
            if selection != actual.selection { differences.append("the selection") }
            if expected.typingAttributes != actual.typingAttributes { differences.append("the typing attributes") }
        }
        let what = differences.isEmpty ? "" : " (" + listed(differences) + (differences.count == 1 && !differences[0].hasSuffix("attributes") ? " differs)" : " differ)")
        return "expectation failed: the editor does not show the expected document\(what)\n"
            + UnifiedDiff.diff(mismatch.expected, mismatch.actual, from: "expected", to: "actual")
    }

    /// "a", "a and b", "a, b and c".
    static func listed(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
