import CCaretLua
import CaretCore
import CLuaJIT

/// One sandboxed LuaJIT state with limits, a deterministic standard library and a host API.
///
/// Swift enters Lua only through `run` and `call`, both protected calls with a traceback handler;
/// every failure comes back as a `LuaScriptError`. Host functions never raise: they throw, and the
/// C trampoline raises after they return. After a limit trips the runtime is stopped and every
/// later entry throws `.stopped`. Not thread-safe: use a runtime from one thread at a time.
public final class LuaRuntime {
    /// `package`: caret-bench pushes a bare C function through it to measure LuaJIT's own call cost.
    package let state: OpaquePointer
    package let context: UnsafeMutablePointer<caret_lua_ctx>
    /// The thread every protected entry runs on (see `scriptStackSize`).
    let runner: OpaquePointer
    /// The options the runtime was created with.
    public let options: LuaRuntimeOptions
    /// The API registered so far: the built-in `caret` functions plus everything passed in.
    public internal(set) var api = LuaAPI()
    var boxes: [LuaFunctionBox] = []
    var objectTypes: [RegisteredObjectType] = []
    /// The names chunks carry inside Lua (at most 55 bytes, LuaJIT truncates longer ones), mapped
    /// to the names the host gave.
    var chunkNames: [String: String] = [:]
    var stoppedBy: LuaScriptError?
    let fileAccess: LuaFileAccess
    /// Receives each line `print` writes; when `nil`, lines are collected in `printedLines`.
    public var printHandler: ((String) -> Void)?
    /// The object that owns this runtime and serves its host API (a `ScriptSession`), if any.
    weak var owner: AnyObject?
    /// Lines printed while `printHandler` was `nil`.
    public private(set) var printedLines: [String] = []
    /// The bytes the host holds for the script (a session's documents), counted against the
    /// memory limit with the Lua heap. Asked when a host call checks the limit.
    public var hostMemory: () -> Int = { 0 }
    var hostCallsSinceCount = 0
    /// Bytes of arguments the host copied since the host's memory was last counted.
    var copiedSinceCount = 0
    /// Bytes of the lines in `printedLines` (counted against the memory limit).
    var printedBytes = 0
    /// Stops long host work a script started (see `Editor.workLimit`): charged work counts as
    /// instructions, and the deadline applies.
    public private(set) lazy var workLimit: WorkLimit = {
        // Editors may outlive the runtime; the reference is cleared when the runtime goes away.
        // (Not a weak reference: that would slow every retain of the runtime.)
        let reference = runtimeReference
        return WorkLimit { units in reference.runtime?.chargeHostWork(units) }
    }()
    let runtimeReference = RuntimeReference()

    /// Creates a sandboxed state and registers the built-in API and `api`.
    public init(options: LuaRuntimeOptions = LuaRuntimeOptions(), api: LuaAPI = LuaAPI()) throws(LuaScriptError) {
        let context = UnsafeMutablePointer<caret_lua_ctx>.allocate(capacity: 1)
        context.initialize(to: caret_lua_ctx())
        context.pointee.memory_limit = options.memoryLimit.map { $0 > 0 ? $0 : 1 } ?? 0
        context.pointee.instruction_limit = options.instructionLimit.map { UInt64(max($0, 1)) } ?? 0
        context.pointee.has_timeout = options.timeout == nil ? 0 : 1
        context.pointee.virtual_time = options.virtualTime
        context.pointee.virtual_start = options.virtualTime
        context.pointee.dispatch = luaDispatch
        context.pointee.release = luaRelease
        context.pointee.in_host = 1
        guard let runner = caret_lua_runner_new(LuaRuntime.scriptStackSize) else {
            context.deallocate()
            throw LuaScriptError(kind: .runtime, message: "could not create the script thread")
        }
        guard let state = caret_lua_newstate(context) else {
            caret_lua_runner_free(runner)
            context.deallocate()
            throw LuaScriptError(kind: .runtime, message: "could not create a Lua state")
        }
        self.runner = runner
        self.state = state
        self.context = context
        self.options = options
        self.fileAccess = LuaFileAccess(readableRoots: options.readableRoots, writableRoots: options.writableRoots)

        let printBox = makeBox(name: "print", isMethod: false, parameters: [LuaParameter("line", .string)]) { call in
            call.runtime.emit(line: try call.string(1))
            return 0
        }
        let seed = Double(options.seed % (1 << 53))
        let status = caret_lua_open_sandbox(state, printBox.entry, seed)
        if status != 0 {
            let message = LuaStack.string(state, at: -1) ?? "unknown error"
            throw LuaScriptError(kind: .runtime, message: "could not open the sandbox: \(message)")
        }
        // Hot methods get their compiled route only where the JIT compiles it (with a limit's count
        // hook the interpreter would run the wrappers, slower than the trampolines alone).
        context.pointee.compiled_calls = options.jitActive ? 1 : 0
        register(LuaRuntime.builtinAPI.merging(api))
        caret_lua_configure_limits(state, options.jitActive ? 1 : 0)
        runtimeReference.runtime = self
        context.pointee.in_host = 0
    }

