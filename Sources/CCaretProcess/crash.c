// Crash reporting: a fixed message from a preformatted buffer, written with write(2) and _exit(2)
// only, so it works whatever state the crash left the heap or the Swift runtime in.
#include "CCaretProcess.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char activity[256] = "caret";
static size_t activity_length = 5;

void caret_crash_guard_set_activity(const char *what) {
  size_t n = 0;
  for (; what[n] && n < sizeof activity - 1; n++) {
    char c = what[n];
    activity[n] = (c == '\n' || c == '\r') ? ' ' : c;
  }
  activity_length = n;
}

static void write_all(const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(STDERR_FILENO, bytes, length);
    if (n <= 0) return;
    bytes += n;
    length -= (size_t)n;
  }
}

static void caret_crash_handler(int signal_number) {
  char digits[12];
  int count = 0;
  for (int v = signal_number; count == 0 || v > 0; v /= 10) digits[count++] = (char)('0' + v % 10);
  char number[12];
  for (int i = 0; i < count; i++) number[i] = digits[count - 1 - i];
  static const char head[] = "caret: internal error (signal ";
  static const char middle[] = ") while running ";
  write_all(head, sizeof head - 1);
  write_all(number, (size_t)count);
  write_all(middle, sizeof middle - 1);
  write_all(activity, activity_length);
  write_all("\n", 1);
  _exit(70);
}

void caret_crash_guard_install(void) {
  static char alternate_stack[64 << 10];
  stack_t alternate;
  memset(&alternate, 0, sizeof alternate);
  alternate.ss_sp = alternate_stack;
  alternate.ss_size = sizeof alternate_stack;
  sigaltstack(&alternate, NULL);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = caret_crash_handler;
  action.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
  for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
}
