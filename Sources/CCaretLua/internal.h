// Helpers shared by the shim's C files (not part of the module's public header).
#ifndef CCARETLUA_INTERNAL_H
#define CCARETLUA_INTERNAL_H
#include "CCaretLua.h"
#include <stddef.h>
#include <stdint.h>

static inline int lua_absindex_compat(lua_State *L, int i) {
  return (i > 0 || i <= LUA_REGISTRYINDEX) ? i : lua_gettop(L) + i + 1;
}

/* Raises the limit error of ctx->tripped (which must be set); never returns. */
int caret_lua_raise_tripped(lua_State *L, caret_lua_ctx *ctx);
/* Raises the sticky limit error if a limit has tripped (used after anything that catches errors). */
void caret_lua_reraise_if_tripped(lua_State *L);
/* Whether C code may recurse deeper into Lua on this thread's stack. */
int caret_lua_check_c_stack(lua_State *L);
/* Deterministic next/pairs (determinism.c). */
void caret_lua_open_deterministic_pairs(lua_State *L);

/* A table key as the deterministic order sorts it (determinism.c): the sequence aside, numbers
   ascending, strings bytewise, false before true, host objects by creation serial, other
   reference types by address. `slot` is the caller's. A string key must stay on a stack or in a
   table while the entry is used. */
typedef struct {
  int rank;
  lua_Number number;
  const char *string;
  size_t length;
  uintptr_t pointer;
  int slot;
} caret_lua_key;
void caret_lua_key_fill(lua_State *L, int index, caret_lua_key *key);
int caret_lua_key_compare(const void *a, const void *b);
/* Deterministic tostring and string.format("%s") (tostring.c). */
void caret_lua_open_deterministic_tostring(lua_State *L);
/* Caret's limit-aware string.find/match/gmatch/gsub (pattern.c), in the global string table and
   in the string metatable's private copy of it. */
void caret_lua_open_patterns(lua_State *L);
/* Virtual os.time/os.clock/os.date (os.c). Leaves the os table on the stack. */
void caret_lua_push_virtual_os(lua_State *L);
/* The compiled route (compiled.c): replaces the trampoline of `f` on top of the stack with a Lua
   wrapper that calls f's compiled entry through the FFI and the trampoline for anything else;
   leaves the trampoline, and clears f->compiled, when the wrapper cannot be made. */
void caret_lua_wrap_compiled(lua_State *L, caret_lua_host_function *f);
/* Keeps the base library's type and select for the wrappers (sandbox.c calls it before any
   script runs). */
void caret_lua_keep_builtins(lua_State *L);
/* Keeps jit.attach from the jit table at `jit` (sandbox.c calls it before removing the table). */
void caret_lua_keep_jit_attach(lua_State *L, int jit);
/* Turns the compiled route's mode off: interpreted code is running (a host call is being made
   through a trampoline, which no trace contains). */
void caret_lua_leave_compiled_mode(lua_State *L, caret_lua_ctx *ctx);
/* What a wrapper calls when the compiled call asks for attention (shim.c). */
int caret_lua_compiled_attend(lua_State *L);
#endif
