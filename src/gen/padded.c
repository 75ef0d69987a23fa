/* padded.c — set-up of the bordered visited bitmap (see padded.h), for the walking
 * generators on plain square and hex grids: cell (x, y) is c % w, c / w, and the step
 * tables come from grid.h's fixed per-topology offsets. */
#include "gen/padded.h"

#include <string.h>

#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/checked.h"

amz_status gen_padded_init(padded *p, const amz_maze *m)
{
    const int64_t w = m->width, h = m->height, pw = w + 2;
    uint64_t n;
    size_t bytes;
    /* Zeroed first, so gen_padded_free is safe after any failure. The sizes are
     * checked although a maze's sides are bounded, since (w + 2)(h + 2) exceeds w h. */
    memset(p, 0, sizeof *p);
    if (w < 1 || h < 1)
        return AMZ_EINVAL;
    if (!ck_mul_u64((uint64_t)pw, (uint64_t)(h + 2), &n) || !ck_bits_to_bytes(n, 1, &bytes))
        return AMZ_ENOMEM;
    p->bits = core_calloc_big(1, bytes);
    if (!p->bits)
        return AMZ_ENOMEM;
    p->pw = pw;
    /* Border rows and columns. */
    for (int64_t x = 0; x < pw; x++) {
        bits_set(p->bits, (uint64_t)x);
        bits_set(p->bits, (uint64_t)((h + 1) * pw + x));
    }
    for (int64_t y = 1; y <= h; y++) {
        bits_set(p->bits, (uint64_t)(y * pw));
        bits_set(p->bits, (uint64_t)(y * pw + w + 1));
    }
    /* Removed cells count as visited, so walks never enter them and no masked case is
     * needed in the inner loops. */
    if (m->mask)
        for (amz_cell c = 0; c < m->ncells; c++)
            if (!bits_get(m->mask, (uint64_t)c))
                bits_set(p->bits, (uint64_t)padded_index(p, (int32_t)(c % w), (int32_t)(c / w)));
    /* Steps by column parity: hex (odd-q) rows shift with the column, square ignores
     * par. dp steps the padded index, du the cell number, for the same move. */
    const int nd = m->ndirs;
    for (int par = 0; par < 2; par++)
        for (int d = 0; d < nd; d++) {
            int dx = grid_dx[m->topology][d], dy = grid_dy[m->topology][par][d];
            p->dp[par][d] = dy * pw + dx;
            p->du[par][d] = dy * w + dx;
        }
    /* Tables over every 6-bit direction mask, so a walker picks the k-th free
     * direction (k drawn below count[mask]) with one lookup, no bit scanning. */
    for (unsigned mask = 0; mask < 64; mask++) {
        int j = 0;
        for (int d = 0; d < 6; d++)
            if (mask & (1u << d))
                p->nth[mask][j++] = (uint8_t)d;
        p->count[mask] = (uint8_t)j;
    }
    return AMZ_OK;
}

void gen_padded_free(padded *p)
{
    amz_free(p->bits);
    p->bits = NULL;
}
