// The sandboxed standard library: an allow-list of globals, stubs that name what is blocked,
// text-only load, a limited collectgarbage, a host-routed print and limit-aware pcall.
#include "internal.h"
#include <string.h>

static int caret_blocked_function(lua_State *L) {
  return luaL_error(L, "%s is not available in the sandbox", lua_tostring(L, lua_upvalueindex(1)));
}

static void push_blocked_function(lua_State *L, const char *name) {
  lua_pushstring(L, name);
  lua_pushcclosure(L, caret_blocked_function, 1);
}

/* The members each blocked library has in LuaJIT, so that a blocked member is named as such
   while a name the library never had reads as nil, as in any table. */
static const char *const blocked_members[] = {
  "io", "close flush input lines open output popen read stderr stdin stdout tmpfile type write",
  "os", "difftime execute exit getenv remove rename setlocale tmpname",
  "package", "config cpath loaded loaders loadlib path preload searchers searchpath seeall",
  "debug", "debug getfenv gethook getinfo getlocal getmetatable getregistry getupvalue setfenv sethook "
           "setlocal setmetatable setupvalue traceback upvalueid upvaluejoin",
  "ffi", "C abi alignof arch cast cdef copy errno fill gc istype load metatype new offsetof os sizeof string typeof",
  "jit", "arch attach flush off on opt os security status util version version_num",
  NULL
};

static int is_blocked_member(const char *lib, const char *name, size_t length) {
  for (int i = 0; blocked_members[i]; i += 2) {
    if (strcmp(blocked_members[i], lib) != 0) continue;
    for (const char *m = blocked_members[i + 1]; *m;) {
      const char *end = strchr(m, ' ');
      size_t n = end ? (size_t)(end - m) : strlen(m);
      if (n == length && memcmp(m, name, n) == 0) return 1;
      m += n + (end != NULL);
    }
  }
  return 0;
}

/* upvalue 1: the library's name */
static int caret_blocked_index(lua_State *L) {
  const char *lib = lua_tostring(L, lua_upvalueindex(1));
  size_t length = 0;
  const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &length) : NULL;
  if (name && is_blocked_member(lib, name, length))
    return luaL_error(L, "%s.%s is not available in the sandbox", lib, name);
  lua_pushnil(L);
  return 1;
}

static int caret_blocked_newindex(lua_State *L) {
  return luaL_error(L, "the %s table is read-only in the sandbox", lua_tostring(L, lua_upvalueindex(1)));
}

/* Gives the table on top a protected metatable whose __index names the blocked member. */
static void set_blocking_metatable(lua_State *L, const char *lib) {
  lua_newtable(L);
  lua_pushstring(L, lib);
  lua_pushcclosure(L, caret_blocked_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pushstring(L, lib);
  lua_pushcclosure(L, caret_blocked_newindex, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushfstring(L, "the %s table is protected", lib);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

static int caret_collectgarbage(lua_State *L) {
  const char *option = luaL_optstring(L, 1, "collect");
  if (strcmp(option, "count") == 0) {
    lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) + (lua_Number)lua_gc(L, LUA_GCCOUNTB, 0) / 1024.0);
    return 1;
  }
  return luaL_error(L, "collectgarbage(\"%s\") is not available in the sandbox (only \"count\" is)", option);
}

/* load(chunk [, chunkname [, mode [, env]]]) and loadstring(s [, chunkname]): text chunks only.
   Every argument is type-checked before it reaches the C API: lua_setfenv trusts its argument. */
static int caret_load(lua_State *L) {
  int reader = lua_isfunction(L, 1);
  if (!reader) luaL_checktype(L, 1, LUA_TSTRING);
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TSTRING);
  const char *mode = "bt";
  if (!lua_isnoneornil(L, 3)) { luaL_checktype(L, 3, LUA_TSTRING); mode = lua_tostring(L, 3); }
  if (!lua_isnoneornil(L, 4)) luaL_checktype(L, 4, LUA_TTABLE);
  if (strchr(mode, 't') == NULL) {
    lua_pushnil(L);
    lua_pushliteral(L, "binary chunks are not available in the sandbox (load's mode must include 't')");
    return 2;
  }
  lua_settop(L, 4);
  if (reader) {
    lua_pushliteral(L, "");
    for (;;) {
      if (!caret_lua_check_c_stack(L)) return luaL_error(L, "C stack overflow (load nested too deeply)");
      lua_pushvalue(L, 1);
      lua_call(L, 0, 1);
      if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
      if (lua_type(L, -1) != LUA_TSTRING) return luaL_error(L, "reader function must return a string");
      if (lua_objlen(L, -1) == 0) { lua_pop(L, 1); break; }
      lua_concat(L, 2);
    }
    lua_replace(L, 1);
  }
  size_t length;
  const char *source = lua_tolstring(L, 1, &length);
  const char *chunkname = lua_isnil(L, 2) ? (reader ? "=(load)" : source) : lua_tostring(L, 2);
  int status = caret_lua_load_text(L, source, length, chunkname);
  if (status != 0) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  if (!lua_isnil(L, 4)) {
    lua_pushvalue(L, 4);
    lua_setfenv(L, -2);
  }
  return 1;
}

