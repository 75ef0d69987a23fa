/* gen_impl.h — private declarations shared by the generators and their registry. */
#ifndef AMZ_GEN_IMPL_H
#define AMZ_GEN_IMPL_H

#include "amaze/gen.h"

/* One per generator file; the registry (registry.c) lists them. Each receives a maze
 * with all passages closed, a seeded rng, checked options and a normalised observer
 * (NULL or usable). */
#define AMZ_GEN_DECL(fn)                                                                                          \
    amz_status fn(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs, amz_error *err)
AMZ_GEN_DECL(amz_gen_backtracker);
AMZ_GEN_DECL(amz_gen_hunt_and_kill);
AMZ_GEN_DECL(amz_gen_binary_tree);
AMZ_GEN_DECL(amz_gen_sidewinder);
AMZ_GEN_DECL(amz_gen_aldous_broder);
AMZ_GEN_DECL(amz_gen_wilson);
AMZ_GEN_DECL(amz_gen_houston);
AMZ_GEN_DECL(amz_gen_prim);
AMZ_GEN_DECL(amz_gen_prim_simple);
AMZ_GEN_DECL(amz_gen_kruskal);
AMZ_GEN_DECL(amz_gen_growing_tree);
AMZ_GEN_DECL(amz_gen_eller);
AMZ_GEN_DECL(amz_gen_recursive_division);

/* Post-processing shared by every generator (finish.c), run by amz_gen_run after the
 * generator: braiding (o->braid) then placing the ends (o->ends). The rng continues
 * the generator's stream, so the result is still determined by the seed. */
amz_status amz_gen_finish(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                          amz_error *err);

/* Sets in `part` (ncells bits, cleared by the caller) the existing cells connected to
 * `root` over the grid, passages ignored, and returns how many; 0 if out of memory. */
uint64_t amz_gen_part(const amz_maze *m, amz_cell root, uint64_t *part);

/* Parsed growing-tree cell choice: weights for newest, oldest, random, middle. */
enum { AMZ_PICK_NEWEST = 0, AMZ_PICK_OLDEST = 1, AMZ_PICK_RANDOM = 2, AMZ_PICK_MIDDLE = 3, AMZ_PICK_KINDS = 4 };
typedef struct amz_pick_mix {
    uint32_t weight[AMZ_PICK_KINDS];
    uint32_t total;
} amz_pick_mix;
/* Parses "newest", "random:25,newest:75", ... (NULL = newest). AMZ_EINVAL with a message. */
amz_status amz_gen_parse_choice(const char *spec, amz_pick_mix *out, amz_error *err);

/* Checks a masked maze's islands before a run: none -> AMZ_EINVAL; several without
 * o->allow_islands -> AMZ_EINVAL naming the count; several with it -> generates each
 * island and sets *handled. One island (or no mask): nothing done, *handled false. */
amz_status amz_gen_islands(amz_maze *m, const amz_gen_info *g, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err, bool *handled);

#endif
