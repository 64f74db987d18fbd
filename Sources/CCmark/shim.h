// cmark-gfm's C API and its GitHub extensions (strikethrough, autolink, table) as Debian's
// libcmark-gfm-dev and libcmark-gfm-extensions-dev install them (include path from pkg-config
// libcmark-gfm, whose Libs already name both libraries).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
