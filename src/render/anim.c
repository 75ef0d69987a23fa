/* anim.c — animation frames from observer events. Each cell has a state (unvisited,
 * head, trail with a time stamp, frontier, backtracked, explored, floor); events change
 * states and passages and mark cells dirty; every N events the dirty cells are redrawn
 * with the picture code (img_draw.c, clipped to each cell) on an ARGB canvas, converted
 * to palette indices, and the bounding box of the pixels that changed becomes a frame.
 * The fading trail follows the JS1K demo: a head leaves a trail whose colour steps
 * from `trail` to the background state over the last `trail` events. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/anim.h"
#include "core/error.h"
#include "grid/topo.h"
#include "render/anim_impl.h"
#include "render/img_internal.h"

/* The trail fades in TRAIL_LEVELS colour steps whatever --trail is, so the frame palette
 * stays C_COUNT (27) colours, well inside a GIF's 256. */
#define TRAIL_LEVELS 8
/* The 16 Mpx canvas limit of amaze/anim.h: 5 bytes a pixel (ARGB canvas and index frame). */
#define ANIM_MAX_PIXELS ((int64_t)16 << 20)

/* A cell's state, one byte a cell (anim.state); its fill colour follows from it (anim_fill). */
enum { ST_UNVISITED, ST_FLOOR, ST_HEAD, ST_TRAIL, ST_FRONTIER, ST_BACKTRACKED, ST_EXPLORED };

/* Frame palette: fixed entries (amz_palette's order without `trail`, which only seeds the
 * levels; setup's base[] relies on it), then the trail levels of both phases. */
enum {
    C_BG,
    C_WALL,
    C_FLOOR,
    C_PATH,
    C_START,
    C_GOAL,
    C_UNVISITED,
    C_HEAD,
    C_FRONTIER,
    C_BACKTRACKED,
    C_EXPLORED,
    C_TRAIL_GEN,
    C_TRAIL_SOLVE = C_TRAIL_GEN + TRAIL_LEVELS,
    C_COUNT = C_TRAIL_SOLVE + TRAIL_LEVELS
};

/* A trail cell in the ring, stamped with the time it joined. The entry is stale once the
 * cell is no longer a trail cell or carries a newer stamp (it was the head again since). */
typedef struct trail_entry {
    amz_cell cell;
    uint64_t stamp;
} trail_entry;

typedef struct anim {
    const amz_anim_options *o;
    amz_image_options image; /* the scene's options (its palette is pointed to) */
    amz_maze *m;
    amz_maze scratch; /* passages as the generator's events report them */
    bool solving;
    img_scene scene;
    cairo_surface_t *surface;
    cairo_t *cr;
    uint8_t *idx; /* the last frame, palette indices */
    amz_color colors[C_COUNT];
    uint32_t keys[C_COUNT]; /* premultiplied ARGB of each palette colour */
    uint32_t last_px;       /* one-entry cache of the pixel lookup */
    uint8_t last_ix;
    bool have_last;
    /* Per cell: ST_* state, and the trail stamp. */
    uint8_t *state;
    uint64_t *stamp; /* trail: event time the cell stopped being the head */
    /* The cells to redraw at the next frame, each listed once (dirty_bits, ncells bits). */
    uint64_t *dirty_bits;
    amz_cell *dirty;
    size_t ndirty;
    bool redraw_all;
    trail_entry *ring; /* the trail in time order */
    /* ring_cap = trail + 2 entries (see move_head); the live ones start at ring_head. */
    size_t ring_cap, ring_head, ring_len;
    amz_cell head;
    uint64_t now; /* events so far */
    /* N (events a frame), frames emitted, and the counting run's events. */
    uint64_t spf, frames, counted;
    uint64_t *path_cells, *path_edges;
    float *any_boxes; /* geo.any: 4 floats a cell, img_any_cell_box */
    /* The last PATH cell, which the next PATH event links to. */
    amz_cell path_prev;
    amz_frame_fn fn;
    void *ctx;
    /* fn returned non-zero: the algorithm was stopped on purpose (not its own error). */
    bool canceled;
    int32_t width, height;
    int fps;
} anim;

static amz_color lerp(amz_color a, amz_color b, double t)
{
    amz_color c;
    c.r = (uint8_t)lround(a.r + (b.r - a.r) * t);
    c.g = (uint8_t)lround(a.g + (b.g - a.g) * t);
    c.b = (uint8_t)lround(a.b + (b.b - a.b) * t);
    c.a = (uint8_t)lround(a.a + (b.a - a.a) * t);
    return c;
}

