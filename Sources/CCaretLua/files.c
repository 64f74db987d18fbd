// Opening files beneath a directory descriptor, for the file capability (LuaFileAccess.swift).
// Swift cannot call the variadic syscall(2), and O_PATH needs _GNU_SOURCE, so both live here.
#define _GNU_SOURCE
#include "CCaretLua.h"
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#if defined(SYS_openat2) && defined(__has_include)
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#define CARET_HAVE_OPENAT2 1
#endif
#endif
#endif

// A C11 atomic rather than Swift's `Atomic` (Synchronization needs macOS 15; the package supports
// macOS 13) or a lock (this is one lock-free increment, and the file layer stays free of Foundation).
static atomic_ulong caret_temporary_counter;

unsigned long caret_next_temporary_number(void) {
  return atomic_fetch_add_explicit(&caret_temporary_counter, 1, memory_order_relaxed) + 1;
}

int caret_open_directory(const char *path) {
#if defined(O_PATH)
  return open(path, O_DIRECTORY | O_RDONLY | O_CLOEXEC | O_PATH);
#else
  return open(path, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
#endif
}

int caret_open_beneath(int dirfd, const char *path, int flags, unsigned int mode) {
#if defined(CARET_HAVE_OPENAT2)
  struct open_how how = {0};
  how.flags = (uint64_t)(unsigned int)flags;
  how.mode = (flags & O_CREAT) ? mode : 0;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
  for (int attempt = 0;; attempt++) {
    long fd = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
    if (fd >= 0) return (int)fd;
    /* EAGAIN: a concurrent rename elsewhere made the kernel unsure; it asks to try again. */
    if ((errno == EINTR || errno == EAGAIN) && attempt < 16) continue;
    return -1;
  }
#else
  (void)dirfd; (void)path; (void)flags; (void)mode;
  errno = ENOSYS;
  return -1;
#endif
}
