// Lua values written as Lua literals (the REPL's results) and the names a value offers (its
// completion). Tables are read raw (no metamethods), keys in a fixed order: the sequence 1..n
// first, then the other keys sorted by (type, value) as the deterministic pairs orders them;
// strings are quoted so that they read back as the same bytes. A table met again inside itself is
// written as `nil --[[cycle: ...]]`; nesting and output are bounded.
#include "internal.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LITERAL_MAX_DEPTH 32
#define LITERAL_MAX_BYTES (1u << 20)

/* The output grows in a userdata kept at stack slot `slot`, so that an error raised midway (a
   failing __tostring, the memory limit) leaks nothing. */
typedef struct {
  int slot;
  char *data;
  size_t length, capacity;
  int truncated;
  const void *path[LITERAL_MAX_DEPTH + 1];
} writer;

static void put(lua_State *L, writer *w, const char *bytes, size_t count) {
  if (w->truncated) return;
  if (w->length + count > LITERAL_MAX_BYTES) { w->truncated = 1; return; }
  if (w->length + count > w->capacity) {
    size_t capacity = w->capacity * 2;
    while (capacity < w->length + count) capacity *= 2;
    char *grown = (char *)lua_newuserdata(L, capacity);
    memcpy(grown, w->data, w->length);
    lua_replace(L, w->slot);
    w->data = grown;
    w->capacity = capacity;
  }
  memcpy(w->data + w->length, bytes, count);
  w->length += count;
}

static void puts_(lua_State *L, writer *w, const char *text) { put(L, w, text, strlen(text)); }

/* The length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_sequence(const unsigned char *s, size_t n) {
  unsigned char c = s[0];
  size_t length;
  unsigned int minimum, scalar;
  if (c >= 0xC2 && c <= 0xDF) { length = 2; minimum = 0x80; scalar = c & 0x1F; }
  else if (c >= 0xE0 && c <= 0xEF) { length = 3; minimum = 0x800; scalar = c & 0x0F; }
  else if (c >= 0xF0 && c <= 0xF4) { length = 4; minimum = 0x10000; scalar = c & 0x07; }
  else return 0;
  if (n < length) return 0;
  for (size_t i = 1; i < length; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    scalar = (scalar << 6) | (s[i] & 0x3F);
  }
  if (scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF)) return 0;
  return length;
}

static void put_string(lua_State *L, writer *w, const char *text, size_t n) {
  const unsigned char *s = (const unsigned char *)text;
  put(L, w, "\"", 1);
  size_t i = 0;
  while (i < n && !w->truncated) {
    unsigned char c = s[i];
    const char *escape = NULL;
    switch (c) {
    case '"': escape = "\\\""; break;
    case '\\': escape = "\\\\"; break;
    case '\n': escape = "\\n"; break;
    case '\r': escape = "\\r"; break;
    case '\t': escape = "\\t"; break;
    case '\a': escape = "\\a"; break;
    case '\b': escape = "\\b"; break;
    case '\f': escape = "\\f"; break;
    case '\v': escape = "\\v"; break;
    default: break;
    }
    if (escape) { puts_(L, w, escape); i++; continue; }
    if (c >= 0x20 && c < 0x7F) {
      size_t j = i;
      while (j < n && s[j] >= 0x20 && s[j] < 0x7F && s[j] != '"' && s[j] != '\\') j++;
      put(L, w, text + i, j - i);
      i = j;
      continue;
    }
    if (c >= 0x80) {
      size_t length = utf8_sequence(s + i, n - i);
      if (length) { put(L, w, text + i, length); i += length; continue; }
    }
    char code[8];
    snprintf(code, sizeof code, "\\%03u", (unsigned)c);  /* three digits: a digit after it stays a digit */
    puts_(L, w, code);
    i++;
  }
  put(L, w, "\"", 1);
}

static void put_number(lua_State *L, writer *w, lua_Number x) {
  char text[40];
  if (x != x) { puts_(L, w, "0/0"); return; }
  if (isinf(x)) { puts_(L, w, x > 0 ? "math.huge" : "-math.huge"); return; }
  if (x == floor(x) && fabs(x) < 9007199254740992.0) {
    snprintf(text, sizeof text, "%.0f", x);
  } else {
    for (int digits = 14; digits <= 17; digits++) {
      snprintf(text, sizeof text, "%.*g", digits, x);
      if (strtod(text, NULL) == x) break;
    }
  }
  puts_(L, w, text);
}

