#include "CCaretLua.h"
int caret_lua_shim_version(void) { return 1; }
