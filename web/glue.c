/* glue.c — the WebAssembly face of libamaze for web/amaze.js: flat functions over
 * plain numbers and linear-memory buffers, since a wasm export cannot take a struct.
 * Not part of libamaze: only the web build (web/web.mk) compiles it, against the public
 * headers. Every function named web_* is exported (the build lists them from here). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "amaze.h"
#include "glue.h"

/* The page runs one call at a time on one thread, so the last error message and the
 * list of recorded events live here, in the front end; the library stays stateless. */
static amz_error last_error;

/* Observer events recorded as 4 int32 each: type, cell, other, dir (PATH: dir =
 * index). PROGRESS is dropped: the page replays steps, not progress. */
typedef struct event_log {
    int32_t *v;
    size_t len, cap; /* in int32s */
    size_t limit;    /* most events kept; past it the run is canceled */
} event_log;

static event_log events;

static void set_error(amz_status st, const char *msg)
{
    last_error.code = st;
    strncpy(last_error.msg, msg, sizeof last_error.msg - 1);
    last_error.msg[sizeof last_error.msg - 1] = '\0';
}

static int record(void *ctx, const amz_event *ev)
{
    event_log *log = ctx;
    if (ev->type == AMZ_EV_PROGRESS)
        return 0;
    if (log->len / 4 >= log->limit)
        return 1; /* too many steps to replay: cancel rather than exhaust memory */
    if (log->len + 4 > log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 4096;
        int32_t *v = realloc(log->v, cap * sizeof *v);
        if (!v)
            return 1;
        log->v = v;
        log->cap = cap;
    }
    int32_t *e = log->v + log->len;
    e[0] = (int32_t)ev->type;
    e[1] = (int32_t)ev->cell;
    e[2] = (int32_t)ev->other;
    e[3] = ev->type == AMZ_EV_PATH ? (int32_t)ev->index : ev->dir;
    log->len += 4;
    return 0;
}

/* An observer that records into `events` when asked to, else none. */
static const amz_observer *recorder(int want, amz_observer *obs)
{
    events.len = 0;
    if (!want)
        return NULL;
    events.limit = (size_t)want;
    obs->fn = record;
    obs->ctx = &events;
    obs->events = 0; /* every event */
    return obs;
}

void *web_alloc(size_t n)
{
    return malloc(n ? n : 1);
}

void web_free(void *p)
{
    free(p);
}

/* The message of the last failure ("" when none). */
const char *web_error(void)
{
    return last_error.msg;
}

/* Recorded events of the last generate or solve call: web_events() points at
 * web_event_count() groups of 4 int32. */
const int32_t *web_events(void)
{
    return events.v;
}

int32_t web_event_count(void)
{
    return (int32_t)(events.len / 4);
}

/* ---- registries ---- */

int32_t web_gen_count(void)
{
    return (int32_t)amz_gen_count();
}

const char *web_gen_name(int32_t i)
{
    const amz_gen_info *g = amz_gen_at((size_t)i);
    return g ? g->name : NULL;
}

/* Bit (1 << topology) for each topology generator i supports. */
uint32_t web_gen_topologies(int32_t i)
{
    const amz_gen_info *g = amz_gen_at((size_t)i);
    return g ? g->topologies : 0;
}

int32_t web_solve_count(void)
{
    return (int32_t)amz_solve_count();
}

const char *web_solve_name(int32_t i)
{
    const amz_solve_info *s = amz_solve_at((size_t)i);
    return s ? s->name : NULL;
}

/* ---- mazes ---- */

/* Generates a width x height maze of topology t (0 square, 1 hex) with generator
 * `algo` from `seed`, start top left and goal bottom right as the CLI does. With
 * record > 0 the first `record` events are kept (more cancels the run). Returns the
 * maze (web_maze_free) or NULL with web_error() set. */