static int is_identifier(const char *s, size_t n) {
  static const char *const reserved[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while", NULL };
  if (n == 0 || (s[0] >= '0' && s[0] <= '9')) return 0;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return 0;
  }
  for (int i = 0; reserved[i]; i++) if (strlen(reserved[i]) == n && memcmp(reserved[i], s, n) == 0) return 0;
  return 1;
}

static void put_value(lua_State *L, writer *w, int index, int depth);

static void put_table(lua_State *L, writer *w, int t, int depth) {
  const void *self = lua_topointer(L, t);
  for (int d = 0; d < depth; d++) {
    if (w->path[d] == self) {
      char text[64];
      snprintf(text, sizeof text, "nil --[[cycle: the table %d level%s up]]", depth - d, depth - d == 1 ? "" : "s");
      puts_(L, w, text);
      return;
    }
  }
  if (depth >= LITERAL_MAX_DEPTH) { puts_(L, w, "{--[[nested too deeply to show]]}"); return; }
  if (!caret_lua_check_c_stack(L)) { puts_(L, w, "{--[[nested too deeply to show]]}"); return; }
  luaL_checkstack(L, 8, "literal");
  w->path[depth] = self;
  put(L, w, "{", 1);
  int first = 1;
  int prefix = 0;
  for (;;) {
    lua_rawgeti(L, t, prefix + 1);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
    if (!first) put(L, w, ", ", 2);
    first = 0;
    put_value(L, w, lua_gettop(L), depth + 1);
    lua_pop(L, 1);
    prefix++;
    if (w->truncated) break;
  }
  /* The other keys, copied into a table so that they stay alive and sorted through an index array. */
  lua_newtable(L);
  int keys = lua_gettop(L);
  int count = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TNUMBER) {
      lua_Number k = lua_tonumber(L, -1);
      if (k >= 1 && k <= prefix && k == floor(k)) continue;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys, ++count);
  }
  caret_lua_key *entries = (caret_lua_key *)lua_newuserdata(L, (size_t)(count ? count : 1) * sizeof(caret_lua_key));
  for (int i = 1; i <= count; i++) {
    lua_rawgeti(L, keys, i);
    caret_lua_key_fill(L, -1, &entries[i - 1]);  /* a string stays alive in `keys` */
    entries[i - 1].slot = i;
    lua_pop(L, 1);
  }
  qsort(entries, (size_t)count, sizeof *entries, caret_lua_key_compare);
  for (int i = 0; i < count && !w->truncated; i++) {
    if (!first) put(L, w, ", ", 2);
    first = 0;
    lua_rawgeti(L, keys, entries[i].slot);
    int key = lua_gettop(L);
    size_t length = 0;
    const char *name = lua_type(L, key) == LUA_TSTRING ? lua_tolstring(L, key, &length) : NULL;
    if (name && is_identifier(name, length)) {
      put(L, w, name, length);
    } else {
      put(L, w, "[", 1);
      put_value(L, w, key, depth + 1);
      put(L, w, "]", 1);
    }
    put(L, w, " = ", 3);
    lua_pushvalue(L, key);
    lua_rawget(L, t);
    put_value(L, w, lua_gettop(L), depth + 1);
    lua_settop(L, key - 1);
  }
  lua_settop(L, keys - 1);
  put(L, w, "}", 1);
}

static void put_value(lua_State *L, writer *w, int index, int depth) {
  switch (lua_type(L, index)) {
  case LUA_TNIL: puts_(L, w, "nil"); return;
  case LUA_TBOOLEAN: puts_(L, w, lua_toboolean(L, index) ? "true" : "false"); return;
  case LUA_TNUMBER: put_number(L, w, lua_tonumber(L, index)); return;
  case LUA_TSTRING: {
    size_t n;
    const char *s = lua_tolstring(L, index, &n);
    put_string(L, w, s, n);
    return;
  }
  case LUA_TTABLE: put_table(L, w, index, depth); return;
  default: {
    /* No literal exists: the deterministic tostring's text (`function: #1`, a host object's own). */
    lua_getglobal(L, "tostring");
    if (lua_isfunction(L, -1)) {
      lua_pushvalue(L, index);
      lua_call(L, 1, 1);
      size_t n = 0;
      const char *s = lua_tolstring(L, -1, &n);
      if (s) put(L, w, s, n); else puts_(L, w, luaL_typename(L, index));
    } else {
      puts_(L, w, luaL_typename(L, index));
    }
    lua_pop(L, 1);
    return;
  }
  }
}

