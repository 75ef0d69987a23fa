/* registry.c — the generator catalog: one row per algorithm, and the common driver
 * (check, clear, seed, run, finish, record origin) that every generator shares. */
#include <string.h>

#include "amaze/gen.h"
#include "core/checked.h"
#include "core/error.h"
#include "core/observe.h"
#include "gen/gen_impl.h"

#define SQ (1u << AMZ_TOPO_SQUARE)
#define HEX (1u << AMZ_TOPO_HEX)

/* Columns: name, summary, topologies, perfect, masks, working bits per cell (worst
 * case, for the memory guard; the queued edges of prim and the lists of growing-tree
 * from measured peaks, see bench/RESULTS-catalog.md), function. */
static const amz_gen_info registry[] = {
    {"backtracker", "randomised depth-first search: long winding passages, few dead ends (default)", SQ | HEX, true,
     true, 1, amz_gen_backtracker},
    {"hunt-and-kill", "random walk; when trapped, scan for a cell beside the maze: long passages", SQ | HEX, true, true,
     1, amz_gen_hunt_and_kill},
    {"binary-tree", "each cell opens north or east (--bias): fastest, strongly biased to one corner", SQ, true, false,
     0, amz_gen_binary_tree},
    {"sidewinder", "row by row, runs joined once to the row above: a straight top corridor", SQ | HEX, true, false, 0,
     amz_gen_sidewinder},
    {"aldous-broder", "random walk, carving on first entry: uniform spanning tree, slow to finish", SQ | HEX, true,
     true, 2, amz_gen_aldous_broder},
    {"wilson", "loop-erased random walks into the maze: uniform spanning tree", SQ | HEX, true, true, 2,
     amz_gen_wilson},
    {"houston", "aldous-broder for a third of the cells, then wilson: close to, not exactly, uniform", SQ | HEX, true, true, 2,
     amz_gen_houston},
    {"prim", "true Prim: grow along the cheapest edge of random weights; many short dead ends", SQ | HEX, true, true,
     224, amz_gen_prim},
    {"prim-simple", "simplified Prim: grow from a random frontier cell; radial, many dead ends", SQ | HEX, true, true,
     66, amz_gen_prim_simple},
    {"kruskal", "join random edges between different trees (union-find): short dead ends", SQ | HEX, true,
     true, 144, amz_gen_kruskal},
    {"growing-tree", "grow from a list cell picked by --choice (newest/oldest/random/middle or a mix)", SQ | HEX, true,
     true, 98, amz_gen_growing_tree},
    {"eller", "row by row with set labels, memory proportional to the width only", SQ | HEX, true, false, 0,
     amz_gen_eller},
    {"recursive-division", "wall adder: split the field with a wall and one gap, recursively; boxy", SQ | HEX, true,
     false, 0, amz_gen_recursive_division},
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
    uint64_t cells, bits, bytes;
    int ndirs = amz_topology_ndirs(t);
    if (!g || !ndirs || width < 1 || height < 1 || !ck_mul_u64((uint64_t)width, (uint64_t)height, &cells) ||
        !ck_mul_u64(cells, (uint64_t)(ndirs / 2) + g->work_bits, &bits))
        return UINT64_MAX;
    bytes = bits / 8 + 64 * (uint64_t)width; /* bit arrays plus row buffers */
    return bytes;
}

amz_status amz_gen_run(amz_maze *m, const char *name, const amz_gen_options *o, const amz_observer *obs,
                       amz_error *err)
{
    const amz_gen_info *g = amz_gen_find(name);
    if (!g)
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown generator '%s' (see --list-algorithms)", name ? name : "");
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
