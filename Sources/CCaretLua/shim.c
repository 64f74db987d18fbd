// Trampoline, allocator, limits and protected entry for Caret's LuaJIT embedding.
#define _GNU_SOURCE
#include "internal.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CARET_TRACEBACK_KEY "caret.traceback"

uint64_t caret_lua_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The allocator: counts bytes; past the limit it refuses growth (LuaJIT then raises
   "not enough memory") unless a host function is running, whose frames must never be unwound. */
static void *caret_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  caret_lua_ctx *ctx = (caret_lua_ctx *)ud;
  if (nsize == 0) {
    if (ptr) { free(ptr); ctx->bytes_in_use -= osize; }
    return NULL;
  }
  size_t old = ptr ? osize : 0;
  if (nsize > old && ctx->in_host == 0) {
    if (ctx->tripped == CARET_LIMIT_MEMORY) return NULL;
    if (ctx->memory_limit && ctx->bytes_in_use - old + nsize + ctx->host_bytes > ctx->memory_limit) {
      if (ctx->tripped == CARET_LIMIT_NONE) ctx->tripped = CARET_LIMIT_MEMORY;
      return NULL;
    }
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL) return NULL;
  ctx->bytes_in_use = ctx->bytes_in_use - old + nsize;
  if (ctx->bytes_in_use > ctx->peak_bytes) ctx->peak_bytes = ctx->bytes_in_use;
  return p;
}

lua_State *caret_lua_newstate(caret_lua_ctx *ctx) {
  return lua_newstate(caret_alloc, ctx);
}

caret_lua_ctx *caret_lua_context(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (caret_lua_ctx *)ud;
}

/* Raises the sticky limit error. The host turns ctx->tripped into the Swift error, so the
   message only has to be clear to anyone who sees it from Lua. */
int caret_lua_raise_tripped(lua_State *L, caret_lua_ctx *ctx) {
  switch (ctx->tripped) {
  case CARET_LIMIT_INSTRUCTIONS: lua_pushliteral(L, "instruction limit exceeded"); break;
  case CARET_LIMIT_TIMEOUT: lua_pushliteral(L, "time limit exceeded"); break;
  default: lua_pushliteral(L, "memory limit exceeded"); break;
  }
  return lua_error(L);
}

/* Delivers the events host functions queued: no Swift frame is on the stack here. Handlers run
   as ordinary Lua calls (limits apply, errors propagate to the script); events a handler's own
   editor calls queue are delivered when those calls return, before the rest of this batch. */
static void caret_deliver_events(lua_State *L, caret_lua_ctx *ctx) {
  while (ctx->pending_events > 0) {
    ctx->pending_events = 0;
    int base = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, CARET_TAKE_EVENTS_KEY);
    if (!lua_isfunction(L, -1)) { lua_settop(L, base); return; }
    lua_call(L, 0, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, CARET_HANDLERS_KEY);
    int events = base + 1, handlers = base + 2;
    if (lua_istable(L, events) && lua_istable(L, handlers)) {
      for (int i = 1;; i += 2) {
        lua_rawgeti(L, events, i + 1);
        if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
        int event = lua_gettop(L);
        lua_rawgeti(L, events, i);
        lua_rawget(L, handlers);
        int list = lua_gettop(L);
        if (lua_istable(L, list)) {
          for (int j = 1;; j++) {
            lua_rawgeti(L, list, j);
            if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
            lua_pushvalue(L, event);
            lua_call(L, 1, 0);
          }
        }
        lua_settop(L, event - 1);
      }
    }
    lua_settop(L, base);
  }
}

/* Checks a call's arguments (stack slots offset+1 … offset+count) against the function's
   compiled checks: returns the first argument (1-based) whose type does not fit, count + 1 when
   more than count were passed (looked at first), or 0, when seen[i] describes argument i + 1.
   Host-object type names are the host's to check. For a method, *receiver is what
   caret_lua_receiver finds. */
