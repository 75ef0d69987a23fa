/* text.c — terrain maps on a terminal: one glyph per tile, optionally on a 24-bit
 * ANSI colour background (SGR 48;2;r;g;b, the "truecolor" extension of ECMA-48 that
 * xterm and most terminals accept). Escape codes are emitted only when colours change. */
#include <errno.h>
#include <string.h>

#include "amaze/terrain.h"
#include "core/error.h"

void amz_terrain_text_options_init(amz_terrain_text_options *o)
{
    memset(o, 0, sizeof *o);
}

/* Escape codes are written only when a colour changes, which keeps a line of one
 * terrain type to one escape: a 1000-column ocean is 1000 glyphs, not 40000 bytes. */
static bool same(amz_rgb a, amz_rgb b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

amz_status amz_terrain_render_text(const amz_terrain *t, const amz_terrain_text_options *o, FILE *f, amz_error *err)
{
    amz_terrain_text_options def;
    if (!o) {
        amz_terrain_text_options_init(&def);
        o = &def;
    }
    /* The region is checked in 64 bits: x0 + w cannot overflow there, and a region
     * partly outside the map is refused rather than clipped (callers crop themselves). */
    int64_t x0 = o->x, y0 = o->y;
    int64_t w = o->width ? o->width : t->width - x0, h = o->height ? o->height : t->height - y0;
    if (x0 < 0 || y0 < 0 || w < 1 || h < 1 || x0 + w > t->width || y0 + h > t->height)
        return amz_errorf(err, AMZ_ERANGE, "region %lldx%lld at (%lld,%lld) is not inside the %dx%d map", (long long)w,
                          (long long)h, (long long)x0, (long long)y0, t->width, t->height);
    for (int64_t y = y0; y < y0 + h; y++) {
        /* Every line starts from the terminal's default colours (the reset below),
         * so a pager or a cut line never bleeds colour into the next. */
        bool fresh = true; /* no colour set yet on this line */
        amz_rgb bg = {0, 0, 0}, fg = {0, 0, 0};
        for (int64_t x = x0; x < x0 + w; x++) {
            uint16_t tile = amz_terrain_tile(t, (int32_t)x, (int32_t)y);
            if (o->color) {
                amz_rgb b = amz_tile_biome_color(tile, 1.0), g = amz_tile_biome_color(tile, 0.55);
                if (fresh || !same(b, bg))
                    fprintf(f, "\x1b[48;2;%u;%u;%um", b.r, b.g, b.b);
                if (fresh || !same(g, fg))
                    fprintf(f, "\x1b[38;2;%u;%u;%um", g.r, g.g, g.b);
                bg = b;
                fg = g;
                fresh = false;
            }
            fputc(amz_tile_glyph(tile), f);
        }
        if (o->color)
            fputs("\x1b[0m", f);
        fputc('\n', f);
    }
    /* stdio keeps the first write error: one check at the end sees them all. */
    if (ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}
