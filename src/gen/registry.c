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
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2,
     .run = amz_gen_backtracker},
    {.name = "hunt-and-kill",
     .summary = "random walk; when trapped, scan for a cell beside the maze: long passages",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 0,
     .run = amz_gen_hunt_and_kill},
    {.name = "binary-tree",
     .summary = "each cell opens north or east (--bias): fastest, strongly biased to one corner",
     .topologies = SQ, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 0, .row_bytes = 0,
     .run = amz_gen_binary_tree},
    {.name = "sidewinder",
     .summary = "row by row, runs joined once to the row above: a straight top corridor",
     .topologies = SQ | HEX, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 0, .row_bytes = 0,
     .run = amz_gen_sidewinder},
    {.name = "aldous-broder",
     .summary = "random walk, carving on first entry: uniform spanning tree, slow to finish",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2,
     .run = amz_gen_aldous_broder},
    {.name = "wilson",
     .summary = "loop-erased random walks into the maze: uniform spanning tree",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2,
     .run = amz_gen_wilson},
    {.name = "houston",
     .summary = "aldous-broder for a third of the cells, then wilson: close to, not exactly, uniform",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 1, .work_fixed = 0, .row_bytes = 2,
     .run = amz_gen_houston},
    /* the bucket queue peaks near one edge per cell */
    {.name = "prim",
     .summary = "true Prim: grow along the cheapest edge of random weights; many short dead ends",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 40, .work_fixed = TILES_BYTES, .row_bytes = 0,
     .parallel = true, .watch_bits = 176, .run = amz_gen_prim},
    /* two bitmaps; a frontier bag along the blob's rim */
    {.name = "prim-simple",
     .summary = "simplified Prim: grow from a random frontier cell; radial, many dead ends",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 3, .work_fixed = 8192, .row_bytes = 0,
     .run = amz_gen_prim_simple},
    {.name = "kruskal",
     .summary = "join random edges between different trees (union-find): short dead ends",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 40, .work_fixed = TILES_BYTES, .row_bytes = 0,
     .parallel = true, .watch_bits = 144, .run = amz_gen_kruskal},
    {.name = "growing-tree",
     .summary = "grow from a list cell picked by --choice (newest/oldest/random/middle or a mix)",
     .topologies = SQ | HEX, .perfect = true, .masks = true, .work_bits = 98, .work_fixed = 0, .row_bytes = 0,
     .run = amz_gen_growing_tree},
    {.name = "eller",
     .summary = "row by row with set labels, memory proportional to the width only",
     .topologies = SQ | HEX, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 0, .row_bytes = 8,
     .run = amz_gen_eller},
    {.name = "recursive-division",
     .summary = "wall adder: split the field with a wall and one gap, recursively; boxy",
     .topologies = SQ | HEX, .perfect = true, .masks = false, .work_bits = 0, .work_fixed = 4096, .row_bytes = 0,
     .run = amz_gen_recursive_division},
};

void amz_gen_options_init(amz_gen_options *o)
{
    memset(o, 0, sizeof *o);
    o->ends = AMZ_ENDS_KEEP;
    o->bias = AMZ_CORNER_NE;
    o->bias_weight = 0.5;
}

/* True for 0 <= v <= 1 (false for NaN). */
static bool unit_range(double v)
{
    return v >= 0.0 && v <= 1.0;
}

amz_status amz_gen_options_check(const amz_gen_options *o, amz_error *err)
{
    if (!unit_range(o->braid))
        return amz_errorf(err, AMZ_ERANGE, "braid %g is outside 0..1", o->braid);
    if (!unit_range(o->bias_weight))
        return amz_errorf(err, AMZ_ERANGE, "bias weight %g is outside 0..1", o->bias_weight);
    if (!unit_range(o->branching))
        return amz_errorf(err, AMZ_ERANGE, "branching %g is outside 0..1", o->branching);
    if ((unsigned)o->ends > AMZ_ENDS_LONGEST)
        return amz_errorf(err, AMZ_EINVAL, "unknown end placement %d", (int)o->ends);
    if (o->threads > AMZ_GEN_MAX_THREADS)
        return amz_errorf(err, AMZ_ERANGE, "%u threads is outside 1..%d", o->threads, AMZ_GEN_MAX_THREADS);
    if ((unsigned)o->bias > AMZ_CORNER_SW)
        return amz_errorf(err, AMZ_EINVAL, "unknown bias corner %d", (int)o->bias);
    amz_pick_mix mix;
    return amz_gen_parse_choice(o->choice, &mix, err);
}

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

uint64_t amz_gen_memory_estimate(const amz_gen_info *g, amz_topology t, int64_t width, int64_t height)
{
    uint64_t cells, padded, bits, work, bytes;
    int ndirs = amz_topology_ndirs(t);
    if (!g || !ndirs || width < 1 || height < 1 || width > AMZ_MAX_SIDE || height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)width, (uint64_t)height, &cells) || !ck_mul_u64(cells, (uint64_t)(ndirs / 2), &bits))
        return UINT64_MAX;
    /* Working bits per cell, plus the one-cell border of the walkers' padded visited
     * bitmap (on a thin strip, twice the cells again), and row buffers. Bit arrays are
     * whole 64-bit words. */
    if (!ck_mul_u64((uint64_t)width + 2, (uint64_t)height + 2, &padded) || !ck_mul_u64(cells, g->work_bits, &work) ||
        !ck_add_u64(work, padded - cells, &work))
        return UINT64_MAX;
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
    if (!amz_gen_supports(g, m->topology))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "generator '%s' does not work on %s grids", g->name,
                          amz_topology_name(m->topology));
    if (m->mask && !g->masks)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "generator '%s' cannot work around removed cells (masks)", g->name);
    amz_gen_options defaults;
    if (!o) {
        amz_gen_options_init(&defaults);
        o = &defaults;
    }
    amz_status st = amz_gen_options_check(o, err);
    if (st)
        return st;
    amz_rng rng;
    amz_rng_seed(&rng, o->seed);
    amz_maze_clear(m);
    obs = obs_normalize(obs);
    bool handled;
    st = amz_gen_islands(m, g, o, obs, err, &handled);
    if (st == AMZ_OK && !handled)
        st = g->run(m, &rng, o, obs, err);
    if (st == AMZ_OK)
        st = amz_gen_finish(m, &rng, o, obs, err);
    amz_maze_set_origin(m, g->name, o->seed);
    return st;
}
