#include "yuv_convert.h"
#include <string.h>
/* I420 -> B, G, R, 255 in three kernels that compute the same bytes (see yuv_convert.h for the fixed point). Rows
   go in pairs, which share their chroma row: the chroma terms are made once for both. */

tessera_yuv_matrix tessera_yuv_matrix_make(int bt709, int full_range) {
    const double kr = bt709 ? 0.2126 : 0.299, kb = bt709 ? 0.0722 : 0.114, kg = 1.0 - kr - kb;
    const double ys = full_range ? 1.0 : 255.0 / 219.0, cs = full_range ? 1.0 : 255.0 / 224.0;
    tessera_yuv_matrix m;
    m.y_offset = (int16_t)(full_range ? 0 : 16 << 7);
    m.y_scale = (int16_t)(ys * 16384.0 + 0.5);
    m.v_to_r = (int16_t)(cs * 2.0 * (1.0 - kr) * 8192.0 + 0.5);
    m.u_to_g = (int16_t)-(int)(cs * 2.0 * (1.0 - kb) * kb / kg * 8192.0 + 0.5);
    m.v_to_g = (int16_t)-(int)(cs * 2.0 * (1.0 - kr) * kr / kg * 8192.0 + 0.5);
    m.u_to_b = (int16_t)(cs * 2.0 * (1.0 - kb) * 8192.0 + 0.5);
    return m;
}

/* ---- the plain kernel: what the vector lanes do, one pixel at a time ---- */

/* One row's pixels from `x` on. The sums never reach the 16-bit bounds (at most 239 * 1.17 + 128 * 2.12 levels, in
   32nds: 17,600), so plain integers give what paddsw gives. */
