/* terrain_png.c — terrain maps as PNG (libpng, "PNG: The Definitive Guide", Roelofs
 * 1999, ch. 15 for the write sequence), one pixel row at a time, with an optional
 * legend drawn by cairo in a band below the map. Colours come from amz_tile_color /
 * amz_tile_biome_color / amz_terrain_hillshade so the terminal and the picture agree. */
#include <cairo.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "amaze/terrain_image.h"
#include "core/error.h"
#include "render/img_pngio.h"

void amz_terrain_png_options_init(amz_terrain_png_options *o)
{
    memset(o, 0, sizeof *o);
    o->scale = 1;
    o->palette = AMZ_PALETTE_AUTO;
}

/* The picture: the map's pixels, centred in a band at least as wide as the legend. */
typedef struct picture {
    const amz_terrain *t;
    const amz_terrain_png_options *o;
    bool biomes;
    uint64_t pw, ph, map_w, pad; /* picture size; the map's width; left padding */
    uint8_t *row;                /* one RGB row of pw pixels */
    cairo_surface_t *legend;     /* NULL without a legend */
    int legend_h;
} picture;

/* The legend's background, also the padding beside a map narrower than the legend:
 * a light paper tone no biome uses, so the map's edge stays visible. */
static const uint8_t paper[3] = {246, 244, 238};

/* Fills one tile row's worth of pixels (each tile `scale` wide). */
static void tile_row(const picture *p, int32_t y)
{
    uint8_t *q = p->row;
    for (uint64_t i = 0; i < p->pad; i++, q += 3)
        memcpy(q, paper, 3);
    for (int32_t x = 0; x < p->t->width; x++) {
        double light = p->o->hillshade ? amz_terrain_hillshade(p->t, x, y) : 1.0;
        uint16_t tile = amz_terrain_tile(p->t, x, y);
        amz_rgb c = p->biomes ? amz_tile_biome_color(tile, light) : amz_tile_color(tile, light);
        for (int k = 0; k < p->o->scale; k++, q += 3) {
            q[0] = c.r;
            q[1] = c.g;
            q[2] = c.b;
        }
    }
    for (uint64_t i = p->pad + p->map_w; i < p->pw; i++, q += 3)
        memcpy(q, paper, 3);
}

/* The legend's entries: each biome the palette has (or each tile kind), a swatch and
 * a name, laid out in columns of 128 pixels. */
typedef struct entry {
    const char *name;
    amz_rgb colour;
} entry;

/* Fills e (AMZ_BIOMES + 1 entries at most) and returns the count: biomes 1.. (0 is none)
 * and a river swatch, or the five tile kinds drawn at typical heights (vegetation is
 * earth with its vegetation bit). */
static int legend_entries(bool biomes, entry *e)
{
    int n = 0;
    if (biomes) {
        for (unsigned b = 1; b < AMZ_BIOMES; b++)
            e[n++] = (entry){amz_biome_name(b), amz_biome_color(b)};
        e[n++] = (entry){"river", amz_tile_biome_color(amz_tile_make_full(AMZ_TILE_EARTH, AMZ_BIOME_GRASSLAND, true,
                                                                          50, false),
                                                       1.0)};
        return n;
    }
    static const char *const names[] = {"water", "sand", "earth", "vegetation", "rock"};
    static const unsigned types[] = {AMZ_TILE_WATER, AMZ_TILE_SAND, AMZ_TILE_EARTH, AMZ_TILE_EARTH, AMZ_TILE_ROCK};
    static const unsigned heights[] = {30, 42, 55, 55, 85};
    for (int i = 0; i < 5; i++)
        e[n++] = (entry){names[i], amz_tile_color(amz_tile_make(types[i], heights[i], i == 3), 1.0)};
    return n;
}

enum { COLUMN = 128, LINE = 18, LEGEND_MAX = 160 };

/* Rows of entries that fit the width, capped at LEGEND_MAX pixels: the estimate
 * counts that many rows of 4-byte pixels, so the band can never outgrow it. */
static int legend_height(bool biomes, uint64_t pw)
{
    entry e[AMZ_BIOMES + 1];
    int n = legend_entries(biomes, e), per = (int)(pw / COLUMN);
    per = per < 1 ? 1 : per;
    int h = 10 + (n + per - 1) / per * LINE;
    return h > LEGEND_MAX ? LEGEND_MAX : h;
}

/* Draws the legend band once, before the rows are written: RGB24, pw x legend_h, owned
 * by p (freed by amz_terrain_write_png). Entries past the capped height are left out. */
