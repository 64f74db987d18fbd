// The C side of Caret's LuaJIT embedding. This is the only code that raises Lua errors:
// host (Swift) functions return a status, and the trampoline raises after they have returned.
#ifndef CCARETLUA_H
#define CCARETLUA_H
#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <luajit.h>

/// A host function returns a result count >= 0, or one of these after pushing the error value.
#define CARET_LUA_ERROR (-1)      /* message string on top; the trampoline prefixes "chunk:line: " */
#define CARET_LUA_ERROR_RAW (-2)  /* value on top is raised unchanged */

/// Which limit stopped the script (sticky: once set, every later hook/pcall re-raises).
enum {
  CARET_LIMIT_NONE = 0,
  CARET_LIMIT_INSTRUCTIONS = 1,
  CARET_LIMIT_MEMORY = 2,
  CARET_LIMIT_TIMEOUT = 3,
};

/// A host function's fast path returns this, having done nothing, when the call must take the
/// ordinary route (`dispatch`), which also words every error.
#define CARET_LUA_FALLBACK (-3)

/// What the checker saw of one argument, so the host's readers need not ask LuaJIT again:
/// its type, and its value when it is a number or a string (valid while the call runs, since the
/// string stays in its stack slot).
typedef struct caret_lua_argument {
  double number;
  const char *bytes;
  size_t length;
  int type;
} caret_lua_argument;

/// Calls the host function `box` (an opaque pointer the host registered) with the Lua stack.
/// `seen` is not NULL when the trampoline checked the arguments against the declared parameters
/// and every one fitted: it then describes each of them; `receiver` is what
/// `caret_lua_receiver` found for a method (NULL when it found nothing, or for a function).
typedef int (*caret_lua_dispatch_fn)(lua_State *L, void *box, const caret_lua_argument *seen, void *receiver);
struct caret_lua_host_function;
/// A host function's fast path, called first: it reads and checks its own arguments with the
/// inline readers below (accepting no more than the declared parameters do, a method's `self`
/// only as a live object of the method's type) and does the common case of the call. It returns
/// a result count, CARET_LUA_ERROR/CARET_LUA_ERROR_RAW after pushing the error, or
/// CARET_LUA_FALLBACK, having changed nothing, for `dispatch` to do the call.
typedef int (*caret_lua_fast_fn)(lua_State *L, const struct caret_lua_host_function *function);
/// Releases a host object whose userdata was collected.
typedef void (*caret_lua_release_fn)(void *object);
/// A fast path's compiled entry (see docs/lua-embedding.md, "The compiled route"): the same call
/// as the fast path's common case, for a Lua wrapper to call through the FFI from JIT-compiled
/// code. `object` is the host object of `self`, already found live and of the method's type; the
/// numbers arrive in `n1`, `n2` and the string in `bytes`/`length`, in the order the signature
/// names them (0 and NULL for those it does not have). It must not touch the Lua state, raise
/// or queue a filter; it returns the method's result (>= 0, ignored for a method without one),
/// or CARET_LUA_COMPILED_FALLBACK, having changed nothing, for the ordinary route to do the call.
typedef double (*caret_lua_compiled_fn)(const struct caret_lua_host_function *function, void *object,
                                        double n1, double n2, const char *bytes, size_t length);
#define CARET_LUA_COMPILED_FALLBACK (-1.0)

/// Host functions with a fast path that get a trampoline of their own (no upvalue), per state.
#define CARET_LUA_SLOT_COUNT 8
/// Host functions with a compiled entry that get the compiled route, per state.
#define CARET_LUA_COMPILED_COUNT 8