static void row_plain(const tessera_yuv_matrix *m, int x, int width, const uint8_t *restrict ys,
                      const uint8_t *restrict u, const uint8_t *restrict v, uint8_t *restrict out) {
    const int offset = m->y_offset, scale = m->y_scale, vr = m->v_to_r, ug = m->u_to_g, vg = m->v_to_g;
    const int ub = m->u_to_b;
    for (; x < width; x++) {
        const int cu = (u[x >> 1] - 128) * 256, cv = (v[x >> 1] - 128) * 256;
        const int l = ((((int)ys[x] << 7) - offset) * scale >> 16) + 16;
        int r = (l + (cv * vr >> 16)) >> 5, b = (l + (cu * ub >> 16)) >> 5;
        int g = (l + ((cu * ug >> 16) + (cv * vg >> 16))) >> 5;
        r = r < 0 ? 0 : r > 255 ? 255 : r;
        g = g < 0 ? 0 : g > 255 ? 255 : g;
        b = b < 0 ? 0 : b > 255 ? 255 : b;
        const uint32_t px = 0xFF000000u | (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
        memcpy(out + 4 * (size_t)x, &px, 4);  /* any alignment of the window's rows */
    }
}

static void pair_plain(const tessera_yuv_matrix *m, int x, int width, const uint8_t *y0, const uint8_t *y1,
                       const uint8_t *u, const uint8_t *v, uint8_t *d0, uint8_t *d1) {
    row_plain(m, x, width, y0, u, v, d0);
    if (y1) row_plain(m, x, width, y1, u, v, d1);
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

/* SSE2, 16 pixels a step: the chroma terms of 8 samples, each taken twice. From `x`, the first pixel not done. */
static int pair_sse2(const tessera_yuv_matrix *m, int x, int width, const uint8_t *y0, const uint8_t *y1,
                     const uint8_t *u, const uint8_t *v, uint8_t *d0, uint8_t *d1) {
    const __m128i zero = _mm_setzero_si128(), sign = _mm_set1_epi16((short)0x8000), ones = _mm_set1_epi8(-1);
    const __m128i offset = _mm_set1_epi16(m->y_offset), scale = _mm_set1_epi16(m->y_scale);
    const __m128i half = _mm_set1_epi16(16), vr = _mm_set1_epi16(m->v_to_r), ug = _mm_set1_epi16(m->u_to_g);
    const __m128i vg = _mm_set1_epi16(m->v_to_g), ub = _mm_set1_epi16(m->u_to_b);
    for (; x + 16 <= width; x += 16) {
        const __m128i cu = _mm_xor_si128(_mm_unpacklo_epi8(zero, _mm_loadl_epi64((const void *)(u + x / 2))), sign);
        const __m128i cv = _mm_xor_si128(_mm_unpacklo_epi8(zero, _mm_loadl_epi64((const void *)(v + x / 2))), sign);
        const __m128i r = _mm_mulhi_epi16(cv, vr), b = _mm_mulhi_epi16(cu, ub);
        const __m128i g = _mm_adds_epi16(_mm_mulhi_epi16(cu, ug), _mm_mulhi_epi16(cv, vg));
        const __m128i r0 = _mm_unpacklo_epi16(r, r), r1 = _mm_unpackhi_epi16(r, r);
        const __m128i g0 = _mm_unpacklo_epi16(g, g), g1 = _mm_unpackhi_epi16(g, g);
        const __m128i b0 = _mm_unpacklo_epi16(b, b), b1 = _mm_unpackhi_epi16(b, b);
        for (int row = 0; row < 2; row++) {
            const uint8_t *ys = row ? y1 : y0;
            if (!ys) continue;
            uint8_t *out = (row ? d1 : d0) + 4 * (ptrdiff_t)x;
            const __m128i luma = _mm_loadu_si128((const void *)(ys + x));
            __m128i l0 = _mm_sub_epi16(_mm_srli_epi16(_mm_unpacklo_epi8(zero, luma), 1), offset);
            __m128i l1 = _mm_sub_epi16(_mm_srli_epi16(_mm_unpackhi_epi8(zero, luma), 1), offset);
            l0 = _mm_adds_epi16(_mm_mulhi_epi16(l0, scale), half);
            l1 = _mm_adds_epi16(_mm_mulhi_epi16(l1, scale), half);
            const __m128i r8 = _mm_packus_epi16(_mm_srai_epi16(_mm_adds_epi16(l0, r0), 5),
                                                _mm_srai_epi16(_mm_adds_epi16(l1, r1), 5));
            const __m128i g8 = _mm_packus_epi16(_mm_srai_epi16(_mm_adds_epi16(l0, g0), 5),
                                                _mm_srai_epi16(_mm_adds_epi16(l1, g1), 5));
            const __m128i b8 = _mm_packus_epi16(_mm_srai_epi16(_mm_adds_epi16(l0, b0), 5),
                                                _mm_srai_epi16(_mm_adds_epi16(l1, b1), 5));
            const __m128i bg0 = _mm_unpacklo_epi8(b8, g8), bg1 = _mm_unpackhi_epi8(b8, g8);
            const __m128i ra0 = _mm_unpacklo_epi8(r8, ones), ra1 = _mm_unpackhi_epi8(r8, ones);
            _mm_storeu_si128((void *)out, _mm_unpacklo_epi16(bg0, ra0));
            _mm_storeu_si128((void *)(out + 16), _mm_unpackhi_epi16(bg0, ra0));
            _mm_storeu_si128((void *)(out + 32), _mm_unpacklo_epi16(bg1, ra1));
            _mm_storeu_si128((void *)(out + 48), _mm_unpackhi_epi16(bg1, ra1));
        }
    }
    return x;
}

/* AVX2, 32 pixels a step. The unpacks work within 128-bit lanes, so the luma halves hold pixels 0-7 | 16-23 and
   8-15 | 24-31, which is also how the chroma terms come out taken twice; the packs give back pixels in order, and
   the stores put the lanes' quarters together. */
/* One 32-byte store, past the caches when asked (the address then on 32 bytes). */
__attribute__((target("avx2")))
static inline void put_avx2(uint8_t *out, __m256i q, int stream) {
    if (stream) _mm256_stream_si256((void *)out, q); else _mm256_storeu_si256((void *)out, q);
}

__attribute__((target("avx2")))
static int pair_avx2(const tessera_yuv_matrix *m, int x, int width, const uint8_t *y0, const uint8_t *y1,
                     const uint8_t *u, const uint8_t *v, uint8_t *d0, uint8_t *d1) {
    const __m256i zero = _mm256_setzero_si256(), sign = _mm256_set1_epi16((short)0x8000);
    const __m256i ones = _mm256_set1_epi8(-1);
    const __m256i offset = _mm256_set1_epi16(m->y_offset), scale = _mm256_set1_epi16(m->y_scale);
    const __m256i half = _mm256_set1_epi16(16), vr = _mm256_set1_epi16(m->v_to_r);
    const __m256i ug = _mm256_set1_epi16(m->u_to_g), vg = _mm256_set1_epi16(m->v_to_g);
    const __m256i ub = _mm256_set1_epi16(m->u_to_b);
    /* Rows starting on 32 bytes (a window's surface, SDL's SIMD-aligned pixels) are written past the caches: a 1080p
       frame is 8 MB the processor would otherwise read in before overwriting it (the conversion is bound by memory,
       not by its arithmetic). The caller fences once after the whole frame. */
    const int stream = ((uintptr_t)d0 & 31) == 0 && (!d1 || ((uintptr_t)d1 & 31) == 0);
    for (; x + 32 <= width; x += 32) {
        const __m256i cu = _mm256_xor_si256(
            _mm256_slli_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const void *)(u + x / 2))), 8), sign);
        const __m256i cv = _mm256_xor_si256(
            _mm256_slli_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const void *)(v + x / 2))), 8), sign);
        const __m256i r = _mm256_mulhi_epi16(cv, vr), b = _mm256_mulhi_epi16(cu, ub);
        const __m256i g = _mm256_adds_epi16(_mm256_mulhi_epi16(cu, ug), _mm256_mulhi_epi16(cv, vg));
        const __m256i r0 = _mm256_unpacklo_epi16(r, r), r1 = _mm256_unpackhi_epi16(r, r);
        const __m256i g0 = _mm256_unpacklo_epi16(g, g), g1 = _mm256_unpackhi_epi16(g, g);
        const __m256i b0 = _mm256_unpacklo_epi16(b, b), b1 = _mm256_unpackhi_epi16(b, b);
        for (int row = 0; row < 2; row++) {
            const uint8_t *ys = row ? y1 : y0;
            if (!ys) continue;
            uint8_t *out = (row ? d1 : d0) + 4 * (ptrdiff_t)x;
            const __m256i luma = _mm256_loadu_si256((const void *)(ys + x));
            __m256i l0 = _mm256_sub_epi16(_mm256_srli_epi16(_mm256_unpacklo_epi8(zero, luma), 1), offset);
            __m256i l1 = _mm256_sub_epi16(_mm256_srli_epi16(_mm256_unpackhi_epi8(zero, luma), 1), offset);
            l0 = _mm256_adds_epi16(_mm256_mulhi_epi16(l0, scale), half);
            l1 = _mm256_adds_epi16(_mm256_mulhi_epi16(l1, scale), half);
            const __m256i r8 = _mm256_packus_epi16(_mm256_srai_epi16(_mm256_adds_epi16(l0, r0), 5),
                                                   _mm256_srai_epi16(_mm256_adds_epi16(l1, r1), 5));
            const __m256i g8 = _mm256_packus_epi16(_mm256_srai_epi16(_mm256_adds_epi16(l0, g0), 5),
                                                   _mm256_srai_epi16(_mm256_adds_epi16(l1, g1), 5));
            const __m256i b8 = _mm256_packus_epi16(_mm256_srai_epi16(_mm256_adds_epi16(l0, b0), 5),
                                                   _mm256_srai_epi16(_mm256_adds_epi16(l1, b1), 5));
            const __m256i bg0 = _mm256_unpacklo_epi8(b8, g8), bg1 = _mm256_unpackhi_epi8(b8, g8);
            const __m256i ra0 = _mm256_unpacklo_epi8(r8, ones), ra1 = _mm256_unpackhi_epi8(r8, ones);
            const __m256i p0 = _mm256_unpacklo_epi16(bg0, ra0), p1 = _mm256_unpackhi_epi16(bg0, ra0);
            const __m256i p2 = _mm256_unpacklo_epi16(bg1, ra1), p3 = _mm256_unpackhi_epi16(bg1, ra1);
            const __m256i q0 = _mm256_permute2x128_si256(p0, p1, 0x20), q1 = _mm256_permute2x128_si256(p2, p3, 0x20);
            const __m256i q2 = _mm256_permute2x128_si256(p0, p1, 0x31), q3 = _mm256_permute2x128_si256(p2, p3, 0x31);
            put_avx2(out, q0, stream);
            put_avx2(out + 32, q1, stream);
            put_avx2(out + 64, q2, stream);
            put_avx2(out + 96, q3, stream);
        }
    }
    return x;
}

