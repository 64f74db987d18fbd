// The C runtime's frame registration, bypassed in static executables (see scripts/build-release.sh).
//
// LuaJIT raises every Lua error, and aborts every trace the JIT cannot finish (a loop calling a
// host function is one), by unwinding the stack with the system unwinder. In a static executable
// the C runtime's start files register the executable's whole .eh_frame with that unwinder
// (__register_frame_info), and the unwinder sorts a registered object's frame descriptions at its
// first unwind: for caret, 73k of them in about 280M instructions (35 ms), paid by any script
// whose loop calls the editor. The linker has already written them sorted, in .eh_frame_hdr, which
// the unwinder uses (through _dl_find_object) for code no registered object covers.
//
// scripts/build-release.sh links static executables with --wrap for both functions, so the start
// files' calls come here: registration of the executable's own frames is skipped, and so is their
// deregistration at exit. Other registrations pass through. In any other build nothing calls these.
#if defined(__linux__)
#include <stddef.h>

// With --wrap, the real functions are reachable under these names; weak, so that a build linked
// without --wrap (where they do not exist) still links.
void __real___register_frame_info(const void *begin, void *object) __attribute__((weak));
void *__real___deregister_frame_info(const void *begin) __attribute__((weak));

/// The frames the start files asked to register, which were not.
static const void *caret_skipped_frames;

void __wrap___register_frame_info(const void *begin, void *object) {
  (void)object;
  if (caret_skipped_frames == NULL) {
    // The first call comes from the start files, for the executable's own .eh_frame.
    caret_skipped_frames = begin;
    return;
  }
  if (__real___register_frame_info) __real___register_frame_info(begin, object);
}

void *__wrap___deregister_frame_info(const void *begin) {
  if (begin != NULL && begin == caret_skipped_frames) return NULL;
  return __real___deregister_frame_info ? __real___deregister_frame_info(begin) : NULL;
}
#endif
