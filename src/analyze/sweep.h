/* sweep.h — breadth-first sweeps over open passages for the analysers (distances,
 * diameter, stats). A sweep marks cells with a stamp instead of clearing a bitmap, so
 * many sweeps over small parts of a big maze cost only what they reach. */
#ifndef AMZ_ANALYZE_SWEEP_H
#define AMZ_ANALYZE_SWEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "core/queue.h"
#include "grid/grid.h"

typedef struct sweep {
    const amz_maze *m;
    uint32_t *mark; /* ncells stamps: reached in the current sweep iff mark[c] == id */
    uint32_t id;
    queue q;
} sweep;

typedef struct sweep_result {
    amz_cell far;    /* a farthest cell: the lowest index among those at the largest distance */
    uint64_t ecc;    /* its distance: the eccentricity of the sweep's origin */
    uint64_t reached; /* cells reached, origin included */
    uint64_t degsum; /* sum of the reached cells' degrees (twice the passages among them) */
} sweep_result;

/* True when the old flat arithmetic of grid.h holds: square or hex, one level, no
 * wrap, no weave. Those grids keep their fast neighbour loop. */
static inline bool sweep_plain(const amz_maze *m)
{
    return m->topology <= AMZ_TOPO_HEX && amz_maze_is_plain(m);
}

/* The cells c's open passages lead to, into nb[] (AMZ_MAX_DIRS entries); their
 * number. `plain` is sweep_plain(m): plain grids step by grid_step, every other grid
 * through topo.h (levels, wrap, weave under-passages, polar rings, octagon squares). */
static ALWAYS_INLINE int sweep_open(const amz_maze *m, bool plain, amz_cell c, amz_cell *nb)
{
    int n = 0;
    /* The plain path tests no mask: a removed cell has no open passage (removing a cell
     * closes them, readers refuse them), so an open edge always leads to a cell. */
    if (plain) {
        const int32_t w = m->width, h = m->height;
        const int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        for (int d = 0; d < m->ndirs; d++) {
            int32_t nx, ny;
            if (!grid_step(m->topology, w, h, x, y, d, &nx, &ny))
                continue;
            const amz_cell o = (amz_cell)ny * w + nx;
            if (bits_get(m->passages, grid_edge_bit(m->bits, c, o, d)))
                nb[n++] = o;
        }
        return n;
    }
    amz_cell all[AMZ_MAX_DIRS];
    const int nd = grid_nbrs(m, c, all);
    for (int d = 0; d < nd; d++)
        if (all[d] != AMZ_NO_CELL && bits_get(m->passages, grid_edge(m, c, d, all[d])))
            nb[n++] = all[d];
    return n;
}

/* AMZ_ENOMEM if the stamps (4 bytes per cell) cannot be allocated. */
amz_status sweep_init(sweep *s, const amz_maze *m);
void sweep_free(sweep *s);
/* One sweep from `from`. dist (NULL, or ncells entries) receives the distance of each
 * reached cell; seen (NULL, or a bitmap) gets each reached cell set. False if the
 * queue cannot grow. O(cells reached). */
bool sweep_run(sweep *s, amz_cell from, uint64_t *dist, uint64_t *seen, sweep_result *r);

#endif