    deinit {
        runtimeReference.runtime = nil
        caret_lua_interrupt_disable(state)  // a no-op unless this runtime has interrupts
        lua_close(state)
        caret_lua_runner_free(runner)
        context.deallocate()
    }

    /// The stack of the thread scripts run on: 16 MiB, reserved (pages are used only as deep
    /// recursion through C reaches them). Every C path that re-enters Lua checks that 1 MiB is
    /// left, so no script overflows it; what a script may nest is bounded by this size, not by the
    /// caller's thread.
    public static let scriptStackSize = 16 << 20

    /// The virtual clock in seconds since the Unix epoch (UTC), as `os.time`/`os.date` see it.
    public var virtualTime: Double {
        get { context.pointee.virtual_time }
        set { context.pointee.virtual_time = newValue }
    }

    /// Bytes the state has allocated now.
    public var memoryInUse: Int { context.pointee.bytes_in_use }

    /// The most bytes the state has had allocated at once.
    public var peakMemory: Int { context.pointee.peak_bytes }

    /// Host calls the compiled route did (see docs/lua-embedding.md, "The compiled route").
    public var compiledRouteCalls: Int { Int(context.pointee.compiled_route_calls) }

    /// Whether a limit has stopped this runtime.
    public var isStopped: Bool { stoppedBy != nil }

    func emit(line: String) {
        if let printHandler { printHandler(line) } else {
            printedLines.append(line)
            printedBytes &+= line.utf8.count
        }
    }

    // MARK: Entering Lua

