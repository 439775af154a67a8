#ifndef TESSERA_CLCMS2_SHIM_H
#define TESSERA_CLCMS2_SHIM_H
/* Little CMS 2.14 (Debian 12's liblcms2-dev): ICC profiles and the transforms between them, wrapped by ColourKit
   alone. */
#include <lcms2.h>

/* Pixel-type macros Swift cannot import (they are built from shifts). BGRA 8: SDL's ARGB8888 on a little-endian
   machine (B, G, R, A in memory), alpha carried over untouched. */
static inline cmsUInt32Number tessera_lcms_type_bgra_8(void) { return TYPE_BGRA_8; }
static inline cmsUInt32Number tessera_lcms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number tessera_lcms_type_rgb_8(void) { return TYPE_RGB_8; }
static inline cmsUInt32Number tessera_lcms_flags_shared_in_place(void) {
    /* No 1-pixel cache: one transform is used by several decode workers at once. No cmsFLAGS_COPY_ALPHA: pixels are
       converted in place, so alpha stays where it is without Little CMS copying it over itself (that copy was a
       third of a cell's conversion, BENCHMARKS.md "A folder's cells at the decode floor"). */
    return cmsFLAGS_NOCACHE;
}
#endif
