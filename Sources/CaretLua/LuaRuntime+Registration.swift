import CaretCore
import CCaretLua
import CLuaJIT

/// A registered object type: its metatable lives in the registry under `metatableRef`.
struct RegisteredObjectType {
    let name: String
    let swiftType: AnyObject.Type
    let metatableRef: Int32
}

extension LuaRuntime {
    /// Registers `api` (modules become global tables, object types get metatables) and appends
    /// it to `self.api`. Names already present are replaced.
    public func register(_ newAPI: LuaAPI) {
        context.pointee.in_host += 1
        defer { context.pointee.in_host -= 1 }
        let base = lua_gettop(state)
        defer { lua_settop(state, base) }
        for module in newAPI.modules {
            LuaStack.rawGet(state, table: LUA_GLOBALSINDEX, key: module.name)
            if lua_type(state, -1) != LUA_TTABLE {
                LuaStack.pop(state)
                lua_createtable(state, 0, Int32(module.functions.count))
                caret_lua_guard_module(state, -1, module.name)
                lua_pushvalue(state, -1)
                LuaStack.rawSet(state, table: LUA_GLOBALSINDEX, key: module.name)
            }
            for entry in module.functions {
                pushFunction(makeBox(name: entry.name, isMethod: false, parameters: entry.parameters, entry.function,
                                     checksArguments: true, acceptsNamedArguments: entry.namedArguments != nil))
                LuaStack.rawSet(state, table: -2, key: entry.name)
            }
            LuaStack.pop(state)
        }
        for type in newAPI.types { register(type) }
        api = api.merging(newAPI)
        LuaStack.rawGet(state, table: LUA_REGISTRYINDEX, key: CARET_NEAREST_NAME_KEY)
        if lua_type(state, -1) != LUA_TFUNCTION {
            pushFunction(makeBox(name: "nearest_name", isMethod: false, parameters: []) { [unowned self] call in
                guard let name = try call.optionalString(1), let owner = try call.optionalString(2),
                      let nearest = NearestName.suggestion(for: name, among: memberNames(of: owner)) else { return 0 }
                call.push(nearest)
                return 1
            })
            LuaStack.rawSet(state, table: LUA_REGISTRYINDEX, key: CARET_NEAREST_NAME_KEY)
        }
    }

    /// The method and field names of the type or module called `owner`, as the API lists them.
    func memberNames(of owner: String) -> [String] {
        if let type = api.types.first(where: { $0.name == owner }) {
            return type.methods.map(\.name) + type.properties.map(\.name)
        }
        return api.modules.first(where: { $0.name == owner })?.functions.map(\.name) ?? []
    }

    private func register(_ type: LuaObjectType) {
        let base = lua_gettop(state)
        let typeID = UInt32(objectTypes.count + 1)
        lua_createtable(state, 0, Int32(type.methods.count))
        let receiverClass = ObjectIdentifier(type.swiftType)
        for method in type.methods {
            var fastPath = method.fastPath
            if fastPath?.receiver != receiverClass { fastPath = nil }
            let box = makeBox(name: method.name, isMethod: true, parameters: method.parameters, method.function,
                              checksArguments: true, acceptsNamedArguments: method.namedArguments != nil, fastPath: fastPath)
            box.receiverTypeID = typeID
            box.receiverClass = receiverClass
            pushFunction(box)
            LuaStack.rawSet(state, table: -2, key: method.name)
        }
        lua_createtable(state, 0, Int32(type.properties.count))
        lua_createtable(state, 0, 0)
        for property in type.properties {
            pushFunction(makeBox(name: property.name, isMethod: true, parameters: [], property.get))
            LuaStack.rawSet(state, table: base + 2, key: property.name)
            if let set = property.set {
                let parameters = [LuaParameter("value", property.type)]
                pushFunction(makeBox(name: property.name, isMethod: true, parameters: parameters, set))
                LuaStack.rawSet(state, table: base + 3, key: property.name)
            }
        }
        var tostringIndex: Int32 = 0
        if let describe = type.describe {
            pushFunction(makeBox(name: "__tostring", isMethod: true, parameters: []) { call in
                guard let object = call.hostObject(at: 1) else { throw LuaCallError("expected \(LuaType.withArticle(type.name))") }
                call.push(describe(object))
                return 1
            })
            tostringIndex = base + 4
        }
        let ref = caret_lua_new_object_type(state, type.name, base + 1, base + 2, base + 3, tostringIndex)
        lua_settop(state, base)
        objectTypes.append(RegisteredObjectType(name: type.name, swiftType: type.swiftType, metatableRef: ref))
    }

    /// The id (1-based) of the type registered for `swiftType`. A runtime registers a handful of
    /// types, so a look along the list beats hashing; and a dictionary keyed by `ObjectIdentifier`
    /// would cost a search of every protocol conformance in the executable at its first use (about
    /// a tenth of a one-line `caret run`).
    func typeID(of swiftType: AnyObject.Type) -> Int? {
        let wanted = ObjectIdentifier(swiftType)
        return objectTypes.firstIndex { ObjectIdentifier($0.swiftType) == wanted }.map { $0 + 1 }
    }

    func makeBox(
        name: String, isMethod: Bool, parameters: [LuaParameter], _ function: @escaping LuaHostFunction,
        checksArguments: Bool = false, acceptsNamedArguments: Bool = false, fastPath: LuaFastPath? = nil
    ) -> LuaFunctionBox {
        let box = LuaFunctionBox(name: name, isMethod: isMethod, parameters: parameters, function: function, runtime: self,
                                 checksArguments: checksArguments, acceptsNamedArguments: acceptsNamedArguments, fastPath: fastPath)
        boxes.append(box)
        return box
    }

    func pushFunction(_ box: LuaFunctionBox) {
        caret_lua_push_host_function(state, box.entry)
    }

    /// Pushes a handle to `object`; false if its class is not a registered type.
    func pushObject(_ object: AnyObject) -> Bool {
        guard let id = typeID(of: type(of: object)) else { return false }
        let retained = Unmanaged.passRetained(object).toOpaque()
        caret_lua_push_object(state, retained, UInt32(id), objectTypes[id - 1].metatableRef)
        return true
    }

    /// The Lua name of registered type `id` (1-based).
    func luaTypeName(id: UInt32) -> String? {
        let index = Int(id) - 1
        return objectTypes.indices.contains(index) ? objectTypes[index].name : nil
    }

    /// The Lua name of the type registered for `swiftType`.
    func luaTypeName(of swiftType: AnyObject.Type) -> String? {
        typeID(of: swiftType).flatMap { luaTypeName(id: UInt32($0)) }
    }
}