amz_maze *web_maze_generate(int32_t t, int32_t width, int32_t height, const char *algo, uint64_t seed,
                                    int32_t record_limit)
{
    amz_error_clear(&last_error);
    amz_maze *m = calloc(1, sizeof *m);
    if (!m) {
        set_error(AMZ_ENOMEM, "out of memory");
        return NULL;
    }
    amz_status st = amz_maze_init(m, (amz_topology)t, width, height, &last_error);
    if (st == AMZ_OK) {
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = seed;
        amz_observer ob;
        st = amz_gen_run(m, algo, &o, recorder(record_limit, &ob), &last_error);
        if (st == AMZ_ECANCELED)
            set_error(st, "too many steps to animate; choose a smaller maze");
    }
    if (st != AMZ_OK) {
        if (!last_error.msg[0])
            set_error(st, amz_strerror(st));
        amz_maze_deinit(m);
        free(m);
        return NULL;
    }
    return m;
}

void web_maze_free(amz_maze *m)
{
    if (m)
        amz_maze_deinit(m);
    free(m);
}

/* Shape of m into out[0..5]: width, height, ndirs, start, goal, cells. */
void web_maze_info(const amz_maze *m, int32_t *out)
{
    out[0] = m->width;
    out[1] = m->height;
    out[2] = m->ndirs;
    out[3] = (int32_t)m->start;
    out[4] = (int32_t)m->goal;
    out[5] = (int32_t)m->ncells;
}

/* One byte per cell: its open directions (bit 1 << d), 255 for a removed cell. */
void web_maze_masks(const amz_maze *m, uint8_t *out)
{
    for (amz_cell c = 0; c < m->ncells; c++)
        out[c] = amz_maze_exists(m, c) ? (uint8_t)amz_maze_cell_mask(m, c) : 255;
}

/* Solves m from start to goal with solver `name`; writes up to `cap` path cells into
 * out. Returns the number of cells on the path (moves + 1), or a negative amz_status
 * with web_error() set. */
int32_t web_maze_solve(const amz_maze *m, const char *name, int32_t record_limit, int32_t *out, int32_t cap)
{
    amz_error_clear(&last_error);
    amz_solve_result r;
    amz_observer ob;
    amz_status st = amz_solve_run(m, name, m->start, m->goal, NULL, recorder(record_limit, &ob), &r, &last_error);
    if (st != AMZ_OK) {
        if (st == AMZ_ECANCELED)
            set_error(st, "too many steps to animate; choose a smaller maze");
        else if (!last_error.msg[0])
            set_error(st, amz_strerror(st));
        return st;
    }
    if (r.path.len + 1 > (uint64_t)cap) {
        amz_path_deinit(&r.path);
        set_error(AMZ_ERANGE, "path longer than the buffer");
        return AMZ_ERANGE;
    }
    amz_cell *cells = malloc((size_t)(r.path.len + 1) * sizeof *cells);
    if (!cells) {
        amz_path_deinit(&r.path);
        set_error(AMZ_ENOMEM, "out of memory");
        return AMZ_ENOMEM;
    }
    st = amz_path_cells(m, &r.path, cells);
    int32_t n = (int32_t)(r.path.len + 1);
    for (int32_t i = 0; i < n; i++)
        out[i] = (int32_t)cells[i];
    free(cells);
    amz_path_deinit(&r.path);
    return st == AMZ_OK ? n : st;
}

/* Statistics of m into out[0..15] as doubles: cells, passages, dead ends, junctions,
 * parts, perfect, solvable, solution length, dead-end %, straight, turns, corridors,
 * river, solution fraction, decisions, difficulty. Returns an amz_status. */
int32_t web_maze_stats(const amz_maze *m, double *out)
{
    amz_error_clear(&last_error);
    amz_stats s;
    amz_status st = amz_stats_compute(m, &s, &last_error);
    if (st != AMZ_OK)
        return st;
    const double v[16] = {(double)s.cells,     (double)s.passages,   (double)s.dead_ends,   (double)s.junctions,
                          (double)s.parts,     s.perfect ? 1 : 0,    s.solvable ? 1 : 0,    (double)s.solution_length,
                          s.dead_end_percent,  (double)s.straight,   (double)s.turns,       (double)s.corridors,
                          s.river,             s.solution_fraction,  (double)s.decisions,   s.difficulty};
    memcpy(out, v, sizeof v);
    return AMZ_OK;
}

