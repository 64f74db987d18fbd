// Lua 5.1 pattern matching as LuaJIT 2.1 does it, counting its steps (see pattern.c's comment):
// character classes, sets, the recursive matcher with its depth bound, start-position filters and
// capture results.
#define _GNU_SOURCE
#include "pattern.h"

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
int pattern_is_digit(int c) { return is_digit(c); }

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
const char *pattern_match_at(pattern_state *ps, const char *s, const char *p) {
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
/* Decoding a first class or set raises what LuaJIT's first match attempt would raise (a malformed
   item), so call this only where that attempt is certain to come next. */
void pattern_start_filter_init(pattern_state *ps, start_filter *f, const char *p, int anchored) {
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
const char *pattern_next_start(pattern_state *ps, const char *s, const start_filter *f) {
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

void pattern_push_capture(pattern_state *ps, int index, const char *s, const char *e) {
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
int pattern_push_captures(pattern_state *ps, const char *s, const char *e) {
  int count = (ps->captures == 0 && s != NULL) ? 1 : ps->captures;
  luaL_checkstack(ps->L, count, "too many captures");
  for (int i = 0; i < count; i++) pattern_push_capture(ps, i, s, e);
  return count;
}

