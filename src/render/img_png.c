/* img_png.c — PNG output of a cairo canvas with libpng. Maze pictures have few colours,
 * so a canvas of at most 256 colours is written as an 8-bit palette image (about a
 * quarter of the data to compress); others as RGB, or RGBA when translucent. */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "render/img_internal.h"
#include "render/img_pngio.h"

/* libpng's error callback must not return: it keeps the message and longjmps to the
 * setjmp of the function that owns this img_png_io, which reports it. */
void img_png_error(png_structp png, png_const_charp msg)
{
    img_png_io *io = png_get_error_ptr(png);
    snprintf(io->msg, sizeof io->msg, "%s", msg);
    longjmp(io->jmp, 1);
}

void img_png_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg; /* warnings (unknown chunks and the like) are not errors */
}

/* A failed write is an error like libpng's own, flagged write_failed so it is reported
 * as AMZ_EIO; errno may be unset after fwrite (EIO then). */
void img_png_write_data(png_structp png, png_bytep data, png_size_t len)
{
    img_png_io *io = png_get_io_ptr(png);
    if (fwrite(data, 1, len, io->f) != len) {
        snprintf(io->msg, sizeof io->msg, "write failed: %s", strerror(errno ? errno : EIO));
        io->write_failed = true;
        longjmp(io->jmp, 1);
    }
}

/* Nothing to flush early: the callers check the stream once at the end. */
void img_png_flush(png_structp png)
{
    (void)png;
}

/* For cairo's SVG and PDF stream surfaces; a short write becomes cairo's sticky
 * CAIRO_STATUS_WRITE_ERROR, reported after the drawing. */
cairo_status_t img_cairo_write(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, (FILE *)closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Un-premultiplies one ARGB32 pixel (cairo's native-endian word, colour premultiplied
 * by alpha) into r, g, b, a, rounding to nearest. */
static void unpremultiply(uint32_t px, uint8_t out[4])
{
    uint32_t a = px >> 24;
    uint32_t r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;
    if (a && a < 255) {
        r = (r * 255 + a / 2) / a;
        g = (g * 255 + a / 2) / a;
        b = (b * 255 + a / 2) / a;
    }
    out[0] = (uint8_t)r;
    out[1] = (uint8_t)g;
    out[2] = (uint8_t)b;
    out[3] = (uint8_t)a;
}

/* Open-addressing table of up to 256 distinct pixel values, in order of appearance. 1024
 * slots keep it at most a quarter full, so linear probes stay short and always end at
 * an empty slot. idx < 0 marks an empty slot. */
typedef struct colormap {
    uint32_t key[1024];
    int16_t idx[1024];
    uint32_t colors[256];
    int n;
} colormap;

static int colormap_find(colormap *cm, uint32_t px)
{
    /* Knuth's multiplicative hash (2^32 / golden ratio); the top 10 bits index 1024. */
    uint32_t h = (px * 2654435761u) >> 22;
    for (;;) {
        if (cm->idx[h] < 0) {
            if (cm->n == 256)
                return -1;
            cm->key[h] = px;
            cm->idx[h] = (int16_t)cm->n;
            cm->colors[cm->n] = px;
            return cm->n++;
        }
        if (cm->key[h] == px)
            return cm->idx[h];
        h = (h + 1) & 1023;
    }
}

/* img_pngio.h. libpng copies each row before filtering it, which is what lets `row`
 * keep the caller's pixels from one call to the next. png and info are not changed after
 * setjmp, so the error branch may use them. */
amz_status img_png_write_rgb_rows(FILE *f, uint32_t w, uint32_t h, uint8_t *row, img_rgb_row_fn fn, void *ctx,
                                  amz_error *err)
{
    img_png_io io;
    memset(&io, 0, sizeof io);
    io.f = f;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, img_png_error, img_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        return amz_errorf(err, AMZ_ENOMEM, "cannot start libpng");
    }
    /* Stream and libpng errors alike are AMZ_EIO here (img_pngio.h). */
    if (setjmp(io.jmp)) {
        png_destroy_write_struct(&png, &info);
        return amz_errorf(err, AMZ_EIO, "PNG write failed: %s", io.msg[0] ? io.msg : strerror(errno ? errno : EIO));
    }
    png_set_write_fn(png, &io, img_png_write_data, img_png_flush);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_write_info(png, info);
    for (uint32_t y = 0; y < h; y++) {
        fn(ctx, y, row);
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}

/* Chunks are length (4 bytes, big-endian), type (4), data, CRC (4): 12 + length bytes.
 * CRCs are not checked; a chunk running past the data ends the walk. Bytes outside
 * printable ASCII are shown as '?'. */
bool img_png_grid_note(const void *data, size_t len, char *note, size_t cap)
{
    const unsigned char *p = data;
    size_t at = 8; /* the signature, checked by the caller's header parse */
    while (len >= 12 && at <= len - 12) {
        uint32_t n = (uint32_t)p[at] << 24 | (uint32_t)p[at + 1] << 16 | (uint32_t)p[at + 2] << 8 | p[at + 3];
        const unsigned char *type = p + at + 4;
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0 || n > len - at - 12)
            return false;
        if (memcmp(type, IMG_GRID_CHUNK, 4) == 0) {
            size_t k = 0;
            for (; k < n && k + 1 < cap; k++) {
                unsigned char c = p[at + 8 + k];
                note[k] = c >= 0x20 && c < 0x7f ? (char)c : '?';
            }
            if (cap)
                note[k] = '\0';
            return true;
        }
        at += 12 + (size_t)n;
    }
    return false;
}