/* Calls its first argument (a loaded chunk) and returns each of the chunk's results as a literal. */
static int literal_results(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  lua_call(L, 0, LUA_MULTRET);
  int count = lua_gettop(L);
  luaL_checkstack(L, 4, "literal");
  for (int i = 1; i <= count; i++) {
    writer w;
    memset(&w, 0, sizeof w);
    w.capacity = 256;
    w.data = (char *)lua_newuserdata(L, w.capacity);
    w.slot = lua_gettop(L);
    put_value(L, &w, i, 0);
    if (w.truncated) {
      w.truncated = 0;
      w.length = w.length > LITERAL_MAX_BYTES - 64 ? LITERAL_MAX_BYTES - 64 : w.length;
      puts_(L, &w, " --[[output cut at 1 MB]]");
    }
    lua_pushlstring(L, w.data, w.length);
    lua_replace(L, i);
    lua_settop(L, count);
  }
  return count;
}

void caret_lua_push_literal_results(lua_State *L) {
  lua_pushcfunction(L, literal_results);
}

/* ---- names for completion ---- */

static void add_names(lua_State *L, int table, int functions_only, char **out, size_t *length, size_t *capacity) {
  lua_pushnil(L);
  while (lua_next(L, table)) {
    int keep = lua_type(L, -2) == LUA_TSTRING && (!functions_only || lua_isfunction(L, -1));
    lua_pop(L, 1);
    if (!keep) continue;
    size_t n;
    const char *name = lua_tolstring(L, -1, &n);
    if (!is_identifier(name, n)) continue;
    if (*length + n + 1 > *capacity) {
      size_t grown = *capacity ? *capacity * 2 : 1024;
      while (grown < *length + n + 1) grown *= 2;
      char *bigger = (char *)realloc(*out, grown);
      if (!bigger) continue;
      *out = bigger;
      *capacity = grown;
    }
    memcpy(*out + *length, name, n);
    *length += n;
    (*out)[(*length)++] = '\n';
  }
}

char *caret_lua_names(lua_State *L, const char *path, size_t path_length, int functions_only, size_t *out_length) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  ctx->in_host++;  /* no Lua error may escape here: allocations must not fail on the limit */
  int base = lua_gettop(L);
  lua_pushvalue(L, LUA_GLOBALSINDEX);
  size_t start = 0;
  while (start < path_length) {
    size_t end = start;
    while (end < path_length && path[end] != '.') end++;
    if (!lua_istable(L, -1)) { lua_pushnil(L); break; }
    lua_pushlstring(L, path + start, end - start);
    lua_rawget(L, -2);
    start = end + 1;
  }
  char *out = NULL;
  size_t length = 0, capacity = 0;
  int value = lua_gettop(L);
  if (lua_istable(L, value)) {
    add_names(L, value, functions_only, &out, &length, &capacity);
  } else if (lua_type(L, value) == LUA_TUSERDATA && lua_getmetatable(L, value)) {
    lua_getfield(L, -1, "__index");
    int index = lua_gettop(L);
    if (lua_istable(L, index)) {
      add_names(L, index, functions_only, &out, &length, &capacity);
    } else if (lua_iscfunction(L, index)) {
      /* A type with fields: its __index closes over the methods and the getters. */
      for (int n = 1; n <= 2; n++) {
        if (!lua_getupvalue(L, index, n)) break;
        /* Fields (the getters) are left out of a method completion (`obj:`). */
        if (lua_istable(L, -1) && !(functions_only && n == 2)) add_names(L, lua_gettop(L), functions_only, &out, &length, &capacity);
        lua_pop(L, 1);
      }
    }
  }
  lua_settop(L, base);
  ctx->in_host--;
  *out_length = length;
  return out;
}