static inline int caret_check_call(lua_State *L, const caret_lua_host_function *f, caret_lua_argument *seen,
                                   void **receiver) {
  if (f->receiver_type != 0) *receiver = caret_lua_receiver(L, f->receiver_type);
  int count = f->check_count, offset = f->offset;
  if (lua_gettop(L) - offset > count) return count + 1;
  for (int i = 0; i < count; i++) {
    int index = offset + i + 1;
    int type = lua_type(L, index);
    if (!(f->checks[i].accepted & (1u << (type > 0 ? type : 0)))) return i + 1;
    seen[i].type = type;
    if (type == LUA_TNUMBER) {
      double number = lua_tonumber(L, index);
      if (f->checks[i].integral && !caret_lua_is_int64(number)) return i + 1;
      seen[i].number = number;
    } else if (type == LUA_TSTRING) {
      seen[i].bytes = lua_tolstring(L, index, &seen[i].length);
    }
  }
  return 0;
}

/* After a host call: trips the memory limit if the host overshot it, now that no host frame
   that must not be unwound is left. */
static inline void caret_note_host_overshoot(caret_lua_ctx *ctx) {
  if (ctx->in_host == 0 && ctx->memory_limit && ctx->bytes_in_use + ctx->host_bytes > ctx->memory_limit
      && ctx->tripped == CARET_LIMIT_NONE)
    ctx->tripped = CARET_LIMIT_MEMORY;
}

/* Calls host function `f`: every host call's path. */
static inline __attribute__((always_inline)) int caret_call_host(lua_State *L, caret_lua_ctx *ctx,
                                                                 const caret_lua_host_function *f) {
  char probe;  /* the C stack check, inline: this is every host call's path */
  if (ctx->c_stack_floor != 0 && (uintptr_t)&probe <= ctx->c_stack_floor) {
    lua_pushliteral(L, "C stack overflow (host calls nested too deeply)");
    return lua_error(L);
  }
  /* A host call through a trampoline is interpreted code (no trace calls a C function): the
     compiled route's wrappers go back to their trampolines. A method with a compiled entry is
     called from its wrapper, handing over a call the entry declined: a compiled loop whose
     calls sometimes fall back stays compiled. */
  if (ctx->compiled_mode && !f->compiled) caret_lua_leave_compiled_mode(L, ctx);
  ctx->in_host++;
  int n = f->fast ? f->fast(L, f) : CARET_LUA_FALLBACK;
  if (n != CARET_LUA_FALLBACK) {
    /* done */
  } else if (f->checked) {
    /* The arguments are checked here, before the host runs; a failed check leaves the wording
       of the error to the host's own checker (seen NULL). */
    caret_lua_argument seen[CARET_LUA_SEEN_CAPACITY];
    void *receiver = NULL;
    int verdict = caret_check_call(L, f, seen, &receiver);
    n = ctx->dispatch(L, f->box, verdict == 0 ? seen : NULL, receiver);
  } else {
    n = ctx->dispatch(L, f->box, NULL, NULL);
  }
  ctx->in_host--;
  caret_note_host_overshoot(ctx);
  if (n >= 0 && ctx->tripped == CARET_LIMIT_NONE) {
    if (ctx->pending_filter > 0 && ctx->in_host == 0) {
      /* The host asked for its first result to go through a Lua function (which may change the
         table in place) now that no Swift frame is on the stack. */
      ctx->pending_filter = 0;
      if (n >= 1) {
        lua_getfield(L, LUA_REGISTRYINDEX, CARET_RESULT_FILTER_KEY);
        if (lua_isfunction(L, -1)) {
          lua_pushvalue(L, -1 - n);
          lua_call(L, 1, 0);
        } else {
          lua_pop(L, 1);
        }
      }
    }
    if (ctx->pending_events > 0 && ctx->in_host == 0) caret_deliver_events(L, ctx);
    return n;
  }
  if (ctx->tripped != CARET_LIMIT_NONE) return caret_lua_raise_tripped(L, ctx);
  if (n == CARET_LUA_ERROR) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* The compiled route (compiled.c builds its wrappers): what caret_call_host does around a host
   call, for a compiled entry the FFI calls from Lua. No C stack check: it never re-enters Lua. */
double caret_lua_compiled_call(void *function, void *self, double n1, double n2, const char *bytes, size_t length) {
  caret_lua_host_function *f = (caret_lua_host_function *)function;
  caret_lua_ctx *ctx = f->ctx;
  caret_lua_object *o = (caret_lua_object *)self;
  /* Any other value LuaJIT passes as a pointer (another userdata's block, a light userdata) is
     never read: the ordinary route finds out what it is. */
  if (o == NULL || o != f->verified_receiver || ctx->tripped != CARET_LIMIT_NONE) return CARET_LUA_COMPILED_FALLBACK;
  ctx->in_host++;
  double result = f->compiled(f, o->object, n1, n2, bytes, length);
  ctx->in_host--;
  if (result < 0) return CARET_LUA_COMPILED_FALLBACK;
  ctx->compiled_route_calls++;
  caret_note_host_overshoot(ctx);
  if (ctx->tripped != CARET_LIMIT_NONE || (ctx->pending_events > 0 && ctx->in_host == 0)) return CARET_LUA_COMPILED_ATTEND;
  return result;
}

/* A compiled-route wrapper calls this (as a tail call, so that positions are the caller's) when
   caret_lua_compiled_call returned CARET_LUA_COMPILED_ATTEND. */
int caret_lua_compiled_attend(lua_State *L) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  if (ctx->tripped != CARET_LIMIT_NONE) return caret_lua_raise_tripped(L, ctx);
  if (ctx->pending_events > 0 && ctx->in_host == 0) {
    if (!caret_lua_check_c_stack(L)) {
      lua_pushliteral(L, "C stack overflow (host calls nested too deeply)");
      return lua_error(L);
    }
    caret_deliver_events(L, ctx);
  }
  return 0;
}

