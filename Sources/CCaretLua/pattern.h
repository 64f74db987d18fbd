// The pattern matcher shared by pattern.c (the string library functions) and pattern_match.c
// (the matcher): its state, its step accounting against the script's limits, and its entry points.
#ifndef CCARETLUA_PATTERN_H
#define CCARETLUA_PATTERN_H
#include "internal.h"
#include <string.h>

#define PATTERN_MAX_CAPTURES 32      /* LUA_MAXCAPTURES */
#define PATTERN_MAX_DEPTH 200        /* nested matcher calls allowed per start position */
#define PATTERN_CHECK_INTERVAL 4096  /* steps between limit checks */
#define PATTERN_BYTES_PER_STEP 64    /* bulk scanning and copying is charged per this many bytes */
#define PATTERN_CALLBACK_STEPS 32    /* what a gsub callback's call itself is charged */

enum { CAPTURE_OPEN = -1, CAPTURE_POSITION = -2 };

typedef struct pattern_state {
  lua_State *L;
  caret_lua_ctx *ctx;
  const char *subject;      /* the whole subject, which the matcher never reads past subject_end */
  const char *subject_end;
  int depth;                /* nested matcher calls at this start position */
  int captures;             /* captures opened so far (closed or not) */
  uint64_t steps;           /* steps not yet charged to ctx->instructions */
  struct { const char *start; ptrdiff_t length; } capture[PATTERN_MAX_CAPTURES];
} pattern_state;

/* ---- limits ---- */

/* Charges the pending steps and raises the limit error if a limit is reached, setting
   ctx->tripped as the count hook does. */
static inline void pattern_check_limits(pattern_state *ps) {
  uint64_t steps = ps->steps;
  ps->steps = 0;
  if (caret_lua_charge(ps->ctx, steps) != CARET_LIMIT_NONE) caret_lua_raise_tripped(ps->L, ps->ctx);
}

static inline void pattern_step(pattern_state *ps) {
  if (++ps->steps >= PATTERN_CHECK_INTERVAL) pattern_check_limits(ps);
}

static inline void pattern_charge(pattern_state *ps, size_t steps) {
  ps->steps += steps;
  if (ps->steps >= PATTERN_CHECK_INTERVAL) pattern_check_limits(ps);
}

static inline void pattern_charge_bytes(pattern_state *ps, size_t bytes) {
  pattern_charge(ps, bytes / PATTERN_BYTES_PER_STEP);
}

/* Charges what is pending without checking: the end of a call, or before calling into Lua. */
static inline void pattern_settle(pattern_state *ps) {
  ps->ctx->instructions += ps->steps;
  ps->steps = 0;
}

static inline void pattern_init(pattern_state *ps, lua_State *L, const char *subject, size_t length) {
  ps->L = L;
  ps->ctx = caret_lua_context(L);
  ps->subject = subject;
  ps->subject_end = subject + length;
  ps->depth = 0;
  ps->captures = 0;
  ps->steps = 0;
  if (ps->ctx->tripped != CARET_LIMIT_NONE) caret_lua_raise_tripped(L, ps->ctx);
}

/* What can start a match: see pattern_match.c. */
typedef struct start_filter {
  int byte;                        /* the plain byte, or -1 */
  const char *item, *item_end;     /* the class or set, or NULL */
} start_filter;

/* pattern_match.c */
int pattern_is_digit(int c);
const char *pattern_match_at(pattern_state *ps, const char *s, const char *p);
void pattern_start_filter_init(pattern_state *ps, start_filter *f, const char *p, int anchored);
const char *pattern_next_start(pattern_state *ps, const char *s, const start_filter *f);
void pattern_push_capture(pattern_state *ps, int index, const char *s, const char *e);
int pattern_push_captures(pattern_state *ps, const char *s, const char *e);
#endif