/* c as a pixel of cairo's ARGB32 canvas: alpha premultiplied (rounded) in a native 32-bit
 * word, so canvas pixels compare with it directly. */
static uint32_t premul(amz_color c)
{
    uint32_t a = c.a;
    uint32_t r = (c.r * a + 127) / 255, g = (c.g * a + 127) / 255, b = (c.b * a + 127) / 255;
    return a << 24 | r << 16 | g << 8 | b;
}

/* Trail cell c's colour step: 0 just after the head left, TRAIL_LEVELS - 1 near the end.
 * age_trail retires a cell at age `trail`, so ages stay below it (anim_fill clamps anyway). */
static int trail_level(const anim *an, amz_cell c)
{
    uint64_t age = an->now - an->stamp[c];
    return (int)(age * TRAIL_LEVELS / (uint64_t)an->o->trail);
}

/* The scene's fill callback (img_scene.fill): a cell's colour by its state. */
static amz_color anim_fill(void *ctx, amz_cell c)
{
    const anim *an = ctx;
    switch (an->state[c]) {
    case ST_UNVISITED: return an->colors[C_UNVISITED];
    case ST_HEAD: return an->colors[C_HEAD];
    case ST_FRONTIER: return an->colors[C_FRONTIER];
    case ST_BACKTRACKED: return an->colors[C_BACKTRACKED];
    case ST_EXPLORED: return an->colors[C_EXPLORED];
    case ST_TRAIL: {
        int k = trail_level(an, c);
        if (k >= TRAIL_LEVELS)
            k = TRAIL_LEVELS - 1;
        return an->colors[(an->solving ? C_TRAIL_SOLVE : C_TRAIL_GEN) + k];
    }
    default: return an->colors[C_FLOOR];
    }
}

/* Queues c for the next frame's redraw, once. Out-of-range cells (an event's `other` may be
 * AMZ_NO_CELL) are ignored, so callers need not check. */
static void mark_dirty(anim *an, amz_cell c)
{
    if (c < 0 || c >= an->m->ncells || bits_get(an->dirty_bits, (uint64_t)c))
        return;
    bits_set(an->dirty_bits, (uint64_t)c);
    an->dirty[an->ndirty++] = c;
}

static void set_state(anim *an, amz_cell c, uint8_t s)
{
    if (c < 0 || c >= an->m->ncells)
        return;
    an->state[c] = s;
    mark_dirty(an, c);
}

/* The head moves to c; the cell it leaves joins the trail. Each event pushes at most one
 * entry and age_trail drops the entries `trail` events old after every event, so at most
 * trail + 1 are live and the ring of trail + 2 never fills. */
static void move_head(anim *an, amz_cell c)
{
    amz_cell h = an->head;
    if (h != AMZ_NO_CELL && h != c && an->state[h] == ST_HEAD) {
        an->state[h] = ST_TRAIL;
        an->stamp[h] = an->now;
        mark_dirty(an, h);
        if (an->ring_len == an->ring_cap) { /* cannot happen: entries expire first */
            an->ring_head = (an->ring_head + 1) % an->ring_cap;
            an->ring_len--;
        }
        an->ring[(an->ring_head + an->ring_len++) % an->ring_cap] = (trail_entry){h, an->now};
    }
    an->head = c;
    set_state(an, c, ST_HEAD);
}

/* Trail cells whose colour step changed since `before` are dirty; expired ones turn
 * into the phase's background state. Called after every shown event, so `before` is
 * an->now - 1. Stale entries are skipped, and leave the ring from the front once old. */
static void age_trail(anim *an, uint64_t before)
{
    const uint64_t len = (uint64_t)an->o->trail;
    for (size_t k = 0; k < an->ring_len; k++) {
        trail_entry *e = &an->ring[(an->ring_head + k) % an->ring_cap];
        if (an->state[e->cell] != ST_TRAIL || an->stamp[e->cell] != e->stamp)
            continue; /* the cell moved on since */
        uint64_t a0 = before - e->stamp, a1 = an->now - e->stamp;
        if (a1 >= len)
            set_state(an, e->cell, an->solving ? ST_EXPLORED : ST_FLOOR);
        else if (a0 * TRAIL_LEVELS / len != a1 * TRAIL_LEVELS / len)
            mark_dirty(an, e->cell);
    }
    while (an->ring_len && an->now - an->ring[an->ring_head].stamp >= len) {
        an->ring_head = (an->ring_head + 1) % an->ring_cap;
        an->ring_len--;
    }
}

