/// The type of a Lua API parameter, return value or field, as scripts see it.
///
/// One value drives three things: the `expected …` part of argument errors, the Markdown API
/// reference and the LuaLS annotation (`---@param name integer`).
public indirect enum LuaType: Sendable, Hashable {
    /// A number with an integral value; `unit` says what it counts (for example "UTF-16 offset").
    case integer(unit: String? = nil)
    /// Any number; `unit` says what it measures (for example "seconds").
    case number(unit: String? = nil)
    /// A string.
    case string
    /// `true` or `false`.
    case boolean
    /// A table; `description` says what it holds (for example "attribute set").
    case table(description: String? = nil)
    /// A sequence (table with keys 1…n) of values of one type.
    case array(LuaType)
    /// A Lua function.
    case function
    /// A host object handle of the named registered type (for example "Document").
    case object(String)
    /// The wrapped type or `nil`.
    case optional(LuaType)
    /// A value of any of these types (`string|table`).
    case oneOf([LuaType])
    /// A table of a named shape declared in `LuaAPI.shapes` (a LuaLS `@class`): `Run`, `Match`.
    case record(String)
    /// A string from a named set declared in `LuaAPI.aliases` (a LuaLS `@alias`): `TraitName`.
    case alias(String)
    /// Any value.
    case any

    /// The phrase after "expected" in argument errors, e.g. "an integer UTF-16 offset".
    public var expectation: String {
        switch self {
        case .integer(let unit): return unit.map { "an integer \($0)" } ?? "an integer"
        case .number(let unit): return unit.map { "a number of \($0)" } ?? "a number"
        case .string: return "a string"
        case .boolean: return "a boolean"
        case .table(let description): return description.map { "a table (\($0))" } ?? "a table"
        case .array(let element): return "an array of \(element.luaLSName)"
        case .function: return "a function"
        case .object(let name): return LuaType.withArticle(name)
        case .optional(let wrapped): return "\(wrapped.expectation) or nil"
        case .oneOf(let types): return types.map(\.expectation).joined(separator: " or ")
        case .record(let name): return "a table (\(name))"
        case .alias(let name): return "a string (\(name))"
        case .any: return "a value"
        }
    }

    /// `name` after "a" or "an" as English spells it before the name's first letter: "an Editor",
    /// "a Document".
    /// What a value of this type is, as Lua's own errors say it before "expected": `integer
    /// UTF-16 offset`, `string or nil`, `Editor`.
    public var bareExpectation: String {
        switch self {
        case .integer(let unit): return unit.map { "integer \($0)" } ?? "integer"
        case .number(let unit): return unit.map { "number of \($0)" } ?? "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .table(let description): return description.map { "table (\($0))" } ?? "table"
        case .array(let element): return "array of \(element.luaLSName)"
        case .function: return "function"
        case .object(let name): return name
        case .optional(let wrapped): return "\(wrapped.bareExpectation) or nil"
        case .oneOf(let types): return types.map(\.bareExpectation).joined(separator: " or ")
        case .record(let name): return "table (\(name))"
        case .alias(let name): return "string (\(name))"
        case .any: return "value"
        }
    }

    static func withArticle(_ name: String) -> String {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u", "A", "E", "I", "O", "U"]
        return (name.first.map(vowels.contains) ?? false ? "an " : "a ") + name
    }

    /// The type as LuaLS writes it: `integer`, `string?`, `Document`, `string[]`.
    public var luaLSName: String {
        switch self {
        case .integer: return "integer"
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .table: return "table"
        case .array(let element): return "\(element.luaLSName)[]"
        case .function: return "function"
        case .object(let name): return name
        case .optional(.oneOf(let types)): return (types.map(\.luaLSName) + ["nil"]).joined(separator: "|")
        case .optional(let wrapped): return "\(wrapped.luaLSName)?"
        case .oneOf(let types): return types.map(\.luaLSName).joined(separator: "|")
        case .record(let name), .alias(let name): return name
        case .any: return "any"
        }
    }

    /// A short human description for the Markdown reference, e.g. "integer (UTF-16 offset)".
    public var referenceName: String {
        switch self {
        case .integer(let unit?): return "integer (\(unit))"
        case .number(let unit?): return "number (\(unit))"
        case .table(let description?): return "table (\(description))"
        case .optional(.oneOf(let types)): return (types.map(\.referenceName) + ["nil"]).joined(separator: " or ")
        case .optional(let wrapped): return "\(wrapped.referenceName)?"
        case .oneOf(let types): return types.map(\.referenceName).joined(separator: " or ")
        case .record(let name): return "[\(name)](#\(name.lowercased()))"
        case .alias(let name): return "[\(name)](#names)"
        case .array(let element): return "array of \(element.referenceName)"
        default: return luaLSName
        }
    }

    /// Whether `nil` is an acceptable value.
    public var isOptional: Bool {
        switch self {
        case .optional, .any: return true
        default: return false
        }
    }
}
