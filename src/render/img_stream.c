/* img_stream.c — square mazes too large for an in-memory canvas, written as a 4-bit
 * palette PNG one pixel row at a time with libpng. Each row is computed from the maze
 * by the same rules img_draw.c follows with cairo (see amaze/image.h), so both paths
 * give identical pixels; memory is two rows plus the solution's edge bits. Rows of one
 * band of a cell row are identical between the breakpoints of the solution band and
 * the markers, so each distinct row is built once and written as often as it repeats. */
#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "render/img_internal.h"
#include "render/img_pngio.h"

enum { PX_BG, PX_FLOOR, PX_WALL, PX_PATH, PX_START, PX_GOAL, PX_COUNT };

typedef struct stream {
    const img_scene *s;
    const amz_maze *m;
    const img_geo *g;
    uint8_t *row; /* one byte a pixel */
    bool unmasked;
} stream;

static inline bool exists(const stream *st, int64_t x, int64_t y)
{
    if (x < 0 || y < 0 || x >= st->g->w || y >= st->g->h)
        return false;
    return st->unmasked || grid_exists(st->m, y * (int64_t)st->g->w + x);
}

/* Solution edge of cell (x, y) in owned direction E (1) or S (2). */
static inline bool edge(const stream *st, int64_t x, int64_t y, int d)
{
    const uint64_t *e = st->s->path_edges;
    return e && x >= 0 && y >= 0 && bits_get(e, (uint64_t)(y * (int64_t)st->g->w + x) * 2 + (uint64_t)(d - 1));
}

static inline bool cell_on_path(const stream *st, int64_t x, int64_t y)
{
    if (!st->s->path_edges)
        return false;
    if (y * (int64_t)st->g->w + x == st->m->solution.start)
        return true;
    return edge(st, x, y, AMZ_SQ_E) || edge(st, x, y, AMZ_SQ_S) || edge(st, x - 1, y, AMZ_SQ_E) ||
           edge(st, x, y - 1, AMZ_SQ_S);
}

static inline void fill(uint8_t *row, int64_t x0, int64_t x1, uint8_t v)
{
    /* Strips are often 1 or 2 px wide (2 px cells): a loop beats a memset call. */
    if (x1 - x0 <= 8) {
        for (int64_t x = x0; x < x1; x++)
            row[x] = v;
    } else {
        memset(row + x0, v, (size_t)(x1 - x0));
    }
}

/* Walls, with a fast path for the inside of an unmasked grid (one bit each). */
static inline bool vwall(const stream *st, int64_t i, int64_t r)
{
    if (st->unmasked && i > 0 && i < st->g->w)
        return !bits_get(st->m->passages, (uint64_t)(r * st->g->w + i - 1) * 2);
    return img_vwall(st->s, i, r);
}

static inline bool hwall(const stream *st, int64_t i, int64_t j)
{
    if (st->unmasked && j > 0 && j < st->g->h)
        return !bits_get(st->m->passages, (uint64_t)((j - 1) * st->g->w + i) * 2 + 1);
    return img_hwall(st->s, i, j);
}

static inline bool post(const stream *st, int64_t i, int64_t j)
{
    if (st->unmasked)
        return true; /* every corner of a full grid touches a cell */
    return exists(st, i - 1, j - 1) || exists(st, i, j - 1) || exists(st, i - 1, j) || exists(st, i, j);
}

/* The pixel row through grid line j (any of its `wall` rows). */
static void line_row(const stream *st, int64_t j)
{
    const img_geo *g = st->g;
    const int64_t a = g->band_off, p = g->band, wl = g->wall;
    uint8_t *row = st->row;
    fill(row, 0, g->width, PX_BG);
    for (int64_t i = 0; i <= g->w; i++) {
        int64_t gx = img_gx(g, i);
        fill(row, gx, gx + wl, post(st, i, j) ? PX_WALL : PX_BG);
        if (i == g->w)
            break;
        int64_t x0 = gx + wl, x1 = img_gx(g, i + 1);
        if (hwall(st, i, j)) {
            fill(row, x0, x1, PX_WALL);
            continue;
        }
        fill(row, x0, x1, exists(st, i, j) ? PX_FLOOR : PX_BG);
        if (edge(st, i, j - 1, AMZ_SQ_S))
            fill(row, x0 + a, x0 + a + p, PX_PATH);
    }
}

