import CaretCore
/// A script failed: the Swift form of every error that leaves Lua.
///
/// `description` reads like the Lua error: `script.lua:12: message`, then
/// `stack traceback:` and one line per frame of the user's chunks (runtime internals left out).
public struct LuaScriptError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong; each limit has its own case.
    public enum Kind: Sendable, Equatable {
        /// The chunk did not compile.
        case syntax
        /// `error(...)`, a failed host call or any other runtime error.
        case runtime
        /// More Lua instructions than `LuaRuntimeOptions.instructionLimit` in one entry.
        case instructionLimit(Int)
        /// The state's allocations exceeded `LuaRuntimeOptions.memoryLimit` bytes.
        case memoryLimit(Int)
        /// One entry ran longer than `LuaRuntimeOptions.timeout` seconds of wall-clock time.
        case timeout(Double)
        /// Recursion too deep for the Lua stack.
        case stackOverflow
        /// An earlier limit stopped this runtime; it accepts no more calls.
        case stopped
    }

    /// The kind of failure.
    public var kind: Kind
    /// The message without the `chunk:line: ` prefix.
    public var message: String
    /// The chunk the error points into (as given to `run`, e.g. `script.lua`), if known.
    public var chunkName: String?
    /// The line in that chunk, if known.
    public var line: Int?
    /// Frames of the user's chunks, innermost first, e.g. `script.lua:3: in function 'f'`.
    public var traceback: [String]

    /// Creates an error value.
    public init(kind: Kind, message: String, chunkName: String? = nil, line: Int? = nil, traceback: [String] = []) {
        self.kind = kind
        self.message = message
        self.chunkName = chunkName
        self.line = line
        self.traceback = traceback
    }

    /// `chunk:line: message` (or just the message when the position is unknown).
    public var headline: String {
        if let chunkName, let line { return "\(chunkName):\(line): \(message)" }
        if let chunkName { return "\(chunkName): \(message)" }
        return message
    }

    /// The headline followed by the traceback.
    public var description: String {
        guard !traceback.isEmpty else { return headline }
        return headline + "\nstack traceback:" + traceback.map { "\n\t" + $0 }.joined()
    }
}

extension LuaScriptError {
    /// Splits `chunk:line: message` when `chunk` is a known chunk name. Only colons within the
    /// longest known name are tried, so a long message costs one pass.
    static func splitPosition(_ text: String, chunks: Set<String>) -> (chunk: String, line: Int, message: String)? {
        let longest = chunks.lazy.map(\.utf8.count).max() ?? 0
        let utf8 = text.utf8
        var index = utf8.startIndex
        var offset = 0
        // Chunk names may contain ':'; try each colon followed by digits and ": ".
        while index != utf8.endIndex && offset <= longest {
            defer { index = utf8.index(after: index); offset += 1 }
            guard utf8[index] == UInt8(ascii: ":") else { continue }
            let chunk = String(text[..<index])
            guard chunks.contains(chunk) else { continue }
            let rest = text[text.index(after: index)...]
            let digits = rest.utf8.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            guard !digits.isEmpty, digits.count <= 18, let line = Int(Substring(rest.utf8[..<digits.endIndex])) else { continue }
            let after = rest[digits.endIndex...]
            if after.hasPrefix(": ") { return (chunk, line, String(after.dropFirst(2))) }
            if after.hasPrefix(":") { return (chunk, line, String(after.dropFirst(1))) }
        }
        return nil
    }

    /// The longest message a `LuaScriptError` keeps (bytes); longer ones are cut at a character
    /// boundary and say how long they were, so a script cannot make the host print megabytes.
    static let messageLimit = 4096

    /// `message`, cut to `messageLimit` bytes when longer.
    static func capped(_ message: String) -> String {
        guard message.utf8.count > messageLimit else { return message }
        return message.utf8Prefix(maxBytes: messageLimit) + "… (message cut: \(message.utf8.count) bytes in all)"
    }

    /// Parses a traceback frame `chunk:line: in …` into its position.
    static func framePosition(_ frame: String, chunks: Set<String>) -> (chunk: String, line: Int)? {
        splitPosition(frame, chunks: chunks).map { ($0.chunk, $0.line) }
    }
}
