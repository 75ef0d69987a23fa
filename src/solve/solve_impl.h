/* solve_impl.h — private declarations shared by the solvers and their registry. */
#ifndef AMZ_SOLVE_IMPL_H
#define AMZ_SOLVE_IMPL_H

#include "amaze/solve.h"

amz_status amz_solve_bfs(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                         const amz_observer *obs, amz_solve_result *out, amz_error *err);
amz_status amz_solve_dfs(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                         const amz_observer *obs, amz_solve_result *out, amz_error *err);

/* Builds out->path by following parent directions (`bits` bits per cell, the direction
 * from a cell back to its parent) from `to` back to `from`, then emits PATH events.
 * AMZ_ENOMEM or AMZ_ECANCELED on failure. */
amz_status amz_solve_path_from_parents(const amz_maze *m, const uint64_t *parents, amz_cell from, amz_cell to,
                                       const amz_observer *obs, amz_path *out, amz_error *err);

/* The standard "no path" error. */
amz_status amz_solve_no_path(const amz_maze *m, amz_cell from, amz_cell to, amz_error *err);

#endif