/* Two passes over the canvas: the first learns the colours and whether all are opaque
 * (stopping once neither palette nor opaque can still hold), the second writes. Palette
 * indices follow first appearance, so the same picture gives the same file. */
amz_status img_png_write_surface(cairo_surface_t *surface, const char *grid_note, FILE *out, amz_error *err)
{
    cairo_surface_flush(surface);
    const int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);

    /* One pass to learn the colours: palette if there are few. */
    colormap *cm = amz_malloc(sizeof *cm);
    if (!cm)
        return amz_errorf(err, AMZ_ENOMEM, "png: out of memory");
    memset(cm->idx, 0xff, sizeof cm->idx);
    cm->n = 0;
    bool palette = true, opaque = true;
    for (int y = 0; y < h && (palette || opaque); y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint32_t last = 0;
        bool have_last = false;
        for (int x = 0; x < w; x++) {
            if ((row[x] >> 24) != 255)
                opaque = false;
            /* Runs of one colour are looked up once. */
            if (palette && !(have_last && row[x] == last)) {
                if (colormap_find(cm, row[x]) < 0)
                    palette = false;
                last = row[x];
                have_last = true;
            }
        }
    }
    const int channels = palette ? 1 : opaque ? 3 : 4;
    unsigned char *line = amz_malloc((size_t)w * (size_t)channels);
    if (!line) {
        amz_free(cm);
        return amz_errorf(err, AMZ_ENOMEM, "png: out of memory for a row of %d pixels", w);
    }
    img_png_io io;
    memset(&io, 0, sizeof io);
    io.f = out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, img_png_error, img_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    amz_status st = AMZ_OK;
    if (!png || !info) {
        st = amz_errorf(err, AMZ_ENOMEM, "png: cannot create the encoder");
        goto done;
    }
    /* libpng's errors and the stream's land here; png, info and line are set before
     * setjmp and not after, so they are valid in this branch. */
    if (setjmp(io.jmp)) {
        st = amz_errorf(err, io.write_failed ? AMZ_EIO : AMZ_EFORMAT, "png: %s", io.msg);
        goto done;
    }
    png_set_write_fn(png, &io, img_png_write_data, img_png_flush);
    png_set_compression_level(png, 3);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
                 palette  ? PNG_COLOR_TYPE_PALETTE
                 : opaque ? PNG_COLOR_TYPE_RGB
                          : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette) {
        png_color pal[256];
        png_byte trans[256];
        bool any_trans = false;
        for (int i = 0; i < cm->n; i++) {
            uint8_t c[4];
            unpremultiply(cm->colors[i], c);
            pal[i].red = c[0];
            pal[i].green = c[1];
            pal[i].blue = c[2];
            trans[i] = c[3];
            any_trans |= c[3] != 255;
        }
        /* Translucent palette entries go in tRNS: alpha per index, as PNG has it. */
        png_set_PLTE(png, info, pal, cm->n);
        if (any_trans)
            png_set_tRNS(png, info, trans, cm->n, NULL);
        /* Palette rows do not benefit from filters (the values are labels). */
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    }
    if (grid_note) {
        png_unknown_chunk chunk;
        png_byte note[128];
        memset(&chunk, 0, sizeof chunk);
        /* name is 5 bytes, the type and its NUL; the note is cut to 128 bytes, no NUL. */
        memcpy(chunk.name, IMG_GRID_CHUNK, 5);
        chunk.size = strnlen(grid_note, sizeof note);
        memcpy(note, grid_note, chunk.size);
        chunk.data = note; /* libpng copies it */
        /* Written before PLTE and the image data, where img_png_grid_note looks. */
        chunk.location = PNG_HAVE_IHDR;
        png_set_unknown_chunks(png, info, &chunk, 1);
    }
    png_write_info(png, info);
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        if (palette) {
            uint32_t last = 0;
            int li = -1;
            for (int x = 0; x < w; x++) {
                /* Every colour went into the map in the first pass: no -1 here. */
                if (li < 0 || row[x] != last) {
                    last = row[x];
                    li = colormap_find(cm, last);
                }
                line[x] = (unsigned char)li;
            }
        } else {
            for (int x = 0; x < w; x++) {
                uint8_t c[4];
                unpremultiply(row[x], c);
                memcpy(line + (size_t)x * (size_t)channels, c, (size_t)channels);
            }
        }
        png_write_row(png, line);
    }
    png_write_end(png, NULL);
done:
    /* Also for an encoder that never started: NULL parts are skipped. */
    png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
    amz_free(line);
    amz_free(cm);
    return st;
}
