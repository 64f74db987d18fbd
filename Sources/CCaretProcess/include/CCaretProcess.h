// Process-level guards for the caret command: a crash is reported in one line and a
// conventional exit code, never as silence or a core dump.
#ifndef CCARETPROCESS_H
#define CCARETPROCESS_H

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP (Swift traps on arm64) that write
/// `caret: internal error (signal N) while running WHAT` to stderr with async-signal-safe calls
/// and exit with status 70 (EX_SOFTWARE). Gives the calling thread an alternate signal stack, so
/// a stack overflow is reported too (threads that run scripts set up their own).
void caret_crash_guard_install(void);

/// Sets WHAT in the crash message (at most 255 bytes are kept; newlines become spaces).
void caret_crash_guard_set_activity(const char *what);

/// From now on SIGINT and SIGTERM only set a flag that `caret_interrupt_signal` reads (once each:
/// the same signal again ends the process as usual), and are unblocked in the calling thread. A
/// signal the process was started with ignored stays ignored. Clears the flag.
void caret_interrupt_watch(void);

/// The signal number received since `caret_interrupt_watch`, or 0.
int caret_interrupt_signal(void);

/// SIGINT and SIGTERM do again what they did before `caret_interrupt_watch`.
void caret_interrupt_unwatch(void);

#endif
