#ifndef TESSERA_CHEIF_SHIM_H
#define TESSERA_CHEIF_SHIM_H
/* libheif 1.15 (Debian 12's libheif-dev): HEVC through libde265, AV1 through dav1d/aom. */
#include <libheif/heif.h>
#endif
