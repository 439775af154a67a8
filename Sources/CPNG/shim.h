#ifndef TESSERA_CPNG_SHIM_H
#define TESSERA_CPNG_SHIM_H
/* libpng 1.6 (Debian 12's libpng-dev), through its simplified API: it collects warnings (an iCCP profile it finds
   wrong) in the image's message instead of printing them to stderr as the classic API's default handler does. */
#include <png.h>
#include <string.h>

/* Macros Swift cannot import. */
static inline unsigned int tessera_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline unsigned int tessera_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
static inline unsigned int tessera_png_format_rgb(void) { return PNG_FORMAT_RGB; }
/* The most bytes an 8-bit RGB picture of this size can take as a PNG (libpng's PNG_IMAGE_PNG_SIZE_MAX). */
static inline size_t tessera_png_rgb_size_max(png_uint_32 width, png_uint_32 height) {
    png_image image; memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION; image.width = width; image.height = height; image.format = PNG_FORMAT_RGB;
    return PNG_IMAGE_PNG_SIZE_MAX(image);
}
static inline int tessera_png_image_failed(png_uint_32 warning_or_error) { return (warning_or_error & PNG_IMAGE_ERROR) != 0; }

/* The embedded ICC profile (iCCP), which the simplified API does not give: libpng's classic reader over the bytes in
   memory reads the chunks before the picture data (png_read_info, png_get_iCCP) and stops. Its errors come back by
   longjmp to here, never through Swift; warnings are dropped. On success *out is a malloc'd copy the caller frees
   and its length is returned; 0 (and *out NULL) when there is no profile or the file is broken. */
#include <stdlib.h>
#include <string.h>
struct tessera_png_memory { const unsigned char *bytes; size_t size; size_t at; };
static void tessera_png_read_memory(png_structp png, png_bytep out, size_t n) {
    struct tessera_png_memory *memory = (struct tessera_png_memory *)png_get_io_ptr(png);
    if (n > memory->size - memory->at) png_error(png, "truncated");
    memcpy(out, memory->bytes + memory->at, n);
    memory->at += n;
}
static void tessera_png_fail(png_structp png, png_const_charp message) { (void)message; png_longjmp(png, 1); }
static void tessera_png_quiet(png_structp png, png_const_charp message) { (void)png; (void)message; }
static inline size_t tessera_png_icc_profile(const void *bytes, size_t size, size_t max_size, unsigned char **out) {
    *out = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, tessera_png_fail, tessera_png_quiet);
    if (!png) return 0;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return 0; }
    struct tessera_png_memory memory = { (const unsigned char *)bytes, size, 0 };
    unsigned char *volatile copy = NULL;
    volatile size_t length = 0;
    if (setjmp(png_jmpbuf(png)) == 0) {
        png_set_chunk_malloc_max(png, max_size);
        png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
        png_set_read_fn(png, &memory, tessera_png_read_memory);
        png_read_info(png, info);
        png_charp name = NULL;
        int compression = 0;
        png_bytep profile = NULL;
        png_uint_32 profile_length = 0;
        if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) == PNG_INFO_iCCP
            && profile && profile_length > 0 && profile_length <= max_size) {
            copy = (unsigned char *)malloc(profile_length);
            if (copy) { memcpy(copy, profile, profile_length); length = profile_length; }
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    *out = copy;
    return copy ? length : 0;
}
#endif
