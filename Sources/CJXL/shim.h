#ifndef TESSERA_CJXL_SHIM_H
#define TESSERA_CJXL_SHIM_H
/* libjxl 0.7 (Debian 12's libjxl-dev): the decoder API only, on the caller's thread (no parallel runner). */
#include <jxl/decode.h>
#endif
