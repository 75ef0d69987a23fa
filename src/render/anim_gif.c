/* anim_gif.c — animated GIF output with giflib's streaming encoder (GIF89a spec,
 * CompuServe 1990): one global palette, a NETSCAPE2.0 loop extension, and for each
 * frame a graphic control extension (delay, "do not dispose") followed by only the
 * rectangle that changed. */
#include <errno.h>
#include <gif_lib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/anim.h"
#include "core/error.h"

/* The frame receiver's state. write_failed: the output stream failed (not giflib);
 * started: the screen descriptor and loop extension are out, written at the first frame,
 * which knows the size; gif_error: EGifOpen's error code. */
typedef struct gif_sink {
    GifFileType *gif;
    FILE *out;
    bool write_failed;
    bool started;
    int gif_error;
    amz_error *err;
} gif_sink;

/* giflib's output function: a short count makes the giflib call fail, and write_failed
 * tells that failure from giflib's own. */
static int gif_write(GifFileType *gif, const GifByteType *buf, int len)
{
    gif_sink *s = gif->UserData;
    if (fwrite(buf, 1, (size_t)len, s->out) != (size_t)len) {
        s->write_failed = true;
        return 0;
    }
    return len;
}

/* The file's head, at the first frame: GIF89a (needed for the graphic control and
 * application extensions), the logical screen with the frame palette as the global colour
 * table, and the loop extension. Non-zero when giflib fails. */
static int start(gif_sink *s, const amz_frame *f)
{
    GifColorType colors[256];
    memset(colors, 0, sizeof colors);
    for (int i = 0; i < f->ncolors; i++) {
        colors[i].Red = f->colors[i].r;
        colors[i].Green = f->colors[i].g;
        colors[i].Blue = f->colors[i].b;
    }
    /* A colour table has 2^bits entries, bits 1..8: pad the palette with black. */
    int size = 2, bits = 1;
    while (size < f->ncolors) {
        size *= 2;
        bits++;
    }
    ColorMapObject *map = GifMakeMapObject(size, colors);
    if (!map)
        return 1;
    EGifSetGifVersion(s->gif, true);
    /* giflib copies the map into the file's state, so ours goes at once. */
    int rc = EGifPutScreenDesc(s->gif, f->width, f->height, bits, 0, map);
    GifFreeMapObject(map);
    if (rc != GIF_OK)
        return 1;
    /* Loop forever: GIFs are watched in browsers and chats, which expect it. The
     * NETSCAPE2.0 sub-block is {1, loop count low, high}; a count of 0 means forever. */
    static const GifByteType netscape[] = "NETSCAPE2.0";
    static const GifByteType loop[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(s->gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(s->gif, 11, netscape) != GIF_OK || EGifPutExtensionBlock(s->gif, 3, loop) != GIF_OK ||
        EGifPutExtensionTrailer(s->gif) != GIF_OK)
        return 1;
    s->started = true;
    return 0;
}

/* The frame receiver: each frame is a graphic control extension (its delay, no
 * transparency, "do not dispose" so the picture stays) and an image of only the changed
 * rectangle, drawn over what the frames before left. Non-zero when giflib or the stream
 * fails, which amz_anim_run reports as AMZ_ECANCELED. */
static int put_frame(void *ctx, const amz_frame *f)
{
    gif_sink *s = ctx;
    if (!s->started && start(s, f))
        return 1;
    int x0 = f->x0, y0 = f->y0, x1 = f->x1, y1 = f->y1;
    if (x0 >= x1 || y0 >= y1) {
        /* Nothing changed: one unchanged pixel keeps the frame and its delay. */
        x0 = 0, y0 = 0, x1 = 1, y1 = 1;
    }
    GraphicsControlBlock gcb;
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.UserInputFlag = false;
    gcb.DelayTime = f->delay_cs;
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType ext[4];
    size_t n = EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(s->gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) != GIF_OK ||
        EGifPutImageDesc(s->gif, x0, y0, x1 - x0, y1 - y0, false, NULL) != GIF_OK)
        return 1;
    for (int y = y0; y < y1; y++) {
        /* giflib takes a non-const line but does not modify it. */
        GifPixelType *line = (GifPixelType *)(void *)(f->pixels + (size_t)y * (size_t)f->width + (size_t)x0);
        if (EGifPutLine(s->gif, line, x1 - x0) != GIF_OK)
            return 1;
    }
    return 0;
}

/* amaze/anim.h. The encoder is closed whatever happens (EGifCloseFile frees it even when
 * it fails); a run that fails after some frames leaves a partial GIF in `out`, which the
 * CLI writes through a temporary file. errno is the failed write's (EIO when unset). */
amz_status amz_anim_write_gif(amz_maze *m, const amz_anim_options *o, FILE *out, amz_anim_stats *stats, amz_error *err)
{
    amz_status checked = amz_anim_check(m, o, err);
    if (checked)
        return checked; /* before the encoder writes a byte */
    gif_sink s;
    memset(&s, 0, sizeof s);
    s.out = out;
    s.err = err;
    s.gif = EGifOpen(&s, gif_write, &s.gif_error);
    if (!s.gif)
        return amz_errorf(err, AMZ_ENOMEM, "gif: cannot create the encoder: %s", GifErrorString(s.gif_error));
    amz_status st = amz_anim_run(m, o, put_frame, &s, stats, err);
    if (st == AMZ_ECANCELED) {
        /* put_frame failed: giflib's or the stream's error, not a user's stop. */
        if (s.write_failed)
            st = amz_errorf(err, AMZ_EIO, "gif: write failed: %s", strerror(errno ? errno : EIO));
        else
            st = amz_errorf(err, AMZ_ENOMEM, "gif: %s", GifErrorString(s.gif->Error));
    }
    int cerr = 0;
    if (EGifCloseFile(s.gif, &cerr) != GIF_OK && st == AMZ_OK)
        st = s.write_failed ? amz_errorf(err, AMZ_EIO, "gif: write failed: %s", strerror(errno ? errno : EIO))
                            : amz_errorf(err, AMZ_EIO, "gif: %s", GifErrorString(cerr));
    if (st == AMZ_OK && (fflush(out) != 0 || ferror(out)))
        st = amz_errorf(err, AMZ_EIO, "gif: write failed: %s", strerror(errno ? errno : EIO));
    return st;
}
