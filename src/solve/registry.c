/* registry.c — the solver catalog and the common driver (argument checks, result
 * clean-up on failure) every solver shares. */
#include <stdio.h>
#include <string.h>

#include "amaze/solve.h"
#include "core/error.h"
#include "core/observe.h"
#include "solve/solve_impl.h"

#define ALL ((1u << AMZ_TOPO_COUNT) - 1)

/* Columns: name, summary, topologies, shortest, complete, working bits per cell, function.
 * The order is the listing order of --help and of "unknown solver" messages; names are
 * CLI values and appear in scripts, so renaming one is an interface change. work_bits
 * is what amz_solve_memory_estimate charges per cell on plain grids. */
static const amz_solve_info registry[] = {
    {"bfs", "breadth-first search: a shortest path (default)", ALL, true, true, 4, solve_bfs},
    {"dfs", "breadcrumb depth-first search of the original demos: a path, backing out of dead ends", ALL,
     false, true, 4, solve_dfs},
    {"astar", "A* with the grid distance (Manhattan, hex) as guide: a shortest path, fewer cells explored",
     ALL, true, true, 5, solve_astar},
    {"bidir", "breadth-first from both ends, meeting in the middle: a shortest path", ALL, true, true, 8,
     solve_bidir},
    {"dead-end-fill", "fill dead ends until only the ways between start and goal remain: a shortest path",
     ALL, true, true, 5, solve_dead_end_fill},
    {"wall-follower", "keep a hand on the wall (--hand left|right): fails where it would circle a loop",
     ALL, false, false, 10, solve_wall_follower},
    {"tremaux", "Tremaux's marked passages: never walks a passage more than twice", ALL, false, true, 9,
     solve_tremaux},
};

void amz_solve_options_init(amz_solve_options *o)
{
    /* threads 0 means "the default" (one), as everywhere in the library. */
    memset(o, 0, sizeof *o);
    o->hand = AMZ_HAND_LEFT;
}

size_t amz_solve_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const amz_solve_info *amz_solve_at(size_t i)
{
    return i < amz_solve_count() ? &registry[i] : NULL;
}

const amz_solve_info *amz_solve_find(const char *name)
{
    for (size_t i = 0; name && i < amz_solve_count(); i++)
        if (strcmp(registry[i].name, name) == 0)
            return &registry[i];
    return NULL;
}

uint64_t amz_solve_memory_estimate(const amz_solve_info *s, const amz_maze *m, const amz_solve_options *o)
{
    (void)o; /* every thread count of bfs fits 4 bits a cell */
    if (!s)
        return UINT64_MAX;
    /* Other grids' parent fields are wider (4 bits for polar and weave): 8 bits more
     * cover every solver's one or two of them and tremaux's wider marks. */
    const unsigned extra = solve_plain(m) ? 0 : 8;
    return ((uint64_t)m->ncells * (s->work_bits + extra) + 7) / 8;
}

amz_status amz_solve_run(const amz_maze *m, const char *name, amz_cell from, amz_cell to,
                         const amz_solve_options *o, const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    memset(out, 0, sizeof *out);
    const amz_solve_info *s = amz_solve_find(name);
    if (!s) {
        /* The list comes from the table, so a new solver is named without editing this;
         * snprintf's return may pass the buffer, and the loop stops once it has. */
        char names[AMZ_ERROR_MAX] = "";
        for (size_t i = 0, len = 0; i < amz_solve_count() && len < sizeof names; i++)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", registry[i].name);
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown solver '%s' (the solvers: %s)", name ? name : "", names);
    }
    if (!(s->topologies & (1u << m->topology)))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "solver '%s' does not work on %s grids", s->name,
                          amz_topology_name(m->topology));
    if (!amz_maze_exists(m, from) || !amz_maze_exists(m, to))
        return amz_errorf(err, AMZ_ERANGE, "%s cell %lld is not a cell of the maze",
                          amz_maze_exists(m, from) ? "goal" : "start",
                          (long long)(amz_maze_exists(m, from) ? to : from));
    amz_solve_options defaults;
    if (!o) {
        amz_solve_options_init(&defaults);
        o = &defaults;
    }
    if ((unsigned)o->hand > AMZ_HAND_RIGHT)
        return amz_errorf(err, AMZ_EINVAL, "unknown hand %d (expected left or right)", (int)o->hand);
    if (o->threads < 0 || o->threads > AMZ_SOLVE_MAX_THREADS)
        return amz_errorf(err, AMZ_ERANGE, "threads %d out of range (0 to %d)", o->threads, AMZ_SOLVE_MAX_THREADS);
    /* From here each solver may assume checked cells, a known hand and thread count,
     * from != to, and an observer that is NULL or has a callback (obs_normalize). */
    out->path.start = from;
    obs = obs_normalize(obs);
    if (from == to) { /* every solver's answer: the empty path */
        out->explored = 1;
        if (obs && (obs_emit(obs, AMZ_EV_VISIT, from, -1, AMZ_NO_CELL) ||
                    obs_emit_index(obs, AMZ_EV_PATH, from, 0, 1)))
            return amz_errorf(err, AMZ_ECANCELED, "%s: canceled by the observer", s->name);
        return AMZ_OK;
    }
    /* On failure the result holds no path (whatever the solver left is freed), only the
     * count of cells explored, which a canceled or failed search still reports. */
    amz_status st = s->run(m, from, to, o, obs, out, err);
    if (st != AMZ_OK) {
        uint64_t explored = out->explored;
        amz_path_deinit(&out->path);
        memset(out, 0, sizeof *out);
        out->explored = explored;
    }
    return st;
}

amz_status amz_solve_maze(amz_maze *m, const char *name, const amz_solve_options *o, const amz_observer *obs,
                          uint64_t *explored, amz_error *err)
{
    /* The old solution is replaced only on success; on failure the maze is unchanged. */
    amz_solve_result r;
    amz_status st = amz_solve_run(m, name, m->start, m->goal, o, obs, &r, err);
    if (explored)
        *explored = r.explored;
    if (st == AMZ_OK) {
        amz_path_deinit(&m->solution);
        m->solution = r.path; /* ownership moves to the maze */
        m->has_solution = true;
    }
    return st;
}