/* The trampoline: its upvalue is the function's caret_lua_host_function. */
static int caret_trampoline(lua_State *L) {
  const caret_lua_host_function *f = (const caret_lua_host_function *)lua_touserdata(L, lua_upvalueindex(1));
  return caret_call_host(L, f->ctx, f);
}

/* Trampolines without an upvalue, for the first functions with a fast path in a state: each
   finds its function in the context's slot of its number (lua_getallocf costs a tenth of what
   reading an upvalue through lua_touserdata does, on calls that cost ~500 instructions in all). */
#define CARET_SLOT_TRAMPOLINE(k) \
  static int caret_slot_trampoline_##k(lua_State *L) { \
    caret_lua_ctx *ctx = caret_lua_context(L); \
    return caret_call_host(L, ctx, ctx->slot_functions[k]); \
  }
CARET_SLOT_TRAMPOLINE(0)
CARET_SLOT_TRAMPOLINE(1)
CARET_SLOT_TRAMPOLINE(2)
CARET_SLOT_TRAMPOLINE(3)
CARET_SLOT_TRAMPOLINE(4)
CARET_SLOT_TRAMPOLINE(5)
CARET_SLOT_TRAMPOLINE(6)
CARET_SLOT_TRAMPOLINE(7)
static const lua_CFunction caret_slot_trampolines[CARET_LUA_SLOT_COUNT] = {
  caret_slot_trampoline_0, caret_slot_trampoline_1, caret_slot_trampoline_2, caret_slot_trampoline_3,
  caret_slot_trampoline_4, caret_slot_trampoline_5, caret_slot_trampoline_6, caret_slot_trampoline_7,
};

