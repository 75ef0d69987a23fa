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
#include "core/observe.h"
#include "render/img_internal.h"
#include "render/img_pngio.h"

/* Pixel values are the PNG's palette indices: six colours, so 4 bits a pixel. */
enum { PX_BG, PX_FLOOR, PX_WALL, PX_PATH, PX_START, PX_GOAL, PX_COUNT };

typedef struct stream {
    const img_scene *s;
    const amz_maze *m;
    const img_geo *g;
    uint8_t *row; /* one byte a pixel */
    bool unmasked;
    /* Row mode (a maze streamed from a generator, no passage array): the passages of
     * the cell row being drawn and of the row above it; NULL when drawing a maze. */
    const uint64_t *cur, *prev;
} stream;

/* img_exists_xy with the unmasked case first (no mask bit to read). */
static inline bool exists(const stream *st, int64_t x, int64_t y)
{
    if (x < 0 || y < 0 || x >= st->g->w || y >= st->g->h)
        return false;
    return st->unmasked || grid_exists(st->m, y * (int64_t)st->g->w + x);
}

/* Solution edge of cell (x, y) in owned direction E (1) or S (2): 2 bits a cell, the
 * only solution state the streaming writer keeps (amz_image_write skips the cell bits). */
static inline bool edge(const stream *st, int64_t x, int64_t y, int d)
{
    const uint64_t *e = st->s->path_edges;
    return e && x >= 0 && y >= 0 && bits_get(e, (uint64_t)(y * (int64_t)st->g->w + x) * 2 + (uint64_t)(d - 1));
}

/* A cell is on the path when a path edge touches it, or it is the path's start (so a
 * path of no moves still shows). */
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

/* Walls, with a fast path for the inside of an unmasked grid (one bit each). In row mode
 * the shell maze has no passage array: there every inner line takes the fast path (the
 * shell is never masked), and img_vwall / img_hwall see only the border lines, where
 * they read no passage bit. */
static inline bool vwall(const stream *st, int64_t i, int64_t r)
{
    if (st->unmasked && i > 0 && i < st->g->w)
        return st->cur ? !bits_get(st->cur, (uint64_t)(i - 1) * 2)
                       : !bits_get(st->m->passages, (uint64_t)(r * st->g->w + i - 1) * 2);
    return img_vwall(st->s, i, r);
}

static inline bool hwall(const stream *st, int64_t i, int64_t j)
{
    if (st->unmasked && j > 0 && j < st->g->h)
        return st->prev ? !bits_get(st->prev, (uint64_t)i * 2 + 1)
                        : !bits_get(st->m->passages, (uint64_t)((j - 1) * st->g->w + i) * 2 + 1);
    return img_hwall(st->s, i, j);
}

static inline bool post(const stream *st, int64_t i, int64_t j)
{
    if (st->unmasked)
        return true; /* every corner of a full grid touches a cell */
    return exists(st, i - 1, j - 1) || exists(st, i, j - 1) || exists(st, i - 1, j) || exists(st, i, j);
}

/* The pixel row through grid line j (any of its `wall` rows): posts where a cell touches
 * the corner, wall segments, else the cell's floor (or background) with the band of a
 * path edge crossing the line southwards. The same rules as img_draw.c's square layers,
 * walls taking precedence. */
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

/* The pixel row at offset t (0 .. interior-1) inside cell row r. Later fills overwrite
 * earlier ones in img_draw.c's layer order: floor, then the band's parts, then markers;
 * a wall line is wall whatever the path says. `band`: t is in the band's rows, `mark`:
 * in the markers' rows. */
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
            /* The vertical arms: down from the band to the cell's bottom (S edge), and
             * from the top down to the band's bottom (the N edge, owned by the cell above). */
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

/* Two pixels a byte, the leftmost in the high nibble as PNG packs sub-byte depths; an odd
 * last pixel leaves the low nibble 0. */
static void pack4(const uint8_t *row, int64_t n, uint8_t *out)
{
    int64_t k = 0;
    for (; k + 1 < n; k += 2)
        out[k / 2] = (uint8_t)(row[k] << 4 | row[k + 1]);
    if (k < n)
        out[k / 2] = (uint8_t)(row[k] << 4);
}

