/* terrain_png.c — terrain maps as PNG (libpng, "PNG: The Definitive Guide", Roelofs
 * 1999, ch. 15 for the write sequence), one pixel row at a time. Colours come from
 * amz_tile_color / amz_terrain_hillshade so the terminal and the picture agree. */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "amaze/terrain_image.h"
#include "core/error.h"

void amz_terrain_png_options_init(amz_terrain_png_options *o)
{
    memset(o, 0, sizeof *o);
    o->scale = 1;
}

/* libpng reports errors by longjmp; keep its message for ours. */
typedef struct png_ctx {
    jmp_buf jump;
    char msg[160];
} png_ctx;

static void on_error(png_structp png, png_const_charp msg)
{
    png_ctx *c = png_get_error_ptr(png);
    snprintf(c->msg, sizeof c->msg, "%s", msg);
    longjmp(c->jump, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* Fills one tile row's worth of pixels (each tile `scale` wide). */
static void tile_row(const amz_terrain *t, const amz_terrain_png_options *o, int32_t y, uint8_t *row)
{
    size_t p = 0;
    for (int32_t x = 0; x < t->width; x++) {
        double light = o->hillshade ? amz_terrain_hillshade(t, x, y) : 1.0;
        amz_rgb c = amz_tile_color(amz_terrain_tile(t, x, y), light);
        for (int k = 0; k < o->scale; k++) {
            row[p++] = c.r;
            row[p++] = c.g;
            row[p++] = c.b;
        }
    }
}

/* The libpng part, apart so that nothing it uses changes after setjmp. */
static amz_status encode(const amz_terrain *t, const amz_terrain_png_options *o, FILE *f, uint8_t *row, uint64_t pw,
                         uint64_t ph, amz_error *err)
{
    png_ctx ctx;
    ctx.msg[0] = '\0';
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        return amz_errorf(err, AMZ_ENOMEM, "cannot start libpng");
    }
    if (setjmp(ctx.jump)) {
        png_destroy_write_struct(&png, &info);
        return amz_errorf(err, AMZ_EIO, "PNG write failed: %s", ctx.msg[0] ? ctx.msg : strerror(errno ? errno : EIO));
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)pw, (png_uint_32)ph, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int32_t y = 0; y < t->height; y++) {
        tile_row(t, o, y, row);
        for (int k = 0; k < o->scale; k++)
            png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}

amz_status amz_terrain_write_png(const amz_terrain *t, const amz_terrain_png_options *o, FILE *f, amz_error *err)
{
    amz_terrain_png_options def;
    if (!o) {
        amz_terrain_png_options_init(&def);
        o = &def;
    }
    if (o->scale < 1 || o->scale > AMZ_TERRAIN_PNG_SCALE_MAX)
        return amz_errorf(err, AMZ_ERANGE, "scale %d is outside 1..%d", o->scale, AMZ_TERRAIN_PNG_SCALE_MAX);
    uint64_t pw = (uint64_t)t->width * (uint64_t)o->scale, ph = (uint64_t)t->height * (uint64_t)o->scale;
    if (pw > 0x7fffffffu || ph > 0x7fffffffu)
        return amz_errorf(err, AMZ_ERANGE, "a %llux%llu picture is larger than PNG allows", (unsigned long long)pw,
                          (unsigned long long)ph);
    uint8_t *row = amz_malloc((size_t)pw * 3);
    if (!row)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a pixel row of %llu pixels", (unsigned long long)pw);
    amz_status st = encode(t, o, f, row, pw, ph, err);
    amz_free(row);
    return st;
}

amz_status amz_terrain_save_png(const amz_terrain *t, const amz_terrain_png_options *o, const char *path,
                                amz_error *err)
{
    amz_outfile out;
    amz_status st = amz_outfile_open(&out, path, err);
    if (st)
        return st;
    if ((st = amz_terrain_write_png(t, o, out.fp, err))) {
        amz_outfile_abort(&out);
        return amz_error_prefix(err, st, "%s", strcmp(path, "-") == 0 ? "standard output" : path);
    }
    return amz_outfile_commit(&out, err);
}