/* print(...): tostring on each argument (upvalue 1), joined by tabs, handed to the host (upvalue 2). */
static int caret_print(lua_State *L) {
  int n = lua_gettop(L);
  lua_pushliteral(L, "");
  if (!caret_lua_check_c_stack(L)) return luaL_error(L, "C stack overflow (print nested too deeply)");
  for (int i = 1; i <= n; i++) {
    if (i > 1) { lua_pushliteral(L, "\t"); lua_concat(L, 2); }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, i);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TSTRING) return luaL_error(L, "'tostring' must return a string to 'print'");
    lua_concat(L, 2);
  }
  if (lua_isnil(L, lua_upvalueindex(2))) return 0;
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_insert(L, -2);
  lua_call(L, 1, 0);
  return 0;
}

static int caret_check_limits(lua_State *L) {
  caret_lua_reraise_if_tripped(L);
  return lua_gettop(L);
}

/* Raises a C stack overflow unless this thread has room to recurse into Lua once more. Called
   before every resume: each nested coroutine costs C stack that no Lua stack limit bounds. */
static int caret_guard_c_stack(lua_State *L) {
  caret_lua_reraise_if_tripped(L);
  if (!caret_lua_check_c_stack(L)) {
    lua_pushliteral(L, "C stack overflow (coroutines nested too deeply)");
    return lua_error(L);
  }
  return 0;
}

/* setmetatable: LuaJIT's own message for a protected metatable does not say which call failed.
   upvalue 1: the original. */
static int caret_setmetatable(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  int t = lua_type(L, 2);
  luaL_argcheck(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table expected");
  lua_settop(L, 2);
  if (lua_getmetatable(L, 1)) {
    lua_pushliteral(L, "__metatable");
    lua_rawget(L, -2);
    int is_protected = !lua_isnil(L, -1);
    lua_pop(L, 2);
    if (is_protected) return luaL_error(L, "bad argument #1 to 'setmetatable' (cannot change a protected metatable)");
  }
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, 1);
  return 1;
}

/* table.sort: its comparator may sort again, recursing on the C stack. upvalue 1: the original. */
static int caret_sort(lua_State *L) {
  if (!caret_lua_check_c_stack(L)) return luaL_error(L, "C stack overflow (table.sort nested too deeply)");
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, 0);
  return 0;
}

/* Lua-level wrappers keep pcall/xpcall/resume yieldable while re-raising a tripped limit.
   xpcall's handler is wrapped too: a limit raised from the count hook runs the handler while LuaJIT
   still counts the hook as active (no hooks fire), so a looping handler would never be stopped.
   resume checks the C stack first; wrap is built on that resume. foreach/foreachi walk the
   deterministic pairs order instead of raw `next` order. */
