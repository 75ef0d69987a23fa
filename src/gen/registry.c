/* registry.c — the generator catalog: one row per algorithm, and the common driver
 * (check, clear, seed, run, finish, record origin) that every generator shares. */
#include <stdio.h>
#include <string.h>

#include "amaze/gen.h"
#include "core/checked.h"
#include "core/error.h"
#include "core/observe.h"
#include "gen/gen_impl.h"

/* Fixed working memory of prim and kruskal: unwatched, 62 bytes per cell of a 128x128
 * tile per thread (the estimate counts one thread) and some slack for list growth
 * (mst_tiles.c); watched, prim's bucket queue takes less: 4096 headers of 32 bytes and
 * up to two small arrays per bucket (prim.c). */
#define TILES_BYTES ((size_t)128 * 128 * 62 + 65536)

#define SQ (1u << AMZ_TOPO_SQUARE)
#define HEX (1u << AMZ_TOPO_HEX)
#define TRI (1u << AMZ_TOPO_TRIANGLE)
#define OCT (1u << AMZ_TOPO_OCTAGON)
#define POLAR (1u << AMZ_TOPO_POLAR)
#define ALL (SQ | HEX | TRI | OCT | POLAR)

/* Columns: name, summary, topologies, perfect, masks, working bits per cell (worst
 * case, for the memory guard; the queued edges of prim and the lists of growing-tree
 * from measured peaks, see bench/RESULTS-catalog.md), function. prim and kruskal
 * unwatched: the tiles' lists of doubtful and crossing edges, about 1.4% (square) to
 * 2.5% (hex) of the edges at 24 bytes, up to three copies while they grow and are
 * sorted (about 13 bits a cell measured at 4000x4000, 40 allowed); watched step by
 * step (watch_bits): prim's queue, kruskal's edge list and union-find. */
