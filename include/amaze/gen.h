/* amaze/gen.h — maze generators and their registry.
 *
 * Every generator has the same shape and one row in the registry, which the CLI, the
 * docs and the tests iterate. A generator fills an initialised maze (its topology,
 * size and mask chosen by the caller): it first closes every passage, then carves.
 * Same library version + same seed + same options = the same maze on every machine. */
#ifndef AMAZE_GEN_H
#define AMAZE_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "amaze/observer.h"
#include "amaze/rng.h"
#include "amaze/status.h"

/* Where start and goal go once the maze is made (after any braiding). */
typedef enum amz_gen_ends {
    AMZ_ENDS_KEEP = 0,     /* leave them where the caller put them (default) */
    AMZ_ENDS_FARTHEST = 1, /* goal = the cell farthest from the start (fewest moves, ties: lowest index) */
    AMZ_ENDS_LONGEST = 2   /* start and goal = the two ends of a longest shortest path (diameter) */
} amz_gen_ends;

/* The corner binary-tree passages lead towards: every cell opens to one of the two
 * directions named (NE: north or east). */
typedef enum amz_corner {
    AMZ_CORNER_NE = 0,
    AMZ_CORNER_NW = 1,
    AMZ_CORNER_SE = 2,
    AMZ_CORNER_SW = 3
} amz_corner;

#define AMZ_GEN_MAX_THREADS 64 /* most worker threads amz_gen_options.threads asks for */

/* Options common to all generators, and the few that tune one algorithm. Initialise
 * with amz_gen_options_init, then set what you need: new fields keep their defaults in
 * old code. amz_gen_options_check says what is out of range. */
typedef struct amz_gen_options {
    uint64_t seed;        /* the RNG seed (default 0) */
    bool allow_islands;   /* a mask in several islands gets one maze per island (default:
                             refused with AMZ_EINVAL naming the count) */
    double braid;         /* 0..1: fraction of dead ends removed afterwards by opening a wall,
                             which makes loops (default 0 = none, the RNG is then not touched) */
    amz_gen_ends ends;    /* placement of start and goal after generation (default keep) */
    /* binary-tree */
    amz_corner bias;      /* corner the passages lead to (default NE) */
    double bias_weight;   /* 0..1: probability of the vertical direction (default 0.5) */
    /* growing-tree: which cell of the active list grows next. "newest" (default, like the
       backtracker), "oldest", "random", "middle", or a weighted mix such as
       "newest:75,random:25" (weights are relative integers). NULL = "newest". Not owned. */
    const char *choice;
    /* hunt-and-kill (docs/ALGORITHMS.md) */
    double branching;     /* 0..1: chance that a hunt restarts from a cell with 3+ passages
                             (else 2) when one is near: richer decision points */
    bool near_start;      /* hunt outwards from the start, so branches sprout near it (the
                             plain hunt already scans from the top-left cell) */
    /* prim and kruskal without a step observer: worker threads, 0 or 1 .. 64 (default 0 =
       one). The maze is the same for every count (docs/ALGORITHMS.md); other generators
       run on one thread. */
    unsigned threads;
} amz_gen_options;

typedef amz_status (*amz_gen_fn)(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err);

/* One registry row. */
typedef struct amz_gen_info {
    const char *name;     /* CLI name, e.g. "backtracker" */
    const char *summary;  /* one line for --list-algorithms */
    amz_gen_fn run;
    size_t work_fixed;    /* working memory independent of the size, in bytes */
    unsigned topologies;  /* bit (1u << topology) for each topology it supports */
    unsigned work_bits;   /* working memory per cell beyond the passages, in bits */
    unsigned row_bytes;   /* working memory per column (row buffers), in bytes */
    bool perfect;         /* always makes a perfect maze over connected cells (without --braid) */
    bool masks;           /* works with removed cells; if false amz_gen_run refuses masked mazes */
    bool parallel;        /* uses amz_gen_options.threads (and makes the same maze for any count) */
    unsigned watch_bits;  /* working bits per cell when an observer watches step by step, where
                             that form needs more than work_bits (prim, kruskal); else 0 */
} amz_gen_info;

/* Defaults: seed 0, no braid, ends kept, bias NE 0.5, choice "newest", no branching. */
AMZ_API void amz_gen_options_init(amz_gen_options *o);
/* AMZ_OK if every field is in range; AMZ_ERANGE (braid, bias_weight, branching outside
 * 0..1), AMZ_EINVAL (unknown ends or corner, a malformed choice) with a message naming
 * the field. amz_gen_run checks too; call this to tell usage errors from failures. */
AMZ_API amz_status amz_gen_options_check(const amz_gen_options *o, amz_error *err);
/* Number of registered generators, and the i-th (NULL past the end), in catalog order. */
AMZ_API size_t amz_gen_count(void);
AMZ_API const amz_gen_info *amz_gen_at(size_t i);
/* The generator called `name`, or NULL. */
AMZ_API const amz_gen_info *amz_gen_find(const char *name);
/* True if generator g works on topology t. */
AMZ_API bool amz_gen_supports(const amz_gen_info *g, amz_topology t);

/* Runs generator `name` on m (o NULL = defaults, obs may be NULL), then braids and
 * places the ends as the options say, and records the algorithm and seed in the maze.
 * Start and goal are kept unless o->ends moves them. Generators carve the part of the
 * grid connected to the start; on a mask with several islands the walkers (and every
 * generator but kruskal) leave the other islands closed. Errors: AMZ_ENOTFOUND (no
 * such generator), AMZ_EUNSUPPORTED (topology, or a mask the generator cannot handle),
 * AMZ_ERANGE/AMZ_EINVAL (options, see amz_gen_options_check), AMZ_ENOMEM (working
 * memory), AMZ_ECANCELED (observer). Time O(cells) for most generators; see
 * docs/ALGORITHMS.md. */
AMZ_API amz_status amz_gen_run(amz_maze *m, const char *name, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err);

/* Peak bytes a run of generator g on a width x height grid of topology t needs, the
 * maze included; UINT64_MAX if that overflows. For memory guards before allocating. */
AMZ_API uint64_t amz_gen_memory_estimate(const amz_gen_info *g, amz_topology t, int64_t width, int64_t height);

#endif