/// Per-state context; it is also the allocator's userdata, so C reaches it from any lua_State.
typedef struct caret_lua_ctx {
  size_t bytes_in_use;
  size_t peak_bytes;
  size_t memory_limit;          /* 0: none */
  size_t host_bytes;            /* memory the host holds for the script (its documents), counted
                                   against memory_limit with the Lua heap; set by the host */
  int in_host;                  /* >0 while a host function runs: allocations never fail on the limit */
  int tripped;                  /* CARET_LIMIT_* */
  uint64_t instruction_limit;   /* 0: none */
  uint64_t instructions;        /* executed so far in this entry, in hook-interval steps */
  int hook_interval;
  uint64_t deadline_ns;         /* CLOCK_MONOTONIC; 0: none (set per entry by the host) */
  int has_timeout;              /* a timeout applies to entries: the hook must be installed */
  uintptr_t c_stack_floor;      /* C functions that recurse into Lua stop below this address */
  uintptr_t stack_thread;       /* the thread whose stack bottom is cached in stack_low */
  uintptr_t stack_low;
  double virtual_time;          /* seconds since the Unix epoch, supplied by the host */
  double virtual_start;         /* os.clock() is virtual_time - virtual_start */
  uint64_t next_serial;         /* serial numbers of host objects, in creation order */
  int pending_events;           /* >0: the host queued events; the trampoline delivers them after it returns */
  int pending_filter;           /* >0: after the host function returns, pass its first result to the
                                   registry's CARET_RESULT_FILTER_KEY function (script suggestion providers) */
  caret_lua_dispatch_fn dispatch;
  caret_lua_release_fn release;
  /* The functions the trampolines without an upvalue call (see caret_lua_push_host_function). */
  struct caret_lua_host_function *slot_functions[CARET_LUA_SLOT_COUNT];
  int slot_count;
  int compiled_calls;           /* set by the host when the JIT runs: compiled entries get their route */
  int compiled_call_ref;        /* registry ref of the FFI function value the wrappers call; 0: not made */
  /* The functions pushed with the compiled route (their verified receivers are forgotten by __gc). */
  struct caret_lua_host_function *compiled_functions[CARET_LUA_COMPILED_COUNT];
  int compiled_count;
  uint64_t compiled_route_calls; /* calls the compiled route did (for the bench and the tests) */
  int compiled_mode;            /* the wrappers take the compiled route (see compiled.c); mirrors mode[1] */
  int compiled_mode_ref;        /* registry ref of the wrappers' mode table; 0: not made */
} caret_lua_ctx;

/// The block inside every host-object userdata.
typedef struct caret_lua_object {
  void *object;       /* retained host object, released by __gc */
  uint64_t serial;
  uint32_t type_id;
  uint32_t magic;
} caret_lua_object;

#define CARET_LUA_OBJECT_MAGIC 0xCA7E7u

/// Creates a state whose allocator counts bytes against ctx->memory_limit. NULL on failure.
lua_State *caret_lua_newstate(caret_lua_ctx *ctx);
/// The context of a state created by caret_lua_newstate.
caret_lua_ctx *caret_lua_context(lua_State *L);
/// Monotonic clock in nanoseconds.
uint64_t caret_lua_now_ns(void);

/// Pushes a Lua function that calls the host function `function` (a caret_lua_host_function the
/// host keeps alive as long as the state) through the trampoline; the first
/// CARET_LUA_SLOT_COUNT functions with a fast path get trampolines of their own, which find
/// their function in the context instead of an upvalue.
void caret_lua_push_host_function(lua_State *L, void *function);

/// Opens the sandboxed standard library into the globals (see docs/lua-embedding.md).
/// `print_function` is the host function print() hands its line to. Returns a lua_pcall status.
int caret_lua_open_sandbox(lua_State *L, void *print_function, double seed);

/// Loads a text chunk (binary chunks are refused). Returns a lua_load status; on error the message is on top.
int caret_lua_load_text(lua_State *L, const char *source, size_t length, const char *chunkname);
/// lua_pcall with Caret's traceback handler. The traceback of user frames is left in the registry
/// field "caret.traceback" (a string, or nil). Applies the instruction/time limits for this entry.
int caret_lua_pcall(lua_State *L, int nargs, int nresults);
/// A thread with a stack of a chosen size that runs protected entries (caret_lua_pcall) for its
/// caller, who blocks meanwhile. NULL when the thread cannot be created.
typedef struct caret_lua_runner caret_lua_runner;
caret_lua_runner *caret_lua_runner_new(size_t stack_size);
/// caret_lua_pcall on the runner's thread.
int caret_lua_runner_pcall(caret_lua_runner *runner, lua_State *L, int nargs, int nresults);
/// Stops and frees the runner (NULL is ignored).
void caret_lua_runner_free(caret_lua_runner *runner);
/// Adds `work` to the instructions counted in this entry and trips the instruction or time limit
/// it reaches; returns the tripped limit (CARET_LIMIT_NONE: go on). The count hook, the pattern
/// matcher and the host's long loops all charge their work here.
int caret_lua_charge(caret_lua_ctx *ctx, uint64_t work);
/// Installs or removes the count hook and turns the JIT off or on to match ctx's limits.
void caret_lua_configure_limits(lua_State *L, int jit_enabled);

