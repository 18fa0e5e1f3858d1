// libwebp with its mux and demux libraries (Debian libwebp-dev): animated WebP export, and reading it back in tests.
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

// WebPAnimEncoderOptionsInit and WebPConfigInit are inline wrappers over versioned functions.
static inline int calyx_webp_anim_options_init(WebPAnimEncoderOptions *options) { return WebPAnimEncoderOptionsInit(options); }
static inline int calyx_webp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int calyx_webp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline WebPAnimEncoder *calyx_webp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline int calyx_webp_anim_decoder_options_init(WebPAnimDecoderOptions *options) { return WebPAnimDecoderOptionsInit(options); }
static inline WebPAnimDecoder *calyx_webp_anim_decoder_new(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
