// LuaJIT's C API as Debian's libluajit-5.1-dev installs it (include path from pkg-config luajit).
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <luajit.h>
