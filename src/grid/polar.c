/* polar.c — the ring table of polar mazes.
 *
 * Ring r (r >= 1) lies between radii r and r+1. Ring 1 has `first` cells; ring r >= 2
 * doubles the cells of ring r-1 when a cell of ring r-1 would otherwise be more than
 * 1.5 units wide along ring r's inner circle (2 pi r / n > 1.5), so every cell stays
 * between about 0.75 and 1.5 units wide and one unit deep, and has one outward
 * neighbour or two (the rule of J. Buck's "Mazes for Programmers", ch. 7, with the
 * ratio kept to 1 or 2). The arithmetic is IEEE double on small integers, so every
 * platform builds the same table. */
#include <string.h>

#include "amaze/maze.h"
#include "grid/topo.h"

amz_cell grid_rings_build(struct amz_rings *r, int32_t rings, int32_t first, amz_cell limit)
{
    memset(r, 0, sizeof *r);
    r->band[0] = (grid_band){0, 1, 1, 0};
    r->nbands = 1;
    amz_cell total = 1;
    int64_t n = first;
    for (int32_t ring = 1; ring < rings; ring++) {
        if (ring >= 2 && 2.0 * 3.14159265358979323846 * (double)ring > 1.5 * (double)n)
            n *= 2;
        grid_band *b = &r->band[r->nbands - 1];
        if (b->n != n) {
            if (r->nbands == GRID_MAX_BANDS)
                return 0;
            b = &r->band[r->nbands++];
            *b = (grid_band){ring, 0, n, total};
        }
        b->nrings++;
        if (total > limit - n)
            return 0;
        total += n;
    }
    return total;
}

bool amz_maze_ring(const amz_maze *m, int32_t ring, amz_cell *first, int32_t *count)
{
    if (m->topology != AMZ_TOPO_POLAR || ring < 0 || ring >= m->height)
        return false;
    const struct amz_rings *r = m->rings;
    int b = r->nbands - 1;
    while (ring < r->band[b].ring0)
        b--;
    if (first)
        *first = r->band[b].cell0 + (int64_t)(ring - r->band[b].ring0) * r->band[b].n;
    if (count)
        *count = (int32_t)r->band[b].n;
    return true;
}