static const amz_gen_info registry[] = {
    {.name = "backtracker",
     .summary = "randomised depth-first search: long winding passages, few dead ends (default)",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2,
     .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP | AMZ_GEN_WEAVE, .any_bits = 4, .run = gen_backtracker},
    {.name = "hunt-and-kill",
     .summary = "random walk; when trapped, scan for a cell beside the maze: long passages",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 0,
     .options = AMZ_GEN_OPT_BRANCHING | AMZ_GEN_OPT_NEAR_START, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP | AMZ_GEN_WEAVE, .any_bits = 2,
     .run = gen_hunt_and_kill},
    {.name = "binary-tree",
     .summary = "each cell opens north or east (--bias; polar: inward or clockwise): fastest, biased",
     .topologies = SQ | POLAR, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 0, .row_bytes = 0,
     .options = AMZ_GEN_OPT_BIAS, .rows = &gen_binary_tree_rows, .run = gen_binary_tree,
     .limits = "it needs a north and an east in every row (square; polar: inward and clockwise), which hex, "
               "triangle and octagon rows lack, and rows that end (no wrap, one level)"},
    {.name = "sidewinder",
     .summary = "row by row (polar: ring by ring), runs joined once to the row above",
     .topologies = SQ | HEX | TRI | POLAR, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 0, .row_bytes = 0,
     .rows = &gen_sidewinder_rows, .run = gen_sidewinder,
     .limits = "it runs along rows that end and joins each run upwards (no octagon rows of one kind, no wrap, "
               "one level)"},
    {.name = "aldous-broder",
     .summary = "random walk, carving on first entry: uniform spanning tree, slow to finish",
     .limits = "a weave's crossings would bias its walk (no uniform weave sampler)",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP, .any_bits = 6,
     .run = gen_aldous_broder},
    /* wilson and houston: 6 bits, and up to 2 bytes a cell for the bordered walk on lattices */
    {.name = "wilson",
     .summary = "loop-erased random walks into the maze: uniform spanning tree",
     .limits = "a weave's crossings would bias its walk (no uniform weave sampler)",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP, .any_bits = 22,
     .run = gen_wilson},
    {.name = "houston",
     .summary = "aldous-broder for a third of the cells, then wilson: close to, not exactly, uniform",
     .limits = "a weave's crossings would bias its walk (no uniform weave sampler)",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP, .any_bits = 22,
     .run = gen_houston},
    /* the bucket queue peaks near one edge per cell */
    {.name = "prim",
     .summary = "true Prim: grow along the cheapest edge of random weights; many short dead ends",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 40, .work_fixed = TILES_BYTES, .row_bytes = 0,
     .options = AMZ_GEN_OPT_THREADS, .watch_bits = 176, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP | AMZ_GEN_WEAVE,
     .any_bits = 200, /* a weave queues its under-passages too: 184 bits a cell measured at 1000x1000 */
     .run = gen_prim},
    /* two bitmaps; a frontier bag along the blob's rim */
    {.name = "prim-simple",
     .summary = "simplified Prim: grow from a random frontier cell; radial, many dead ends",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 3, .work_fixed = 8192, .row_bytes = 0, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP | AMZ_GEN_WEAVE, .any_bits = 66,
     .run = gen_prim_simple},
    {.name = "kruskal",
     .summary = "join random edges between different trees (union-find): short dead ends",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 40, .work_fixed = TILES_BYTES, .row_bytes = 0,
     .options = AMZ_GEN_OPT_THREADS, .watch_bits = 144, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP | AMZ_GEN_WEAVE,
     .any_bits = 450, /* + a bit a cell: a weave's crossings */
     .run = gen_kruskal},
    {.name = "growing-tree",
     .summary = "grow from a list cell picked by --choice (newest/oldest/random/middle or a mix)",
     .topologies = ALL, .perfect = true, .masks = true, .work_bits = 98, .work_fixed = 0, .row_bytes = 0,
     .options = AMZ_GEN_OPT_CHOICE, .grids = AMZ_GEN_LEVELS | AMZ_GEN_WRAP | AMZ_GEN_WEAVE, .any_bits = 98,
     .run = gen_growing_tree},
    {.name = "eller",
     .summary = "row by row (polar: ring by ring) with set labels, memory proportional to the width only",
     .topologies = SQ | HEX | TRI | POLAR, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 0,
     .row_bytes = 8, /* rows_any.c on rings and triangle rows: 21 bytes a cell of the widest, a few KB */
     .rows = &gen_eller_rows, .run = gen_eller,
     .limits = "it needs rows (polar rings, triangle rows), which octagon grids lack, and rows that end or close "
               "on themselves once (no wrap, one level)"},
    {.name = "recursive-division",
     .summary = "wall adder: split the field with a wall and one gap, recursively; boxy",
     .topologies = SQ | HEX, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 4096, .row_bytes = 0,
     .run = gen_recursive_division,
     .limits = "it splits rectangles of square or hex cells with straight walls (one level, no wrap)"},
};

size_t amz_gen_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const amz_gen_info *amz_gen_at(size_t i)
{
    return i < amz_gen_count() ? &registry[i] : NULL;
}

const amz_gen_info *amz_gen_find(const char *name)
{
    for (size_t i = 0; name && i < amz_gen_count(); i++)
        if (strcmp(registry[i].name, name) == 0)
            return &registry[i];
    return NULL;
}

bool amz_gen_supports(const amz_gen_info *g, amz_topology t)
{
    return g && (unsigned)t < 32 && (g->topologies & (1u << t));
}

const char *amz_gen_option_name(unsigned opt)
{
    switch (opt) {
    case AMZ_GEN_OPT_BIAS: return "bias";
    case AMZ_GEN_OPT_CHOICE: return "choice";
    case AMZ_GEN_OPT_BRANCHING: return "branching";
    case AMZ_GEN_OPT_NEAR_START: return "near-start";
    case AMZ_GEN_OPT_THREADS: return "threads";
    default: return NULL;
    }
}

