/* padded.h — the visited bitmap of walking generators, with a one-cell border.
 *
 * Cell (x, y) is bit (y+1)*(w+2) + (x+1). Border and removed cells start out marked,
 * so "which neighbours are unvisited" is a handful of unconditional bit loads with no
 * bounds tests, gathered into a direction mask without branches. Costs about one bit
 * per cell, like a plain bitmap. */
#ifndef AMZ_GEN_PADDED_H
#define AMZ_GEN_PADDED_H

#include <stdint.h>

#include "amaze/maze.h"
#include "core/bits.h"
#include "grid/grid.h"

typedef struct padded {
    uint64_t *bits;
    int64_t pw;          /* padded row length, w + 2 */
    int64_t dp[2][6];    /* index step in the padded bitmap, by column parity and direction */
    int64_t du[2][6];    /* index step in cell numbers */
    uint8_t nth[64][6];  /* nth[mask][j]: the direction of the j-th set bit of mask */
    uint8_t count[64];   /* set bits of mask (a table: portable builds lack a popcount instruction) */
} padded;

/* Allocates and marks the border and removed cells. AMZ_ENOMEM on failure. */
amz_status gen_padded_init(padded *p, const amz_maze *m);
void gen_padded_free(padded *p);

static inline int64_t padded_index(const padded *p, int32_t x, int32_t y)
{
    return (int64_t)(y + 1) * p->pw + (x + 1);
}

static ALWAYS_INLINE bool visited(const padded *p, int32_t x, int32_t y)
{
    return bits_get(p->bits, (uint64_t)padded_index(p, x, y));
}

/* Mask of the directions whose neighbour is unvisited (bit d for direction d).
 * Spelled out rather than looped: this is the innermost operation of the walkers. */
static ALWAYS_INLINE unsigned padded_free(const padded *p, int nd, int64_t pi, int parity)
{
    const uint64_t *b = p->bits;
    const int64_t *dp = p->dp[parity];
    unsigned free = (unsigned)!bits_get(b, (uint64_t)(pi + dp[0])) |
                    (unsigned)!bits_get(b, (uint64_t)(pi + dp[1])) << 1 |
                    (unsigned)!bits_get(b, (uint64_t)(pi + dp[2])) << 2 |
                    (unsigned)!bits_get(b, (uint64_t)(pi + dp[3])) << 3;
    if (nd == 6)
        free |= (unsigned)!bits_get(b, (uint64_t)(pi + dp[4])) << 4 |
                (unsigned)!bits_get(b, (uint64_t)(pi + dp[5])) << 5;
    return free;
}

#endif
