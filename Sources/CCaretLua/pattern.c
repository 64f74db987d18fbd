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
#include "pattern.h"

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
  pattern_start_filter_init(&ps, &filter, pattern, anchored);
  for (;;) {
    s = pattern_next_start(&ps, s, &filter);
    if (s == NULL) break;
    const char *e = pattern_match_at(&ps, s, pattern);
    if (e != NULL) {
      pattern_settle(&ps);
      if (!find) return pattern_push_captures(&ps, s, e);
      lua_pushinteger(L, (lua_Integer)(s - subject + 1));
      lua_pushinteger(L, (lua_Integer)(e - subject));
      return pattern_push_captures(&ps, NULL, NULL) + 2;
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
  pattern_start_filter_init(&ps, &filter, pattern, 0);
  for (const char *s = subject + (size_t)offset;; s++) {
    s = pattern_next_start(&ps, s, &filter);
    if (s == NULL) break;
    const char *e = pattern_match_at(&ps, s, pattern);
    if (e != NULL) {
      pattern_settle(&ps);
      /* An empty match moves the next search one byte on, so the iteration always ends. */
      lua_pushnumber(L, (lua_Number)(e - subject) + (e == s ? 1 : 0));
      lua_replace(L, lua_upvalueindex(3));
      return pattern_push_captures(&ps, s, e);
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
    if (!pattern_is_digit(c)) {
      luaL_addchar(b, (char)c);
    } else if (c == '0') {
      gsub_add(ps, b, s, (size_t)(e - s));
    } else {
      pattern_push_capture(ps, c - '1', s, e);
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
    int count = pattern_push_captures(ps, s, e);
    lua_call(L, count, 1);
  } else {
    pattern_push_capture(ps, 0, s, e);
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
  if (limit > 0) pattern_start_filter_init(&ps, &filter, pattern, anchored);  /* an attempt will come */
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  /* Subject bytes between matches are copied in runs: `copied` is where the next run starts. */
  const char *s = subject, *copied = subject;
  int count = 0;
  while (count < limit) {
    s = pattern_next_start(&ps, s, &filter);
    if (s == NULL) break;  /* no match before the end, nor at it */
    const char *e = pattern_match_at(&ps, s, pattern);
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
