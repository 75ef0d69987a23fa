/* amaze/difficulty.h — mazes of a chosen difficulty: the scale, its levels, and the
 * bounded search that makes a maze meeting targets on difficulty, solution length and
 * dead ends.
 *
 * The scale is the difficulty of amaze/stats.h, in bits: the sum over the cells of a
 * shortest solution (goal excluded) of log2(ways forward), so that a walker choosing
 * ways at random without backing out follows the solution with probability
 * 2^-bits. It is defined on every topology and shape, loops included. The levels are
 * bands of it (lower bound included, upper excluded):
 *
 *   level    bits
 *   easy      0 .. 10
 *   medium   10 .. 22
 *   hard     22 .. 45
 *   expert   45 .. 90
 *
 * docs/STATS.md has the calibration table: what each level means, measured over many
 * mazes of every generator (solution share, decisions, dead ends, bits).
 *
 * The search (amz_target_search) keeps everything the caller fixed and varies only the
 * knobs left free: the seed (drawn from the caller's seed, below), the goal (moved to
 * a cell on the maze's outline, so that it stays an opening in the outer wall) and
 * the braid (to meet a dead-end target). It is bounded: at most `tries` seeds, each
 * costing a few passes over the maze, and it says why it gave up. The maze it leaves
 * carries a recipe (amz_maze.recipe) with the seed, braid and goal it chose, which
 * makes the same maze without any target. */
#ifndef AMAZE_DIFFICULTY_H
#define AMAZE_DIFFICULTY_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze/export.h"
#include "amaze/gen.h"
#include "amaze/maze.h"
#include "amaze/stats.h"
#include "amaze/status.h"

/* ---- the scale and its levels ---- */

typedef enum amz_level {
    AMZ_LEVEL_EASY = 0,
    AMZ_LEVEL_MEDIUM = 1,
    AMZ_LEVEL_HARD = 2,
    AMZ_LEVEL_EXPERT = 3
} amz_level;
#define AMZ_LEVELS 4

/* "easy", "medium", "hard", "expert"; NULL for an unknown value. */
AMZ_API const char *amz_level_name(amz_level l);
/* Parses a level name. AMZ_ENOTFOUND (with a message listing the names) otherwise. */
AMZ_API amz_status amz_level_parse(const char *name, amz_level *out, amz_error *err);
/* The level's band in bits: lo <= bits < hi (table above). */
AMZ_API void amz_level_band(amz_level l, double *lo, double *hi);
/* The level whose band holds `bits`; AMZ_LEVEL_EXPERT at and beyond 45 bits. */
AMZ_API amz_level amz_level_of(double bits);
/* The band a number on the scale asks for: bits +- 10%, at least +- 1 bit (lo >= 0).
 * AMZ_ERANGE for a value that is not a finite number from 0 to 100000. */
AMZ_API amz_status amz_difficulty_band(double bits, double *lo, double *hi, amz_error *err);

/* A size (width x height, width / height about `aspect`, 0.1 .. 10) at which
 * generator `name` on full grids of topology t typically offers a goal on the outline
 * in lo .. hi bits from the first cell: found by probing. From a first guess (5 + 0.5
 * cells of side a bit of the band's middle, right for prim) the side grows by a
 * quarter until the median of three probe mazes (seeds 1, 2, 3) offers the band's
 * middle, at most 12 times. Deterministic. Errors: those of amz_gen_run (unknown
 * generator, topology), AMZ_ENOMEM. Time: a few generations at that size. */
AMZ_API amz_status amz_difficulty_size(const char *name, amz_topology t, double lo, double hi, double aspect,
                                       int32_t *width, int32_t *height, amz_error *err);

/* Upper bound on the difficulty of any maze of `cells` cells with at most `ndirs`
 * directions a cell: (cells - 1) * log2(ndirs - 1); for a perfect maze (a tree) the
 * ways forward also use up cells, which gives cells * log2(3) / 3. A band whose lower
 * end passes the bound cannot be met by any seed: a usage error before any work. */
AMZ_API double amz_difficulty_bound(uint64_t cells, int ndirs, bool perfect);

/* ---- the search ---- */

/* What the maze must measure (amz_stats), and which knobs the search may turn. Each
 * range is min <= value <= max; initialise with amz_target_init, which sets every range
 * open (0 .. INFINITY) and every knob free. */
typedef struct amz_target {
    double bits_min, bits_max;   /* amz_stats.difficulty; bits_max exclusive when finite */
    double moves_min, moves_max; /* amz_stats.solution_length, in moves */
    double share_min, share_max; /* amz_stats.solution_fraction: cells on the solution / cells (0..1) */
    double dead_min, dead_max;   /* amz_stats.dead_end_percent (0..100) */
    bool free_goal;  /* may move the goal (default true; false when the caller placed it) */
    bool free_braid; /* may raise the braid to lower the dead ends (default true) */
    unsigned tries;  /* seeds to try, 1 .. 100000 (default 64) */
} amz_target;

/* Everything open and free, 64 tries. */
AMZ_API void amz_target_init(amz_target *t);
/* True if s meets every range of t. */
AMZ_API bool amz_target_met(const amz_target *t, const amz_stats *s);

/* How a search went. */
typedef struct amz_target_report {
    unsigned tries;    /* seeds tried (the last one succeeded, on success) */
    uint64_t seed;     /* the seed of the maze made (on success) */
    double braid;      /* the braid it used */
    amz_stats stats;   /* its statistics (on success); on failure, those of the try that came closest */
    double best_bits;  /* the largest difficulty any goal of any try offered */
} amz_target_report;

/* Makes a maze on m (a grid prepared as for amz_gen_run: size, mask, start and goal
 * placed; o->seed the caller's seed) with generator `name` that meets t. Seeds tried:
 * o->seed first, then the outputs of an amz_rng seeded with o->seed, in order. For
 * each seed the maze is generated (with the braid the dead-end range needs when
 * t->free_braid, searched among multiples of 0.01), and then, when t->free_goal, the
 * goal goes to a cell on the outline (a cell with a missing neighbour) whose
 * shortest path from the start meets the ranges: the caller's goal when it does, else
 * the one nearest the middle of the ranges in steps of a quarter, then farthest from
 * the start across the grid (walls ignored), then with the longest path, then the
 * lowest index.
 * Every result is checked with amz_stats_compute. o->ends must be AMZ_ENDS_KEEP when
 * the goal is free (AMZ_EINVAL); a braid in o is kept (the braid is then not free).
 * On success m holds the maze, its recipe (the chosen seed, braid and goal) and rep
 * (may be NULL) says how it went. AMZ_ERANGE when no try met the target, with a
 * message saying the closest it came and what would reach it (a larger size, a
 * generator); m then holds the last try. Other errors: those of amz_gen_run and
 * amz_stats_compute. Time: tries x (generation + 2 to 8 passes over the maze);
 * memory: amz_target_memory_estimate. */
AMZ_API amz_status amz_target_search(amz_maze *m, const char *name, const amz_gen_options *o, const amz_target *t,
                                     amz_target_report *rep, amz_error *err);

/* Peak bytes amz_target_search needs on m beyond the generator's own (the distances,
 * bits and grid steps of a sweep, 20 bytes a cell, and amz_stats_compute's).
 * O(cells/64). */
AMZ_API uint64_t amz_target_memory_estimate(const amz_maze *m);

#endif
