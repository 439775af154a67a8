#ifndef TESSERA_CFRIBIDI_SHIM_H
#define TESSERA_CFRIBIDI_SHIM_H
/* GNU FriBidi 1.0 (Debian 12's libfribidi-dev): the Unicode bidirectional algorithm, for names in Arabic or Hebrew. */
#include <fribidi.h>

/* FRIBIDI_PAR_ON and FRIBIDI_IS_RTL are macro expressions Swift cannot import. */
static inline FriBidiParType tessera_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType tessera_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType tessera_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline int tessera_fribidi_par_is_rtl(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) ? 1 : 0; }
#endif
