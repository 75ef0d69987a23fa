/* img_paint.c — a solution painted back onto the PNG it was found in: the picture
 * decoded a second time row by row, each row with the path's band (img_band.c) written
 * with libpng, every allocation charged to the budget. */
#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "core/error.h"
#include "render/img_bitmap.h"
#include "render/img_internal.h"
#include "render/img_pngio.h"

/* amaze/image.h. The band first (it checks the path), then a decoder for a second pass,
 * told about the encoder and an output row still to come, so a picture plainly over
 * max_bytes is refused before anything is written. A later failure leaves a partial PNG
 * in `out` (the CLI writes through a temporary file). */
amz_status amz_image_write_path(const void *data, size_t len, const amz_maze *m, const amz_image_origin *origin,
                                const amz_path *p, amz_color color, const amz_image_read_options *o, FILE *out,
                                amz_error *err)
{
    img_budget b;
    img_budget_init(&b, o ? o->max_bytes : 0);
    img_band band;
    amz_status st = img_band_init(&band, m, origin, p, color, o, &b, err);
    if (st)
        return st;
    img_reader r;
    if ((st = img_reader_open(&r, data, len, &b, 4 * (uint64_t)m->width + IMG_PNG_ENCODER_BYTES, err))) {
        img_band_free(&band, &b);
        return st;
    }
    if ((st = img_band_fits(&band, r.w, r.h, err))) {
        img_reader_close(&r);
        img_band_free(&band, &b);
        return st;
    }
    const int channels = r.alpha ? 4 : 3;
    unsigned char *line = img_budget_alloc(&b, (size_t)r.w * (size_t)channels);
    img_png_io wio;
    memset(&wio, 0, sizeof wio);
    wio.f = out;
    png_structp png = NULL;
    png_infop info = NULL;
    if (!line) {
        st = img_budget_fail(&b, "painting the path", err);
        goto done;
    }
    png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, &wio, img_png_error, img_png_warning, &b,
                                    img_png_budget_malloc, img_png_budget_free);
    if (!png || !(info = png_create_info_struct(png))) {
        st = img_budget_fail(&b, "creating the PNG encoder", err);
        goto done;
    }
    /* The encoder's errors land here; the decoder has its own jump buffer (r.io), armed
     * inside img_reader_row. png and info are set before setjmp and never after, so
     * they need not be volatile. */
    if (setjmp(wio.jmp)) {
        st = b.refused ? img_budget_fail(&b, "encoding the PNG", err)
                       : amz_errorf(err, wio.write_failed ? AMZ_EIO : AMZ_EFORMAT, "png: %s", wio.msg);
        goto done;
    }
    png_set_write_fn(png, &wio, img_png_write_data, img_png_flush);
    /* Speed first (pictures of mazes are large and plain): fast deflate, no filters. */
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, r.w, r.h, 8, r.alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < r.h; y++) {
        const unsigned char *row = img_reader_row(&r);
        if (!row) {
            st = img_reader_fail(&r, err);
            goto done;
        }
        img_band_row(&band, y, r.w, row, line, channels);
        png_write_row(png, line);
    }
    /* Output stream errors longjmp out of png_write_row and png_write_end (write_failed). */
    png_write_end(png, NULL);
done:
    if (png)
        png_destroy_write_struct(&png, info ? &info : NULL);
    img_budget_free(&b, line);
    img_band_free(&band, &b);
    img_reader_close(&r);
    return st;
}