/* The palette index of canvas pixel px. Drawing without antialiasing makes exact matches
 * the rule; the one-entry cache pays because canvas rows are long runs of one colour. */
static uint8_t lookup(anim *an, uint32_t px)
{
    if (an->have_last && px == an->last_px)
        return an->last_ix;
    int best = 0;
    long bestd = -1;
    for (int i = 0; i < C_COUNT; i++) {
        if (an->keys[i] == px) {
            best = i;
            break;
        }
        /* Not a palette colour (translucent colours blend): the nearest one. */
        long dr = (long)((px >> 16) & 0xff) - ((an->keys[i] >> 16) & 0xff);
        long dg = (long)((px >> 8) & 0xff) - ((an->keys[i] >> 8) & 0xff);
        long db = (long)(px & 0xff) - (an->keys[i] & 0xff);
        long da = (long)(px >> 24) - (an->keys[i] >> 24);
        long d = dr * dr + dg * dg + db * db + da * da;
        if (bestd < 0 || d < bestd) {
            bestd = d;
            best = i;
        }
    }
    an->last_px = px;
    an->last_ix = (uint8_t)best;
    an->have_last = true;
    return (uint8_t)best;
}

/* A pixel rectangle [x0, x1) x [y0, y1); empty when x0 == x1. */
typedef struct box {
    int32_t x0, y0, x1, y1;
} box;

/* Grows b to cover the rectangle; an empty b takes it as it is. */
static void box_add(box *b, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    if (b->x0 == b->x1) {
        b->x0 = x0, b->y0 = y0, b->x1 = x1, b->y1 = y1;
        return;
    }
    if (x0 < b->x0)
        b->x0 = x0;
    if (y0 < b->y0)
        b->y0 = y0;
    if (x1 > b->x1)
        b->x1 = x1;
    if (y1 > b->y1)
        b->y1 = y1;
}

/* Redraws [x0, x1) x [y0, y1) (clipped to the canvas) and folds the changed pixels into
 * `changed`. Pixels are compared by palette index with the last frame (an->idx, updated
 * here), so `changed` holds only pixels whose colour changed, not all that were redrawn. */
static void redraw(anim *an, int64_t x0, int64_t y0, int64_t x1, int64_t y1, box *changed)
{
    if (x0 < 0)
        x0 = 0;
    if (y0 < 0)
        y0 = 0;
    if (x1 > an->width)
        x1 = an->width;
    if (y1 > an->height)
        y1 = an->height;
    if (x0 >= x1 || y0 >= y1)
        return;
    img_draw_region(an->cr, &an->scene, (double)x0, (double)y0, (double)x1, (double)y1);
    /* cairo may still hold drawing back: flush before reading its memory. */
    cairo_surface_flush(an->surface);
    const unsigned char *data = cairo_image_surface_get_data(an->surface);
    const int stride = cairo_image_surface_get_stride(an->surface);
    for (int64_t y = y0; y < y1; y++) {
        /* cairo's strides are multiples of 4 bytes, so a row is an array of pixels. */
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *ix = an->idx + (size_t)y * (size_t)an->width;
        int64_t cx0 = -1, cx1 = -1;
        for (int64_t x = x0; x < x1; x++) {
            uint8_t v = lookup(an, row[x]);
            if (ix[x] != v) {
                ix[x] = v;
                if (cx0 < 0)
                    cx0 = x;
                cx1 = x + 1;
            }
        }
        if (cx0 >= 0)
            box_add(changed, (int32_t)cx0, (int32_t)y, (int32_t)cx1, (int32_t)y + 1);
    }
    cairo_surface_mark_dirty(an->surface);
}

/* The canvas pixels cell c's drawing may touch, walls included (not clipped): grids drawn
 * from the geometry use their precomputed boxes; a hexagon its bounding box grown by the
 * wall and a pixel of rounding; a square cell [gx(x), gx(x + 1) + wall), its four wall
 * lines. A solution band reaching into a neighbour is redrawn with it: PATH and CARVE
 * events mark both cells dirty. */
