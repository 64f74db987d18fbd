// SIGINT and SIGTERM for long work that must end cleanly (caret shrink writes what it found):
// the handler only records the signal; the work polls it between steps.
#include "CCaretProcess.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caret_interrupt_received = 0;

static void caret_interrupt_handler(int signal_number) {
  caret_interrupt_received = signal_number;
}

void caret_interrupt_watch(void) {
  caret_interrupt_received = 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = caret_interrupt_handler;
  /* A second signal of the same kind takes the default action: Ctrl-C twice always ends it. */
  action.sa_flags = SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
}

int caret_interrupt_signal(void) {
  return caret_interrupt_received;
}

void caret_interrupt_unwatch(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
}