void caret_lua_push_host_function(lua_State *L, void *function) {
  caret_lua_host_function *f = (caret_lua_host_function *)function;
  caret_lua_ctx *ctx = f->ctx;
  if (f->fast && ctx->slot_count < CARET_LUA_SLOT_COUNT) {
    ctx->slot_functions[ctx->slot_count] = f;
    lua_pushcfunction(L, caret_slot_trampolines[ctx->slot_count++]);
  } else {
    lua_pushlightuserdata(L, function);
    lua_pushcclosure(L, caret_trampoline, 1);
  }
  if (f->compiled && ctx->compiled_calls) caret_lua_wrap_compiled(L, f);
}

int caret_lua_charge(caret_lua_ctx *ctx, uint64_t work) {
  if (ctx->tripped != CARET_LIMIT_NONE) return ctx->tripped;
  ctx->instructions += work;
  if (ctx->instruction_limit && ctx->instructions >= ctx->instruction_limit)
    ctx->tripped = CARET_LIMIT_INSTRUCTIONS;
  else if (ctx->deadline_ns && caret_lua_now_ns() >= ctx->deadline_ns)
    ctx->tripped = CARET_LIMIT_TIMEOUT;
  return ctx->tripped;
}

static void caret_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  caret_lua_ctx *ctx = caret_lua_context(L);
  if (caret_lua_charge(ctx, (uint64_t)ctx->hook_interval) != CARET_LIMIT_NONE) caret_lua_raise_tripped(L, ctx);
}

void caret_lua_configure_limits(lua_State *L, int jit_enabled) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  int hooked = ctx->instruction_limit != 0 || ctx->has_timeout;
  if (hooked) {
    int interval = 1000;
    if (ctx->instruction_limit && ctx->instruction_limit < (uint64_t)interval)
      interval = (int)ctx->instruction_limit;
    ctx->hook_interval = interval;
    /* Count hooks do not fire inside JIT-compiled code, so a limit needs the interpreter. */
    luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
    lua_sethook(L, caret_hook, LUA_MASKCOUNT, interval);
  } else {
    lua_sethook(L, NULL, 0, 0);
    luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | (jit_enabled ? LUAJIT_MODE_ON : LUAJIT_MODE_OFF));
  }
}

/* Message handler: records the user's frames (Lua functions only; C internals are left out). */
static int caret_traceback(lua_State *L) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  if (ctx->tripped == CARET_LIMIT_MEMORY) return 1;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lua_Debug ar;
  int frames = 0;
  for (int level = 1; lua_getstack(L, level, &ar) && frames < 24; level++) {
    if (!lua_getinfo(L, "Sln", &ar)) break;
    if (ar.currentline <= 0 || strcmp(ar.what, "C") == 0 || strcmp(ar.short_src, "[caret]") == 0) continue;
    char line[320];
    if (ar.name && *ar.namewhat)
      snprintf(line, sizeof line, "\n\t%s:%d: in function '%s'", ar.short_src, ar.currentline, ar.name);
    else if (strcmp(ar.what, "main") == 0)
      snprintf(line, sizeof line, "\n\t%s:%d: in main chunk", ar.short_src, ar.currentline);
    else
      snprintf(line, sizeof line, "\n\t%s:%d: in function <%s:%d>", ar.short_src, ar.currentline,
               ar.short_src, ar.linedefined);
    luaL_addstring(&b, line);
    frames++;
  }
  luaL_pushresult(&b);
  lua_setfield(L, LUA_REGISTRYINDEX, CARET_TRACEBACK_KEY);
  return 1;
}

/* The lowest stack address C code that recurses into Lua may reach: this thread's stack bottom
   plus a 1 MiB margin (every C path that re-enters Lua checks it, so one level of recursion past
   the check needs far less), or 256 KiB below the entry point when the bounds are unknown. The
   bounds are cached per thread: pthread_getattr_np reads /proc for the main thread. */
