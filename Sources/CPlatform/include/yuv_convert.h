#ifndef TESSERA_YUV_CONVERT_H
#define TESSERA_YUV_CONVERT_H
/* A clip's 4:2:0 frame, three planes each with its own pointer and pitch, converted to 32-bit pixels laid out in
   memory as B, G, R, 255 (SDL's XRGB8888 and ARGB8888 on a little-endian machine): what SDL_ConvertPixels does from
   IYUV, but with the planes where the decoder left them (H.264 decodes whole macroblock rows, so U does not follow
   `height` rows of Y) and quicker (AVX2 where the processor has it, else SSE2 on x86-64, else plain C).

   Fixed point in 16-bit lanes: Y as (Y - offset) << 7 times round(ys * 2^14), chroma as (C - 128) << 8 times
   round(c * 2^13), each the high half of the product (pmulhw), so every term is in 1/32 of a level; summed,
   rounded and clamped. Every kernel computes exactly the same bytes (the plain one mirrors the vector ones), within
   one level of the exact conversion in floating point. Chroma is taken nearest (each sample for its 2x2 pixels), as
   SDL's own conversion does. The kernels read only `width` bytes of each Y row, (width + 1) / 2 of each chroma row,
   `height` rows of Y and (height + 1) / 2 of chroma, and write only `width` pixels of `height` rows: any width and
   height, odd ones too, any pitches and alignments. */
#include <stddef.h>
#include <stdint.h>

/* The matrix and range of a conversion, in the fixed point above (tessera_yuv_matrix_make). */
typedef struct {
    int16_t y_offset;   /* 16 << 7 for limited range, 0 for full */
    int16_t y_scale;    /* round(ys * 2^14) */
    int16_t v_to_r;     /* round(cs * 2 (1 - Kr) * 2^13) */
    int16_t u_to_g;     /* -round(cs * 2 (1 - Kb) Kb / Kg * 2^13) */
    int16_t v_to_g;     /* -round(cs * 2 (1 - Kr) Kr / Kg * 2^13) */
    int16_t u_to_b;     /* round(cs * 2 (1 - Kb) * 2^13) */
} tessera_yuv_matrix;

/* BT.709 (Kr 0.2126, Kb 0.0722) when `bt709`, else BT.601 (Kr 0.299, Kb 0.114); limited range (Y 16-235, chroma
   16-240) unless `full_range` (0-255, as JPEG). */
tessera_yuv_matrix tessera_yuv_matrix_make(int bt709, int full_range);

enum { TESSERA_YUV_PLAIN = 0, TESSERA_YUV_SSE2 = 1, TESSERA_YUV_AVX2 = 2 };

/* The quickest kernel this processor runs (cpuid: AVX2 with the operating system saving its registers, else SSE2
   on x86-64, else plain). */
int tessera_yuv_best_kernel(void);

/* Converts `width` x `height` pixels (both > 0) into `dst` (`dst_pitch` bytes from a row to the next) with
   `kernel`, or the best one this processor runs if it cannot run that one. The kernel used. */
int tessera_i420_to_xrgb(int kernel, const tessera_yuv_matrix *matrix, int width, int height,
                         const uint8_t *y, ptrdiff_t y_pitch, const uint8_t *u, ptrdiff_t u_pitch,
                         const uint8_t *v, ptrdiff_t v_pitch, uint8_t *dst, ptrdiff_t dst_pitch);
#endif
