#ifndef TESSERA_CTURBOJPEG_SHIM_H
#define TESSERA_CTURBOJPEG_SHIM_H
/* TurboJPEG 2.1 (Debian 12's libturbojpeg0-dev): the tj* API, no tj3*. */
#include <turbojpeg.h>
#endif