static void cell_box(const anim *an, amz_cell c, int64_t *x0, int64_t *y0, int64_t *x1, int64_t *y1)
{
    const img_geo *g = &an->scene.geo;
    int64_t x = c % an->m->width, y = c / an->m->width;
    if (g->any) {
        const float *b = an->any_boxes + 4 * (size_t)c;
        *x0 = (int64_t)floorf(b[0]);
        *y0 = (int64_t)floorf(b[1]);
        *x1 = (int64_t)ceilf(b[2]);
        *y1 = (int64_t)ceilf(b[3]);
    } else if (g->topo == AMZ_TOPO_HEX) {
        double cx, cy;
        img_hex_center(g, (int32_t)x, (int32_t)y, &cx, &cy);
        *x0 = (int64_t)floor(cx - g->s - g->wall) - 1;
        *x1 = (int64_t)ceil(cx + g->s + g->wall) + 1;
        *y0 = (int64_t)floor(cy - g->hh - g->wall) - 1;
        *y1 = (int64_t)ceil(cy + g->hh + g->wall) + 1;
    } else {
        *x0 = img_gx(g, x);
        *y0 = img_gx(g, y);
        *x1 = img_gx(g, x + 1) + g->wall;
        *y1 = img_gx(g, y + 1) + g->wall;
    }
}

/* Hands the whole index frame to the receiver, b its changed rectangle; the receiver's
 * non-zero return (stop) is passed back. */
static int emit(anim *an, const box *b, int delay, bool last)
{
    amz_frame f;
    f.width = an->width;
    f.height = an->height;
    f.pixels = an->idx;
    f.colors = an->colors;
    f.ncolors = C_COUNT;
    f.x0 = b->x0;
    f.y0 = b->y0;
    f.x1 = b->x1;
    f.y1 = b->y1;
    f.index = an->frames++;
    f.events = an->now;
    f.delay_cs = delay;
    f.last = last;
    return an->fn(an->ctx, &f);
}

/* Frame i's delay in centiseconds: the difference of rounded cumulative times, so frame i
 * ends at round((i + 1) * 100 / fps) cs and rounding never drifts (amaze/anim.h). */
static int frame_delay(const anim *an, uint64_t i)
{
    return (int)(llround((double)(i + 1) * 100.0 / an->fps) - llround((double)i * 100.0 / an->fps));
}

/* Draws what changed and hands the frame on; returns the receiver's answer. More than a
 * quarter of the cells dirty, or a phase change (redraw_all), redraws the whole canvas
 * in one pass instead of a cell at a time. `full`: the first frame, all of the canvas. */
static int flush_frame(anim *an, bool full)
{
    box changed = {0, 0, 0, 0};
    if (full || an->redraw_all || an->ndirty > (size_t)an->m->ncells / 4) {
        redraw(an, 0, 0, an->width, an->height, &changed);
    } else if (an->scene.geo.any && an->ndirty) {
        /* One pass over the union of the dirty cells' boxes (img_any_draw visits the
         * cell list once a pass, so one pass beats one a cell). */
        int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
        for (size_t k = 0; k < an->ndirty; k++) {
            int64_t a0, b0, a1, b1;
            cell_box(an, an->dirty[k], &a0, &b0, &a1, &b1);
            x0 = a0 < x0 ? a0 : x0;
            y0 = b0 < y0 ? b0 : y0;
            x1 = a1 > x1 ? a1 : x1;
            y1 = b1 > y1 ? b1 : y1;
        }
        redraw(an, x0, y0, x1, y1, &changed);
    } else {
        for (size_t k = 0; k < an->ndirty; k++) {
            int64_t x0, y0, x1, y1;
            cell_box(an, an->dirty[k], &x0, &y0, &x1, &y1);
            redraw(an, x0, y0, x1, y1, &changed);
        }
    }
    for (size_t k = 0; k < an->ndirty; k++)
        bits_clear(an->dirty_bits, (uint64_t)an->dirty[k]);
    an->ndirty = 0;
    an->redraw_all = false;
    if (full) /* the first frame is the whole canvas */
        changed = (box){0, 0, an->width, an->height};
    return emit(an, &changed, frame_delay(an, an->frames), false);
}

/* The observer of both runs. The counting run (no frame function yet) only counts what
 * the drawing run will show; there every event but PROGRESS advances the clock by one and
 * every spf-th flushes a frame. A receiver's stop returns non-zero, which the algorithm
 * turns into AMZ_ECANCELED; `canceled` tells amz_anim_run it was the receiver. */
