// libxml2's HTML parser and tree as Debian's libxml2-dev installs it (include path from
// pkg-config libxml-2.0). CaretFormats reads HTML through it; it never writes with it.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its encoding header then includes ICU's headers, which
// clash with the copy of ICU that Foundation's modules carry in any target importing both.
// The only declaration that changes is the layout of xmlCharEncodingHandler, which Caret never
// touches (it passes "UTF-8" by name and reaches handlers only through pointers).
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
// The suite validates `caret test --junit` against an XSD (CaretCLITests); the library never does.
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
