// The compiled route of the hottest methods (docs/lua-embedding.md, "The compiled route").
//
// With trace stitching off (sandbox.c), LuaJIT compiles no loop that calls a C function: a
// script's `for ... do editor:replace(...) end` runs in the interpreter, and the method lookup
// through the userdata's metatable, the C call and the LuaJIT API calls that read the arguments
// cost more than the edit itself. A method whose fast path has a compiled entry is therefore
// pushed as a small Lua wrapper instead: it checks the arguments' types and calls the entry
// through an FFI function value, which the JIT compiles into the loop's machine code like any
// other FFI call (no stitching). Everything else, and every call the entry declines, goes to the
// method's trampoline, so behaviour and error wording are the ordinary route's.
//
// What keeps this safe with hostile scripts:
// - The FFI is opened here for the host alone: the module is kept in the registry and in no
//   global, and the FFI function value is an upvalue of the wrappers, which scripts cannot read
//   (no debug library, no string.dump).
// - A wrapper passes `self` to C as the pointer LuaJIT gives for a userdata (its block), and C
//   reads that block only when it is the very one the method's fast path last accepted through
//   the API (caret_lua_method_receiver); __gc forgets it before the block can be reused.
// - The compiled entry never touches the Lua state or raises; a tripped limit or queued events
//   make the wrapper call caret_lua_compiled_attend, an ordinary C function, afterwards.
#include "internal.h"
#include <stdio.h>
#include <string.h>

#define CARET_BUILTIN_TYPE_KEY "caret.builtin_type"
#define CARET_BUILTIN_SELECT_KEY "caret.builtin_select"
#define CARET_FFI_KEY "caret.ffi"
#define CARET_JIT_ATTACH_KEY "caret.jit_attach"

/* The base library's type and select, kept before any script runs: a wrapper made later must
   not use what a script put in their place. */
void caret_lua_keep_builtins(lua_State *L) {
  lua_getglobal(L, "type");
  lua_setfield(L, LUA_REGISTRYINDEX, CARET_BUILTIN_TYPE_KEY);
  lua_getglobal(L, "select");
  lua_setfield(L, LUA_REGISTRYINDEX, CARET_BUILTIN_SELECT_KEY);
}

void caret_lua_keep_jit_attach(lua_State *L, int jit) {
  lua_getfield(L, jit, "attach");
  lua_setfield(L, LUA_REGISTRYINDEX, CARET_JIT_ATTACH_KEY);
}

static void set_compiled_mode(lua_State *L, caret_lua_ctx *ctx, int on) {
  ctx->compiled_mode = on;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ctx->compiled_mode_ref);
  lua_pushboolean(L, on);
  lua_rawseti(L, -2, 1);  /* slot 1 exists: no allocation */
  lua_pop(L, 1);
}

void caret_lua_leave_compiled_mode(lua_State *L, caret_lua_ctx *ctx) {
  if (ctx->compiled_mode_ref) set_compiled_mode(L, ctx, 0);
}

/* LuaJIT's trace events (jit.attach): recording starts, so the wrappers take the compiled route
   for the recorder to compile; recording was given up, so interpreted code runs on. */
static int trace_event(lua_State *L) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  const char *what = lua_tostring(L, 1);
  if (what && strcmp(what, "start") == 0) set_compiled_mode(L, ctx, 1);
  else if (what && strcmp(what, "abort") == 0) set_compiled_mode(L, ctx, 0);
  return 0;
}

/* Pushes the wrappers' mode table, {false}, with trace_event attached (run protected). */
static int make_mode(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, CARET_JIT_ATTACH_KEY);
  lua_pushcfunction(L, trace_event);
  lua_pushliteral(L, "trace");
  lua_call(L, 2, 0);
  lua_createtable(L, 1, 0);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, 1);
  return 1;
}

/* Pushes the FFI function value of caret_lua_compiled_call (run protected: the FFI may raise). */
static int make_compiled_call(lua_State *L) {
  lua_pushcfunction(L, luaopen_ffi);
  lua_call(L, 0, 1);
  /* The module must stay referenced: the FFI's state keeps tables only the module's functions
     hold, and lua_close would read them freed. The registry is out of every script's reach. */
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, CARET_FFI_KEY);
  lua_getfield(L, -1, "cast");
  lua_pushliteral(L, "double (*)(void *, void *, double, double, const char *, size_t)");
  lua_pushlightuserdata(L, (void *)caret_lua_compiled_call);
  lua_call(L, 2, 1);
  return 1;
}

