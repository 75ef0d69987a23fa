/* glue_maze.c — the WebAssembly face of libamaze, part 2: mazes. Making one the way
 * `amaze generate` does (size, shape or mask, start and goal, then the generator with
 * its options), solving, statistics, the .amz / JSON / text writers over memory
 * streams (wasi-libc's open_memstream) and the any-format loader (pictures are
 * glue_picture.c's). The order of calls is the CLI's (src/cli/cmd_generate.c), so the
 * same settings give the same bytes. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"
#include "glue_impl.h"

/* Knobs of web_maze_generate, in the order of its `knobs` array. */
enum { K_BRAID, K_ENDS, K_BIAS, K_BIAS_WEIGHT, K_BRANCHING, K_NEAR_START, K_ISLANDS, K_ROOT, K_WEAVE, K_COUNT };

amz_maze *glue_maze_result(amz_maze *m, amz_status st)
{
    if (st == AMZ_OK)
        return m;
    glue_fail(st, NULL);
    web_maze_free(m);
    return NULL;
}

amz_maze *glue_maze_shaped(amz_maze *m, amz_status st, int32_t shape)
{
    if (st == AMZ_OK && shape != AMZ_SHAPE_RECT)
        st = amz_shape_apply(m, (amz_shape)shape, glue_err());
    return glue_maze_result(m, st);
}

/* A width x height maze of topology t, every wall closed, cut to shape s (0 = rect) as
 * --shape does; start and goal the first and last cell. NULL with web_error() set. */
amz_maze *web_maze_new(int32_t t, int32_t width, int32_t height, int32_t shape)
{
    glue_clear();
    amz_maze *m = glue_calloc(sizeof *m);
    if (!m)
        return NULL;
    return glue_maze_shaped(m, amz_maze_init(m, (amz_topology)t, width, height, glue_err()), shape);
}

/* A maze whose cells come from a text mask ('.' cell, '#' or ' ' none; one line a row),
 * the reader of `--mask FILE.txt`; its recipe names the mask file `name` as the CLI's
 * does (the page saves drawn masks under that name). The page's drawn and uploaded
 * masks both pass here. */
amz_maze *web_maze_from_mask(const char *text, size_t len, int32_t t, const char *name)
{
    glue_clear();
    amz_maze *m = glue_calloc(sizeof *m);
    if (!m)
        return NULL;
    amz_status st = amz_mask_read_text(text, len, (amz_topology)t, m, glue_err());
    if (st == AMZ_OK && name && name[0])
        st = amz_mask_recipe(m, name, glue_err());
    return glue_maze_result(m, st);
}

/* Places start and goal as `amaze generate` does before generating: the cells given
 * (-1 = not given; --start/--goal), AMZ_ERANGE for one that is not in the maze; then,
 * on a mask whose islands are allowed, an end not given goes to the first or last cell
 * of the start's island (else the given goal's, else the largest island), so that the
 * two are joined (src/cli/maze_args.c, place_ends), unless `ends` is longest. */