/* The pixel row at offset t (0 .. interior-1) inside cell row r. */
static void cell_row(const stream *st, int64_t r, int64_t t)
{
    const img_geo *g = st->g;
    const int64_t a = g->band_off, p = g->band, wl = g->wall, in = g->interior;
    const int64_t b = g->mark_off, q = g->mark;
    const bool band = t >= a && t < a + p, mark = t >= b && t < b + q;
    uint8_t *row = st->row;
    fill(row, 0, g->width, PX_BG);
    for (int64_t i = 0; i <= g->w; i++) {
        int64_t gx = img_gx(g, i);
        if (vwall(st, i, r)) {
            fill(row, gx, gx + wl, PX_WALL);
        } else {
            fill(row, gx, gx + wl, exists(st, i, r) ? PX_FLOOR : PX_BG);
            if (band && edge(st, i - 1, r, AMZ_SQ_E))
                fill(row, gx, gx + wl, PX_PATH);
        }
        if (i == g->w || !exists(st, i, r))
            continue;
        int64_t x0 = gx + wl;
        fill(row, x0, x0 + in, PX_FLOOR);
        if (st->s->path_edges) {
            if (band && cell_on_path(st, i, r))
                fill(row, x0 + a, x0 + a + p, PX_PATH);
            if (band && edge(st, i, r, AMZ_SQ_E))
                fill(row, x0 + a, x0 + in, PX_PATH);
            if (band && edge(st, i - 1, r, AMZ_SQ_E))
                fill(row, x0, x0 + a + p, PX_PATH);
            if (t >= a && edge(st, i, r, AMZ_SQ_S))
                fill(row, x0 + a, x0 + a + p, PX_PATH);
            if (t < a + p && edge(st, i, r - 1, AMZ_SQ_S))
                fill(row, x0 + a, x0 + a + p, PX_PATH);
        }
        amz_cell c = r * (int64_t)g->w + i;
        if (mark && (c == st->s->start || c == st->s->goal))
            fill(row, x0 + b, x0 + b + q, c == st->s->start ? PX_START : PX_GOAL);
    }
}

static void pack4(const uint8_t *row, int64_t n, uint8_t *out)
{
    int64_t k = 0;
    for (; k + 1 < n; k += 2)
        out[k / 2] = (uint8_t)(row[k] << 4 | row[k + 1]);
    if (k < n)
        out[k / 2] = (uint8_t)(row[k] << 4);
}

amz_status img_stream_png(const img_scene *s, const amz_image_options *o, FILE *out, amz_error *err)
{
    const img_geo *g = &s->geo;
    stream st = {s, s->m, g, NULL, s->m->mask == NULL};
    uint8_t *packed = NULL;
    st.row = amz_malloc((size_t)g->width);
    packed = amz_malloc((size_t)(g->width + 1) / 2);
    if (!st.row || !packed) {
        amz_free(st.row);
        amz_free(packed);
        return amz_errorf(err, AMZ_ENOMEM, "png: cannot allocate a row of %lld pixels", (long long)g->width);
    }
    img_png_io io;
    memset(&io, 0, sizeof io);
    io.f = out;
    amz_status status = AMZ_OK;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, img_png_error, img_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        status = amz_errorf(err, AMZ_ENOMEM, "png: cannot create the encoder");
        goto done;
    }
    if (setjmp(io.jmp)) {
        status = amz_errorf(err, io.write_failed ? AMZ_EIO : AMZ_EFORMAT, "png: %s", io.msg);
        goto done;
    }
    png_set_write_fn(png, &io, img_png_write_data, img_png_flush);
    /* Speed over size: the block picture of a huge maze is gigabytes of raw pixels. */
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)g->width, (png_uint_32)g->height, 4, PNG_COLOR_TYPE_PALETTE,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    const amz_palette *pal = &o->palette;
    const amz_color cols[PX_COUNT] = {pal->background, pal->floor, pal->wall, pal->path, pal->start, pal->goal};
    png_color pc[PX_COUNT];
    png_byte trans[PX_COUNT];
    bool any_trans = false;
    for (int i = 0; i < PX_COUNT; i++) {
        pc[i].red = cols[i].r;
        pc[i].green = cols[i].g;
        pc[i].blue = cols[i].b;
        trans[i] = cols[i].a;
        any_trans |= cols[i].a != 255;
    }
    png_set_PLTE(png, info, pc, PX_COUNT);
    if (any_trans)
        png_set_tRNS(png, info, trans, PX_COUNT, NULL);
    png_write_info(png, info);

    /* Top margin, then per grid line: its wall rows and the cell row below it. */
    fill(st.row, 0, g->width, PX_BG);
    pack4(st.row, g->width, packed);
    for (int k = 0; k < g->margin; k++)
        png_write_row(png, packed);
    for (int64_t j = 0; j <= g->h; j++) {
        line_row(&st, j);
        pack4(st.row, g->width, packed);
        for (int k = 0; k < g->wall; k++)
            png_write_row(png, packed);
        if (j == g->h)
            break;
        const int64_t cuts[4] = {g->band_off, g->band_off + g->band, g->mark_off, g->mark_off + g->mark};
        for (int64_t t = 0; t < g->interior; t++) {
            bool rebuild = t == 0;
            for (int k = 0; k < 4; k++)
                rebuild |= t == cuts[k];
            if (rebuild) {
                cell_row(&st, j, t);
                pack4(st.row, g->width, packed);
            }
            png_write_row(png, packed);
        }
    }
    fill(st.row, 0, g->width, PX_BG);
    pack4(st.row, g->width, packed);
    for (int k = 0; k < g->margin; k++)
        png_write_row(png, packed);
    png_write_end(png, NULL);
done:
    png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
    amz_free(st.row);
    amz_free(packed);
    return status;
}