/* AVX2 with the operating system saving the YMM registers (cpuid leaf 1 OSXSAVE and AVX, XGETBV, leaf 7 AVX2). */
static int processor_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6 || __get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & bit_AVX2) != 0;
}

int tessera_yuv_best_kernel(void) {
    static int best = -1;
    int known = __atomic_load_n(&best, __ATOMIC_RELAXED);
    if (known < 0) {
        known = processor_has_avx2() ? TESSERA_YUV_AVX2 : TESSERA_YUV_SSE2;
        __atomic_store_n(&best, known, __ATOMIC_RELAXED);
    }
    return known;
}
#else
int tessera_yuv_best_kernel(void) { return TESSERA_YUV_PLAIN; }
#endif

int tessera_i420_to_xrgb(int kernel, const tessera_yuv_matrix *m, int width, int height,
                         const uint8_t *y, ptrdiff_t y_pitch, const uint8_t *u, ptrdiff_t u_pitch,
                         const uint8_t *v, ptrdiff_t v_pitch, uint8_t *dst, ptrdiff_t dst_pitch) {
    const int best = tessera_yuv_best_kernel();
    if (kernel > best || kernel < TESSERA_YUV_PLAIN) kernel = best;
    for (int row = 0; row < height; row += 2) {
        const uint8_t *y0 = y + row * y_pitch, *y1 = row + 1 < height ? y0 + y_pitch : NULL;
        const uint8_t *us = u + (row / 2) * u_pitch, *vs = v + (row / 2) * v_pitch;
        uint8_t *d0 = dst + row * dst_pitch, *d1 = y1 ? d0 + dst_pitch : NULL;
        int x = 0;
#if defined(__x86_64__) || defined(__i386__)
        if (kernel == TESSERA_YUV_AVX2) x = pair_avx2(m, x, width, y0, y1, us, vs, d0, d1);
        if (kernel >= TESSERA_YUV_SSE2) x = pair_sse2(m, x, width, y0, y1, us, vs, d0, d1);
#endif
        pair_plain(m, x, width, y0, y1, us, vs, d0, d1);
    }
#if defined(__x86_64__) || defined(__i386__)
    if (kernel == TESSERA_YUV_AVX2) _mm_sfence();  /* the streamed stores seen before the frame is used */
#endif
    return kernel;
}
