/* dungeon_png.c — dungeons as PNG (libpng's write sequence, G. Roelofs, "PNG: The
 * Definitive Guide", 1999, ch. 15), a pixel row at a time, optionally coloured by a
 * Dijkstra or flee map on a yellow-red-blue ramp (after the "heat" maps of the
 * roguelike literature). Glyph colours follow the terminal's (text_dungeon.c). */
#include <png.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/dijkstra.h"
#include "amaze/dungeon_image.h"
#include "core/error.h"
#include "render/img_pngio.h"

void amz_dungeon_png_options_init(amz_dungeon_png_options *o)
{
    memset(o, 0, sizeof *o);
    o->scale = 8;
}

typedef struct rgb {
    uint8_t r, g, b;
} rgb;

/* The tile colours of amaze/dungeon_image.h; `unreached`: walkable tiles a heat map
 * does not reach. */
static const rgb rock = {18, 16, 22}, wall = {74, 78, 96}, room = {214, 204, 182}, corridor = {150, 140, 124},
                 door = {160, 98, 40}, up = {40, 170, 220}, down = {200, 60, 160}, unreached = {96, 96, 96};

/* Yellow (0) -> red (0.5) -> deep blue (1). */
static rgb ramp(double t)
{
    static const rgb stops[3] = {{255, 230, 90}, {215, 48, 39}, {40, 40, 140}};
    const int i = t < 0.5 ? 0 : 1;
    const double f = t < 0.5 ? t * 2 : (t - 0.5) * 2;
    rgb c = {(uint8_t)(stops[i].r + (stops[i + 1].r - stops[i].r) * f + 0.5),
             (uint8_t)(stops[i].g + (stops[i + 1].g - stops[i].g) * f + 0.5),
             (uint8_t)(stops[i].b + (stops[i + 1].b - stops[i].b) * f + 0.5)};
    return c;
}

typedef struct picture {
    const amz_dungeon *d;
    const amz_dungeon_png_options *o;
    double lo, hi; /* the heat map's range over reached tiles */
    uint8_t *row;
} picture;

/* The heat map's value at tile i, false where it does not reach (or there is none). At
 * most one of heat and flee is set (amz_dungeon_write_png refuses both). */
static bool heat_of(const picture *p, int64_t i, double *v)
{
    if (p->o->heat && p->o->heat[i] != AMZ_DIJKSTRA_FAR)
        return *v = p->o->heat[i], true;
    if (p->o->flee && p->o->flee[i] != AMZ_FLEE_FAR)
        return *v = p->o->flee[i], true;
    return false;
}

/* Doors and stairs keep their colours under a heat map; only floor takes the ramp,
 * scaled to [lo, hi] (all yellow when the map is flat). A non-walkable tile is wall
 * where the text glyph is '#' (beside a walkable tile), else rock. */
static rgb tile_colour(const picture *p, int32_t x, int32_t y)
{
    const amz_dungeon *d = p->d;
    const int64_t i = (int64_t)y * d->width + x;
    const uint16_t t = amz_dungeon_tile(d, x, y);
    switch (amz_dtile_kind_of(t)) {
    case AMZ_DTILE_DOOR: return door;
    case AMZ_DTILE_UP: return up;
    case AMZ_DTILE_DOWN: return down;
    case AMZ_DTILE_FLOOR: {
        double v;
        if (!p->o->heat && !p->o->flee)
            return amz_dtile_room(t) ? room : corridor;
        if (!heat_of(p, i, &v))
            return unreached;
        return ramp(p->hi > p->lo ? (v - p->lo) / (p->hi - p->lo) : 0);
    }
    default: return amz_dungeon_glyph(d, x, y) == '#' ? wall : rock;
    }
}

/* One pixel row: row k (of scale) of tile row y; stairs get a lighter inner square, half
 * way to white, inset a quarter of the tile (below scale 4 the inset is the whole tile,
 * so there is none). */
static void pixel_row(const picture *p, int32_t y, int k)
{
    const int s = p->o->scale, inset = s >= 4 ? s / 4 : s;
    uint8_t *q = p->row;
    for (int32_t x = 0; x < p->d->width; x++) {
        const rgb c = tile_colour(p, x, y);
        const unsigned kind = amz_dtile_kind_of(amz_dungeon_tile(p->d, x, y));
        const bool stairs = kind == AMZ_DTILE_UP || kind == AMZ_DTILE_DOWN;
        for (int j = 0; j < s; j++, q += 3) {
            const bool inner = stairs && j >= inset && j < s - inset && k >= inset && k < s - inset;
            q[0] = inner ? (uint8_t)(c.r / 2 + 128) : c.r;
            q[1] = inner ? (uint8_t)(c.g / 2 + 128) : c.g;
            q[2] = inner ? (uint8_t)(c.b / 2 + 128) : c.b;
        }
    }
}

/* Pixel row y of the picture, for img_png_write_rgb_rows. */
static void picture_row(void *ctx, uint32_t y, uint8_t *row)
{
    const picture *p = ctx;
    /* row is p->row, handed to img_png_write_rgb_rows; every pixel row is rebuilt from
     * the tiles. */
    (void)row; /* p->row */
    const uint32_t s = (uint32_t)p->o->scale;
    pixel_row(p, (int32_t)(y / s), (int)(y % s));
}

amz_status amz_dungeon_write_png(const amz_dungeon *d, const amz_dungeon_png_options *o, FILE *f, amz_error *err)
{
    amz_dungeon_png_options def;
    if (!o) {
        amz_dungeon_png_options_init(&def);
        o = &def;
    }
    if (o->scale < 1 || o->scale > AMZ_DUNGEON_PNG_SCALE_MAX)
        return amz_errorf(err, AMZ_ERANGE, "scale %d is outside 1..%d", o->scale, AMZ_DUNGEON_PNG_SCALE_MAX);
    if (o->heat && o->flee)
        return amz_errorf(err, AMZ_ERANGE, "one heat map at a time: a Dijkstra map or a flee map");
    if ((uint64_t)d->width * (uint64_t)o->scale > 0x7fffffffu || (uint64_t)d->height * (uint64_t)o->scale > 0x7fffffffu)
        return amz_errorf(err, AMZ_ERANGE, "a %dx%d map at scale %d is larger than PNG allows", d->width, d->height,
                          o->scale);
    /* The heat range over the walkable tiles it reaches, doors and stairs included. */
    picture p = {d, o, 0, 0, NULL};
    bool any = false;
    for (int64_t i = 0; i < (int64_t)d->width * d->height; i++) {
        double v;
        if (amz_dtile_walkable(((const uint16_t *)d->tiles.data)[i]) && heat_of(&p, i, &v)) {
            p.lo = any && p.lo < v ? p.lo : v;
            p.hi = any && p.hi > v ? p.hi : v;
            any = true;
        }
    }
    p.row = amz_malloc((size_t)d->width * (size_t)o->scale * 3);
    if (!p.row)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a pixel row");
    const uint32_t s = (uint32_t)o->scale;
    amz_status st = img_png_write_rgb_rows(f, (uint32_t)d->width * s, (uint32_t)d->height * s, p.row, picture_row, &p,
                                           err);
    amz_free(p.row);
    return st;
}
