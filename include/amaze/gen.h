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

/* Options common to all generators. Initialise with amz_gen_options_init, then set
 * what you need: new fields keep their defaults in old code. */
typedef struct amz_gen_options {
    uint64_t seed;      /* the RNG seed (default 0) */
    bool allow_islands; /* a mask in several islands gets one maze per island (default:
                           refused with AMZ_EINVAL naming the count) */
} amz_gen_options;

typedef amz_status (*amz_gen_fn)(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err);

/* One registry row. */
typedef struct amz_gen_info {
    const char *name;     /* CLI name, e.g. "backtracker" */
    const char *summary;  /* one line for --list-algorithms */
    unsigned topologies;  /* bit (1u << topology) for each topology it supports */
    bool perfect;         /* always makes a perfect maze over connected cells */
    unsigned work_bits;   /* working memory per cell beyond the passages, in bits */
    amz_gen_fn run;
} amz_gen_info;

/* Defaults: seed 0. */
AMZ_API void amz_gen_options_init(amz_gen_options *o);
/* Number of registered generators, and the i-th (NULL past the end), in catalog order. */
AMZ_API size_t amz_gen_count(void);
AMZ_API const amz_gen_info *amz_gen_at(size_t i);
/* The generator called `name`, or NULL. */
AMZ_API const amz_gen_info *amz_gen_find(const char *name);
/* True if generator g works on topology t. */
AMZ_API bool amz_gen_supports(const amz_gen_info *g, amz_topology t);

/* Runs generator `name` on m (o NULL = defaults, obs may be NULL), then records the
 * algorithm and seed in the maze. Start and goal are kept. On a masked maze whose cells
 * form several islands (see amaze/shape.h), the run is refused unless o->allow_islands;
 * then island i (in reading order of first cells) is generated on its own with seed
 * splitmix64(seed + i) and events name cells of m. Errors: AMZ_ENOTFOUND (no such
 * generator), AMZ_EUNSUPPORTED (topology), AMZ_EINVAL (islands, or no cell),
 * AMZ_ENOMEM (working memory), AMZ_ECANCELED (observer). Time O(cells) for most
 * generators; see docs/ALGORITHMS.md. */
AMZ_API amz_status amz_gen_run(amz_maze *m, const char *name, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err);

/* Peak bytes a run of generator g on a width x height grid of topology t needs, the
 * maze included; UINT64_MAX if that overflows. For memory guards before allocating. */
AMZ_API uint64_t amz_gen_memory_estimate(const amz_gen_info *g, amz_topology t, int64_t width, int64_t height);

#endif
