/* amaze/solve.h — maze solvers and their registry.
 *
 * Solvers work on any maze, perfect or not (loops, removed cells, several parts), and
 * report "no path" as AMZ_ENOPATH. They never modify the maze. */
#ifndef AMAZE_SOLVE_H
#define AMAZE_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "amaze/observer.h"
#include "amaze/status.h"

/* Options common to all solvers; initialise with amz_solve_options_init. */
typedef struct amz_solve_options {
    int reserved; /* no options yet; keeps the struct non-empty */
} amz_solve_options;

typedef struct amz_solve_result {
    amz_path path;     /* from the start cell to the goal cell; owned, amz_path_deinit */
    uint64_t explored; /* cells the solver visited (each counted once) */
} amz_solve_result;

typedef amz_status (*amz_solve_fn)(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                                   const amz_observer *obs, amz_solve_result *out, amz_error *err);

typedef struct amz_solve_info {
    const char *name;
    const char *summary;
    unsigned topologies; /* bit (1u << topology) for each supported topology */
    bool shortest;       /* always returns a shortest path */
    unsigned work_bits;  /* working memory per cell, in bits */
    amz_solve_fn run;
} amz_solve_info;

/* Defaults for every option. */
AMZ_API void amz_solve_options_init(amz_solve_options *o);
/* Number of registered solvers, and the i-th (NULL past the end), in catalog order. */
AMZ_API size_t amz_solve_count(void);
AMZ_API const amz_solve_info *amz_solve_at(size_t i);
/* The solver called `name`, or NULL. */
AMZ_API const amz_solve_info *amz_solve_find(const char *name);

/* Solves m from `from` to `to` with solver `name` (o NULL = defaults). On success *out
 * holds the path (free with amz_path_deinit(&out->path)); on failure *out is zeroed.
 * Errors: AMZ_ENOTFOUND, AMZ_EUNSUPPORTED, AMZ_ERANGE (a cell outside the maze),
 * AMZ_ENOPATH (with a message naming both cells), AMZ_ENOMEM, AMZ_ECANCELED. */
AMZ_API amz_status amz_solve_run(const amz_maze *m, const char *name, amz_cell from, amz_cell to,
                                 const amz_solve_options *o, const amz_observer *obs, amz_solve_result *out,
                                 amz_error *err);

/* Solves from m->start to m->goal and attaches the path as m's solution. */
AMZ_API amz_status amz_solve_maze(amz_maze *m, const char *name, const amz_solve_options *o,
                                  const amz_observer *obs, uint64_t *explored, amz_error *err);

#endif