static int observe(void *ctx, const amz_event *ev)
{
    anim *an = ctx;
    if (ev->type == AMZ_EV_PROGRESS)
        return 0;
    if (!an->fn) { /* counting run */
        an->counted++;
        return 0;
    }
    uint64_t before = an->now;
    an->now++;
    switch (ev->type) {
    case AMZ_EV_VISIT:
    case AMZ_EV_ENTER: move_head(an, ev->cell); break;
    case AMZ_EV_CARVE:
    case AMZ_EV_WALL:
        /* A generator's maze bits are its scratch space (amaze/observer.h): the picture
         * follows the events on the scratch copy. Solving draws m, which is final. */
        if (!an->solving)
            amz_maze_set_passage(&an->scratch, ev->cell, ev->dir, ev->type == AMZ_EV_CARVE, NULL);
        mark_dirty(an, ev->cell);
        mark_dirty(an, ev->other);
        break;
    case AMZ_EV_BACKTRACK:
        set_state(an, ev->cell, an->solving ? ST_BACKTRACKED : ST_FLOOR);
        if (an->head == ev->cell)
            an->head = AMZ_NO_CELL;
        /* other is where the head goes back to; AMZ_NO_CELL when a cell just leaves a list
         * (growing-tree), and there is no head then. */
        if (ev->other != AMZ_NO_CELL)
            move_head(an, ev->other);
        break;
    case AMZ_EV_FRONTIER: set_state(an, ev->cell, ST_FRONTIER); break;
    case AMZ_EV_PATH:
        if (an->path_cells && ev->cell >= 0 && ev->cell < an->m->ncells) {
            bits_set(an->path_cells, (uint64_t)ev->cell);
            /* PATH events run from start to goal: link this cell to the one before it. */
            if (ev->index > 0 && an->path_prev != AMZ_NO_CELL) {
                for (int d = 0; d < an->m->ndirs; d++)
                    if (amz_maze_neighbor(an->m, an->path_prev, d) == ev->cell) {
                        bits_set(an->path_edges, grid_edge(an->m, an->path_prev, d, ev->cell));
                        break;
                    }
            }
            mark_dirty(an, ev->cell);
            mark_dirty(an, an->path_prev);
            an->path_prev = ev->cell;
        }
        break;
    default: break;
    }
    age_trail(an, before);
    if (an->now % an->spf == 0 && flush_frame(an, false)) {
        an->canceled = true;
        return 1;
    }
    return 0;
}

/* Frees what setup made; safe on a partly made anim (it starts zeroed). */
static void anim_free(anim *an)
{
    if (an->cr)
        cairo_destroy(an->cr);
    if (an->surface)
        cairo_surface_destroy(an->surface);
    amz_maze_deinit(&an->scratch);
    amz_free(an->idx);
    amz_free(an->state);
    amz_free(an->stamp);
    amz_free(an->dirty_bits);
    amz_free(an->dirty);
    amz_free(an->ring);
    amz_free(an->path_cells);
    amz_free(an->path_edges);
    amz_free(an->any_boxes);
}

/* Runs the requested algorithms with observer obs; an is NULL for the counting run. The
 * drawing run's solve phase starts clean: the scene switches to m (carved by now; while
 * generating it drew the scratch copy), every cell turns floor, and the next frame
 * redraws everything. The solver attaches its path to m. */
static amz_status run_algorithms(amz_maze *m, const amz_anim_options *o, const amz_observer *obs, anim *an,
                                 amz_error *err)
{
    amz_status st;
    if (o->what & AMZ_ANIM_GENERATE) {
        if ((st = amz_gen_run(m, o->generator, &o->gen, obs, err)))
            return st;
    }
    if (o->what & AMZ_ANIM_SOLVE) {
        if (an && an->fn) {
            an->solving = true;
            an->scene.m = m;
            for (amz_cell c = 0; c < m->ncells; c++)
                an->state[c] = ST_FLOOR;
            an->head = AMZ_NO_CELL;
            an->ring_len = 0;
            an->redraw_all = true;
        }
        uint64_t explored;
        if ((st = amz_solve_maze(m, o->solver, NULL, obs, &explored, err)))
            return st;
    }
    return AMZ_OK;
}

/* Prepares the drawing run: the frames' layout (amz_image_write's PNG layout without
 * streaming or distances; drawn without antialiasing, so every pixel is a palette colour),
 * the palette and its canvas keys, per-cell state, the canvas and the scratch maze. On
 * error part of it may be allocated; amz_anim_run's anim_free releases it. */
