// Deterministic tostring and string.format("%s"): LuaJIT prints tables, functions, threads and
// foreign userdata by address ("table: 0x7f…"), which differs from process to process. Here they
// print as "table: #N", N counting distinct values in the order the script first converted them.
#include "internal.h"
#include <string.h>

/* upvalues: 1 weak-keyed id table, 2 the counter box (a table with [1] = last id) */
static int caret_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  lua_settop(L, 1);
  if (!caret_lua_check_c_stack(L)) return luaL_error(L, "C stack overflow (tostring nested too deeply)");
  if (luaL_callmeta(L, 1, "__tostring")) {
    if (!lua_isstring(L, -1)) return luaL_error(L, "'__tostring' must return a string");
    return 1;
  }
  switch (lua_type(L, 1)) {
  case LUA_TNIL: lua_pushliteral(L, "nil"); return 1;
  case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, 1) ? "true" : "false"); return 1;
  case LUA_TNUMBER: case LUA_TSTRING:
    lua_pushvalue(L, 1);
    lua_tostring(L, -1);  /* numbers format as LuaJIT does; converts the copy only */
    return 1;
  default: break;
  }
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(1));
  lua_Number id = lua_tonumber(L, -1);
  lua_pop(L, 1);
  if (id == 0) {
    lua_rawgeti(L, lua_upvalueindex(2), 1);
    id = lua_tonumber(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushnumber(L, id);
    lua_rawseti(L, lua_upvalueindex(2), 1);
    lua_pushvalue(L, 1);
    lua_pushnumber(L, id);
    lua_rawset(L, lua_upvalueindex(1));
  }
  lua_pushfstring(L, "%s: #%d", luaL_typename(L, 1), (int)id);
  return 1;
}

/* upvalues: 1 the original string.format, 2 tostring */
static int caret_format(lua_State *L) {
  size_t length;
  const char *format = luaL_checklstring(L, 1, &length);
  int argument = 1, top = lua_gettop(L);
  for (size_t i = 0; i < length; i++) {
    if (format[i] != '%') continue;
    if (++i < length && format[i] == '%') continue;
    while (i < length && strchr("-+ #0123456789.", format[i])) i++;
    if (i >= length) break;
    argument++;
    if (format[i] == 'p')
      return luaL_error(L, "bad argument #%d to 'format' (%%p is not available in the sandbox: addresses differ from run to run)", argument);
    if (format[i] == 's' && argument <= top) {
      int type = lua_type(L, argument);
      if (type != LUA_TSTRING && type != LUA_TNUMBER) {
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_pushvalue(L, argument);
        lua_call(L, 1, 1);
        lua_replace(L, argument);
      }
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  /* No script code runs inside the original (every %s argument is already a string or number),
     so catching its error loses no frames; it only names the function, which it cannot know. */
  if (lua_pcall(L, top, 1, 0) != 0) {
    const char *message = lua_tostring(L, -1);
    const char *unknown = message ? strstr(message, " to '?'") : NULL;
    if (unknown) {
      lua_pushlstring(L, message, (size_t)(unknown - message));
      lua_pushstring(L, " to 'format'");
      lua_pushstring(L, unknown + 7);
      lua_concat(L, 3);
    }
    return lua_error(L);
  }
  return 1;
}

void caret_lua_open_deterministic_tostring(lua_State *L) {
  lua_newtable(L);
  lua_newtable(L);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_newtable(L);
  lua_pushcclosure(L, caret_tostring, 2);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "tostring");
  int tostring_index = lua_gettop(L);
  /* string.format in both the global string table and the string metatable's private copy */
  lua_getglobal(L, "string");
  lua_getfield(L, -1, "format");
  lua_pushvalue(L, tostring_index);
  lua_pushcclosure(L, caret_format, 2);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "format");
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_getfield(L, -1, "__index");
  lua_pushvalue(L, -4);
  lua_setfield(L, -2, "format");
  lua_settop(L, tostring_index - 1);
}