/* The writer behind both entry points: amz_image_write's streamed pictures (a whole
 * maze) and the row sink of amz_image_rows_open (rows from a generator). libpng
 * reports errors by longjmp, so every function that calls it sets the jump target
 * first. */
typedef struct png_rows {
    amz_row_sink sink; /* first: the sink pointer is the writer's (row mode) */
    img_png_io io;
    png_structp png;
    png_infop info;
    stream st;
    uint8_t *packed;
    int64_t next; /* next cell row to draw */
    /* Row mode only: the maze without passages, its scene, and the previous row. */
    amz_maze shell;
    amz_image_options o;
    img_scene scene;
    uint64_t *prev;
    size_t row_words;
    bool broken; /* a row failed: the picture can no longer be finished */
} png_rows;

/* The error after a longjmp: the stream's (AMZ_EIO) or libpng's (AMZ_EFORMAT). */
static amz_status png_failed(png_rows *p, amz_error *err)
{
    return amz_errorf(err, p->io.write_failed ? AMZ_EIO : AMZ_EFORMAT, "png: %s", p->io.msg);
}

/* Safe on a writer that started part way, and twice. */
static void rows_release(png_rows *p)
{
    if (p->png || p->info)
        png_destroy_write_struct(p->png ? &p->png : NULL, p->info ? &p->info : NULL);
    amz_free(p->st.row);
    amz_free(p->packed);
    amz_free(p->prev);
    p->png = NULL;
    p->info = NULL;
    p->st.row = p->packed = NULL;
    p->prev = NULL;
}

/* Allocates the rows, writes the PNG header and the top margin. On failure the caller
 * releases what was made (rows_release). */
static amz_status rows_start(png_rows *p, const img_scene *s, const amz_image_options *o, FILE *out,
                             amz_error *err)
{
    const img_geo *g = &s->geo;
    p->st.s = s;
    p->st.m = s->m;
    p->st.g = g;
    p->st.unmasked = s->m->mask == NULL;
    p->st.row = amz_malloc((size_t)g->width);
    p->packed = amz_malloc((size_t)(g->width + 1) / 2);
    if (!p->st.row || !p->packed)
        return amz_errorf(err, AMZ_ENOMEM, "png: cannot allocate a row of %lld pixels", (long long)g->width);
    p->io.f = out;
    p->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &p->io, img_png_error, img_png_warning);
    p->info = p->png ? png_create_info_struct(p->png) : NULL;
    if (!p->png || !p->info)
        return amz_errorf(err, AMZ_ENOMEM, "png: cannot create the encoder");
    if (setjmp(p->io.jmp))
        return png_failed(p, err);
    png_structp png = p->png;
    png_set_write_fn(png, &p->io, img_png_write_data, img_png_flush);
    /* Speed over size: the block picture of a huge maze is gigabytes of raw pixels. */
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, p->info, (png_uint_32)g->width, (png_uint_32)g->height, 4, PNG_COLOR_TYPE_PALETTE,
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
    png_set_PLTE(png, p->info, pc, PX_COUNT);
    if (any_trans)
        png_set_tRNS(png, p->info, trans, PX_COUNT, NULL);
    png_write_info(png, p->info);
    fill(p->st.row, 0, g->width, PX_BG);
    pack4(p->st.row, g->width, p->packed);
    for (int k = 0; k < g->margin; k++)
        png_write_row(png, p->packed);
    return AMZ_OK;
}

/* Grid line j's wall rows, then (j < h) the pixel rows of cell row j. A row is rebuilt
 * only at t = 0 and where the band or the markers start or end (cuts): rows between are
 * identical, and libpng is handed the same packed row again. */
