/* sweep.h — breadth-first sweeps over open passages for the analysers (distances,
 * diameter, stats). A sweep marks cells with a stamp instead of clearing a bitmap, so
 * many sweeps over small parts of a big maze cost only what they reach. */
#ifndef AMZ_ANALYZE_SWEEP_H
#define AMZ_ANALYZE_SWEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "core/queue.h"

typedef struct amz_sweep {
    const amz_maze *m;
    uint32_t *mark; /* ncells stamps: reached in the current sweep iff mark[c] == id */
    uint32_t id;
    amz_queue q;
} amz_sweep;

typedef struct amz_sweep_result {
    amz_cell far;    /* a farthest cell: the lowest index among those at the largest distance */
    uint64_t ecc;    /* its distance: the eccentricity of the sweep's origin */
    uint64_t reached; /* cells reached, origin included */
    uint64_t degsum; /* sum of the reached cells' degrees (twice the passages among them) */
} amz_sweep_result;

/* AMZ_ENOMEM if the stamps (4 bytes per cell) cannot be allocated. */
amz_status amz_sweep_init(amz_sweep *s, const amz_maze *m);
void amz_sweep_free(amz_sweep *s);
/* One sweep from `from`. dist (NULL, or ncells entries) receives the distance of each
 * reached cell; seen (NULL, or a bitmap) gets each reached cell set. False if the
 * queue cannot grow. O(cells reached). */
bool amz_sweep_run(amz_sweep *s, amz_cell from, uint64_t *dist, uint64_t *seen, amz_sweep_result *r);

#endif
