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
    public var doc: String {
        get { makeDoc?() ?? storedDoc }
        set {
            storedDoc = newValue
            makeDoc = nil
        }
    }
    /// The documentation as given, when it is not built on demand.
    private var storedDoc: String
    /// Builds the documentation when it is read: generated entries (one per editor command) put
    /// their doc strings together only when docs are rendered, not at every script's start.
    private var makeDoc: (() -> String)?
    /// The implementation.
    public var function: LuaHostFunction
    /// When set, the entry also takes one table of named arguments of this shape instead of its
    /// positional parameters (`editor:set_heading{level = 2}`); the function reads that form
    /// itself, so declared parameters are not checked for it.
    public var namedArguments: String?
    /// For a method: the common case of the call done without the ordinary dispatch (see
    /// `LuaFastPath`); nil for most entries.
    var fastPath: LuaFastPath?

    /// Creates an entry.
    public init(
        _ name: String,
        parameters: [LuaParameter] = [],
        returns: [LuaReturn] = [],
        doc: String,
        namedArguments: String? = nil,
        function: @escaping LuaHostFunction
    ) {
        self.name = name
        self.parameters = parameters
        self.returns = returns
        self.storedDoc = doc
        self.namedArguments = namedArguments
        self.function = function
    }

    /// Creates an entry whose documentation `doc` builds when it is first read (each read calls it).
    public init(
        _ name: String,
        parameters: [LuaParameter] = [],
        returns: [LuaReturn] = [],
        lazyDoc doc: @escaping () -> String,
        namedArguments: String? = nil,
        function: @escaping LuaHostFunction
    ) {
        self.init(name, parameters: parameters, returns: returns, doc: "", namedArguments: namedArguments, function: function)
        makeDoc = doc
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
    /// Table shapes parameters, fields and results name with `LuaType.record`.
    public var shapes: [LuaShape] {
        get { shapeSources.flatMap { $0() } }
        set { shapeSources = [{ newValue }] }
    }
    /// Where `shapes` come from, in order: a source may build its shapes only when they are read
    /// (the editor commands' argument tables are needed by docs and help, not by a running script).
    private var shapeSources: [() -> [LuaShape]]
    /// String sets parameters name with `LuaType.alias`.
    public var aliases: [LuaAlias]

    /// Creates an API description.
    public init(modules: [LuaModule] = [], types: [LuaObjectType] = [], globals: [LuaGlobal] = [],
                shapes: [LuaShape] = [], aliases: [LuaAlias] = []) {
        self.modules = modules
        self.types = types
        self.globals = globals
        self.shapeSources = shapes.isEmpty ? [] : [{ shapes }]
        self.aliases = aliases
    }

    /// An API whose shapes are `shapes` followed by those `lazyShapes` builds when they are read.
    public init(modules: [LuaModule] = [], types: [LuaObjectType] = [], globals: [LuaGlobal] = [],
                shapes: [LuaShape] = [], lazyShapes: @escaping () -> [LuaShape], aliases: [LuaAlias] = []) {
        self.init(modules: modules, types: types, globals: globals, shapes: shapes, aliases: aliases)
        shapeSources.append(lazyShapes)
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
        result.shapeSources += other.shapeSources
        result.aliases += other.aliases
        return result
    }
}

/// One field of a table shape.
public struct LuaField: Sendable, Hashable {
    /// The field name.
    public var name: String
    /// The field type (`.optional` for a field that may be absent).
    public var type: LuaType
    /// One line of documentation.
    public var doc: String

    /// Creates a field description.
    public init(_ name: String, _ type: LuaType, _ doc: String = "") {
        self.name = name
        self.type = type
        self.doc = doc
    }
}

/// A named table shape (LuaLS `@class`): a result such as `Run` or an options table.
public struct LuaShape: Sendable, Hashable {
    /// The shape name (PascalCase).
    public var name: String
    /// Documentation of the shape.
    public var doc: String
    /// The named fields.
    public var fields: [LuaField]
    /// The type of every other string key (`[string]: …`), if the table may hold more.
    public var otherKeys: LuaType?
    /// The type of the elements 1…n, if the table is also a sequence.
    public var elements: LuaType?

    /// Creates a shape description.
    public init(_ name: String, doc: String, fields: [LuaField], otherKeys: LuaType? = nil, elements: LuaType? = nil) {
        self.name = name
        self.doc = doc
        self.fields = fields
        self.otherKeys = otherKeys
        self.elements = elements
    }
}

/// A named set of strings (LuaLS `@alias`), such as the trait names.
public struct LuaAlias: Sendable, Hashable {
    /// The alias name (PascalCase).
    public var name: String
    /// Documentation of the alias.
    public var doc: String
    /// The strings it names.
    public var values: [String]
    /// Whether any other string is accepted too (custom attribute names).
    public var isOpen: Bool

    /// Creates an alias description.
    public init(_ name: String, doc: String, values: [String], isOpen: Bool = false) {
        self.name = name
        self.doc = doc
        self.values = values
        self.isOpen = isOpen
    }
}