static amz_status draw_legend(picture *p, amz_error *err)
{
    p->legend_h = legend_height(p->biomes, p->pw);
    p->legend = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)p->pw, p->legend_h);
    if (cairo_surface_status(p->legend) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(p->legend);
        p->legend = NULL;
        return amz_errorf(err, AMZ_ENOMEM, "cannot make the legend's %llux%d band", (unsigned long long)p->pw,
                          p->legend_h);
    }
    cairo_t *cr = cairo_create(p->legend);
    cairo_set_source_rgb(cr, paper[0] / 255.0, paper[1] / 255.0, paper[2] / 255.0);
    cairo_paint(cr);
    /* cairo's own font ("@cairo:"), not a system one: the same pixels on every machine. */
    cairo_select_font_face(cr, "@cairo:sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 11);
    entry e[AMZ_BIOMES + 1];
    int n = legend_entries(p->biomes, e), per = (int)(p->pw / COLUMN);
    per = per < 1 ? 1 : per;
    for (int i = 0; i < n; i++) {
        int row = i / per, col = i % per; /* whole cells: integer division on purpose */
        double x = 8 + col * COLUMN, y = 6 + row * LINE;
        if (y + LINE > p->legend_h)
            break;
        cairo_rectangle(cr, x, y, 12, 12);
        cairo_set_source_rgb(cr, e[i].colour.r / 255.0, e[i].colour.g / 255.0, e[i].colour.b / 255.0);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        cairo_move_to(cr, x + 18, y + 10);
        cairo_show_text(cr, e[i].name);
    }
    cairo_destroy(cr);
    cairo_surface_flush(p->legend);
    return AMZ_OK;
}

/* One legend row as RGB: cairo's RGB24 is a native 32-bit word 0x00RRGGBB. */
static void legend_row(const picture *p, int y)
{
    const uint8_t *src = cairo_image_surface_get_data(p->legend) + (size_t)y * (size_t)cairo_image_surface_get_stride(p->legend);
    for (uint64_t x = 0; x < p->pw; x++) {
        uint32_t v;
        memcpy(&v, src + 4 * x, 4);
        p->row[3 * x] = (uint8_t)(v >> 16);
        p->row[3 * x + 1] = (uint8_t)(v >> 8);
        p->row[3 * x + 2] = (uint8_t)v;
    }
}

/* Pixel row y of the picture, for img_png_write_rgb_rows: a tile row is drawn at its
 * first pixel row and repeated `scale` times, then the legend's rows. */
static void picture_row(void *ctx, uint32_t y, uint8_t *row)
{
    const picture *p = ctx;
    (void)row; /* p->row */
    const uint64_t map_h = (uint64_t)p->t->height * (uint64_t)p->o->scale;
    if (y < map_h) {
        if (y % (uint32_t)p->o->scale == 0)
            tile_row(p, (int32_t)(y / (uint32_t)p->o->scale));
    } else {
        legend_row(p, (int)(y - map_h));
    }
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
    if (o->palette != AMZ_PALETTE_AUTO && o->palette != AMZ_PALETTE_TYPES && o->palette != AMZ_PALETTE_BIOMES)
        return amz_errorf(err, AMZ_ERANGE, "unknown palette %d", (int)o->palette);
    picture p;
    memset(&p, 0, sizeof p);
    p.t = t;
    p.o = o;
    p.biomes = o->palette == AMZ_PALETTE_BIOMES || (o->palette == AMZ_PALETTE_AUTO && t->options.biomes);
    p.map_w = (uint64_t)t->width * (uint64_t)o->scale;
    p.pw = p.map_w;
    if (o->legend && p.pw < AMZ_TERRAIN_LEGEND_MIN_WIDTH) {
        p.pw = AMZ_TERRAIN_LEGEND_MIN_WIDTH;
        p.pad = (p.pw - p.map_w) / 2;
    }
    /* Sizes in 64 bits: width x scale cannot overflow there, and PNG's own limit of
     * 2^31-1 a side is checked before anything is allocated. */
    p.ph = (uint64_t)t->height * (uint64_t)o->scale + (o->legend ? (uint64_t)legend_height(p.biomes, p.pw) : 0);
    if (p.pw > 0x7fffffffu || p.ph > 0x7fffffffu)
        return amz_errorf(err, AMZ_ERANGE, "a %llux%llu picture is larger than PNG allows", (unsigned long long)p.pw,
                          (unsigned long long)p.ph);
    /* One row buffer for every row: img_png_write_rgb_rows keeps what picture_row left,
     * which lets a tile row be drawn once for its `scale` pixel rows. */
    p.row = amz_malloc((size_t)p.pw * 3);
    if (!p.row)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a pixel row of %llu pixels", (unsigned long long)p.pw);
    amz_status st = o->legend ? draw_legend(&p, err) : AMZ_OK;
    if (st == AMZ_OK)
        st = img_png_write_rgb_rows(f, (uint32_t)p.pw, (uint32_t)p.ph, p.row, picture_row, &p, err);
    if (p.legend)
        cairo_surface_destroy(p.legend);
    amz_free(p.row);
    return st;
}

/* Through amz_outfile: a file is written beside its destination and renamed on success,
 * so a failure leaves no half picture ("-" writes standard output directly). The error
 * names the path. */
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