    /// Compiles `source` (text only) as chunk `chunkName` and runs it in a protected call.
    /// - Returns: the chunk's return values.
    @discardableResult
    public func run(_ source: String, chunkName: String = "script.lua") throws(LuaScriptError) -> [LuaValue] {
        try checkRunning()
        let luaName = LuaRuntime.luaChunkName(chunkName)
        chunkNames[luaName] = chunkName
        if source.utf8.first == 0x1B {
            throw LuaScriptError(kind: .syntax, message: "binary chunks are not available in the sandbox", chunkName: chunkName)
        }
        let base = lua_gettop(state)
        var source = source
        let status = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { luaL_loadbuffer(state, $0.baseAddress, $0.count, "@" + luaName) }
        }
        if status != 0 {
            let error = makeError(status: status)
            lua_settop(state, base)
            if error.kind != .syntax { stoppedBy = stoppedBy ?? error }
            throw error
        }
        return try protectedCall(base: base, argumentCount: 0)
    }

    /// Runs a chunk of the host's own (setup code such as the suggestion merge function) with the
    /// instruction limit suspended, so that a small `--max-instructions` budget is the script's
    /// alone. The memory limit and the deadline still apply.
    func runSetup(_ source: String, chunkName: String) throws(LuaScriptError) {
        let limit = context.pointee.instruction_limit
        context.pointee.instruction_limit = 0
        defer { context.pointee.instruction_limit = limit }
        try run(source, chunkName: chunkName)
    }

    /// Calls the global function `name` with `arguments` in a protected call.
    /// - Returns: its return values.
    @discardableResult
    public func call(_ name: String, _ arguments: [LuaValue] = []) throws(LuaScriptError) -> [LuaValue] {
        try checkRunning()
        let base = lua_gettop(state)
        context.pointee.in_host += 1
        LuaStack.rawGet(state, table: LUA_GLOBALSINDEX, key: name)
        guard lua_type(state, -1) == LUA_TFUNCTION else {
            let got = LuaStack.typeName(state, at: -1)
            lua_settop(state, base)
            context.pointee.in_host -= 1
            throw LuaScriptError(kind: .runtime, message: "global '\(name)' is not a function (a \(got) value)")
        }
        for argument in arguments { argument.push(to: state, runtime: self) }
        context.pointee.in_host -= 1
        return try protectedCall(base: base, argumentCount: Int32(arguments.count))
    }

    /// Sets global `name` to `value`.
    public func setGlobal(_ name: String, _ value: LuaValue) {
        context.pointee.in_host += 1
        value.push(to: state, runtime: self)
        LuaStack.rawSet(state, table: LUA_GLOBALSINDEX, key: name)
        context.pointee.in_host -= 1
    }

    /// Sets global `name` to a new table holding `values` as its sequence `1…n` (a way to hand
    /// bulk data to a script without building it in Lua).
    public func setGlobal(_ name: String, array values: [LuaValue]) {
        context.pointee.in_host += 1
        defer { context.pointee.in_host -= 1 }
        lua_createtable(state, Int32(clamping: values.count), 0)
        for (index, value) in values.enumerated() {
            value.push(to: state, runtime: self)
            lua_rawseti(state, -2, Int32(clamping: index + 1))
        }
        LuaStack.rawSet(state, table: LUA_GLOBALSINDEX, key: name)
    }

    /// Sets global `name` to a handle to `object`, whose class must belong to a registered type.
    /// - Returns: false if the class is not registered.
    @discardableResult
    public func setGlobal(_ name: String, object: AnyObject) -> Bool {
        context.pointee.in_host += 1
        defer { context.pointee.in_host -= 1 }
        guard pushObject(object) else { return false }
        LuaStack.rawSet(state, table: LUA_GLOBALSINDEX, key: name)
        return true
    }

    /// The value of global `name` (by copy; tables and functions come back as `.other`).
    public func global(_ name: String) -> LuaValue {
        context.pointee.in_host += 1
        defer { context.pointee.in_host -= 1 }
        LuaStack.rawGet(state, table: LUA_GLOBALSINDEX, key: name)
        defer { LuaStack.pop(state) }
        return LuaValue.read(from: state, at: -1)
    }

    /// `name`, or when longer than LuaJIT shows (LUA_IDSIZE), its last path component or its last
    /// 55 bytes: messages inside Lua use this name; `LuaScriptError` maps it back.
    static func luaChunkName(_ name: String) -> String {
        let limit = 55
        if name.utf8.count <= limit { return name }
        if let slash = name.lastIndex(of: "/") {
            let base = String(name[name.index(after: slash)...])
            if !base.isEmpty && base.utf8.count <= limit { return base }
        }
        var tail = Substring(name)
        while tail.utf8.count > limit { tail = tail.dropFirst() }
        return String(tail)
    }

    func checkRunning() throws(LuaScriptError) {
        if context.pointee.in_host > 0 {
            // Limits and the allocator's no-fail window assume Swift enters Lua only from outside.
            throw LuaScriptError(kind: .runtime, message: "run/call cannot be used from inside a host function")
        }
        if let stoppedBy {
            throw LuaScriptError(
                kind: .stopped,
                message: "this Lua runtime was stopped by an earlier error (\(stoppedBy.message)); create a new one")
        }
    }

    func protectedCall(base: Int32, argumentCount: Int32) throws(LuaScriptError) -> [LuaValue] {
        context.pointee.deadline_ns = options.timeout.map {
            caret_lua_now_ns() + UInt64(max(0, min($0, 1e9)) * 1e9)
        } ?? 0
        let status = caret_lua_runner_pcall(runner, state, argumentCount, LUA_MULTRET)
        context.pointee.deadline_ns = 0
        if status != 0 {
            let error = makeError(status: status)
            lua_settop(state, base)
            if context.pointee.tripped != Int32(CARET_LIMIT_NONE) { stoppedBy = error }
            throw error
        }
        let top = lua_gettop(state)
        var results: [LuaValue] = []
        if top > base, let budget = memoryBudget {
            // The results are copied into Swift: a chunk may return one large string many times.
            var bytes = 0
            for index in (base + 1)...top where lua_type(state, index) == LUA_TSTRING { bytes &+= Int(lua_objlen(state, index)) }
            if bytes > max(0, budget) {
                lua_settop(state, base)
                context.pointee.tripped = Int32(CARET_LIMIT_MEMORY)
                let limit = options.memoryLimit ?? 0
                let error = LuaScriptError(kind: .memoryLimit(limit),
                                           message: "memory limit of \(LuaRuntime.formatBytes(limit)) exceeded (by the values the chunk returned)")
                stoppedBy = error
                throw error
            }
        }
        if top > base {
            results.reserveCapacity(Int(top - base))
            for index in (base + 1)...top { results.append(LuaValue.read(from: state, at: index)) }
        }
        lua_settop(state, base)
        return results
    }
}

/// A reference to a runtime that the runtime clears as it goes away, for the closures it hands
/// out (`workLimit`) that may be called after it is gone.
final class RuntimeReference {
    unowned(unsafe) var runtime: LuaRuntime?
}
