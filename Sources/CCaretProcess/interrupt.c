// SIGINT and SIGTERM for long work that must end cleanly (caret shrink writes what it found):
// the handler only records the signal; the work polls it between steps.
#include "CCaretProcess.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caret_interrupt_received = 0;
/* What SIGINT and SIGTERM did before caret_interrupt_watch, restored by caret_interrupt_unwatch. */
static struct sigaction caret_interrupt_previous[2];
static int caret_interrupt_saved[2];

static void caret_interrupt_handler(int signal_number) {
  caret_interrupt_received = signal_number;
}

/* Watches `signal_number` unless the process was started with it ignored (a background job of a
   non-interactive shell ignores SIGINT, and should go on doing so). */
static void caret_interrupt_watch_one(int slot, int signal_number) {
  struct sigaction *previous = &caret_interrupt_previous[slot];
  caret_interrupt_saved[slot] = 0;
  if (sigaction(signal_number, NULL, previous) != 0 || previous->sa_handler == SIG_IGN) return;
  caret_interrupt_saved[slot] = 1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = caret_interrupt_handler;
  /* A second signal of the same kind takes the default action: Ctrl-C twice always ends it. */
  action.sa_flags = SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
}

void caret_interrupt_watch(void) {
  caret_interrupt_received = 0;
  caret_interrupt_watch_one(0, SIGINT);
  caret_interrupt_watch_one(1, SIGTERM);
  /* A parent may start us with these blocked (some process-spawning libraries block most
     signals in the child): a signal that stays pending would never stop the work. */
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int caret_interrupt_signal(void) {
  return caret_interrupt_received;
}

void caret_interrupt_unwatch(void) {
  if (caret_interrupt_saved[0]) sigaction(SIGINT, &caret_interrupt_previous[0], NULL);
  if (caret_interrupt_saved[1]) sigaction(SIGTERM, &caret_interrupt_previous[1], NULL);
  caret_interrupt_saved[0] = caret_interrupt_saved[1] = 0;
}