amz_status amz_gen_check_grid(const amz_gen_info *g, const amz_grid *grid, amz_error *err)
{
    const char *t = amz_topology_name(grid->topology);
    if (!amz_gen_supports(g, grid->topology))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "generator %s does not work on %s grids%s%s", g->name, t ? t : "?",
                          g->limits ? ": " : "", g->limits ? g->limits : "");
    if (amz_grid_is_plain(grid))
        return AMZ_OK;
    const unsigned want = (grid->levels > 1 ? AMZ_GEN_LEVELS : 0) | (grid->wrap ? AMZ_GEN_WRAP : 0) |
                          (grid->weave ? AMZ_GEN_WEAVE : 0);
    const unsigned missing = want & ~g->grids;
    if (missing)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "generator %s does not work %s%s%s", g->name,
                          missing & AMZ_GEN_WEAVE  ? "on weave grids"
                          : missing & AMZ_GEN_WRAP ? "on wrap-around grids"
                                                   : "on grids with levels",
                          g->limits ? ": " : "", g->limits ? g->limits : "");
    return AMZ_OK;
}

uint64_t amz_gen_memory_estimate_grid(const amz_gen_info *g, const amz_grid *grid, bool watched)
{
    if (!g || !grid)
        return UINT64_MAX;
    if (amz_grid_is_plain(grid))
        return amz_gen_memory_estimate(g, grid->topology, grid->width, grid->height, watched);
    uint64_t maze = amz_grid_memory_estimate(grid), work;
    if (maze == UINT64_MAX || !ck_mul_u64((uint64_t)amz_grid_cells(grid), g->any_bits, &work))
        return UINT64_MAX;
    return maze + work / 8 + 64 + g->work_fixed;
}

uint64_t amz_gen_memory_estimate(const amz_gen_info *g, amz_topology t, int64_t width, int64_t height,
                                 bool watched)
{
    const amz_grid grid = {t, width, height, 1, 0, false};
    if (g && !amz_grid_is_plain(&grid))
        return amz_gen_memory_estimate_grid(g, &grid, watched);
    uint64_t cells, padded, bits, work, bytes;
    const unsigned work_bits = watched && g && g->watch_bits > g->work_bits ? g->watch_bits : g ? g->work_bits : 0;
    int ndirs = amz_topology_ndirs(t);
    if (!g || !ndirs || width < 1 || height < 1 || width > AMZ_MAX_SIDE || height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)width, (uint64_t)height, &cells) || !ck_mul_u64(cells, (uint64_t)(ndirs / 2), &bits))
        return UINT64_MAX;
    /* Working bits per cell, plus the one-cell border of the walkers' padded visited
     * bitmap (on a thin strip, twice the cells again), and row buffers. Bit arrays are
     * whole 64-bit words. */
    if (!ck_mul_u64((uint64_t)width + 2, (uint64_t)height + 2, &padded) || !ck_mul_u64(cells, work_bits, &work) ||
        !ck_add_u64(work, padded - cells, &work))
        return UINT64_MAX;
    /* The tree walkers' two row buffers (parents.c; a full hex grid's three bit buffers,
     * 3 x width + 64 bits each, take less). */
    bytes = (bits / 64 + 1) * 8 + (work / 64 + 1) * 8 + (uint64_t)g->row_bytes * (uint64_t)width + 64 + g->work_fixed;
    return bytes;
}