/// Interrupts (interrupt.c): SIGINT makes the chunk running in `L` raise "interrupted" at its next
/// instruction, again after any pcall that catches it, until caret_lua_interrupt_take disarms it.
/// Enabling turns the JIT off (hooks do not fire in compiled code). One state per process at a
/// time; returns 0, or -1 when another state has them or the handler cannot be installed.
int caret_lua_interrupt_enable(lua_State *L);
/// Whether SIGINT arrived since the last call; disarms the interrupt (restoring the limits' hook).
/// Call it before and after each entry, never while one runs.
int caret_lua_interrupt_take(lua_State *L);
/// Disarms and restores the previous SIGINT disposition.
void caret_lua_interrupt_disable(lua_State *L);

/// Pushes a C function that calls its argument (a loaded chunk) and returns each of its results
/// written as a Lua literal (literal.c): sorted keys, cycles marked, strings quoted to read back.
void caret_lua_push_literal_results(lua_State *L);
/// The identifier-like string keys of the value at the dotted global `path` (raw lookups; for a
/// userdata, those of its metatable's __index), each followed by '\n', in a malloc'd buffer the
/// caller frees (NULL when there are none). `functions_only` keeps function values and leaves out
/// an object's fields. Raises no Lua error.
char *caret_lua_names(lua_State *L, const char *path, size_t path_length, int functions_only, size_t *out_length);

/// Creates the metatable of a host object type: `methods` and `getters`/`setters` are tables at the
/// given stack indices (getters/setters may be 0), `tostring_index` a function or 0. Returns a registry ref.
int caret_lua_new_object_type(lua_State *L, const char *name, int methods, int getters, int setters, int tostring_index);
/// Pushes a new userdata for `object` (already retained by the host) with the type's metatable.
void caret_lua_push_object(lua_State *L, void *object, uint32_t type_id, int metatable_ref);
/// The host object block at `index`, or NULL if the value is not a host object.
caret_lua_object *caret_lua_to_object(lua_State *L, int index);

/* The host-call fast path: every host function's arguments pass through these, so they are
   inline here (Swift inlines them) and ask LuaJIT as few questions as they can. */

/// The userdata block of `self` of a method call (stack slot 1) when it is a host object of
/// registered type `type_id`; NULL otherwise (the host then finds out what it is and words the
/// error).
/// Two questions to LuaJIT, not three: only a full or a light userdata has a userdata pointer,
/// and a light userdata's length is 0.
static inline caret_lua_object *caret_lua_receiver_block(lua_State *L, uint32_t type_id) {
  caret_lua_object *o = (caret_lua_object *)lua_touserdata(L, 1);
  if (o == NULL || lua_objlen(L, 1) != sizeof(caret_lua_object)) return NULL;
  return o->magic == CARET_LUA_OBJECT_MAGIC && o->type_id == type_id ? o : NULL;
}

/// The host object of `caret_lua_receiver_block`'s block, or NULL.
static inline void *caret_lua_receiver(lua_State *L, uint32_t type_id) {
  caret_lua_object *o = caret_lua_receiver_block(L, type_id);
  return o ? o->object : NULL;
}

/// Whether `value` has an integral value a 64-bit integer holds (what Swift's `Int(exactly:)`
/// accepts: NaN, infinities, fractions and values past ±2^63 do not).
static inline int caret_lua_is_int64(double value) {
  return value >= -9223372036854775808.0 && value < 9223372036854775808.0 && value == (double)(int64_t)value;
}

/// The number at `index` as an integer into `*out`: 1 when it is a number (strings are not
/// converted) with an integral value in range, else 0 and `*out` untouched.
static inline int caret_lua_to_int64(lua_State *L, int index, int64_t *out) {
  if (lua_type(L, index) != LUA_TNUMBER) return 0;
  double value = lua_tonumber(L, index);
  if (!caret_lua_is_int64(value)) return 0;
  *out = (int64_t)value;
  return 1;
}

/// The bytes of the string at `index` (numbers are not converted), or NULL when it is no string.
static inline const char *caret_lua_to_bytes(lua_State *L, int index, size_t *length) {
  return lua_type(L, index) == LUA_TSTRING ? lua_tolstring(L, index, length) : NULL;
}

/// One declared parameter compiled for checking: bit `1 << type` for every accepted Lua type
/// (bit 0 stands for LUA_TNONE and LUA_TNIL alike); `integral`: a number must be an integer.
typedef struct caret_lua_check {
  uint16_t accepted;
  uint16_t integral;
} caret_lua_check;