static uintptr_t caret_stack_floor(caret_lua_ctx *ctx) {
  char probe;
  uintptr_t here = (uintptr_t)&probe, self = (uintptr_t)pthread_self();
  if (ctx->stack_thread != self) {
    ctx->stack_thread = self;
    ctx->stack_low = 0;
#if defined(__linux__)
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void *low = NULL;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &low, &size) == 0) ctx->stack_low = (uintptr_t)low;
      pthread_attr_destroy(&attr);
    }
#elif defined(__APPLE__)
    pthread_t thread = pthread_self();
    ctx->stack_low = (uintptr_t)pthread_get_stackaddr_np(thread) - pthread_get_stacksize_np(thread);
#endif
  }
  uintptr_t margin = 1u << 20;
  if (ctx->stack_low && here > ctx->stack_low + 2 * margin) return ctx->stack_low + margin;
  return here - (256u << 10);
}

int caret_lua_check_c_stack(lua_State *L) {
  char probe;
  caret_lua_ctx *ctx = caret_lua_context(L);
  return ctx->c_stack_floor == 0 || (uintptr_t)&probe > ctx->c_stack_floor;
}

int caret_lua_pcall(lua_State *L, int nargs, int nresults) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  ctx->instructions = 0;
  ctx->c_stack_floor = caret_stack_floor(ctx);
  int base = lua_gettop(L) - nargs;
  /* These calls allocate outside any protection: they must not fail on the memory limit. */
  ctx->in_host++;
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, CARET_TRACEBACK_KEY);
  lua_pushcfunction(L, caret_traceback);
  lua_insert(L, base);
  ctx->in_host--;
  int status = lua_pcall(L, nargs, nresults, base);
  lua_remove(L, base);
  return status;
}

/* ---- the script thread ---- */

/* A thread with a stack of a size Caret chooses, on which every protected entry runs: scripts
   recurse through C (coroutines, metamethods, callbacks), and the depth they may reach must not
   depend on the caller's thread. The caller blocks while the entry runs.

   Each side waits for the other's flag by spinning for a short while before it sleeps on the
   condition variable: waking a thread that sleeps on another processor costs tens of
   microseconds on a virtual machine (an entry that does little took ~70 us a call, two such
   wake-ups), while most entries return, and most next entries come, well within the spin. The
   flag is always set under the lock and followed by a broadcast, so a side that stopped spinning
   and sleeps is woken as before. With one processor there is no spinning: the side waited for
   could not run meanwhile. */
struct caret_lua_runner {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  pthread_t thread;
  _Atomic int has_work, done, quit;
  int spins; /* whether waits spin first (more than one processor) */
  lua_State *L;
  int nargs, nresults, status;
};

/* How long a wait spins before it sleeps. */
#define CARET_RUNNER_SPIN_NS INT64_C(50000)

static inline void caret_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

static int64_t caret_now_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/* Spins until `*a` or `*b` (when given) is set, for at most CARET_RUNNER_SPIN_NS; whether one
   was. The acquire load pairs with the release store that set it. */
static int caret_runner_spin(caret_lua_runner *r, _Atomic int *a, _Atomic int *b) {
  if (!r->spins) return 0;
  int64_t deadline = 0;
  for (unsigned i = 0;; i++) {
    if (atomic_load_explicit(a, memory_order_acquire)) return 1;
    if (b && atomic_load_explicit(b, memory_order_acquire)) return 1;
    if ((i & 63) == 0) {
      int64_t now = caret_now_ns();
      if (deadline == 0) deadline = now + CARET_RUNNER_SPIN_NS;
      else if (now >= deadline) return 0;
    }
    caret_cpu_relax();
  }
}

/* Sets `*flag` under the lock and wakes a side that sleeps waiting for it. */
static void caret_runner_signal(caret_lua_runner *r, _Atomic int *flag) {
  pthread_mutex_lock(&r->lock);
  atomic_store_explicit(flag, 1, memory_order_release);
  pthread_cond_broadcast(&r->changed);
  pthread_mutex_unlock(&r->lock);
}