static amz_status rows_band(png_rows *p, int64_t j, amz_error *err)
{
    if (setjmp(p->io.jmp))
        return png_failed(p, err);
    const img_geo *g = p->st.g;
    line_row(&p->st, j);
    pack4(p->st.row, g->width, p->packed);
    for (int k = 0; k < g->wall; k++)
        png_write_row(p->png, p->packed);
    if (j == g->h)
        return AMZ_OK;
    const int64_t cuts[4] = {g->band_off, g->band_off + g->band, g->mark_off, g->mark_off + g->mark};
    for (int64_t t = 0; t < g->interior; t++) {
        bool rebuild = t == 0;
        for (int k = 0; k < 4; k++)
            rebuild |= t == cuts[k];
        if (rebuild) {
            cell_row(&p->st, j, t);
            pack4(p->st.row, g->width, p->packed);
        }
        png_write_row(p->png, p->packed);
    }
    return AMZ_OK;
}

/* The bottom grid line, the bottom margin and the end of the PNG. */
static amz_status rows_finish(png_rows *p, amz_error *err)
{
    amz_status st = rows_band(p, p->st.g->h, err);
    if (st)
        return st;
    if (setjmp(p->io.jmp))
        return png_failed(p, err);
    const img_geo *g = p->st.g;
    fill(p->st.row, 0, g->width, PX_BG);
    pack4(p->st.row, g->width, p->packed);
    for (int k = 0; k < g->margin; k++)
        png_write_row(p->png, p->packed);
    png_write_end(p->png, NULL);
    return AMZ_OK;
}

/* Whole-maze mode: the scene's maze has its passage array; rows come from it. PROGRESS
 * events go every h / 1000 cell rows (units: cells), as amaze/image.h promises. */
amz_status img_stream_png(const img_scene *s, const amz_image_options *o, FILE *out, amz_error *err)
{
    png_rows p;
    memset(&p, 0, sizeof p);
    amz_status status = rows_start(&p, s, o, out, err);
    /* Top margin, then per grid line: its wall rows and the cell row below it. */
    const amz_observer *obs = o->observer && o->observer->fn ? o->observer : NULL;
    const int64_t h = s->geo.h, w = s->geo.w, step = h / 1000 ? h / 1000 : 1;
    for (int64_t j = 0; status == AMZ_OK && j < h; j++) {
        status = rows_band(&p, j, err);
        if (status == AMZ_OK && obs && ((j + 1) % step == 0 || j + 1 == h) &&
            obs_emit_index(obs, AMZ_EV_PROGRESS, AMZ_NO_CELL, (uint64_t)(j + 1) * (uint64_t)w,
                           (uint64_t)h * (uint64_t)w))
            status = amz_errorf(err, AMZ_ECANCELED, "png: canceled by the observer");
    }
    if (status == AMZ_OK)
        status = rows_finish(&p, err);
    rows_release(&p);
    return status;
}

/* The maze of a stream header without passages: row mode draws rows as they come. Not a
 * maze to free: it owns nothing (passages, mask and rings NULL). */
static void shell_init(amz_maze *m, const amz_stream_header *h)
{
    memset(m, 0, sizeof *m);
    m->topology = AMZ_TOPO_SQUARE;
    m->width = (int32_t)h->width;
    m->height = (int32_t)h->height;
    m->ndirs = 4;
    m->bits = 2;
    m->ncells = (amz_cell)(h->width * h->height);
    m->start = h->start;
    m->goal = h->goal;
}

/* Streams have no mask: the shell is always a full square grid of this size. */
static amz_status check_header(const amz_stream_header *h, amz_error *err)
{
    if (h->topology != AMZ_TOPO_SQUARE)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "only square mazes stream as pictures");
    if (h->width < 1 || h->height < 1 || h->width > AMZ_MAX_SIDE || h->height > AMZ_MAX_SIDE)
        return amz_errorf(err, AMZ_ERANGE, "size %lldx%lld out of range", (long long)h->width, (long long)h->height);
    return AMZ_OK;
}

/* The options a streamed picture is drawn with: the caller's (or the defaults), always
 * row by row, never a solution (a stream has none). */
static amz_image_options row_options(const amz_image_options *o)
{
    amz_image_options r;
    if (o)
        r = *o;
    else
        amz_image_options_init(&r);
    r.stream = AMZ_STREAM_ALWAYS;
    r.solution = false;
    return r;
}

