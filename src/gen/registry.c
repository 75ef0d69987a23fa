/* registry.c — the generator catalog: one row per algorithm, and the common driver
 * (clear, seed, run, record origin) that every generator shares. */
#include <string.h>

#include "amaze/gen.h"
#include "core/checked.h"
#include "core/error.h"
#include "core/observe.h"
#include "gen/gen_impl.h"

#define SQ (1u << AMZ_TOPO_SQUARE)
#define HEX (1u << AMZ_TOPO_HEX)

static const amz_gen_info registry[] = {
    {"backtracker", "randomised depth-first search: long winding passages, few dead ends (default)", SQ | HEX, true,
     1, amz_gen_backtracker},
    {"hunt-and-kill", "random walk; when trapped, scan for a cell beside the maze: long passages", SQ | HEX, true, 1,
     amz_gen_hunt_and_kill},
};

void amz_gen_options_init(amz_gen_options *o)
{
    memset(o, 0, sizeof *o);
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
    /* Working bits cover the grid with a one-cell border (the walkers' padded bitmap,
     * which on a thin strip is three times the cells); row buffers take two bytes per
     * column. Bit arrays are whole 64-bit words. */
    if (!ck_mul_u64((uint64_t)width + 2, (uint64_t)height + 2, &padded) || !ck_mul_u64(padded, g->work_bits, &work))
        return UINT64_MAX;
    bytes = (bits / 64 + 1) * 8 + (work / 64 + 1) * 8 + 2 * (uint64_t)width + 64;
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
    amz_gen_options defaults;
    if (!o) {
        amz_gen_options_init(&defaults);
        o = &defaults;
    }
    amz_rng rng;
    amz_rng_seed(&rng, o->seed);
    amz_maze_clear(m);
    bool handled;
    amz_status st = amz_gen_islands(m, g, o, obs_normalize(obs), err, &handled);
    if (st == AMZ_OK && !handled)
        st = g->run(m, &rng, o, obs_normalize(obs), err);
    amz_maze_set_origin(m, g->name, o->seed);
    return st;
}