static amz_status setup(anim *an, amz_maze *m, const amz_anim_options *o, amz_error *err)
{
    amz_image_options *io = &an->image;
    *io = o->image;
    io->stream = AMZ_STREAM_NEVER;
    io->antialias = false;
    io->distances = false;
    amz_image_layout l;
    amz_status st = amz_image_layout_get(m, io, AMZ_IMAGE_PNG, &l, err);
    if (st)
        return st;
    /* 65535: a GIF's logical screen is 16 bits a side. Checked first, so the product
     * cannot overflow. */
    if (l.width > 65535 || l.height > 65535 || l.width * l.height > ANIM_MAX_PIXELS)
        return amz_errorf(err, AMZ_ERANGE, "a %lldx%lld px animation is larger than 16 Mpx; use a smaller --cell",
                          (long long)l.width, (long long)l.height);
    an->width = (int32_t)l.width;
    an->height = (int32_t)l.height;
    const amz_palette *p = &o->image.palette;
    const amz_color base[C_TRAIL_GEN] = {p->background, p->wall, p->floor,    p->path,        p->start,   p->goal,
                                         p->unvisited,  p->head, p->frontier, p->backtracked, p->explored};
    memcpy(an->colors, base, sizeof base);
    /* Level k is k/8 of the way from `trail` to the phase's background: floor while
     * generating, explored while solving. */
    for (int k = 0; k < TRAIL_LEVELS; k++) {
        an->colors[C_TRAIL_GEN + k] = lerp(p->trail, p->floor, (double)k / TRAIL_LEVELS);
        an->colors[C_TRAIL_SOLVE + k] = lerp(p->trail, p->explored, (double)k / TRAIL_LEVELS);
    }
    for (int i = 0; i < C_COUNT; i++)
        an->keys[i] = premul(an->colors[i]);
    const size_t n = (size_t)m->ncells;
    an->idx = amz_malloc((size_t)l.width * (size_t)l.height);
    an->state = amz_calloc(n, 1);
    an->stamp = amz_calloc(n, sizeof(uint64_t));
    an->dirty_bits = amz_calloc((size_t)bits_words(n), 8);
    an->dirty = amz_malloc(n * sizeof(amz_cell));
    an->ring_cap = (size_t)o->trail + 2;
    an->ring = amz_malloc(an->ring_cap * sizeof(trail_entry));
    if (!an->idx || !an->state || !an->stamp || !an->dirty_bits || !an->dirty || !an->ring)
        return amz_errorf(err, AMZ_ENOMEM, "animation: out of memory for a %lldx%lld px canvas", (long long)l.width,
                          (long long)l.height);
    memset(an->idx, 0xff, (size_t)l.width * (size_t)l.height); /* no valid index: all "changed" */
    if (o->what & AMZ_ANIM_SOLVE) {
        an->path_cells = amz_calloc((size_t)bits_words(n), 8);
        an->path_edges = amz_calloc((size_t)bits_words(n * (size_t)m->bits), 8);
        if (!an->path_cells || !an->path_edges)
            return amz_errorf(err, AMZ_ENOMEM, "animation: out of memory");
    }
    an->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, an->width, an->height);
    if (cairo_surface_status(an->surface) != CAIRO_STATUS_SUCCESS)
        return amz_errorf(err, AMZ_ENOMEM, "animation: cannot create a %dx%d canvas", an->width, an->height);
    /* cairo_create never returns NULL; a failed one draws nothing (status not checked). */
    an->cr = cairo_create(an->surface);
    cairo_set_antialias(an->cr, CAIRO_ANTIALIAS_NONE);
    /* Generation draws the passages its events report onto an empty copy. */
    if ((st = amz_maze_copy(&an->scratch, m, err)))
        return st;
    amz_maze_clear(&an->scratch);
    an->o = o;
    an->m = m;
    an->head = AMZ_NO_CELL;
    an->path_prev = AMZ_NO_CELL;
    an->fps = o->fps;
    /* Frames show the path as PATH events find it, not a solution m had before. */
    io->solution = false;
    img_scene_init(&an->scene, (o->what & AMZ_ANIM_GENERATE) ? &an->scratch : m, io, &l);
    an->scene.fill = anim_fill;
    an->scene.fill_ctx = an;
    an->scene.path_cells = an->path_cells;
    an->scene.path_edges = an->path_edges;
    if (an->scene.geo.any) { /* each cell's box, once: redraws clip to them */
        if (!(an->any_boxes = amz_malloc(n * 4 * sizeof(float))))
            return amz_errorf(err, AMZ_ENOMEM, "animation: out of memory");
        for (amz_cell c = 0; c < m->ncells; c++)
            img_any_cell_box(&an->scene, c, an->any_boxes + 4 * (size_t)c);
        an->scene.any_boxes = an->any_boxes;
    }
    for (amz_cell c = 0; c < m->ncells; c++)
        an->state[c] = (o->what & AMZ_ANIM_GENERATE) ? ST_UNVISITED : ST_FLOOR;
    return AMZ_OK;
}