/// Arguments the trampoline checks and describes itself (a function declaring more is checked
/// by the host).
#define CARET_LUA_SEEN_CAPACITY 8

/// What the trampoline knows of one host function (its upvalue points here): the host's box,
/// the state's context, and the declared parameters compiled for checking.
typedef struct caret_lua_host_function {
  void *box;                      /* passed to dispatch and fast */
  caret_lua_ctx *ctx;
  const caret_lua_check *checks;  /* check_count entries */
  int check_count;
  int offset;                     /* 1 for methods (`self` is stack slot 1), else 0 */
  int checked;                    /* check the arguments here before the host runs (count <= capacity) */
  uint32_t receiver_type;         /* for methods: the registered type id of `self`, else 0 */
  caret_lua_fast_fn fast;         /* NULL: always dispatch */
  caret_lua_compiled_fn compiled; /* NULL: no compiled route */
  char signature[8];              /* the compiled entry's parameters after self: 'i' a number, 's' a string */
  int results;                    /* what the compiled entry returns to Lua: 0 or 1 values */
  /* The userdata block of the last `self` the fast path accepted (caret_lua_method_receiver):
     the compiled route takes only this one, so it never reads a block LuaJIT has not vouched
     for. NULL when none, or when __gc took it. */
  void *verified_receiver;
} caret_lua_host_function;

/// `caret_lua_receiver` for the method `f`, from its fast path: also remembers the accepted
/// block as `f`'s verified receiver, the one `self` the compiled route takes.
static inline void *caret_lua_method_receiver(lua_State *L, const caret_lua_host_function *f) {
  caret_lua_object *o = caret_lua_receiver_block(L, f->receiver_type);
  if (o == NULL) return NULL;
  ((caret_lua_host_function *)f)->verified_receiver = o;
  return o->object;
}

/// What the compiled route's wrappers call through the FFI (`function` is the method's
/// caret_lua_host_function, `self` the userdata block LuaJIT passes for the userdata): calls the
/// compiled entry when `self` is the verified receiver and no limit has tripped. Returns the
/// entry's result, CARET_LUA_COMPILED_FALLBACK (nothing done: take the ordinary route), or
/// CARET_LUA_COMPILED_ATTEND (done, with no result: a limit tripped or events are queued, which
/// the wrapper's attend function then raises or delivers).
double caret_lua_compiled_call(void *function, void *self, double n1, double n2, const char *bytes, size_t length);
#define CARET_LUA_COMPILED_ATTEND (-2.0)


/// Registry fields of event delivery: a host function returning the queued events as an array of
/// pairs (handler key, event value) laid out flat, and a table mapping a handler key to an array
/// of handler functions, each called with the event value.
#define CARET_TAKE_EVENTS_KEY "caret.take_events"
#define CARET_HANDLERS_KEY "caret.handlers"
#define CARET_RESULT_FILTER_KEY "caret.result_filter"
/// Registry field of "did you mean": a host function called as f(name, owner) when a script reads
/// a missing field or method `name` of `owner` (a type or module name); returns the nearest valid
/// name or nothing.
#define CARET_NEAREST_NAME_KEY "caret.nearest_name"

/// Raises `OWNER has no WHAT 'KEY'` (and `; did you mean 'NAME'?` when the host names one) for the
/// key at stack index `key`, or `OWNER cannot be indexed with a TYPE` for a key that is no string.
int caret_lua_raise_missing(lua_State *L, const char *owner, int key, const char *what);
/// Gives the module table at `table` a metatable whose __index raises for a missing name.
void caret_lua_guard_module(lua_State *L, int table, const char *name);

/// The next number (1, 2, …) for a temporary file name in this process: a C11 atomic increment,
/// safe from any thread (LuaFileAccess names `.NAME.caret-PID-N.tmp` with it).
unsigned long caret_next_temporary_number(void);

/// Opens a directory to resolve paths beneath it later: O_DIRECTORY|O_RDONLY|O_CLOEXEC, plus
/// O_PATH where the system has it. Returns the descriptor, or -1 with errno set.
int caret_open_directory(const char *path);

/// openat2(2) of `path` beneath `dirfd` with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
/// RESOLVE_NO_MAGICLINKS: no component may be a symlink and none may leave `dirfd`. Returns the
/// descriptor, or -1 with errno set; errno is ENOSYS where openat2 does not exist (not Linux, old
/// kernel or headers) and may be ENOSYS or EPERM where a seccomp filter forbids it.
int caret_open_beneath(int dirfd, const char *path, int flags, unsigned int mode);

#endif
