// Deterministic next/pairs. LuaJIT randomizes string hashing per process, so raw `next` order
// differs between runs. These versions visit the sequence 1..n first (while t[i] ~= nil), then
// every other key sorted by (type, value): numbers ascending, strings bytewise, false before true,
// host objects by creation serial, other reference types by address (stable within a state only).
// Walking the sequence needs no snapshot; reaching the other keys builds one sorted snapshot
// (O(n log n)), cached weakly per table and rebuilt when a traversal starts again or meets a key
// added since; each step is then O(1).
#include "internal.h"
#include <stdlib.h>
#include <string.h>


int caret_lua_key_compare(const void *pa, const void *pb) {
  const caret_lua_key *a = pa, *b = pb;
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  switch (a->rank) {
  case 0: case 2: return a->number < b->number ? -1 : a->number > b->number;
  case 1: {
    size_t n = a->length < b->length ? a->length : b->length;
    int c = memcmp(a->string, b->string, n);
    if (c) return c;
    return a->length < b->length ? -1 : a->length > b->length;
  }
  default: return a->pointer < b->pointer ? -1 : a->pointer > b->pointer;
  }
}

static int is_prefix_index(lua_State *L, int index, int prefix) {
  if (lua_type(L, index) != LUA_TNUMBER) return 0;
  lua_Number k = lua_tonumber(L, index);
  return k >= 1 && k <= prefix && k == (lua_Number)(int)k;
}

void caret_lua_key_fill(lua_State *L, int index, caret_lua_key *e) {
  memset(e, 0, sizeof *e);
  switch (lua_type(L, index)) {
  case LUA_TNUMBER: e->rank = 0; e->number = lua_tonumber(L, index); break;
  case LUA_TSTRING: e->rank = 1; e->string = lua_tolstring(L, index, &e->length); break;
  case LUA_TBOOLEAN: e->rank = 2; e->number = lua_toboolean(L, index); break;
  case LUA_TUSERDATA: {
    caret_lua_object *o = caret_lua_to_object(L, index);
    if (o) { e->rank = 3; e->pointer = (uintptr_t)o->serial; }
    else { e->rank = 4; e->pointer = (uintptr_t)lua_topointer(L, index); }
    break;
  }
  default: e->rank = 5 + lua_type(L, index); e->pointer = (uintptr_t)lua_topointer(L, index); break;
  }
}

/* Builds the snapshot of table `t`, stores it in the caches and leaves S and M on the stack.
   `forced_prefix` >= 0 is the length of a sequence walk already done (its keys are left out). */
static void build_snapshot(lua_State *L, int t, int forced_prefix) {
  int prefix = 0;
  if (forced_prefix >= 0) prefix = forced_prefix;
  else for (;;) {
    lua_rawgeti(L, t, prefix + 1);
    int present = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!present) break;
    prefix++;
  }
  int count = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (!is_prefix_index(L, -1, prefix)) count++;
  }
  lua_createtable(L, count, 0);
  int keys = lua_gettop(L);
  caret_lua_key *entries = (caret_lua_key *)lua_newuserdata(L, (size_t)(count ? count : 1) * sizeof(caret_lua_key));
  int filled = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (is_prefix_index(L, -1, prefix)) continue;
    filled++;
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys, filled);
    lua_rawgeti(L, keys, filled);  /* anchored copy for the string pointer */
    caret_lua_key_fill(L, -1, &entries[filled - 1]);
    entries[filled - 1].slot = filled;
    lua_pop(L, 1);
  }
  qsort(entries, (size_t)filled, sizeof(caret_lua_key), caret_lua_key_compare);
  lua_createtable(L, filled, 1);
  int s = lua_gettop(L);
  lua_createtable(L, 0, filled);
  int m = lua_gettop(L);
  lua_pushinteger(L, prefix);
  lua_rawseti(L, s, 0);
  for (int j = 0; j < filled; j++) {
    lua_rawgeti(L, keys, entries[j].slot);
    lua_pushvalue(L, -1);
    lua_rawseti(L, s, j + 1);
    lua_pushinteger(L, j + 1);
    lua_rawset(L, m);
  }
  lua_pushvalue(L, t); lua_pushvalue(L, s); lua_rawset(L, lua_upvalueindex(1));
  lua_pushvalue(L, t); lua_pushvalue(L, m); lua_rawset(L, lua_upvalueindex(2));
  lua_replace(L, keys + 1);  /* M over the scratch userdata */
  lua_replace(L, keys);      /* S over the key list */
  lua_settop(L, keys + 1);
}

