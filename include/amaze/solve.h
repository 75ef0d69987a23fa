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

/* Which wall the wall follower keeps its hand on. */
typedef enum amz_hand {
    AMZ_HAND_LEFT = 0,
    AMZ_HAND_RIGHT = 1
} amz_hand;

/* Most threads amz_solve_options.threads accepts. */
#define AMZ_SOLVE_MAX_THREADS 64

/* Options common to all solvers, and the few that tune one; initialise with
 * amz_solve_options_init (new fields keep their defaults in old code). */
typedef struct amz_solve_options {
    amz_hand hand; /* wall-follower: left (default) or right */
    /* bfs: 0 or 1 (default) = one-ended BFS on the calling thread; 2 .. 64 = two-ended
     * BFS (from the start and from the goal, meeting in the middle) on two threads; more
     * than two add nothing. Its path is a shortest path, the same for every value >= 2
     * and every scheduling, and the same as one thread's when the shortest path is
     * unique (any perfect maze); it uses 4 bits per cell. Builds without POSIX threads,
     * and runs with an observer, compute the same two-ended result on one thread.
     * Other solvers ignore it. Outside 0 .. AMZ_SOLVE_MAX_THREADS: AMZ_ERANGE. */
    int threads;
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
    bool complete;       /* finds a path whenever one exists; false: may report AMZ_ENOPATH on
                            mazes with loops (wall-follower), always succeeds on perfect ones */
    unsigned work_bits;  /* working memory per cell, in bits */
    amz_solve_fn run;
} amz_solve_info;

/* Defaults: left hand, one thread. */
AMZ_API void amz_solve_options_init(amz_solve_options *o);
/* Number of registered solvers, and the i-th (NULL past the end), in catalog order. */
AMZ_API size_t amz_solve_count(void);
AMZ_API const amz_solve_info *amz_solve_at(size_t i);
/* The solver called `name`, or NULL. */
AMZ_API const amz_solve_info *amz_solve_find(const char *name);

/* Bytes solver s needs on m beyond the maze: its work_bits a cell (two-ended bfs on
 * threads fits the same 4 bits). The path found adds a byte a move, which no one
 * knows beforehand. UINT64_MAX for a NULL solver. For memory guards. */
AMZ_API uint64_t amz_solve_memory_estimate(const amz_solve_info *s, const amz_maze *m, const amz_solve_options *o);

/* Solves m from `from` to `to` with solver `name` (o NULL = defaults). On success *out
 * holds a simple path (no cell twice; free with amz_path_deinit(&out->path)); on
 * failure *out is zeroed but for `explored`. Errors: AMZ_ENOTFOUND, AMZ_EUNSUPPORTED,
 * AMZ_EINVAL (bad options), AMZ_ERANGE (a cell outside the maze, threads out of range), AMZ_ENOPATH (with a
 * message naming both cells; for a solver that is not `complete`, also when its method
 * failed, which the message says), AMZ_ENOMEM, AMZ_ECANCELED. */
AMZ_API amz_status amz_solve_run(const amz_maze *m, const char *name, amz_cell from, amz_cell to,
                                 const amz_solve_options *o, const amz_observer *obs, amz_solve_result *out,
                                 amz_error *err);

/* Solves from m->start to m->goal and attaches the path as m's solution. */
AMZ_API amz_status amz_solve_maze(amz_maze *m, const char *name, const amz_solve_options *o,
                                  const amz_observer *obs, uint64_t *explored, amz_error *err);

#endif