static void *caret_runner_main(void *argument) {
  caret_lua_runner *r = (caret_lua_runner *)argument;
  /* A stack overflow's SIGSEGV needs a stack of its own to be reported on. */
  stack_t alternate;
  memset(&alternate, 0, sizeof alternate);
  alternate.ss_size = 64u << 10;
  alternate.ss_sp = malloc(alternate.ss_size);
  if (alternate.ss_sp) sigaltstack(&alternate, NULL);
  for (;;) {
    if (!caret_runner_spin(r, &r->has_work, &r->quit)) {
      pthread_mutex_lock(&r->lock);
      while (!atomic_load_explicit(&r->has_work, memory_order_acquire) && !atomic_load_explicit(&r->quit, memory_order_acquire))
        pthread_cond_wait(&r->changed, &r->lock);
      pthread_mutex_unlock(&r->lock);
    }
    if (atomic_load_explicit(&r->quit, memory_order_acquire)) break;
    atomic_store_explicit(&r->has_work, 0, memory_order_relaxed);
    r->status = caret_lua_pcall(r->L, r->nargs, r->nresults);
    caret_runner_signal(r, &r->done);
  }
  if (alternate.ss_sp) {
    stack_t off;
    memset(&off, 0, sizeof off);
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, NULL);
    free(alternate.ss_sp);
  }
  return NULL;
}

/* Whether this process may run on more than one processor. */
static int caret_runner_has_processors(void) {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set) > 1;
#endif
  return sysconf(_SC_NPROCESSORS_ONLN) > 1;
}

caret_lua_runner *caret_lua_runner_new(size_t stack_size) {
  caret_lua_runner *r = (caret_lua_runner *)calloc(1, sizeof *r);
  if (!r) return NULL;
  pthread_mutex_init(&r->lock, NULL);
  pthread_cond_init(&r->changed, NULL);
  atomic_init(&r->has_work, 0);
  atomic_init(&r->done, 0);
  atomic_init(&r->quit, 0);
  r->spins = caret_runner_has_processors();
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stack_size);
  int failed = pthread_create(&r->thread, &attr, caret_runner_main, r);
  pthread_attr_destroy(&attr);
  if (failed) {
    pthread_cond_destroy(&r->changed);
    pthread_mutex_destroy(&r->lock);
    free(r);
    return NULL;
  }
  return r;
}

int caret_lua_runner_pcall(caret_lua_runner *r, lua_State *L, int nargs, int nresults) {
  r->L = L;
  r->nargs = nargs;
  r->nresults = nresults;
  atomic_store_explicit(&r->done, 0, memory_order_relaxed);
  /* The release store of has_work publishes the fields above to the runner. */
  caret_runner_signal(r, &r->has_work);
  if (!caret_runner_spin(r, &r->done, NULL)) {
    pthread_mutex_lock(&r->lock);
    while (!atomic_load_explicit(&r->done, memory_order_acquire)) pthread_cond_wait(&r->changed, &r->lock);
    pthread_mutex_unlock(&r->lock);
  }
  return r->status;
}

void caret_lua_runner_free(caret_lua_runner *r) {
  if (!r) return;
  caret_runner_signal(r, &r->quit);
  pthread_join(r->thread, NULL);
  pthread_cond_destroy(&r->changed);
  pthread_mutex_destroy(&r->lock);
  free(r);
}

int caret_lua_load_text(lua_State *L, const char *source, size_t length, const char *chunkname) {
  if (length > 0 && source[0] == LUA_SIGNATURE[0]) {
    /* Name the chunk only by a short given name: an unnamed chunk is named by its own source,
       which here is bytecode. */
    size_t name_length = strlen(chunkname);
    if ((chunkname[0] == '@' || chunkname[0] == '=') && name_length <= 61)
      lua_pushfstring(L, "%s: binary chunks are not available in the sandbox", chunkname + 1);
    else
      lua_pushliteral(L, "binary chunks are not available in the sandbox");
    return LUA_ERRSYNTAX;
  }
  return luaL_loadbuffer(L, source, length, chunkname);
}