/* Returns the first present entry after prefix index `i` / sorted position `j`. S is at `s`. */
static int advance(lua_State *L, int t, int s, int i, int j) {
  lua_rawgeti(L, s, 0);
  int prefix = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  for (i = i + 1; i <= prefix; i++) {
    lua_rawgeti(L, t, i);
    if (!lua_isnil(L, -1)) { lua_pushinteger(L, i); lua_insert(L, -2); return 2; }
    lua_pop(L, 1);
  }
  int m = (int)lua_objlen(L, s);
  for (j = j + 1; j <= m; j++) {
    lua_rawgeti(L, s, j);
    lua_pushvalue(L, -1);
    lua_rawget(L, t);
    if (!lua_isnil(L, -1)) return 2;
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  return 1;
}

/* The cache holds, per table: `true` while a traversal walks the sequence 1..n (no snapshot is
   needed for that part, so arrays never pay for one), or the snapshot S (with M in the second
   cache). Snapshots stay cached (weakly) so that nested traversals of one table agree. */
static int caret_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_isnil(L, 2)) {
    lua_pushnil(L);
    if (lua_next(L, 1) == 0) { lua_pushnil(L); return 1; }
    lua_settop(L, 2);
    lua_rawgeti(L, 1, 1);
    if (!lua_isnil(L, -1)) {
      lua_pushvalue(L, 1); lua_pushboolean(L, 1); lua_rawset(L, lua_upvalueindex(1));
      lua_pushinteger(L, 1);
      lua_insert(L, -2);
      return 2;
    }
    lua_settop(L, 2);
    build_snapshot(L, 1, -1);
    return advance(L, 1, 3, 0, 0);
  }
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(1));
  int rebuilt = 1;
  if (lua_type(L, 3) == LUA_TBOOLEAN) {
    lua_Number k = lua_type(L, 2) == LUA_TNUMBER ? lua_tonumber(L, 2) : 0;
    if (k >= 1 && k == (lua_Number)(int)k) {
      int i = (int)k + 1;
      for (;; i++) {
        lua_rawgeti(L, 1, i);
        if (!lua_isnil(L, -1)) { lua_pushinteger(L, i); lua_insert(L, -2); return 2; }
        lua_pop(L, 1);
        break;
      }
      lua_settop(L, 2);
      build_snapshot(L, 1, i - 1);
      return advance(L, 1, 3, i - 1, 0);
    }
    lua_settop(L, 2);
    build_snapshot(L, 1, -1);
  } else if (lua_isnil(L, 3)) {
    lua_settop(L, 2);
    build_snapshot(L, 1, -1);
  } else {
    lua_pushvalue(L, 1);
    lua_rawget(L, lua_upvalueindex(2));
    rebuilt = 0;
  }
  for (;;) {
    lua_rawgeti(L, 3, 0);
    int prefix = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (is_prefix_index(L, 2, prefix)) return advance(L, 1, 3, (int)lua_tointeger(L, 2), 0);
    lua_pushvalue(L, 2);
    lua_rawget(L, 4);
    if (!lua_isnil(L, -1)) {
      int j = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
      return advance(L, 1, 3, prefix, j);
    }
    if (rebuilt) break;
    lua_settop(L, 2);
    build_snapshot(L, 1, -1);  /* keys were added since the snapshot: take a new one */
    rebuilt = 1;
  }
  return luaL_error(L, "invalid key to 'next'");
}

static int caret_pairs(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

void caret_lua_open_deterministic_pairs(lua_State *L) {
  for (int i = 0; i < 2; i++) {
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
  }
  lua_pushcclosure(L, caret_next, 2);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "next");
  lua_pushcclosure(L, caret_pairs, 1);
  lua_setglobal(L, "pairs");
}
