// string.find, string.match, string.gmatch and string.gsub with Lua 5.1 patterns, giving the
// results and error messages LuaJIT 2.1 gives, but with a matcher that honours the script's limits.
//
// LuaJIT's own matcher backtracks in C where no count hook fires, so a pattern such as
// ".-.-.-.-.-.-.-.-.-.-b" on a 60-byte subject runs for minutes past any time or instruction
// limit. This matcher counts its steps (one per pattern item tried, byte scanned or backtrack,
// and one per 64 bytes searched with memchr or copied), charges them to the script's
// instruction count and checks the limits every PATTERN_CHECK_INTERVAL steps, raising the
// sticky limit error as the count hook does. Its recursion is bounded by PATTERN_MAX_DEPTH
// nested items ("pattern too complex"), exactly where LuaJIT's is.
//
// Semantics kept on purpose (they are LuaJIT's): a pattern ends at its first NUL byte; the
// subject may contain NULs, and %f sees a NUL before the start and after the end; '^' anchors
// find/match/gsub but is a literal character in gmatch; an empty gmatch match advances one byte;
// in a replacement string '%' before a non-digit inserts that character (a trailing '%' inserts
// a NUL byte); a back-reference to a position capture never matches.
#define _GNU_SOURCE
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
static void pattern_check_limits(pattern_state *ps) {
  caret_lua_ctx *ctx = ps->ctx;
  ctx->instructions += ps->steps;
  ps->steps = 0;
  if (ctx->tripped != CARET_LIMIT_NONE) caret_lua_raise_tripped(ps->L, ctx);
  if (ctx->instruction_limit && ctx->instructions >= ctx->instruction_limit) {
    ctx->tripped = CARET_LIMIT_INSTRUCTIONS;
    caret_lua_raise_tripped(ps->L, ctx);
  }
  if (ctx->deadline_ns && caret_lua_now_ns() >= ctx->deadline_ns) {
    ctx->tripped = CARET_LIMIT_TIMEOUT;
    caret_lua_raise_tripped(ps->L, ctx);
  }
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

static void pattern_init(pattern_state *ps, lua_State *L, const char *subject, size_t length) {
  ps->L = L;
  ps->ctx = caret_lua_context(L);
  ps->subject = subject;
  ps->subject_end = subject + length;
  ps->depth = 0;
  ps->captures = 0;
  ps->steps = 0;
  if (ps->ctx->tripped != CARET_LIMIT_NONE) caret_lua_raise_tripped(L, ps->ctx);
}

/* ---- character classes (ASCII, as LuaJIT's: bytes from 128 belong to no class) ---- */

enum {
  CHAR_ALPHA = 0x01, CHAR_DIGIT = 0x02, CHAR_LOWER = 0x04, CHAR_UPPER = 0x08,
  CHAR_PUNCT = 0x10, CHAR_SPACE = 0x20, CHAR_CNTRL = 0x40, CHAR_XDIGIT = 0x80,
};

/* The classes of bytes 0-127, 16 a row (bytes from 128 are 0). */
static const unsigned char char_classes[256] = {
  0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x60, 0x60, 0x60, 0x60, 0x60, 0x40, 0x40,
  0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40,
  0x20, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
  0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
  0x10, 0x89, 0x89, 0x89, 0x89, 0x89, 0x89, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09,
  0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x10, 0x10, 0x10, 0x10, 0x10,
  0x10, 0x85, 0x85, 0x85, 0x85, 0x85, 0x85, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05,
  0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x10, 0x10, 0x10, 0x10, 0x40,
};

static inline int is_digit(int c) { return c >= '0' && c <= '9'; }

/* Whether byte c is in the class named by the letter after a '%' (an upper-case letter names the
   complement); any other character stands for itself. Only a class letter or its upper case
   becomes a class letter under `| 0x20`. */
static inline int class_has(int c, int letter) {
  int in;
  switch (letter | 0x20) {
  case 'a': in = char_classes[c] & CHAR_ALPHA; break;
  case 'c': in = char_classes[c] & CHAR_CNTRL; break;
  case 'd': in = char_classes[c] & CHAR_DIGIT; break;
  case 'l': in = char_classes[c] & CHAR_LOWER; break;
  case 'p': in = char_classes[c] & CHAR_PUNCT; break;
  case 's': in = char_classes[c] & CHAR_SPACE; break;
  case 'u': in = char_classes[c] & CHAR_UPPER; break;
  case 'w': in = char_classes[c] & (CHAR_ALPHA | CHAR_DIGIT); break;
  case 'x': in = char_classes[c] & CHAR_XDIGIT; break;
  case 'z': in = c == 0; break;
  default: return letter == c;
  }
  return (letter & 0x20) ? in != 0 : in == 0;
}

/* Whether byte c is in the set from '[' at `open` to its closing ']' at `close`. */
static inline int set_has(int c, const char *open, const char *close) {
  const char *p = open + 1;
  int negated = *p == '^';
  if (negated) p++;
  for (; p < close; p++) {
    if (*p == '%' && p + 1 < close) {
      p++;
      if (class_has(c, (unsigned char)*p)) return !negated;
    } else if (p[1] == '-' && p + 2 < close) {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return !negated;
      p += 2;
    } else if ((unsigned char)*p == c) {
      return !negated;
    }
  }
  return negated;
}

/* The end of the single-character item at p ('.', a character, %x or a set). */
static const char *item_end(pattern_state *ps, const char *p) {
  char first = *p++;
  if (first == '%') {
    if (*p == '\0') luaL_error(ps->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (first == '[') {
    if (*p == '^') p++;
    /* The first character of a set is never its end, so "[]]" is a set of ']'. */
    do {
      if (*p == '\0') luaL_error(ps->L, "malformed pattern (missing ']')");
      if (*p++ == '%' && *p != '\0') p++;
    } while (*p != ']');
    return p + 1;
  }
  return p;
}

/* Whether byte c matches the single-character item from p to end. */
static inline int item_has(int c, const char *p, const char *end) {
  switch (*p) {
  case '.': return 1;
  case '%': return class_has(c, (unsigned char)p[1]);
  case '[': return set_has(c, p, end - 1);
  default: return (unsigned char)*p == c;
  }
}

/* ---- the matcher ---- */

static const char *match_here(pattern_state *ps, const char *s, const char *p);

static const char *match_open_capture(pattern_state *ps, const char *s, const char *p, ptrdiff_t kind) {
  int index = ps->captures;
  if (index >= PATTERN_MAX_CAPTURES) luaL_error(ps->L, "too many captures");
  ps->capture[index].start = s;
  ps->capture[index].length = kind;
  ps->captures = index + 1;
  const char *end = match_here(ps, s, p);
  if (end == NULL) ps->captures = index;
  return end;
}

static const char *match_close_capture(pattern_state *ps, const char *s, const char *p) {
  int index = ps->captures - 1;
  while (index >= 0 && ps->capture[index].length != CAPTURE_OPEN) index--;
  if (index < 0) luaL_error(ps->L, "invalid pattern capture");
  ps->capture[index].length = s - ps->capture[index].start;
  const char *end = match_here(ps, s, p);
  if (end == NULL) ps->capture[index].length = CAPTURE_OPEN;
  return end;
}

/* %1-%9 in a pattern (and %0, which is always an error). */
static const char *match_back_reference(pattern_state *ps, const char *s, int digit) {
  int index = digit - '1';
  if (index < 0 || index >= ps->captures || ps->capture[index].length == CAPTURE_OPEN)
    luaL_error(ps->L, "invalid capture index");
  ptrdiff_t length = ps->capture[index].length;
  if (length < 0) return NULL;  /* a position capture: nothing to compare */
  pattern_charge_bytes(ps, (size_t)length);
  if (ps->subject_end - s >= length && memcmp(ps->capture[index].start, s, (size_t)length) == 0)
    return s + length;
  return NULL;
}

/* %bxy at p (pointing at x). */
static const char *match_balance(pattern_state *ps, const char *s, const char *p) {
  if (p[0] == '\0' || p[1] == '\0') luaL_error(ps->L, "unbalanced pattern");
  if (s >= ps->subject_end || *s != p[0]) return NULL;
  char open = p[0], close = p[1];
  int level = 1;
  while (++s < ps->subject_end) {
    pattern_step(ps);
    if (*s == close) {
      if (--level == 0) return s + 1;
    } else if (*s == open) {
      level++;
    }
  }
  return NULL;
}

static int pattern_first_byte(const char *p);

/* The byte the rest of the pattern after a repeated item must start with, or -1; the rest may
   first close a capture, as in "(.-)x". Where the subject has another byte the matcher would fail
   at once, so it is not called there. That is exact only while the skipped calls could raise
   nothing: no "pattern too complex" (the depth test) and no "invalid pattern capture". */
static int rest_first_byte(pattern_state *ps, const char *rest) {
  if (*rest != ')') return ps->depth < PATTERN_MAX_DEPTH ? pattern_first_byte(rest) : -1;
  if (ps->depth + 1 >= PATTERN_MAX_DEPTH) return -1;
  for (int i = ps->captures - 1; i >= 0; i--)
    if (ps->capture[i].length == CAPTURE_OPEN) return pattern_first_byte(rest + 1);
  return -1;
}

/* The end of the run of bytes from q (before stop) that match the single-character item p..ep
   (want 1) or that do not (want 0), with the item decoded once instead of for every byte. */
static const unsigned char *scan_item(const unsigned char *q, const unsigned char *stop, const char *p,
                                      const char *ep, int want) {
  int literal = (unsigned char)p[0], mask = 0, negated = 0;
  switch (*p) {
  case '.':
    return want ? stop : q;
  case '[':
    while (q < stop && set_has(*q, p, ep - 1) == want) q++;
    return q;
  case '%':
    literal = (unsigned char)p[1];
    negated = !(literal & 0x20);
    switch (literal | 0x20) {
    case 'a': mask = CHAR_ALPHA; break;
    case 'c': mask = CHAR_CNTRL; break;
    case 'd': mask = CHAR_DIGIT; break;
    case 'l': mask = CHAR_LOWER; break;
    case 'p': mask = CHAR_PUNCT; break;
    case 's': mask = CHAR_SPACE; break;
    case 'u': mask = CHAR_UPPER; break;
    case 'w': mask = CHAR_ALPHA | CHAR_DIGIT; break;
    case 'x': mask = CHAR_XDIGIT; break;
    case 'z': literal = 0; break;
    default: negated = 0; break;  /* an escaped character stands for itself */
    }
    break;
  default:
    break;
  }
  if (mask != 0) {
    while (q < stop && (((char_classes[*q] & mask) != 0) != negated) == want) q++;
  } else {
    while (q < stop && ((*q == literal) != negated) == want) q++;
  }
  return q;
}

/* Scans from s while bytes match the item (want 1) or do not (want 0), a step per byte, in slices
   so that a long subject still reaches a limit check between them. Returns where it stopped. */
static const char *scan_run(pattern_state *ps, const char *s, const char *p, const char *ep, int want) {
  const unsigned char *q = (const unsigned char *)s, *end = (const unsigned char *)ps->subject_end;
  while (q < end) {
    const unsigned char *stop = end - q > 65536 ? q + 65536 : end;
    const unsigned char *r = scan_item(q, stop, p, ep, want);
    pattern_charge(ps, (size_t)(r - q));
    q = r;
    if (r < stop) break;
  }
  return (const char *)q;
}

/* item* : the longest run first, then shorter ones. */
static const char *match_greedy(pattern_state *ps, const char *s, const char *p, const char *ep) {
  ptrdiff_t count = scan_run(ps, s, p, ep, 1) - s;
  int next = rest_first_byte(ps, ep + 1);
  for (;; count--) {
    if (next < 0 || (s + count < ps->subject_end && (unsigned char)s[count] == next)) {
      const char *end = match_here(ps, s + count, ep + 1);
      if (end != NULL) return end;
    }
    if (count == 0) return NULL;
    pattern_step(ps);
  }
}

/* item- : the shortest run first, then longer ones. */
static const char *match_lazy(pattern_state *ps, const char *s, const char *p, const char *ep) {
  int next = rest_first_byte(ps, ep + 1);
  for (;;) {
    if (next < 0 || (s < ps->subject_end && (unsigned char)*s == next)) {
      const char *end = match_here(ps, s, ep + 1);
      if (end != NULL) return end;
    }
    if (s < ps->subject_end && item_has((unsigned char)*s, p, ep)) s++;
    else return NULL;
    pattern_step(ps);
  }
}

/* Matches the pattern at p against the subject at s; returns the end of the match or NULL.
   Items that need no backtracking are matched in this loop; the others recurse. */
static const char *match_here(pattern_state *ps, const char *s, const char *p) {
  if (++ps->depth > PATTERN_MAX_DEPTH) luaL_error(ps->L, "pattern too complex");
  for (;;) {
    pattern_step(ps);
    switch (*p) {
    case '\0':
      goto done;
    case '(':
      if (p[1] == ')') s = match_open_capture(ps, s, p + 2, CAPTURE_POSITION);
      else s = match_open_capture(ps, s, p + 1, CAPTURE_OPEN);
      goto done;
    case ')':
      s = match_close_capture(ps, s, p + 1);
      goto done;
    case '$':
      if (p[1] != '\0') break;  /* not at the end of the pattern: a literal '$' */
      if (s != ps->subject_end) s = NULL;
      goto done;
    case '%':
      if (p[1] == 'b') {
        s = match_balance(ps, s, p + 2);
        if (s == NULL) goto done;
        p += 4;
        continue;
      }
      if (p[1] == 'f') {
        p += 2;
        if (*p != '[') luaL_error(ps->L, "missing '[' after '%%f' in pattern");
        const char *ep = item_end(ps, p);
        int before = s == ps->subject ? 0 : (unsigned char)s[-1];
        int after = s < ps->subject_end ? (unsigned char)*s : 0;
        if (set_has(before, p, ep - 1) || !set_has(after, p, ep - 1)) { s = NULL; goto done; }
        p = ep;
        continue;
      }
      if (is_digit((unsigned char)p[1])) {
        s = match_back_reference(ps, s, (unsigned char)p[1]);
        if (s == NULL) goto done;
        p += 2;
        continue;
      }
      break;
    default:
      break;
    }
    /* A single-character item, maybe followed by a quantifier. */
    const char *ep = item_end(ps, p);
    int hit = s < ps->subject_end && item_has((unsigned char)*s, p, ep);
    switch (*ep) {
    case '?':
      if (hit) {
        const char *end = match_here(ps, s + 1, ep + 1);
        if (end != NULL) { s = end; goto done; }
      }
      p = ep + 1;
      continue;
    case '*':
      s = match_greedy(ps, s, p, ep);
      goto done;
    case '+':
      s = hit ? match_greedy(ps, s + 1, p, ep) : NULL;
      goto done;
    case '-':
      s = match_lazy(ps, s, p, ep);
      goto done;
    default:
      if (!hit) { s = NULL; goto done; }
      s++;
      p = ep;
      continue;
    }
  }
done:
  ps->depth--;
  return s;
}

/* Tries the pattern at one start position. */
static const char *match_at(pattern_state *ps, const char *s, const char *p) {
  ps->depth = 0;
  ps->captures = 0;
  return match_here(ps, s, p);
}

/* The byte every match must start with when the pattern begins with a plain character that is not
   optional, else -1. A plain character can raise no error. */
static int pattern_first_byte(const char *p) {
  if (strchr("()%[.$", *p) != NULL) return -1;  /* also the empty pattern (the NUL) */
  if (p[1] == '*' || p[1] == '?' || p[1] == '-') return -1;
  return (unsigned char)*p;
}

/* What every match must start with, so that start positions where the matcher would fail at once
   are skipped: a plain byte (found with memchr) or a class or set that is not optional (found by
   scanning). */
typedef struct start_filter {
  int byte;                        /* the plain byte, or -1 */
  const char *item, *item_end;     /* the class or set, or NULL */
} start_filter;

/* Decoding a first class or set raises what LuaJIT's first match attempt would raise (a malformed
   item), so call this only where that attempt is certain to come next. */
static void start_filter_init(pattern_state *ps, start_filter *f, const char *p, int anchored) {
  f->byte = -1;
  f->item = f->item_end = NULL;
  if (anchored) return;
  f->byte = pattern_first_byte(p);
  if (f->byte >= 0) return;
  if (*p == '[' || (*p == '%' && p[1] != 'b' && p[1] != 'f' && !is_digit((unsigned char)p[1]))) {
    const char *ep = item_end(ps, p);
    if (*ep != '*' && *ep != '?' && *ep != '-') { f->item = p; f->item_end = ep; }
  }
}

/* The next start position from s that can match, or NULL when none can before the end (nor at
   it: the first item needs a byte). */
static const char *pattern_next_start(pattern_state *ps, const char *s, const start_filter *f) {
  if (f->byte >= 0) {
    const char *q = memchr(s, f->byte, (size_t)(ps->subject_end - s));
    pattern_charge_bytes(ps, (size_t)((q ? q : ps->subject_end) - s));
    return q;
  }
  if (f->item == NULL) return s;
  const char *q = scan_run(ps, s, f->item, f->item_end, 0);
  return q < ps->subject_end ? q : NULL;
}

/* ---- results ---- */

static void push_capture(pattern_state *ps, int index, const char *s, const char *e) {
  if (index >= ps->captures) {
    if (index != 0) luaL_error(ps->L, "invalid capture index");
    lua_pushlstring(ps->L, s, (size_t)(e - s));  /* no captures: the whole match */
    return;
  }
  ptrdiff_t length = ps->capture[index].length;
  if (length == CAPTURE_OPEN) luaL_error(ps->L, "unfinished capture");
  if (length == CAPTURE_POSITION)
    lua_pushinteger(ps->L, (lua_Integer)(ps->capture[index].start - ps->subject + 1));
  else
    lua_pushlstring(ps->L, ps->capture[index].start, (size_t)length);
}

/* Pushes the captures, or the whole match when there are none and s is not NULL. */
static int push_captures(pattern_state *ps, const char *s, const char *e) {
  int count = (ps->captures == 0 && s != NULL) ? 1 : ps->captures;
  luaL_checkstack(ps->L, count, "too many captures");
  for (int i = 0; i < count; i++) push_capture(ps, i, s, e);
  return count;
}

/* ---- find and match ---- */

/* An optional integer argument converted as LuaJIT converts find's init: truncated toward zero,
   and INT32_MIN when out of range or not a number. */
static int32_t opt_int32(lua_State *L, int arg, int32_t fallback) {
  if (lua_isnoneornil(L, arg)) return fallback;
  lua_Number n = luaL_checknumber(L, arg);
  if (n >= -2147483648.0 && n < 2147483648.0) return (int32_t)n;
  return INT32_MIN;
}

/* Whether the pattern has a character that makes find treat it as a pattern (all its bytes count). */
static int has_pattern_character(const char *p, size_t length) {
  for (size_t i = 0; i < length; i++)
    if (p[i] != '\0' && strchr("^$*+?.([%-", p[i]) != NULL) return 1;
  return 0;
}

/* The first occurrence of the needle in the haystack. Short needles: memchr for the first byte
   and memcmp, at most 32 bytes compared per candidate; longer ones: memmem, linear in glibc. */
static const char *plain_find(const char *haystack, size_t length, const char *needle, size_t needle_length) {
  if (needle_length == 0) return haystack;
  if (needle_length > length) return NULL;
  if (needle_length > 32) return memmem(haystack, length, needle, needle_length);
  const char *last = haystack + (length - needle_length);  /* the last candidate start */
  for (const char *s = haystack; s <= last; s++) {
    s = memchr(s, (unsigned char)needle[0], (size_t)(last - s) + 1);
    if (s == NULL) return NULL;
    if (memcmp(s + 1, needle + 1, needle_length - 1) == 0) return s;
  }
  return NULL;
}

static int find_or_match(lua_State *L, int find) {
  size_t length, pattern_length;
  const char *subject = luaL_checklstring(L, 1, &length);
  const char *pattern = luaL_checklstring(L, 2, &pattern_length);
  int64_t start = opt_int32(L, 3, 1);
  if (start < 0) start += (int64_t)length; else start--;
  if (start < 0) start = 0;
  if (start > (int64_t)length) start = (int64_t)length;
  pattern_state ps;
  pattern_init(&ps, L, subject, length);
  const char *s = subject + start;

  if (find && (lua_toboolean(L, 4) || !has_pattern_character(pattern, pattern_length))) {
    const char *q = plain_find(s, length - (size_t)start, pattern, pattern_length);
    pattern_charge_bytes(&ps, (size_t)((q ? q + pattern_length : ps.subject_end) - s));
    pattern_settle(&ps);
    if (q == NULL) { lua_pushnil(L); return 1; }
    lua_pushinteger(L, (lua_Integer)(q - subject + 1));
    lua_pushinteger(L, (lua_Integer)(q - subject) + (lua_Integer)pattern_length);
    return 2;
  }

  int anchored = *pattern == '^';
  if (anchored) pattern++;
  start_filter filter;
  start_filter_init(&ps, &filter, pattern, anchored);
  for (;;) {
    s = pattern_next_start(&ps, s, &filter);
    if (s == NULL) break;
    const char *e = match_at(&ps, s, pattern);
    if (e != NULL) {
      pattern_settle(&ps);
      if (!find) return push_captures(&ps, s, e);
      lua_pushinteger(L, (lua_Integer)(s - subject + 1));
      lua_pushinteger(L, (lua_Integer)(e - subject));
      return push_captures(&ps, NULL, NULL) + 2;
    }
    if (anchored || s >= ps.subject_end) break;
    s++;
  }
  pattern_settle(&ps);
  lua_pushnil(L);
  return 1;
}

static int caret_string_find(lua_State *L) { return find_or_match(L, 1); }
static int caret_string_match(lua_State *L) { return find_or_match(L, 0); }

/* ---- gmatch ---- */

/* upvalues: 1 subject, 2 pattern, 3 the offset where the next search starts */
static int caret_gmatch_next(lua_State *L) {
  size_t length;
  const char *subject = lua_tolstring(L, lua_upvalueindex(1), &length);
  const char *pattern = lua_tostring(L, lua_upvalueindex(2));
  lua_Number offset = lua_tonumber(L, lua_upvalueindex(3));
  pattern_state ps;
  pattern_init(&ps, L, subject, length);
  if (offset > (lua_Number)length) return 0;
  start_filter filter;
  start_filter_init(&ps, &filter, pattern, 0);
  for (const char *s = subject + (size_t)offset;; s++) {
    s = pattern_next_start(&ps, s, &filter);
    if (s == NULL) break;
    const char *e = match_at(&ps, s, pattern);
    if (e != NULL) {
      pattern_settle(&ps);
      /* An empty match moves the next search one byte on, so the iteration always ends. */
      lua_pushnumber(L, (lua_Number)(e - subject) + (e == s ? 1 : 0));
      lua_replace(L, lua_upvalueindex(3));
      return push_captures(&ps, s, e);
    }
    if (s >= ps.subject_end) break;
  }
  pattern_settle(&ps);
  lua_pushnumber(L, (lua_Number)length + 1);
  lua_replace(L, lua_upvalueindex(3));
  return 0;
}

static int caret_string_gmatch(lua_State *L) {
  luaL_checkstring(L, 1);
  luaL_checkstring(L, 2);
  lua_settop(L, 2);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, caret_gmatch_next, 3);
  return 1;
}

/* ---- gsub ---- */

/* Appends bytes to the buffer with memcpy (luaL_addlstring adds them one at a time), a chunk of
   LUAL_BUFFERSIZE at most between flushes, and charges the copying. */
static void gsub_add(pattern_state *ps, luaL_Buffer *b, const char *s, size_t length) {
  pattern_charge_bytes(ps, length);
  while (length > 0) {
    size_t room = (size_t)(b->buffer + LUAL_BUFFERSIZE - b->p);
    if (room == 0) {
      luaL_prepbuffer(b);  /* flushes the full buffer onto the stack */
      continue;
    }
    size_t n = length < room ? length : room;
    memcpy(b->p, s, n);
    b->p += n;
    s += n;
    length -= n;
  }
}

/* Appends the replacement string (argument 3) for the match s..e: %0-%9 are captures, '%' before
   any other character stands for that character. */
static void gsub_add_string(pattern_state *ps, luaL_Buffer *b, const char *s, const char *e) {
  size_t length;
  const char *r = lua_tolstring(ps->L, 3, &length);
  const char *run = r;  /* start of the bytes not yet added */
  for (size_t i = 0; i < length; i++) {
    if (r[i] != '%') continue;
    gsub_add(ps, b, run, (size_t)(r + i - run));
    i++;  /* r[length] is the string's terminating NUL: a trailing '%' inserts it */
    int c = (unsigned char)r[i];
    if (!is_digit(c)) {
      luaL_addchar(b, (char)c);
    } else if (c == '0') {
      gsub_add(ps, b, s, (size_t)(e - s));
    } else {
      push_capture(ps, c - '1', s, e);
      luaL_addvalue(b);
    }
    run = r + i + 1;
  }
  if (run < r + length) gsub_add(ps, b, run, (size_t)(r + length - run));
}

/* Appends the replacement for the match s..e. */
static void gsub_add_replacement(pattern_state *ps, luaL_Buffer *b, const char *s, const char *e, int type) {
  lua_State *L = ps->L;
  if (type == LUA_TSTRING || type == LUA_TNUMBER) {
    gsub_add_string(ps, b, s, e);
    return;
  }
  pattern_settle(ps);
  if (type == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int count = push_captures(ps, s, e);
    lua_call(L, count, 1);
  } else {
    push_capture(ps, 0, s, e);
    lua_gettable(L, 3);
  }
  /* The callback's own instructions were counted by the hook; check the limits now it is done. */
  ps->steps += PATTERN_CALLBACK_STEPS;
  pattern_check_limits(ps);
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    gsub_add(ps, b, s, (size_t)(e - s));  /* nil or false: keep the match */
    return;
  }
  if (!lua_isstring(L, -1)) luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  pattern_charge_bytes(ps, lua_objlen(L, -1));
  luaL_addvalue(b);
}

static int caret_string_gsub(lua_State *L) {
  size_t length;
  const char *subject = luaL_checklstring(L, 1, &length);
  const char *pattern = luaL_checkstring(L, 2);
  int type = lua_type(L, 3);
  int limit = luaL_optint(L, 4, (int)(length + 1));
  luaL_argcheck(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE,
                3, "string/function/table expected");
  /* A callback can call gsub again: stop before the nesting exhausts the C stack (each level
     holds a luaL_Buffer and the matcher's frames). */
  if (!caret_lua_check_c_stack(L)) {
    lua_pushliteral(L, "C stack overflow (string.gsub nested too deeply)");
    return lua_error(L);
  }
  int anchored = *pattern == '^';
  if (anchored) pattern++;
  pattern_state ps;
  pattern_init(&ps, L, subject, length);
  start_filter filter = { -1, NULL, NULL };
  if (limit > 0) start_filter_init(&ps, &filter, pattern, anchored);  /* an attempt will come */
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  /* Subject bytes between matches are copied in runs: `copied` is where the next run starts. */
  const char *s = subject, *copied = subject;
  int count = 0;
  while (count < limit) {
    s = pattern_next_start(&ps, s, &filter);
    if (s == NULL) break;  /* no match before the end, nor at it */
    const char *e = match_at(&ps, s, pattern);
    if (e != NULL) {
      count++;
      gsub_add(&ps, &b, copied, (size_t)(s - copied));
      gsub_add_replacement(&ps, &b, s, e, type);
      copied = e > s ? e : s;  /* after an empty match the byte at s is copied next */
    }
    if (e != NULL && e > s) s = e;
    else if (s < ps.subject_end) s++;
    else break;
    if (anchored) break;
  }
  gsub_add(&ps, &b, copied, (size_t)(ps.subject_end - copied));
  pattern_settle(&ps);
  luaL_pushresult(&b);
  lua_pushinteger(L, count);
  return 2;
}

/* ---- opening ---- */

void caret_lua_open_patterns(lua_State *L) {
  static const luaL_Reg functions[] = {
    { "find", caret_string_find },
    { "match", caret_string_match },
    { "gmatch", caret_string_gmatch },
    { "gsub", caret_string_gsub },
    { NULL, NULL },
  };
  int top = lua_gettop(L);
  lua_getglobal(L, "string");
  int string_lib = lua_gettop(L);
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_getfield(L, -1, "__index");
  int private_copy = lua_gettop(L);
  for (const luaL_Reg *f = functions; f->name; f++) {
    lua_pushcfunction(L, f->func);
    lua_pushvalue(L, -1);
    lua_setfield(L, string_lib, f->name);
    if (lua_istable(L, private_copy)) lua_setfield(L, private_copy, f->name);
    else lua_pop(L, 1);
  }
  lua_settop(L, top);
}