/* ---- host objects ---- */

caret_lua_object *caret_lua_to_object(lua_State *L, int index) {
  if (lua_type(L, index) != LUA_TUSERDATA || lua_objlen(L, index) != sizeof(caret_lua_object)) return NULL;
  caret_lua_object *o = (caret_lua_object *)lua_touserdata(L, index);
  if (o->magic != CARET_LUA_OBJECT_MAGIC || o->object == NULL) return NULL;
  return o;
}

static int caret_object_gc(lua_State *L) {
  caret_lua_object *o = caret_lua_to_object(L, 1);
  if (o) {
    /* Its block may be reused: the compiled route must not take it for this object then. */
    caret_lua_ctx *ctx = caret_lua_context(L);
    for (int i = 0; i < ctx->compiled_count; i++)
      if (ctx->compiled_functions[i]->verified_receiver == o) ctx->compiled_functions[i]->verified_receiver = NULL;
    void *object = o->object;
    o->object = NULL;
    caret_lua_context(L)->release(object);
  }
  return 0;
}

static int caret_object_eq(lua_State *L) {
  caret_lua_object *a = caret_lua_to_object(L, 1), *b = caret_lua_to_object(L, 2);
  lua_pushboolean(L, a && b && a->object == b->object);
  return 1;
}

static int caret_object_tostring(lua_State *L) {
  caret_lua_object *o = caret_lua_to_object(L, 1);
  lua_pushfstring(L, "%s #%d", lua_tostring(L, lua_upvalueindex(1)), o ? (int)o->serial : 0);
  return 1;
}

/* Raises `OWNER has no WHAT 'KEY'` for the key at `key`, with `; did you mean 'NAME'?` when the
   host's CARET_NEAREST_NAME_KEY function (called as f(key, owner)) names a close one. */
int caret_lua_raise_missing(lua_State *L, const char *owner, int key, const char *what) {
  if (lua_type(L, key) != LUA_TSTRING)
    return luaL_error(L, "%s cannot be indexed with a %s", owner, luaL_typename(L, key));
  const char *suggestion = NULL;
  lua_getfield(L, LUA_REGISTRYINDEX, CARET_NEAREST_NAME_KEY);
  if (lua_isfunction(L, -1)) {
    lua_pushvalue(L, key);
    lua_pushstring(L, owner);
    if (lua_pcall(L, 2, 1, 0) == 0 && lua_type(L, -1) == LUA_TSTRING) suggestion = lua_tostring(L, -1);
  }
  caret_lua_reraise_if_tripped(L);
  if (suggestion)
    return luaL_error(L, "%s has no %s '%s'; did you mean '%s'?", owner, what, lua_tostring(L, key), suggestion);
  return luaL_error(L, "%s has no %s '%s'", owner, what, lua_tostring(L, key));
}

/* upvalues: 1 methods, 2 getters, 3 type name */
static int caret_object_index(lua_State *L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(1));
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(2));
  if (lua_isfunction(L, -1)) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    return 1;
  }
  return caret_lua_raise_missing(L, lua_tostring(L, lua_upvalueindex(3)), 2, "field or method");
}

/* upvalues: 1 setters, 2 getters, 3 type name */
static int caret_object_newindex(lua_State *L) {
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(1));
  if (lua_isfunction(L, -1)) {
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_call(L, 2, 0);
    return 0;
  }
  lua_pop(L, 1);
  const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(2));
  if (!lua_isnil(L, -1))
    return luaL_error(L, "field '%s' of %s is read-only", key, lua_tostring(L, lua_upvalueindex(3)));
  return luaL_error(L, "%s has no field '%s'", lua_tostring(L, lua_upvalueindex(3)), key);
}

