#ifndef CCARETLUA_H
#define CCARETLUA_H
#include <lua.h>
int caret_lua_shim_version(void);
#endif
