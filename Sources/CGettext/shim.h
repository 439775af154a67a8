#ifndef TESSERA_CGETTEXT_SHIM_H
#define TESSERA_CGETTEXT_SHIM_H
/* GNU gettext's runtime, part of glibc (libintl.h): message catalogues (.mo) under share/locale. */
#include <libintl.h>
#include <locale.h>
#endif