static const char caret_wrappers[] =
  "local pcall, xpcall, resume, create, check, guard, error, select, type, pairs = ...\n"
  "local function checked_resume(co, ...)\n"
  "  if type(co) ~= 'thread' then\n"
  "    error(\"bad argument #1 to 'resume' (coroutine expected, got \" .. type(co) .. \")\", 2)\n"
  "  end\n"
  "  guard()\n"
  "  return check(resume(co, ...))\n"
  "end\n"
  "local function unwrap(ok, ...)\n"
  "  if ok then return ... end\n"
  "  error((...), 0)\n"
  "end\n"
  "local function expect(value, kind, n, name)\n"
  "  if type(value) ~= kind then\n"
  "    error('bad argument #' .. n .. \" to '\" .. name .. \"' (\" .. kind .. ' expected, got ' .. type(value) .. ')', 3)\n"
  "  end\n"
  "end\n"
  "return function(...)\n"
  "         if select('#', ...) == 0 then error(\"bad argument #1 to 'pcall' (value expected)\", 2) end\n"
  "         return check(pcall(...))\n"
  "       end,\n"
  "       function(f, handler, ...)\n"
  "         if handler == nil then error(\"bad argument #2 to 'xpcall' (value expected)\", 2) end\n"
  "         return check(xpcall(f, function(...) check() return handler(...) end, ...))\n"
  "       end,\n"
  "       checked_resume,\n"
  "       function(f)\n"
  "         expect(f, 'function', 1, 'wrap')\n"
  "         local co = create(f)\n"
  "         return function(...) return unwrap(checked_resume(co, ...)) end\n"
  "       end,\n"
  "       function(t, f)\n"
  "         expect(t, 'table', 1, 'foreach') expect(f, 'function', 2, 'foreach')\n"
  "         for k, v in pairs(t) do local r = f(k, v) if r ~= nil then return r end end\n"
  "       end,\n"
  "       function(t, f)\n"
  "         expect(t, 'table', 1, 'foreachi') expect(f, 'function', 2, 'foreachi')\n"
  "         for i = 1, #t do local r = f(i, t[i]) if r ~= nil then return r end end\n"
  "       end\n";

static const char *const allowed_globals[] = {
  "_G", "_VERSION", "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "print",
  "rawequal", "rawget", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "unpack",
  "xpcall", "load", "loadstring", "collectgarbage", "string", "table", "math", "bit", "coroutine", NULL
};
static const char *const blocked_functions[] = {
  "require", "dofile", "loadfile", "module", "newproxy", "gcinfo", "setfenv", "getfenv", NULL
};
static const char *const blocked_tables[] = { "io", "package", "debug", "ffi", "jit", NULL };

static int is_allowed(const char *name) {
  for (int i = 0; allowed_globals[i]; i++) if (strcmp(allowed_globals[i], name) == 0) return 1;
  return 0;
}

static void open_library(lua_State *L, lua_CFunction open, const char *name) {
  lua_pushcfunction(L, open);
  lua_pushstring(L, name);
  lua_call(L, 1, 0);
}

typedef struct { void *print_function; double seed; } sandbox_args;

