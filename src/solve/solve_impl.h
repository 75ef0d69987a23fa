/* solve_impl.h — private declarations shared by the solvers and their registry. */
#ifndef AMZ_SOLVE_IMPL_H
#define AMZ_SOLVE_IMPL_H

#include "amaze/solve.h"

/* One per solver file; the registry (registry.c) lists them. Each receives checked
 * arguments with from != to (the driver answers from == to itself), a normalised
 * observer, and *out zeroed but for out->path.start = from. */
#define AMZ_SOLVE_DECL(fn)                                                                                        \
    amz_status fn(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,                     \
                  const amz_observer *obs, amz_solve_result *out, amz_error *err)
AMZ_SOLVE_DECL(amz_solve_bfs);
AMZ_SOLVE_DECL(amz_solve_dfs);
AMZ_SOLVE_DECL(amz_solve_astar);
AMZ_SOLVE_DECL(amz_solve_bidir);
AMZ_SOLVE_DECL(amz_solve_dead_end_fill);
AMZ_SOLVE_DECL(amz_solve_wall_follower);
AMZ_SOLVE_DECL(amz_solve_tremaux);

/* bfs with options->threads >= 2 (bfs_par.c): two-ended BFS on up to two threads,
 * deterministic whatever the scheduling. Same contract as a solver function. */
amz_status amz_solve_bfs_two_ended(const amz_maze *m, amz_cell from, amz_cell to, int threads,
                                   const amz_observer *obs, amz_solve_result *out, amz_error *err);
/* For tests: the same search, its two threads replaced by one fixed schedule played on
 * the calling thread (side A alone for steps_a levels, then side B for steps_b, both
 * below 16000); the result must not depend on them. Checked cells, from may equal to. */
amz_status amz_solve_bfs_two_ended_split(const amz_maze *m, amz_cell from, amz_cell to, uint64_t steps_a,
                                         uint64_t steps_b, amz_solve_result *out, amz_error *err);

/* Builds out->path by following parent directions (`bits` bits per cell, the direction
 * from a cell back to its parent) from `to` back to `from`, then emits PATH events.
 * AMZ_ENOMEM or AMZ_ECANCELED on failure. */
amz_status amz_solve_path_from_parents(const amz_maze *m, const uint64_t *parents, amz_cell from, amz_cell to,
                                       const amz_observer *obs, amz_path *out, amz_error *err);

/* Emits PATH events for p, start to end. AMZ_ECANCELED if the observer stops. */
amz_status amz_solve_emit_path(const amz_maze *m, const amz_path *p, const amz_observer *obs, amz_error *err);

/* Breadth-first search from `from` to `to` avoiding cells set in `marked`; fills
 * out->path (shortest among unmarked cells) and out->explored, emits FRONTIER, VISIT
 * and PATH. AMZ_ENOPATH (with the standard message), AMZ_ENOMEM, AMZ_ECANCELED. */
amz_status amz_solve_search_unmarked(const amz_maze *m, amz_cell from, amz_cell to, const uint64_t *marked,
                                     const amz_observer *obs, amz_solve_result *out, amz_error *err);

/* The standard "no path" error. */
amz_status amz_solve_no_path(const amz_maze *m, amz_cell from, amz_cell to, amz_error *err);

#endif