int32_t web_maze_set_ends(amz_maze *m, int32_t start, int32_t goal, int32_t allow_islands, int32_t ends)
{
    glue_clear();
    const int32_t want[2] = {start, goal};
    for (int i = 0; i < 2; i++)
        if (want[i] >= 0 && !amz_maze_exists(m, want[i])) {
            const int32_t x = want[i] % m->width, y = want[i] / m->width;
            return amz_errorf(glue_err(), AMZ_ERANGE, "%s: (%d,%d) is outside the %dx%d maze",
                              i ? "--goal" : "--start", (int)x, (int)y, m->width, m->height);
        }
    if (start >= 0 || goal >= 0) {
        /* The library's setter keeps the recipe true (--start/--goal in it). */
        amz_status st = amz_maze_set_ends(m, start >= 0 ? start : m->start, goal >= 0 ? goal : m->goal, glue_err());
        if (st != AMZ_OK)
            return glue_fail(st, NULL);
        amz_maze_clear_solution(m);
    }
    if (!allow_islands || (start >= 0 && goal >= 0) || ends == AMZ_ENDS_LONGEST)
        return AMZ_OK;
    amz_cell first, last, anchor = start >= 0 ? start : goal >= 0 ? goal : AMZ_NO_CELL;
    amz_status st = amz_islands_ends(m, anchor, &first, &last, glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    if (start < 0)
        m->start = first;
    if (goal < 0)
        m->goal = last;
    return AMZ_OK;
}

/* Runs generator `algo` on m with `seed` and the knobs (see enum above: braid 0..1,
 * ends 0 keep / 1 farthest / 2 longest, bias corner 0..3 and weight 0..1, branching
 * 0..1, near-start and allow-islands 0/1, the root cell or -1 for the start; --root
 * X,Y; the weave share 0..1 on a weave grid) and growing-tree's `choice` (NULL or "" =
 * newest). With record_limit > 0 the first steps are recorded for web_events (more
 * cancels the run). Returns an amz_status. */
int32_t web_maze_generate(amz_maze *m, const char *algo, uint64_t seed, const double *knobs, const char *choice,
                          int32_t record_limit)
{
    glue_clear();
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    o.braid = knobs[K_BRAID];
    o.ends = (amz_gen_ends)(int)knobs[K_ENDS];
    o.bias = (amz_corner)(int)knobs[K_BIAS];
    o.bias_weight = knobs[K_BIAS_WEIGHT];
    o.branching = knobs[K_BRANCHING];
    o.near_start = knobs[K_NEAR_START] != 0;
    o.allow_islands = knobs[K_ISLANDS] != 0;
    o.weave = knobs[K_WEAVE];
    if (knobs[K_ROOT] >= 0) {
        o.root = (amz_cell)knobs[K_ROOT];
        if (!amz_maze_exists(m, o.root))
            return amz_errorf(glue_err(), AMZ_ERANGE, "--root: (%d,%d) is outside the %dx%d maze",
                              (int)(o.root % m->width), (int)(o.root / m->width), m->width, m->height);
    }
    if (choice && choice[0])
        o.choice = choice;
    amz_status st = amz_gen_options_check(&o, glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    amz_observer ob;
    st = amz_gen_run(m, algo, &o, glue_observer(record_limit, &ob), glue_err());
    return st == AMZ_OK ? AMZ_OK : glue_canceled(st);
}

void web_maze_free(amz_maze *m)
{
    if (m)
        amz_maze_deinit(m);
    free(m);
}

/* Shape of m into out[0..8]: width, height, ndirs, start, goal, cells (removed
 * included), topology, has a solution, existing cells. */
void web_maze_info(const amz_maze *m, double *out)
{
    out[0] = m->width;
    out[1] = m->height;
    out[2] = m->ndirs;
    out[3] = (double)m->start;
    out[4] = (double)m->goal;
    out[5] = (double)m->ncells;
    out[6] = m->topology;
    out[7] = m->has_solution ? 1 : 0;
    out[8] = (double)amz_maze_count_cells(m);
}

/* How to make m again: its recipe (the `amaze generate` options), or "" if unknown. */
const char *web_maze_recipe(const amz_maze *m)
{
    return m->recipe ? m->recipe : "";
}

/* 16 bits a cell: its open directions (bit 1 << d; a polar centre has 15), 0xFFFF
 * for a removed cell (no cell has 16 directions, AMZ_MAX_DIRS). */
void web_maze_masks(const amz_maze *m, uint16_t *out)
{
    for (amz_cell c = 0; c < m->ncells; c++)
        out[c] = amz_maze_exists(m, c) ? (uint16_t)amz_maze_cell_mask(m, c) : 0xFFFF;
}

/* The library's neighbour of c in direction d, or -1. */
int32_t web_maze_neighbor(const amz_maze *m, int32_t c, int32_t d)
{
    amz_cell n = amz_maze_neighbor(m, c, d);
    return n == AMZ_NO_CELL ? -1 : (int32_t)n;
}

/* The cells of path p into out[0..cap); returns their count or a negative status. */
static int32_t path_out(const amz_maze *m, const amz_path *p, int32_t *out, int32_t cap)
{
    if (p->len + 1 > (uint64_t)cap)
        return glue_fail(AMZ_ERANGE, "path longer than the buffer");
    amz_cell *cells = malloc((size_t)(p->len + 1) * sizeof *cells);
    if (!cells)
        return glue_fail(AMZ_ENOMEM, "out of memory");
    amz_status st = amz_path_cells(m, p, cells);
    int32_t n = (int32_t)(p->len + 1);
    for (int32_t i = 0; i < n; i++)
        out[i] = (int32_t)cells[i];
    free(cells);
    return st == AMZ_OK ? n : glue_fail(st, NULL);
}

/* Solves m from start to goal with solver `name` (attach: keep the path as the maze's
 * solution, as `amaze solve` does before writing); writes up to `cap` path cells into
 * out. Returns the number of cells on the path (moves + 1), or a negative amz_status. */
int32_t web_maze_solve(amz_maze *m, const char *name, int32_t attach, int32_t record_limit, int32_t *out,
                       int32_t cap)
{
    glue_clear();
    amz_solve_result r;
    amz_observer ob;
    amz_status st = amz_solve_run(m, name, m->start, m->goal, NULL, glue_observer(record_limit, &ob), &r, glue_err());
    if (st != AMZ_OK)
        return glue_canceled(st);
    int32_t n = path_out(m, &r.path, out, cap);
    if (n > 0 && attach && (st = amz_maze_set_solution(m, &r.path, glue_err())) != AMZ_OK)
        n = glue_fail(st, NULL);
    amz_path_deinit(&r.path);
    return n;
}

void web_maze_clear_solution(amz_maze *m)
{
    amz_maze_clear_solution(m);
}

/* The cells of the solution m carries (a file read with one); 0 when it has none. */
int32_t web_maze_solution(const amz_maze *m, int32_t *out, int32_t cap)
{
    glue_clear();
    return m->has_solution ? path_out(m, &m->solution, out, cap) : 0;
}

/* Statistics of m into out[0..19] as doubles: cells, passages, dead ends, junctions,
 * parts, perfect, solvable, solution length, dead-end %, straight, turns, corridors,
 * river, solution fraction, decisions, difficulty, diameter, diameter exact, its two
 * ends. Returns an amz_status. */
int32_t web_maze_stats(const amz_maze *m, double *out)
{
    glue_clear();
    amz_stats s;
    amz_status st = amz_stats_compute(m, &s, glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    const double v[20] = {
        (double)s.cells,         (double)s.passages,  (double)s.dead_ends,         (double)s.junctions,
        (double)s.parts,         s.perfect ? 1 : 0,   s.solvable ? 1 : 0,          (double)s.solution_length,
        s.dead_end_percent,      (double)s.straight,  (double)s.turns,             (double)s.corridors,
        s.river,                 s.solution_fraction, (double)s.decisions,         s.difficulty,
        (double)s.diameter,      s.diameter_exact,    (double)s.diameter_ends[0], (double)s.diameter_ends[1]};
    memcpy(out, v, sizeof v);
    return AMZ_OK;
}

/* m in `format` (amz_format: 0 .amz, 1 JSON, 2 text art in text style `style`, no
 * colour), with its solution when it has one and `solution` is set: the bytes
 * `amaze generate` / `amaze solve` write with --format. Returns a malloc'd buffer
 * (web_free it; length web_out_len()) or NULL. */
uint8_t *web_maze_write(const amz_maze *m, int32_t format, int32_t style, int32_t solution)
{
    glue_clear();
    amz_maze bare;
    const amz_maze *src = m;
    if (m->has_solution && !solution) {
        /* The written maze must not carry the path: write a copy without it. */
        if (amz_maze_copy(&bare, m, glue_err()) != AMZ_OK) {
            glue_fail(AMZ_ENOMEM, NULL);
            return NULL;
        }
        amz_maze_clear_solution(&bare);
        src = &bare;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    amz_status st = f ? AMZ_OK : glue_fail(AMZ_ENOMEM, "out of memory");
    if (f) {
        amz_text_options to;
        amz_text_options_init(&to);
        to.style = (amz_text_style)style;
        switch (format) {
        case AMZ_FORMAT_AMZ: st = amz_io_write_amz(src, f, glue_err()); break;
        case AMZ_FORMAT_JSON: st = amz_io_write_json(src, f, glue_err()); break;
        case AMZ_FORMAT_TEXT: st = amz_render_text(src, &to, f, glue_err()); break;
        default: st = amz_errorf(glue_err(), AMZ_EINVAL, "unknown format %d", (int)format); break;
        }
        if (fclose(f) != 0 && st == AMZ_OK)
            st = amz_errorf(glue_err(), AMZ_ENOMEM, "out of memory");
    }
    if (src == &bare)
        amz_maze_deinit(&bare);
    if (st != AMZ_OK) {
        glue_fail(st, NULL);
        free(buf);
        return NULL;
    }
    return glue_memstream_take(buf, len);
}

/* Reads the maze file `path` in any format (.amz, JSON, text art) as `amaze solve
 * FILE` does (amz_io_load: the page hands the file to the library through its WASI
 * folder, web/amaze.js); max_bytes (0 = none) is the reader's memory limit. NULL with
 * web_error() set; messages start with the path, as the CLI's do. */
amz_maze *web_maze_load(const char *path, double max_bytes)
{
    glue_clear();
    amz_maze *m = glue_calloc(sizeof *m);
    if (!m)
        return NULL;
    amz_read_options ro = {(uint64_t)max_bytes};
    return glue_maze_result(m, amz_io_load(path, m, &ro, NULL, glue_err()));
}