/* __index of a methods table used directly as a type's __index: a missing name is an error. */
static int caret_missing_method(lua_State *L) {
  return caret_lua_raise_missing(L, lua_tostring(L, lua_upvalueindex(1)), 2, "field or method");
}

/* __index of a module table (`caret`): a missing name is an error. upvalue 1: the module name. */
static int caret_missing_module_field(lua_State *L) {
  return caret_lua_raise_missing(L, lua_tostring(L, lua_upvalueindex(1)), 2, "field");
}

void caret_lua_guard_module(lua_State *L, int table, const char *name) {
  table = lua_absindex_compat(L, table);
  lua_newtable(L);
  lua_pushstring(L, name);
  lua_pushcclosure(L, caret_missing_module_field, 1);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, table);
}

static int caret_table_is_empty(lua_State *L, int index) {
  lua_pushnil(L);
  if (lua_next(L, index)) { lua_pop(L, 2); return 0; }
  return 1;
}

int caret_lua_new_object_type(lua_State *L, const char *name, int methods, int getters, int setters, int tostring_index) {
  methods = lua_absindex_compat(L, methods);
  getters = getters ? lua_absindex_compat(L, getters) : 0;
  setters = setters ? lua_absindex_compat(L, setters) : 0;
  tostring_index = tostring_index ? lua_absindex_compat(L, tostring_index) : 0;
  lua_newtable(L);
  int mt = lua_gettop(L);
  if (!getters || caret_table_is_empty(L, getters)) {
    /* No fields: the methods table itself is __index, so `obj:method()` is a table lookup the JIT
       compiles, not a call of a C __index function; a missing name reaches caret_missing_method. */
    lua_newtable(L);
    lua_pushstring(L, name);
    lua_pushcclosure(L, caret_missing_method, 1);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "the methods table is protected");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, methods);
    lua_pushvalue(L, methods);
  } else {
    lua_pushvalue(L, methods);
    if (getters) lua_pushvalue(L, getters); else lua_newtable(L);
    lua_pushstring(L, name);
    lua_pushcclosure(L, caret_object_index, 3);
  }
  lua_setfield(L, mt, "__index");
  if (setters) lua_pushvalue(L, setters); else lua_newtable(L);
  if (getters) lua_pushvalue(L, getters); else lua_newtable(L);
  lua_pushstring(L, name);
  lua_pushcclosure(L, caret_object_newindex, 3);
  lua_setfield(L, mt, "__newindex");
  lua_pushcfunction(L, caret_object_gc);
  lua_setfield(L, mt, "__gc");
  lua_pushcfunction(L, caret_object_eq);
  lua_setfield(L, mt, "__eq");
  if (tostring_index) {
    lua_pushvalue(L, tostring_index);
  } else {
    lua_pushstring(L, name);
    lua_pushcclosure(L, caret_object_tostring, 1);
  }
  lua_setfield(L, mt, "__tostring");
  lua_pushstring(L, name);
  lua_setfield(L, mt, "__metatable");
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

void caret_lua_push_object(lua_State *L, void *object, uint32_t type_id, int metatable_ref) {
  caret_lua_object *o = (caret_lua_object *)lua_newuserdata(L, sizeof(caret_lua_object));
  caret_lua_ctx *ctx = caret_lua_context(L);
  o->object = object;
  o->serial = ++ctx->next_serial;
  o->type_id = type_id;
  o->magic = CARET_LUA_OBJECT_MAGIC;
  lua_rawgeti(L, LUA_REGISTRYINDEX, metatable_ref);
  lua_setmetatable(L, -2);
}

void caret_lua_reraise_if_tripped(lua_State *L) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  if (ctx->tripped != CARET_LIMIT_NONE) caret_lua_raise_tripped(L, ctx);
}
