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

static int caret_blocked_index(lua_State *L) {
  const char *lib = lua_tostring(L, lua_upvalueindex(1));
  if (lua_type(L, 2) == LUA_TSTRING)
    return luaL_error(L, "%s.%s is not available in the sandbox", lib, lua_tostring(L, 2));
  return luaL_error(L, "%s is not available in the sandbox", lib);
}

/* Gives the table on top a protected metatable whose __index names the blocked member. */
static void set_blocking_metatable(lua_State *L, const char *lib) {
  lua_newtable(L);
  lua_pushstring(L, lib);
  lua_pushcclosure(L, caret_blocked_index, 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "__index");
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

/* load(chunk [, chunkname [, mode [, env]]]) and loadstring(s [, chunkname]): text chunks only. */
static int caret_load(lua_State *L) {
  int reader = lua_isfunction(L, 1);
  if (!reader) luaL_checktype(L, 1, LUA_TSTRING);
  const char *mode = luaL_optstring(L, 3, "bt");
  if (strchr(mode, 't') == NULL) {
    lua_pushnil(L);
    lua_pushfstring(L, "attempt to load a text chunk (mode is '%s')", mode);
    return 2;
  }
  lua_settop(L, 4);
  if (reader) {
    lua_pushliteral(L, "");
    for (;;) {
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
  const char *chunkname = luaL_optstring(L, 2, reader ? "=(load)" : source);
  int status = caret_lua_load_text(L, source, length, chunkname);
  if (status != 0) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  if (!lua_isnil(L, 4)) {
    lua_pushvalue(L, 4);
    if (!lua_setfenv(L, -2)) return luaL_error(L, "bad argument #4 to 'load' (table expected)");
  }
  return 1;
}

/* print(...): tostring on each argument (upvalue 1), joined by tabs, handed to the host (upvalue 2). */
static int caret_print(lua_State *L) {
  int n = lua_gettop(L);
  lua_pushliteral(L, "");
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

/* Lua-level wrappers keep pcall/xpcall/resume yieldable while re-raising a tripped limit.
   xpcall's handler is wrapped too: a limit raised from the count hook runs the handler while LuaJIT
   still counts the hook as active (no hooks fire), so a looping handler would never be stopped. */
static const char caret_wrappers[] =
  "local pcall, xpcall, resume, check, error, select, type = ...\n"
  "return function(...)\n"
  "         if select('#', ...) == 0 then error(\"bad argument #1 to 'pcall' (value expected)\", 2) end\n"
  "         return check(pcall(...))\n"
  "       end,\n"
  "       function(f, handler, ...)\n"
  "         if handler == nil then error(\"bad argument #2 to 'xpcall' (value expected)\", 2) end\n"
  "         return check(xpcall(f, function(...) check() return handler(...) end, ...))\n"
  "       end,\n"
  "       function(co, ...)\n"
  "         if type(co) ~= 'thread' then\n"
  "           error(\"bad argument #1 to 'resume' (coroutine expected, got \" .. type(co) .. \")\", 2)\n"
  "         end\n"
  "         return check(resume(co, ...))\n"
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
  open_library(L, luaopen_table, LUA_TABLIBNAME);
  open_library(L, luaopen_string, LUA_STRLIBNAME);
  open_library(L, luaopen_math, LUA_MATHLIBNAME);
  open_library(L, luaopen_bit, LUA_BITLIBNAME);
  open_library(L, luaopen_jit, LUA_JITLIBNAME);  /* initializes the JIT engine; the table is removed below */

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

  if (luaL_loadbuffer(L, caret_wrappers, sizeof caret_wrappers - 1, "=[caret]") != 0) return lua_error(L);
  lua_getglobal(L, "pcall");
  lua_getglobal(L, "xpcall");
  lua_getglobal(L, "coroutine");
  lua_getfield(L, -1, "resume");
  lua_remove(L, -2);
  lua_pushcfunction(L, caret_check_limits);
  lua_getglobal(L, "error");
  lua_getglobal(L, "select");
  lua_getglobal(L, "type");
  lua_call(L, 7, 3);
  lua_getglobal(L, "coroutine");
  lua_insert(L, -2);
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
