#ifndef TESSERA_CWEBPDEMUX_SHIM_H
#define TESSERA_CWEBPDEMUX_SHIM_H
/* libwebp 1.2 (Debian 12): animated WebP through WebPAnimDecoder, which FFmpeg 5.1's webp decoder cannot play.
   WebPAnimDecoderNew and WebPAnimDecoderOptionsInit are inline wrappers that pass WEBP_DEMUX_ABI_VERSION; named
   once here so the ABI version is the header's own. */
#include <webp/decode.h>
#include <webp/demux.h>

static inline int tessera_webp_anim_options_init(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *tessera_webp_anim_decoder_new(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
#endif