static int caret_setup_sandbox(lua_State *L) {
  sandbox_args *args = (sandbox_args *)lua_touserdata(L, 1);
  lua_settop(L, 0);
  open_library(L, luaopen_base, "");
  caret_lua_keep_builtins(L);
  open_library(L, luaopen_table, LUA_TABLIBNAME);
  open_library(L, luaopen_string, LUA_STRLIBNAME);
  open_library(L, luaopen_math, LUA_MATHLIBNAME);
  open_library(L, luaopen_bit, LUA_BITLIBNAME);
  open_library(L, luaopen_jit, LUA_JITLIBNAME);  /* initializes the JIT engine; the table is removed below */
  /* No trace stitching: a memory error raised while a stitched trace calls a C function crashes
     this LuaJIT (measured: reproducible at 16 MiB and up with a C tostring in a compiled loop),
     while one raised in the interpreter or in an ordinary trace unwinds cleanly. A stitch shorter
     than minstitch IR instructions is not compiled, so this limit turns stitching off. */
  lua_getglobal(L, "jit");
  lua_getfield(L, -1, "opt");
  lua_getfield(L, -1, "start");
  lua_pushliteral(L, "minstitch=2147483647");
  lua_call(L, 1, 0);
  lua_pop(L, 1);
  caret_lua_keep_jit_attach(L, lua_gettop(L));  /* for the compiled route (compiled.c) */
  lua_pop(L, 1);

  lua_getglobal(L, "math");
  lua_getfield(L, -1, "randomseed");
  lua_pushnumber(L, args->seed);
  lua_call(L, 1, 0);
  lua_pop(L, 1);

  /* string.dump is blocked; the string metatable gets a private copy of the library and is protected. */
  lua_getglobal(L, "string");
  int string_lib = lua_gettop(L);
  push_blocked_function(L, "string.dump");
  lua_setfield(L, string_lib, "dump");
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  int string_mt = lua_gettop(L);
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, string_lib)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
  lua_setfield(L, string_mt, "__index");
  lua_pushliteral(L, "the string metatable is protected");
  lua_setfield(L, string_mt, "__metatable");
  lua_settop(L, 0);
  /* find/match/gmatch/gsub that honour the limits, in both the string table and the private copy */
  caret_lua_open_patterns(L);

  /* Allow-list: collect the other globals first (no table writes while traversing), then remove. */
  lua_newtable(L);
  int doomed = lua_gettop(L), count = 0;
  lua_pushnil(L);
  while (lua_next(L, LUA_GLOBALSINDEX)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING || !is_allowed(lua_tostring(L, -1))) {
      lua_pushvalue(L, -1);
      lua_rawseti(L, doomed, ++count);
    }
  }
  for (int i = 1; i <= count; i++) {
    lua_rawgeti(L, doomed, i);
    lua_pushnil(L);
    lua_rawset(L, LUA_GLOBALSINDEX);
  }
  lua_settop(L, 0);
  for (int i = 0; blocked_functions[i]; i++) {
    push_blocked_function(L, blocked_functions[i]);
    lua_setglobal(L, blocked_functions[i]);
  }
  for (int i = 0; blocked_tables[i]; i++) {
    lua_newtable(L);
    set_blocking_metatable(L, blocked_tables[i]);
    lua_setglobal(L, blocked_tables[i]);
  }
  caret_lua_push_virtual_os(L);
  set_blocking_metatable(L, "os");
  lua_setglobal(L, "os");

  lua_pushcfunction(L, caret_collectgarbage);
  lua_setglobal(L, "collectgarbage");
  lua_pushcfunction(L, caret_load);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "load");
  lua_setglobal(L, "loadstring");

  caret_lua_open_deterministic_tostring(L);
  lua_getglobal(L, "tostring");
  if (args->print_function) caret_lua_push_host_function(L, args->print_function); else lua_pushnil(L);
  lua_pushcclosure(L, caret_print, 2);
  lua_setglobal(L, "print");

  caret_lua_open_deterministic_pairs(L);

  lua_getglobal(L, "setmetatable");
  lua_pushcclosure(L, caret_setmetatable, 1);
  lua_setglobal(L, "setmetatable");
  lua_getglobal(L, "table");
  lua_getfield(L, -1, "sort");
  lua_pushcclosure(L, caret_sort, 1);
  lua_setfield(L, -2, "sort");
  lua_pop(L, 1);

  if (luaL_loadbuffer(L, caret_wrappers, sizeof caret_wrappers - 1, "=[caret]") != 0) return lua_error(L);
  lua_getglobal(L, "pcall");
  lua_getglobal(L, "xpcall");
  lua_getglobal(L, "coroutine");
  lua_getfield(L, -1, "resume");
  lua_getfield(L, -2, "create");
  lua_remove(L, -3);
  lua_pushcfunction(L, caret_check_limits);
  lua_pushcfunction(L, caret_guard_c_stack);
  lua_getglobal(L, "error");
  lua_getglobal(L, "select");
  lua_getglobal(L, "type");
  lua_getglobal(L, "pairs");
  lua_call(L, 10, 6);
  lua_getglobal(L, "table");
  lua_insert(L, -3);
  lua_setfield(L, -3, "foreachi");
  lua_setfield(L, -2, "foreach");
  lua_pop(L, 1);
  lua_getglobal(L, "coroutine");
  lua_insert(L, -3);
  lua_setfield(L, -3, "wrap");
  lua_setfield(L, -2, "resume");
  lua_pop(L, 1);
  lua_setglobal(L, "xpcall");
  lua_setglobal(L, "pcall");
  return 0;
}

int caret_lua_open_sandbox(lua_State *L, void *print_function, double seed) {
  sandbox_args args = { print_function, seed };
  return lua_cpcall(L, caret_setup_sandbox, &args);
}
