// A virtual os table: time, clock and date read the host-supplied virtual clock (always UTC).
#include "internal.h"
#include <math.h>
#include <string.h>
#include <time.h>

/* Days since 1970-01-01 of a proleptic Gregorian date (month 1-12, any day/month overflow normalized). */
static double days_from_civil(double year, double month, double day) {
  double m0 = month - 1.0;
  year += floor(m0 / 12.0);
  m0 -= floor(m0 / 12.0) * 12.0;           /* 0..11, January = 0 */
  double y = m0 < 2 ? year - 1 : year;     /* the year counted from March */
  double mp = m0 < 2 ? m0 + 10 : m0 - 2;   /* March = 0 */
  double era = floor(y / 400.0);
  double yoe = y - era * 400.0;
  double doy = floor((153.0 * mp + 2.0) / 5.0) + day - 1.0;
  double doe = yoe * 365.0 + floor(yoe / 4.0) - floor(yoe / 100.0) + doy;
  return era * 146097.0 + doe - 719468.0;
}

static double field(lua_State *L, const char *key, double fallback, int required) {
  lua_getfield(L, 1, key);
  double v;
  if (lua_isnumber(L, -1)) v = lua_tonumber(L, -1);
  else if (required && lua_isnil(L, -1)) { luaL_error(L, "field '%s' missing in date table", key); return 0; }
  else if (!lua_isnil(L, -1)) { luaL_error(L, "field '%s' is not a number", key); return 0; }
  else v = fallback;
  lua_pop(L, 1);
  return v;
}

static int os_time(lua_State *L) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  if (lua_isnoneornil(L, 1)) {
    lua_pushnumber(L, floor(ctx->virtual_time));
    return 1;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  double days = days_from_civil(field(L, "year", 0, 1), field(L, "month", 0, 1), field(L, "day", 0, 1));
  double t = days * 86400.0 + field(L, "hour", 12, 0) * 3600.0 + field(L, "min", 0, 0) * 60.0 + field(L, "sec", 0, 0);
  lua_pushnumber(L, t);
  return 1;
}

static int os_clock(lua_State *L) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  lua_pushnumber(L, ctx->virtual_time - ctx->virtual_start);
  return 1;
}

static void set_int(lua_State *L, const char *key, int value) {
  lua_pushinteger(L, value);
  lua_setfield(L, -2, key);
}

static int os_date(lua_State *L) {
  caret_lua_ctx *ctx = caret_lua_context(L);
  const char *format = luaL_optstring(L, 1, "%c");
  double seconds = lua_isnoneornil(L, 2) ? floor(ctx->virtual_time) : luaL_checknumber(L, 2);
  if (*format == '!') format++;  /* the virtual clock is always UTC */
  if (!(seconds > -67768040609740800.0 && seconds < 67768036191676800.0))
    return luaL_error(L, "bad argument #2 to 'date' (time out of range)");
  time_t t = (time_t)seconds;
  struct tm tm;
  if (gmtime_r(&t, &tm) == NULL) return luaL_error(L, "bad argument #2 to 'date' (time out of range)");
  if (strcmp(format, "*t") == 0) {
    lua_createtable(L, 0, 9);
    set_int(L, "sec", tm.tm_sec);
    set_int(L, "min", tm.tm_min);
    set_int(L, "hour", tm.tm_hour);
    set_int(L, "day", tm.tm_mday);
    set_int(L, "month", tm.tm_mon + 1);
    set_int(L, "year", tm.tm_year + 1900);
    set_int(L, "wday", tm.tm_wday + 1);
    set_int(L, "yday", tm.tm_yday + 1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "isdst");
    return 1;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (const char *s = format; *s; s++) {
    if (*s != '%') { luaL_addchar(&b, *s); continue; }
    s++;
    if (*s == '\0' || strchr("aAbBcdDeFHIjmMnpStTuUwWxXyYZ%", *s) == NULL)
      return luaL_error(L, "bad argument #1 to 'date' (invalid conversion specifier '%%%c')", *s ? *s : ' ');
    char spec[3] = { '%', *s, 0 }, out[128];
    size_t n = strftime(out, sizeof out, spec, &tm);
    luaL_addlstring(&b, out, n);
  }
  luaL_pushresult(&b);
  return 1;
}

void caret_lua_push_virtual_os(lua_State *L) {
  lua_createtable(L, 0, 3);
  lua_pushcfunction(L, os_time);
  lua_setfield(L, -2, "time");
  lua_pushcfunction(L, os_clock);
  lua_setfield(L, -2, "clock");
  lua_pushcfunction(L, os_date);
  lua_setfield(L, -2, "date");
}
