/* gen_impl.h — private declarations shared by the generators and their registry. */
#ifndef AMZ_GEN_IMPL_H
#define AMZ_GEN_IMPL_H

#include "amaze/gen.h"

/* One per generator file; the registry (registry.c) lists them. Each receives a maze
 * with all passages closed, a seeded rng, and a normalised observer (NULL or usable). */
amz_status amz_gen_backtracker(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err);
amz_status amz_gen_hunt_and_kill(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err);

/* Checks a masked maze's islands before a run: none -> AMZ_EINVAL; several without
 * o->allow_islands -> AMZ_EINVAL naming the count; several with it -> generates each
 * island and sets *handled. One island (or no mask): nothing done, *handled false. */
amz_status amz_gen_islands(amz_maze *m, const amz_gen_info *g, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err, bool *handled);

#endif
