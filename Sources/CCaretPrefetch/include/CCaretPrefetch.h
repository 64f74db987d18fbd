// The one processor hint Swift cannot spell: start loading a cache line now, so that a load
// that comes later, once an address it depends on is known, does not wait for memory.
#ifndef CCARETPREFETCH_H
#define CCARETPREFETCH_H

/// Starts loading the cache line holding `address` into every cache level, for a write to come.
/// Only a hint: it never faults, whatever `address` is, and changes no memory. Inlined where it
/// is called (the Swift compiler emits this header's code into its caller's module).
static inline __attribute__((always_inline)) void caret_prefetch(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