/* What amz_image_rows_open allocates (rounded up), refusing the layout the same way. */
uint64_t amz_image_rows_memory(const amz_stream_header *h, const amz_image_options *o)
{
    amz_maze shell;
    amz_image_layout l;
    amz_image_options ro = row_options(o);
    if (check_header(h, NULL))
        return UINT64_MAX;
    shell_init(&shell, h);
    if (amz_image_layout_get(&shell, &ro, AMZ_IMAGE_PNG, &l, NULL))
        return UINT64_MAX;
    /* A byte a pixel and half a byte packed for one pixel row, the previous row of
     * passages, the writer, and libpng with zlib's window and buffers. */
    return (uint64_t)l.width * 2 + ((uint64_t)h->width * 2 + 63) / 64 * 8 + sizeof(png_rows) + IMG_PNG_ENCODER_BYTES;
}

/* amz_row_sink ops. The sink is the first member of png_rows, so the casts from the
 * sink pointer are valid (C11 6.7.2.1). A failed row breaks the sink for good: libpng
 * cannot go on after a longjmp. Rows must come in order; each is copied to prev for
 * the horizontal walls of the next. */
static amz_status sink_put(amz_row_sink *sink, int32_t y, const uint64_t *row, amz_error *err)
{
    png_rows *p = (png_rows *)sink;
    if (p->broken)
        return amz_errorf(err, AMZ_EIO, "png: the picture failed earlier");
    if (y != p->next || y >= p->shell.height)
        return amz_errorf(err, AMZ_EINVAL, "png: row %d given where row %lld was due", y, (long long)p->next);
    p->st.prev = y > 0 ? p->prev : NULL;
    p->st.cur = row;
    amz_status st = rows_band(p, y, err);
    p->st.cur = p->st.prev = NULL;
    if (st) {
        p->broken = true;
        return st;
    }
    memcpy(p->prev, row, p->row_words * sizeof *row);
    p->next++;
    return AMZ_OK;
}

static amz_status sink_finish(amz_row_sink *sink, amz_error *err)
{
    png_rows *p = (png_rows *)sink;
    if (p->broken)
        return amz_errorf(err, AMZ_EIO, "png: the picture failed earlier");
    if (p->next != p->shell.height)
        return amz_errorf(err, AMZ_EINVAL, "png: only %lld of %d rows were given", (long long)p->next,
                          p->shell.height);
    return rows_finish(p, err);
}

static void sink_destroy(amz_row_sink *sink)
{
    png_rows *p = (png_rows *)sink;
    rows_release(p);
    amz_free(p);
}

static const amz_row_sink_ops png_sink_ops = {sink_put, sink_finish, sink_destroy};

/* amaze/image.h. On failure everything made is destroyed and *out stays NULL; on success
 * the caller ends the sink (finish or abort, amaze/stream.h). */
amz_status amz_image_rows_open(FILE *f, const amz_stream_header *h, const amz_image_options *o, amz_row_sink **out,
                               amz_error *err)
{
    *out = NULL;
    amz_status st = check_header(h, err);
    if (st)
        return st;
    png_rows *p = amz_calloc(1, sizeof *p);
    if (!p)
        return amz_errorf(err, AMZ_ENOMEM, "png: out of memory");
    p->sink.ops = &png_sink_ops;
    p->o = row_options(o);
    shell_init(&p->shell, h);
    amz_image_layout l;
    st = amz_image_layout_get(&p->shell, &p->o, AMZ_IMAGE_PNG, &l, err);
    if (st == AMZ_OK) {
        img_scene_init(&p->scene, &p->shell, &p->o, &l);
        p->row_words = (size_t)(((uint64_t)h->width * 2 + 63) / 64);
        if (!(p->prev = amz_calloc(p->row_words, sizeof *p->prev)))
            st = amz_errorf(err, AMZ_ENOMEM, "png: out of memory");
    }
    if (st == AMZ_OK)
        st = rows_start(p, &p->scene, &p->o, f, err);
    if (st) {
        sink_destroy(&p->sink);
        return st;
    }
    *out = &p->sink;
    return AMZ_OK;
}
