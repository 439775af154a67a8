#ifndef TESSERA_COPY_ROWS_H
#define TESSERA_COPY_ROWS_H
#include <stddef.h>

/* `height` rows of `width` 32-bit pixels from `src` to `dst` (each row `src_pitch` and `dst_pitch` bytes after the
   last; the areas apart). On x86-64, a row of 20 pixels or more is written with
   16-byte streaming stores from its first 16-byte-aligned pixel (the head and tail by memcpy), so the destination's
   lines are not read in before being overwritten; elsewhere, memcpy a row. */
void tessera_copy_rows(void *dst, size_t dst_pitch, const void *src, size_t src_pitch, size_t width, size_t height);

#endif
