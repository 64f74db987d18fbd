/// How a `LuaRuntime` is sandboxed and limited. Every script-visible input (time, randomness)
/// comes from here, so the same options and script give the same results in any process.
public struct LuaRuntimeOptions: Sendable {
    /// Lua VM instructions allowed per entry from Swift (`run`, `call`), counted in steps of up to
    /// 1000. Setting it turns the JIT off: count hooks do not fire inside JIT-compiled loops.
    public var instructionLimit: Int?
    /// Bytes the state may allocate, or `nil` for no limit. Host functions may overshoot while they
    /// run (their frames must not be unwound); the limit trips when they return.
    public var memoryLimit: Int?
    /// Wall-clock seconds allowed per entry from Swift. Checked from the count hook, so setting it
    /// turns the JIT off too. (A limit, not a script-visible value: scripts only see the virtual clock.)
    public var timeout: Double?
    /// Whether the JIT compiler runs when neither `instructionLimit` nor `timeout` is set.
    public var jitEnabled: Bool
    /// Seeds `math.random` (taken modulo 2^53, as LuaJIT's seed is a double).
    public var seed: UInt64
    /// The virtual clock's start, in seconds since the Unix epoch (UTC): `os.time()` reads it,
    /// `os.clock()` counts from it. Advance it with `LuaRuntime.virtualTime`.
    public var virtualTime: Double
    /// Directories whose files `caret.read_file` and `caret.open` may read. Each is opened once
    /// when the runtime is created and paths are resolved beneath that descriptor (no `..`, no
    /// symbolic links); one that does not exist then grants nothing.
    public var readableRoots: [String]
    /// Directories where `caret.write_file` and `editor:save` may write (atomically: a temporary
    /// file and a rename), opened and resolved as `readableRoots` are.
    public var writableRoots: [String]

    /// The default: JIT on, no instruction or time limit, 512 MiB of memory, seed 0, virtual time 0,
    /// no file access.
    public init(
        instructionLimit: Int? = nil,
        memoryLimit: Int? = 512 << 20,
        timeout: Double? = nil,
        jitEnabled: Bool = true,
        seed: UInt64 = 0,
        virtualTime: Double = 0,
        readableRoots: [String] = [],
        writableRoots: [String] = []
    ) {
        self.instructionLimit = instructionLimit
        self.memoryLimit = memoryLimit
        self.timeout = timeout
        self.jitEnabled = jitEnabled
        self.seed = seed
        self.virtualTime = virtualTime
        self.readableRoots = readableRoots
        self.writableRoots = writableRoots
    }

    /// Whether the JIT actually runs under these options.
    public var jitActive: Bool { jitEnabled && instructionLimit == nil && timeout == nil }
}
