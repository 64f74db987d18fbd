// CCaretPrefetch is its header: a C target needs a source file to build.
#include "CCaretPrefetch.h"
