import CCaretLua
import CLuaJIT

extension LuaRuntime {
    /// Makes SIGINT (Ctrl-C) interrupt the chunk this runtime is running: it stops with the error
    /// `interrupted` at its next instruction, and again after any `pcall` of the script's that
    /// catches it, so `while true do end` and `while true do pcall(f) end` both end. The runtime is
    /// not stopped: the next entry runs normally. Interrupts need the interpreter, so this turns
    /// the JIT off for the rest of the runtime's life. Long host calls (one big `editor:replace`)
    /// finish before the interrupt is seen. One runtime per process may have interrupts at a time.
    ///
    /// Call `takeInterrupt()` before and after each entry; `disableInterrupts()` restores the
    /// previous SIGINT disposition.
    /// - Returns: false when another runtime has them or the handler cannot be installed.
    public func enableInterrupts() -> Bool {
        caret_lua_interrupt_enable(state) == 0
    }

    /// Whether SIGINT arrived since the last call; disarms a pending interrupt so that the next
    /// entry is not interrupted by an old Ctrl-C. Never call it while a chunk runs.
    @discardableResult
    public func takeInterrupt() -> Bool {
        caret_lua_interrupt_take(state) != 0
    }

    /// Gives SIGINT back its previous disposition (the JIT stays off).
    public func disableInterrupts() {
        caret_lua_interrupt_disable(state)
    }
}