/* amaze/anim.h. From setup on, every exit goes through `done`, which fills stats with
 * what was shown and frees everything. */
amz_status amz_anim_run(amz_maze *m, const amz_anim_options *o, amz_frame_fn fn, void *ctx, amz_anim_stats *stats,
                        amz_error *err)
{
    amz_anim_options defaults;
    if (!o) {
        amz_anim_options_init(&defaults);
        o = &defaults;
    }
    amz_status st = amz_anim_check(m, o, err);
    if (st)
        return st;
    if (!fn)
        return amz_errorf(err, AMZ_EINVAL, "animation: no frame function");
    anim an;
    memset(&an, 0, sizeof an);
    /* events 0: every event is wanted, so prim and kruskal run their step-by-step form. */
    amz_observer obs = {observe, &an, 0};
    an.spf = o->steps_per_frame;
    if (!an.spf) {
        /* Count the events on a copy (same seed, same events), then fit them. */
        amz_maze copy;
        if ((st = amz_maze_copy(&copy, m, err)))
            return st;
        st = run_algorithms(&copy, o, &obs, NULL, err);
        amz_maze_deinit(&copy);
        if (st)
            return st;
        /* N = max(1, ceil(E / (duration * fps))), amaze/anim.h. */
        double target = o->duration * o->fps;
        an.spf = (uint64_t)ceil((double)an.counted / target);
        if (an.spf < 1)
            an.spf = 1;
    }
    if ((st = setup(&an, m, o, err)))
        goto done;
    an.fn = fn;
    an.ctx = ctx;
    if (flush_frame(&an, true)) {
        st = amz_errorf(err, AMZ_ECANCELED, "animation stopped by the frame receiver");
        goto done;
    }
    st = run_algorithms(m, o, &obs, &an, err);
    if (an.canceled) {
        st = amz_errorf(err, AMZ_ECANCELED, "animation stopped by the frame receiver");
        goto done;
    }
    if (st)
        goto done;
    /* The events after the last full step make one more frame. */
    if (an.now % an.spf && flush_frame(&an, false)) {
        st = amz_errorf(err, AMZ_ECANCELED, "animation stopped by the frame receiver");
        goto done;
    }
    /* The finished picture, exactly as amz_image_write draws it. */
    {
        amz_image_options *io = &an.image;
        *io = o->image;
        io->antialias = false;
        io->distances = false;
        io->stream = AMZ_STREAM_NEVER;
        /* amz_anim_check accepted this layout (antialiasing does not change it): it
         * cannot fail here. img_scene_init drops the frames' fill and cell boxes. */
        amz_image_layout l;
        amz_image_layout_get(m, io, AMZ_IMAGE_PNG, &l, NULL);
        uint64_t *cells = NULL, *edges = NULL;
        img_scene_init(&an.scene, m, io, &l);
        if (io->solution && m->has_solution) {
            if ((st = img_mark_path(m, &m->solution, &cells, &edges, err)))
                goto done;
            an.scene.path_cells = cells;
            an.scene.path_edges = edges;
        }
        box changed = {0, 0, 0, 0};
        redraw(&an, 0, 0, an.width, an.height, &changed);
        amz_free(cells);
        amz_free(edges);
        if (emit(&an, &changed, o->hold_cs, true))
            st = amz_errorf(err, AMZ_ECANCELED, "animation stopped by the frame receiver");
    }
done:
    if (stats) {
        stats->events = an.now;
        stats->steps_per_frame = an.spf;
        stats->frames = an.frames;
        stats->width = an.width;
        stats->height = an.height;
    }
    anim_free(&an);
    return st;
}