amz_status amz_gen_run(amz_maze *m, const char *name, const amz_gen_options *o, const amz_observer *obs,
                       amz_error *err)
{
    const amz_gen_info *g = amz_gen_find(name);
    if (!g) {
        char names[AMZ_ERROR_MAX] = "";
        for (size_t i = 0, len = 0; i < amz_gen_count() && len < sizeof names; i++)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", registry[i].name);
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown generator '%s' (the generators: %s)", name ? name : "", names);
    }
    const amz_grid on = amz_maze_grid(m);
    amz_status st = amz_gen_check_grid(g, &on, err);
    if (st)
        return st;
    amz_gen_options defaults;
    if (!o) {
        amz_gen_options_init(&defaults);
        o = &defaults;
    }
    if (m->mask && (o->labyrinth || !g->masks))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "%s '%s' cannot work around removed cells (masks)",
                          o->labyrinth ? "labyrinth" : "generator",
                          o->labyrinth ? amz_labyrinth_name(o->labyrinth) : g->name);
    const bool flat = amz_maze_is_plain(m);
    if (o->labyrinth && (m->topology != AMZ_TOPO_SQUARE || !flat))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "the %s labyrinth is drawn on flat square grids",
                          amz_labyrinth_name(o->labyrinth));
    if ((o->unicursal || o->symmetry || o->sparse || o->sparse_share > 0) &&
        ((m->topology != AMZ_TOPO_SQUARE && m->topology != AMZ_TOPO_HEX) || !flat))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "%s works on flat square and hex grids only",
                          o->unicursal ? "a unicursal labyrinth" : o->symmetry ? "symmetry" : "sparseness");
    if ((st = amz_gen_options_check(o, err)))
        return st;
    amz_rng rng;
    amz_rng_seed(&rng, o->seed);
    amz_maze_clear(m);
    char grid[AMZ_RECIPE_MAX];
    const bool known = gen_recipe_grid(m, o->weave, grid);
    const amz_cell start = m->start, goal = m->goal;
    obs = obs_normalize(obs);
    if (o->root != AMZ_NO_CELL && !amz_maze_exists(m, o->root))
        return amz_errorf(err, AMZ_ERANGE, "root cell %lld is not a cell of the maze", (long long)o->root);
    /* Generators grow from m->start: the root stands in for it during the run. */
    if (o->root != AMZ_NO_CELL)
        m->start = o->root;
    bool handled;
    st = gen_islands(m, g, o, obs, err, &handled);
    if (st == AMZ_OK && handled && (o->unicursal || o->symmetry))
        st = amz_errorf(err, AMZ_EUNSUPPORTED, "a %s maze is one maze, not one per island",
                        o->unicursal ? "unicursal" : "symmetric");
    /* Unicursal and symmetric mazes run the generator on a grid of their own; a named
     * labyrinth needs none. */
    if (st == AMZ_OK && !handled)
        st = o->labyrinth ? gen_classical(m, &rng, o, obs, err)
             : o->unicursal ? gen_unicursal(m, g, &rng, o, obs, err)
             : o->symmetry ? gen_symmetry(m, g, &rng, o, obs, err)
                           : g->run(m, &rng, o, obs, err);
    m->start = start;
    if (st == AMZ_OK && o->unicursal)
        st = gen_unicursal_cut(m, obs, err);
    else if (st == AMZ_OK && o->labyrinth)
        gen_classical_ends(m);
    if (st == AMZ_OK)
        st = gen_finish(m, &rng, o, obs, err);
    /* A labyrinth owes nothing to the seed: it records none, so its files are equal. */
    amz_maze_set_origin(m, o->labyrinth ? amz_labyrinth_name(o->labyrinth) : g->name, o->labyrinth ? 0 : o->seed);
    /* The recipe is part of the result: failing to store it fails the run. */
    if (st == AMZ_OK && known)
        st = gen_recipe_set(m, grid, g, o, start, goal, err);
    else if (st == AMZ_OK)
        st = amz_maze_set_recipe(m, NULL, err);
    return st;
}

amz_status amz_gen_recipe(const char *name, const amz_gen_options *o, amz_topology t, int64_t width, int64_t height,
                          amz_cell start, amz_cell goal, char *out, size_t cap, amz_error *err)
{
    const amz_gen_info *g = amz_gen_find(name);
    if (!g)
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown generator '%s'", name ? name : "");
    amz_gen_options d;
    if (!o) {
        amz_gen_options_init(&d);
        o = &d;
    }
    char grid[AMZ_RECIPE_MAX], r[AMZ_RECIPE_MAX];
    const amz_grid on = {t, width, height, 1, 0, false};
    if (!gen_recipe_full_grid(&on, o->weave, grid) ||
        !gen_recipe_build(r, grid, g, o, false, NULL, width, 0, width * height - 1, start, goal) || strlen(r) >= cap)
        return amz_errorf(err, AMZ_ERANGE, "the recipe does not fit %zu bytes", cap);
    memcpy(out, r, strlen(r) + 1);
    return AMZ_OK;
}
