/// A host function callable from Lua. It reads its arguments and pushes its results through
/// `LuaCall`, returns how many results it pushed, and reports failure by throwing — never by
/// raising a Lua error (the C trampoline raises after the function has returned).
public typealias LuaHostFunction = (LuaCall) throws -> Int32

/// One parameter of a Lua API function.
public struct LuaParameter: Sendable, Hashable {
    /// The parameter name in docs and stubs.
    public var name: String
    /// The accepted type; its `expectation` words argument errors.
    public var type: LuaType
    /// One line of documentation.
    public var doc: String

    /// Creates a parameter description.
    public init(_ name: String, _ type: LuaType, _ doc: String = "") {
        self.name = name
        self.type = type
        self.doc = doc
    }
}

/// One return value of a Lua API function.
public struct LuaReturn: Sendable, Hashable {
    /// The returned type.
    public var type: LuaType
    /// An optional name for docs and stubs.
    public var name: String
    /// One line of documentation.
    public var doc: String

    /// Creates a return value description.
    public init(_ type: LuaType, _ name: String = "", _ doc: String = "") {
        self.type = type
        self.name = name
        self.doc = doc
    }
}

/// One function (in a module) or method (on an object type) of the Lua API: the single source
/// for registration, argument errors, the Markdown reference and the LuaLS stubs.
public struct LuaAPIEntry {
    /// The Lua name (snake_case), unqualified: `select`, `read_file`.
    public var name: String
    /// The parameters, not counting `self` for methods.
    public var parameters: [LuaParameter]
    /// The return values.
    public var returns: [LuaReturn]
    /// Documentation: the first line is the summary.
    public var doc: String
    /// The implementation.
    public var function: LuaHostFunction

    /// Creates an entry.
    public init(
        _ name: String,
        parameters: [LuaParameter] = [],
        returns: [LuaReturn] = [],
        doc: String,
        function: @escaping LuaHostFunction
    ) {
        self.name = name
        self.parameters = parameters
        self.returns = returns
        self.doc = doc
        self.function = function
    }
}

/// A field of an object type, read as `obj.name` and, when `set` is present, assigned as
/// `obj.name = value`.
public struct LuaProperty {
    /// The field name.
    public var name: String
    /// The field type.
    public var type: LuaType
    /// One line of documentation.
    public var doc: String
    /// Pushes the value; receives the object as argument `self`.
    public var get: LuaHostFunction
    /// Stores argument 1 into the object, or `nil` for a read-only field.
    public var set: LuaHostFunction?

    /// Creates a field description.
    public init(
        _ name: String, _ type: LuaType, doc: String,
        get: @escaping LuaHostFunction, set: LuaHostFunction? = nil
    ) {
        self.name = name
        self.type = type
        self.doc = doc
        self.get = get
        self.set = set
    }
}

/// A global table of functions, such as `caret`.
public struct LuaModule {
    /// The global name.
    public var name: String
    /// Documentation of the module.
    public var doc: String
    /// The functions, called as `module.name(...)`.
    public var functions: [LuaAPIEntry]

    /// Creates a module description.
    public init(_ name: String, doc: String, functions: [LuaAPIEntry]) {
        self.name = name
        self.doc = doc
        self.functions = functions
    }
}

/// A host object type: Lua holds its instances as userdata handles with one named metatable
/// (`__index`, `__newindex`, `__gc`, `__eq`, `__tostring`, protected by `__metatable`).
public struct LuaObjectType {
    /// The Lua type name (PascalCase), e.g. `Document`.
    public var name: String
    /// Documentation of the type.
    public var doc: String
    /// The Swift class whose instances are pushed as this type.
    public var swiftType: AnyObject.Type
    /// Methods, called as `obj:name(...)`.
    public var methods: [LuaAPIEntry]
    /// Fields, read as `obj.name`.
    public var properties: [LuaProperty]
    /// Produces `tostring(obj)`; the default is `"Name #serial"`.
    public var describe: ((AnyObject) -> String)?

    /// Creates an object type description.
    public init(
        _ name: String, doc: String, swiftType: AnyObject.Type,
        methods: [LuaAPIEntry] = [], properties: [LuaProperty] = [],
        describe: ((AnyObject) -> String)? = nil
    ) {
        self.name = name
        self.doc = doc
        self.swiftType = swiftType
        self.methods = methods
        self.properties = properties
        self.describe = describe
    }
}

/// The whole API a runtime exposes: registration, docs and stubs all read this one value.
public struct LuaAPI {
    /// Global tables of functions.
    public var modules: [LuaModule]
    /// Object types.
    public var types: [LuaObjectType]
    /// Globals the host sets (documented; the host sets their values).
    public var globals: [LuaGlobal]

    /// Creates an API description.
    public init(modules: [LuaModule] = [], types: [LuaObjectType] = [], globals: [LuaGlobal] = []) {
        self.modules = modules
        self.types = types
        self.globals = globals
    }

    /// This API followed by `other`'s modules and types; modules with the same name are merged.
    public func merging(_ other: LuaAPI) -> LuaAPI {
        var result = self
        for module in other.modules {
            if let i = result.modules.firstIndex(where: { $0.name == module.name }) {
                result.modules[i].functions += module.functions
            } else {
                result.modules.append(module)
            }
        }
        result.types += other.types
        result.globals += other.globals
        return result
    }
}
