#ifndef TESSERA_CFFMPEG_SHIM_H
#define TESSERA_CFFMPEG_SHIM_H
/* FFmpeg 5.1 (Debian 12): demuxing, decoding, scaling and resampling (sound) for the media worker process only; the app never links
   a decoder into its own address space. The shims below stand for macros Swift cannot call. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/hwcontext.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <errno.h>

static inline int tessera_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int tessera_averror_eof(void) { return AVERROR_EOF; }
static inline int tessera_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int64_t tessera_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int tessera_av_time_base(void) { return AV_TIME_BASE; }
static inline double tessera_av_q2d(AVRational r) { return av_q2d(r); }
/* The av_err2str macro builds a compound literal; this writes into the caller's buffer. */
static inline const char *tessera_av_err2str(int code, char *buffer, size_t size) {
    return av_make_error_string(buffer, size, code);
}
#endif
