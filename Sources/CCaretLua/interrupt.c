// Interrupting a running chunk from a signal (the REPL's Ctrl-C).
//
// The SIGINT handler only sets a flag and calls lua_sethook, which Lua 5.1 and LuaJIT allow from a
// signal handler: it installs a count hook that fires on the next instruction the interpreter
// runs. The hook raises "interrupted" and stays armed until the host disarms it after the entry
// has returned, so a script's own pcall cannot swallow the interrupt: the hook raises again at the
// first instruction after the pcall. Disarming restores the hook the limits had installed (or
// none). Hooks do not fire inside JIT-compiled code, so enabling interrupts turns the JIT off.
#include "internal.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>

static lua_State *volatile interrupt_state;
static volatile sig_atomic_t interrupt_requested;
static lua_Hook saved_hook;
static int saved_mask, saved_count;
static struct sigaction previous_action;
static int handler_installed;

static void interrupt_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_pushliteral(L, "interrupted");
  lua_error(L);
}

static void interrupt_signal(int signal_number) {
  (void)signal_number;
  interrupt_requested = 1;
  lua_State *L = interrupt_state;
  if (L) lua_sethook(L, interrupt_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
}

int caret_lua_interrupt_enable(lua_State *L) {
  if (interrupt_state && interrupt_state != L) return -1;
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
  saved_hook = lua_gethook(L);
  saved_mask = lua_gethookmask(L);
  saved_count = lua_gethookcount(L);
  interrupt_requested = 0;
  interrupt_state = L;
  if (!handler_installed) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = interrupt_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, &previous_action) != 0) {
      interrupt_state = NULL;
      return -1;
    }
    handler_installed = 1;
  }
  return 0;
}

int caret_lua_interrupt_take(lua_State *L) {
  if (interrupt_state != L) return 0;
  /* Block SIGINT while restoring, so the handler cannot re-arm between the read and the reset. */
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  int was = interrupt_requested;
  interrupt_requested = 0;
  if (was) lua_sethook(L, saved_hook, saved_mask, saved_count);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return was;
}

void caret_lua_interrupt_disable(lua_State *L) {
  if (interrupt_state != L) return;
  caret_lua_interrupt_take(L);
  interrupt_state = NULL;
  if (handler_installed) {
    /* A Ctrl-C sent while interrupts were on but not yet delivered (a busy machine can take a
       while to schedule the thread it goes to) belongs to them: it is taken here, with SIGINT
       blocked in this thread, instead of reaching the previous disposition, which by default
       ends the process. */
    sigset_t block, old, pending;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    sigemptyset(&pending);
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGINT)) {
      int taken;
      sigwait(&block, &taken);
    }
    sigaction(SIGINT, &previous_action, NULL);
    handler_installed = 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
  }
}
