/* rings.c — the ring table of a polar grid (see rings.h), from grid/topo.h's bands. */
#include "gen/rings.h"

#include "amaze/alloc.h"
#include "grid/topo.h"

polar_ring *gen_polar_rings_new(const amz_maze *m)
{
    polar_ring *R = amz_malloc((size_t)m->height * sizeof *R);
    if (!R)
        return NULL;
    const struct amz_rings *rs = m->rings;
    R[0] = (polar_ring){0, 1, 0, 0};
    for (int b = 1; b < rs->nbands; b++) {
        const grid_band *band = &rs->band[b];
        for (int32_t k = 0; k < band->nrings; k++) {
            const int32_t r = band->ring0 + k;
            R[r].cell0 = band->cell0 + (amz_cell)k * band->n;
            R[r].n = band->n;
            R[r].in_shift = (uint8_t)(r == 1 ? 63 : k == 0 ? 1 : 0);
            R[r].split = (uint8_t)(k == band->nrings - 1); /* the outermost ring too: OUT finds no ring */
        }
    }
    return R;
}
