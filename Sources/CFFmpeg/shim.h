// FFmpeg's libraries (Debian libavformat-dev, libavcodec-dev, libswscale-dev): video export and decoding.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <errno.h>

// Function-like macros Swift cannot import.
static inline int calyx_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int calyx_averror_eof(void) { return AVERROR_EOF; }
static inline void calyx_av_error_string(int error, char *buffer, size_t size) { av_strerror(error, buffer, size); }
