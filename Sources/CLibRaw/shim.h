#ifndef TESSERA_CLIBRAW_SHIM_H
#define TESSERA_CLIBRAW_SHIM_H
/* LibRaw 0.20 (Debian 12's libraw-dev), its thread-safe build (libraw_r): the decode pool opens several files at
   once. The C API only. */
#include <libraw/libraw.h>
#endif
