#ifndef TESSERA_CPNG_SHIM_H
#define TESSERA_CPNG_SHIM_H
/* libpng 1.6 (Debian 12's libpng-dev), through its simplified API: it collects warnings (an iCCP profile it finds
   wrong) in the image's message instead of printing them to stderr as the classic API's default handler does. */
#include <png.h>

/* Macros Swift cannot import. */
static inline unsigned int tessera_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline unsigned int tessera_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
static inline int tessera_png_image_failed(png_uint_32 warning_or_error) { return (warning_or_error & PNG_IMAGE_ERROR) != 0; }
#endif
