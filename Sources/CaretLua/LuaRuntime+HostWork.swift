import CCaretLua
import CaretCore

/// What a script makes the host do counts against its limits: host loops a script can make long
/// (a regex search, suggestions, a macro played many times) are charged to the instruction budget
/// and stopped at the deadline through `workLimit`, and the memory the host holds for the script
/// (its documents) and the results host calls build are counted against the memory limit.
extension LuaRuntime {
    /// Trips the limit the host's work has reached, if any, and names it.
    /// - Parameter units: work done since the last charge; each unit counts as one instruction.
    func chargeHostWork(_ units: Int) -> String? {
        switch caret_lua_charge(context, UInt64(max(0, units))) {
        case Int32(CARET_LIMIT_NONE): return nil
        case Int32(CARET_LIMIT_INSTRUCTIONS): return "instruction limit exceeded"
        case Int32(CARET_LIMIT_TIMEOUT): return "time limit exceeded"
        default: return "memory limit exceeded"
        }
    }

    /// The bytes left under the memory limit (Lua heap and the host's memory for the script
    /// counted), or nil without a limit.
    var memoryBudget: Int? {
        let limit = context.pointee.memory_limit
        guard limit != 0 else { return nil }
        let host = countHostMemory()
        return Int(limit) - Int(context.pointee.bytes_in_use) - host
    }

    /// Counts the host's memory for the script now (`hostMemory` and the lines kept in
    /// `printedLines`) and hands it to the allocator.
    @discardableResult
    func countHostMemory() -> Int {
        hostCallsSinceCount = 0
        copiedSinceCount = 0
        let host = max(0, hostMemory()) &+ printedBytes
        context.pointee.host_bytes = host
        return host
    }

    /// Notes that the host copied `bytes` of an argument; once a megabyte has been copied since
    /// the last count, counts again, so that many medium-sized arguments are seen as they add up.
    /// - Throws: `LuaCallError` when the memory limit is passed (the limit trips).
    @inline(__always)
    func noteCopied(_ bytes: Int) throws {
        copiedSinceCount &+= bytes
        if copiedSinceCount >= 1 << 20 { try reserveMemory(0) }
    }

    /// Checks that the Lua heap, the host's memory for the script (`hostMemory`) and `additional`
    /// bytes about to be allocated fit the memory limit; trips the limit when they do not.
    /// - Throws: `LuaCallError` ("memory limit exceeded"); the trampoline then raises the limit.
    func reserveMemory(_ additional: Int) throws {
        let limit = context.pointee.memory_limit
        guard limit != 0 else { return }
        let host = countHostMemory()
        let (total, overflow) = context.pointee.bytes_in_use.addingReportingOverflow(host)
        let (wanted, overflow2) = total.addingReportingOverflow(max(0, additional))
        if overflow || overflow2 || wanted > limit {
            if context.pointee.tripped == Int32(CARET_LIMIT_NONE) { context.pointee.tripped = Int32(CARET_LIMIT_MEMORY) }
            throw LuaCallError("memory limit exceeded")
        }
    }
}

extension LuaRuntime {
    /// Host calls between two updates of the host's memory (`hostMemory`) seen by the allocator:
    /// a document grown by many small edits is counted within this many calls.
    static var hostMemoryInterval: Int { 256 }

    /// Counts a host call; every `hostMemoryInterval` calls refreshes the host's memory, so the
    /// limit trips once the call returns if the documents grew past it.
    @inline(__always)
    func countHostCall() {
        hostCallsSinceCount &+= 1
        if hostCallsSinceCount >= LuaRuntime.hostMemoryInterval {
            hostCallsSinceCount = 0
            if context.pointee.memory_limit != 0 { countHostMemory() }
        }
    }
}

extension LuaCall {
    /// Arguments at least this long are checked against the memory limit before the host copies
    /// them (into a document, a Swift string).
    static let largeArgument = 64 << 10

    /// Checks the memory limit before the host allocates `bytes` for this call's result.
    /// - Throws: `LuaCallError` when the limit would be passed (the limit trips).
    public func reserveMemory(_ bytes: Int) throws {
        try runtime.reserveMemory(bytes)
    }

    /// Called every element while a host function builds a large result: every 4096 elements
    /// checks the memory limit (results are counted as they are built) and the host work limits.
    @inline(__always)
    func checkResultGrowth(_ count: Int) throws {
        if count & 4095 == 4095 {
            try runtime.reserveMemory(0)
            if let reason = runtime.chargeHostWork(4096) { throw LuaCallError(reason) }
        }
    }
}