/* ---- sliding puzzles (blank-last goal) ---- */

/* A uniformly random solvable rows x cols board from `seed` into tiles[0..rows*cols). */
int32_t web_slide_shuffle(int32_t rows, int32_t cols, uint64_t seed, int32_t *tiles)
{
    amz_error_clear(&last_error);
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_slide_board b;
    amz_status st = amz_slide_shuffle(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, &rng, &last_error);
    if (st != AMZ_OK)
        return st;
    for (int i = 0; i < rows * cols; i++)
        tiles[i] = b.tiles[i];
    return AMZ_OK;
}

/* 1 when tiles[] is the solved board, 0 when not, negative amz_status if it is not a
 * board at all. */
int32_t web_slide_solved(int32_t rows, int32_t cols, const int32_t *tiles)
{
    amz_error_clear(&last_error);
    amz_slide_board b;
    amz_status st = amz_slide_board_set(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, tiles, (size_t)rows * (size_t)cols,
                                        &last_error);
    return st != AMZ_OK ? st : amz_slide_is_solved(&b) ? 1 : 0;
}

/* Solves the board with solver `algo`, at most node_limit nodes (0 = none); writes
 * the U/D/L/R moves (NUL-terminated) into out[0..cap). Returns the move count or a
 * negative amz_status (AMZ_ECANCELED when the node limit is reached). */
int32_t web_slide_solve(int32_t rows, int32_t cols, const int32_t *tiles, const char *algo,
                                uint64_t node_limit, char *out, int32_t cap)
{
    amz_error_clear(&last_error);
    amz_slide_board b;
    amz_status st = amz_slide_board_set(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, tiles, (size_t)rows * (size_t)cols,
                                        &last_error);
    if (st != AMZ_OK)
        return st;
    amz_slide_solve_options o;
    amz_slide_solve_options_init(&o);
    o.node_limit = node_limit;
    o.cache_dir = ""; /* no file system in the page */
    amz_slide_solution sol;
    st = amz_slide_solve(&b, algo, &o, NULL, &sol, &last_error);
    if (st != AMZ_OK)
        return st;
    if (sol.length + 1 > (size_t)cap) {
        amz_slide_solution_deinit(&sol);
        set_error(AMZ_ERANGE, "solution longer than the buffer");
        return AMZ_ERANGE;
    }
    memcpy(out, sol.moves, sol.length + 1);
    int32_t n = (int32_t)sol.length;
    amz_slide_solution_deinit(&sol);
    return n;
}

/* ---- terrain ---- */

/* A width x height terrain map from seed and roughness, drawn as RGBA pixels (one a
 * tile, hill-shaded as amaze terrain render does) into rgba[0..4*width*height), and
 * the tile counts by type into counts[0..4]. Returns an amz_status. */
int32_t web_terrain(int32_t width, int32_t height, uint64_t seed, double roughness, uint8_t *rgba,
                            uint32_t *counts)
{
    amz_error_clear(&last_error);
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.seed = seed;
    o.roughness = roughness;
    amz_terrain t;
    amz_status st = amz_terrain_generate(&t, width, height, &o, &last_error);
    if (st != AMZ_OK)
        return st;
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++) {
            amz_rgb c = amz_tile_color(amz_terrain_tile(&t, x, y), amz_terrain_hillshade(&t, x, y));
            uint8_t *p = rgba + 4 * ((size_t)y * (size_t)width + (size_t)x);
            p[0] = c.r;
            p[1] = c.g;
            p[2] = c.b;
            p[3] = 255;
        }
    amz_terrain_stats s;
    amz_terrain_measure(&t, &s);
    for (int i = 0; i < AMZ_TILE_TYPES; i++)
        counts[i] = (uint32_t)s.types[i];
    amz_terrain_deinit(&t);
    return AMZ_OK;
}
