#include "copy_rows.h"
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/* SDL's software renderer copies a texture one to one with SSE streaming stores only when both sides' rows start and
   step on 16 bytes, else with a loop of 8-byte MMX moves, which also reads every destination line before writing
   it. A wall's cells (1902 pixels at x 12 and 1926 in a 3840 window) are never aligned so; this aligns on the
   destination alone and reads the source unaligned, which costs nothing on processors of the last decade. */
void tessera_copy_rows(void *dst, size_t dst_pitch, const void *src, size_t src_pitch, size_t width, size_t height) {
    const size_t bytes = width * 4;
#if defined(__x86_64__)
    int streamed = 0;
#endif
    for (size_t y = 0; y < height; y++) {
        uint8_t *d = (uint8_t *)dst + y * dst_pitch;
        const uint8_t *s = (const uint8_t *)src + y * src_pitch;
#if defined(__x86_64__)
        if (bytes >= 80) {
            const size_t head = (16 - ((uintptr_t)d & 15)) & 15;
            memcpy(d, s, head);
            d += head;
            s += head;
            const size_t rest = bytes - head, body = rest & ~(size_t)63;
            for (size_t i = 0; i < body; i += 64) {
                const __m128i a = _mm_loadu_si128((const __m128i *)(s + i));
                const __m128i b = _mm_loadu_si128((const __m128i *)(s + i + 16));
                const __m128i c = _mm_loadu_si128((const __m128i *)(s + i + 32));
                const __m128i e = _mm_loadu_si128((const __m128i *)(s + i + 48));
                _mm_stream_si128((__m128i *)(d + i), a);
                _mm_stream_si128((__m128i *)(d + i + 16), b);
                _mm_stream_si128((__m128i *)(d + i + 32), c);
                _mm_stream_si128((__m128i *)(d + i + 48), e);
            }
            memcpy(d + body, s + body, rest - body);
            streamed = 1;
            continue;
        }
#endif
        memcpy(d, s, bytes);
    }
#if defined(__x86_64__)
    if (streamed) _mm_sfence();  /* the streamed stores seen before anything after (the present) reads them */
#endif
}
