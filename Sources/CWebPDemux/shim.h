#ifndef TESSERA_CWEBPDEMUX_SHIM_H
#define TESSERA_CWEBPDEMUX_SHIM_H
/* libwebp 1.2 (Debian 12): animated WebP through WebPDemux, each frame decoded by WebPDecode scaled to the size shown
   (WebPAnimDecoder decodes every frame onto two canvases of full size, and cannot scale; FFmpeg 5.1's webp decoder
   cannot play animations at all). WebPInitDecoderConfig is an inline wrapper that passes WEBP_DECODER_ABI_VERSION;
   named once here so the ABI version is the header's own. */
#include <webp/decode.h>
#include <webp/demux.h>

static inline int tessera_webp_init_decoder_config(WebPDecoderConfig *config) {
    return WebPInitDecoderConfig(config);
}
#endif
