/// A global value the host sets before scripts run (such as `editor` or `arg`), for the
/// reference and the LuaLS stubs.
public struct LuaGlobal: Sendable, Hashable {
    /// The global name.
    public var name: String
    /// Its type.
    public var type: LuaType
    /// One line of documentation.
    public var doc: String

    /// Creates a global description.
    public init(_ name: String, _ type: LuaType, doc: String) {
        self.name = name
        self.type = type
        self.doc = doc
    }
}