/* Writes the wrapper's source for f's signature into `out`; 0 when the signature does not fit
   the compiled call (at most two numbers and one string). The wrapper takes `...` so that it
   hands the trampoline exactly the arguments it was given. */
static int wrapper_source(const caret_lua_host_function *f, char *out, size_t size) {
  size_t count = strnlen(f->signature, sizeof f->signature);
  if (count == sizeof f->signature) return 0;
  char locals[64] = "self", guards[256] = "", numbers[2][8] = { "0", "0" }, string[16] = "nil, 0";
  int number_count = 0, string_count = 0;
  for (size_t i = 0; i < count; i++) {
    char name[8];
    snprintf(name, sizeof name, "a%zu", i + 1);
    strcat(locals, ", ");
    strcat(locals, name);
    const char *kind;
    if (f->signature[i] == 'i') {
      if (number_count == 2) return 0;
      snprintf(numbers[number_count++], sizeof numbers[0], "%s", name);
      kind = "number";
    } else if (f->signature[i] == 's') {
      if (string_count == 1) return 0;
      string_count++;
      snprintf(string, sizeof string, "%s, #%s", name, name);
      kind = "string";
    } else {
      return 0;
    }
    size_t used = strlen(guards);
    snprintf(guards + used, sizeof guards - used, " and type(%s) == '%s'", name, kind);
  }
  int written = snprintf(out, size,
    "local type, select, cast, call, attend, f, slow, mode = ...\n"
    "f = cast('void *', f)\n"
    "return function(...)\n"
    "  if mode[1] then\n"
    "    local %s = ...\n"
    "    if select('#', ...) == %zu and type(self) == 'userdata'%s then\n"
    "      local r = call(f, self, %s, %s, %s)\n"
    "      if r >= 0 then return%s end\n"
    "      if r == %g then return attend() end\n"
    "    end\n"
    "  end\n"
    "  return slow(...)\n"
    "end\n",
    locals, count + 1, guards, numbers[0], numbers[1], string, f->results ? " r" : "", CARET_LUA_COMPILED_ATTEND);
  return written > 0 && (size_t)written < size;
}

/* Replaces the trampoline at `slow` with f's wrapper; 0, with the stack as it was, when it
   cannot be made. */
static int wrap(lua_State *L, caret_lua_host_function *f, int slow) {
  caret_lua_ctx *ctx = f->ctx;
  char source[1024];
  if (ctx->compiled_count >= CARET_LUA_COMPILED_COUNT || f->results > 1 || !wrapper_source(f, source, sizeof source)) return 0;
  if (!ctx->compiled_call_ref) {
    lua_pushcfunction(L, make_compiled_call);
    if (lua_pcall(L, 0, 1, 0) != 0) return 0;
    ctx->compiled_call_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  if (!ctx->compiled_mode_ref) {
    lua_getfield(L, LUA_REGISTRYINDEX, CARET_JIT_ATTACH_KEY);
    int attachable = lua_isfunction(L, -1);
    lua_pop(L, 1);
    lua_pushcfunction(L, make_mode);
    if (!attachable || lua_pcall(L, 0, 1, 0) != 0) return 0;
    ctx->compiled_mode_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  if (luaL_loadbuffer(L, source, strlen(source), "=[caret]") != 0) return 0;
  lua_getfield(L, LUA_REGISTRYINDEX, CARET_BUILTIN_TYPE_KEY);
  lua_getfield(L, LUA_REGISTRYINDEX, CARET_BUILTIN_SELECT_KEY);
  lua_getfield(L, LUA_REGISTRYINDEX, CARET_FFI_KEY);
  if (!lua_iscfunction(L, -3) || !lua_iscfunction(L, -2) || !lua_istable(L, -1)) return 0;
  lua_getfield(L, -1, "cast");
  lua_replace(L, -2);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ctx->compiled_call_ref);
  lua_pushcfunction(L, caret_lua_compiled_attend);
  lua_pushlightuserdata(L, f);  /* made a pointer cdata by the chunk: the JIT converts no light userdata */
  lua_pushvalue(L, slow);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ctx->compiled_mode_ref);
  if (lua_pcall(L, 8, 1, 0) != 0 || !lua_isfunction(L, -1)) return 0;
  ctx->compiled_functions[ctx->compiled_count++] = f;
  lua_replace(L, slow);
  return 1;
}

void caret_lua_wrap_compiled(lua_State *L, caret_lua_host_function *f) {
  int slow = lua_gettop(L);
  if (wrap(L, f, slow)) return;
  /* Without its wrapper the method is called through its trampoline alone, which must then
     leave compiled mode as any host call does (caret_call_host). */
  lua_settop(L, slow);
  f->compiled = NULL;
}
