/* solve_impl.h — private declarations shared by the solvers and their registry. */
#ifndef AMZ_SOLVE_IMPL_H
#define AMZ_SOLVE_IMPL_H

#include "amaze/solve.h"
#include "grid/grid.h"

/* ---- the solvers' view of any grid ----
 * Parent fields hold a direction: grid_dir_bits(ndirs) bits a cell (square 2, hex 3,
 * polar 4, ...). solve_open lists a cell's open passages, on plain square grids from
 * two words of passage bits (grid_square_open), elsewhere through grid/topo.h. */
static inline unsigned solve_pbits(const amz_maze *m)
{
    return grid_dir_bits(m->ndirs);
}

static inline bool solve_plain(const amz_maze *m)
{
    return m->topology <= AMZ_TOPO_HEX && m->levels <= 1 && !m->wrap && !m->weave;
}

/* The open passages of existing cell c: directions into dir[], cells into nb[]; their
 * number is returned. */
static ALWAYS_INLINE int solve_open(const amz_maze *m, amz_cell c, int *dir, amz_cell *nb)
{
    int n = 0;
    if (m->topology == AMZ_TOPO_SQUARE && solve_plain(m)) {
        const int64_t w = m->width, step[4] = {-w, 1, w, -1};
        for (unsigned open = grid_square_open(m->passages, c, m->width); open; open &= open - 1) {
            const int d = __builtin_ctz(open);
            dir[n] = d;
            nb[n++] = c + step[d];
        }
        return n;
    }
    amz_cell all[AMZ_MAX_DIRS];
    const int nd = grid_nbrs(m, c, all);
    for (int d = 0; d < nd; d++)
        if (all[d] != AMZ_NO_CELL && bits_get(m->passages, grid_edge(m, c, d, all[d]))) {
            dir[n] = d;
            nb[n++] = all[d];
        }
    return n;
}

/* The open directions of existing cell c as a mask (bit d for direction d): on plain
 * square grids from two words of passage bits, elsewhere through grid/topo.h. */
static ALWAYS_INLINE unsigned solve_open_mask(const amz_maze *m, amz_cell c)
{
    if (m->topology == AMZ_TOPO_SQUARE && solve_plain(m))
        return grid_square_open(m->passages, c, m->width);
    return grid_open_mask(m, c);
}

/* c's neighbour through its open passage d (one of solve_open_mask's): a passage never
 * leads off the grid or into a removed cell, so plain square grids need no checks. */
static ALWAYS_INLINE amz_cell solve_next(const amz_maze *m, amz_cell c, int d)
{
    if (m->topology == AMZ_TOPO_SQUARE && solve_plain(m))
        return c + (d == AMZ_SQ_N ? -(amz_cell)m->width : d == AMZ_SQ_E ? 1 : d == AMZ_SQ_S ? (amz_cell)m->width : -1);
    return grid_neighbor(m, c, d);
}

/* The direction from c's neighbour in direction d back to c. */
static ALWAYS_INLINE int solve_back(const amz_maze *m, amz_cell c, int d)
{
    return solve_plain(m) ? grid_plain_opposite(m->topology, d) : grid_back(m, c, d);
}

/* One per solver file; the registry (registry.c) lists them. Each receives checked
 * arguments with from != to (the driver answers from == to itself), a normalised
 * observer, and *out zeroed but for out->path.start = from. */
#define SOLVE_DECL(fn)                                                                                        \
    amz_status fn(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,                     \
                  const amz_observer *obs, amz_solve_result *out, amz_error *err)
SOLVE_DECL(solve_bfs);
SOLVE_DECL(solve_dfs);
SOLVE_DECL(solve_astar);
SOLVE_DECL(solve_bidir);
SOLVE_DECL(solve_dead_end_fill);
SOLVE_DECL(solve_wall_follower);
SOLVE_DECL(solve_tremaux);

/* bfs with options->threads >= 2 (bfs_par.c): two-ended BFS on up to two threads,
 * deterministic whatever the scheduling. Same contract as a solver function. */
amz_status solve_bfs_two_ended(const amz_maze *m, amz_cell from, amz_cell to, int threads,
                                   const amz_observer *obs, amz_solve_result *out, amz_error *err);
/* For tests: the same search, its two threads replaced by one fixed schedule played on
 * the calling thread (side A alone for steps_a levels, then side B for steps_b, both
 * below 16000); the result must not depend on them. Checked cells, from may equal to. */
amz_status solve_bfs_two_ended_split(const amz_maze *m, amz_cell from, amz_cell to, uint64_t steps_a,
                                         uint64_t steps_b, amz_solve_result *out, amz_error *err);

/* Builds out->path by following parent directions (`bits` bits per cell, the direction
 * from a cell back to its parent) from `to` back to `from`, then emits PATH events.
 * AMZ_ENOMEM or AMZ_ECANCELED on failure. */
amz_status solve_path_from_parents(const amz_maze *m, const uint64_t *parents, amz_cell from, amz_cell to,
                                       const amz_observer *obs, amz_path *out, amz_error *err);

/* Emits PATH events for p, start to end. AMZ_ECANCELED if the observer stops. */
amz_status solve_emit_path(const amz_maze *m, const amz_path *p, const amz_observer *obs, amz_error *err);

/* Breadth-first search from `from` to `to` avoiding cells set in `marked`; fills
 * out->path (shortest among unmarked cells) and out->explored, emits FRONTIER, VISIT
 * and PATH. AMZ_ENOPATH (with the standard message), AMZ_ENOMEM, AMZ_ECANCELED. */
amz_status solve_search_unmarked(const amz_maze *m, amz_cell from, amz_cell to, const uint64_t *marked,
                                     const amz_observer *obs, amz_solve_result *out, amz_error *err);

/* The standard "no path" error. */
amz_status solve_no_path(const amz_maze *m, amz_cell from, amz_cell to, amz_error *err);

#endif
