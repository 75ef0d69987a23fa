/* wilson_octagon.c — Wilson's walks on a flat octagon grid without an observer, in a
 * bordered layout where every step is one table offset and one byte load.
 *
 * The general walk (walk_any.c) steps by lattice.h's table and carries a column, a row
 * and the kind of cell, then multiplies for the cell number: a chain of dependent loads
 * and arithmetic a step. Here each cell is a byte at a place P: octagon (x, y) at
 * (y + 1) * (w + 2) + x + 1, small square (x, y) at the same place plus the octagons'
 * whole block ((h + 2) * (w + 2)), both with a one-place border. From either kind a move
 * in a direction is then a fixed offset (kind 0: N E S W and the four squares around,
 * kind 1: the four octagons on its diagonals), and the border, the places no cell has
 * and removed cells are bytes without the EXISTS bit, so a step into them is redrawn
 * like a step off the grid. The byte also holds the tree bit and the walk's exit
 * direction. Draws are walk_any.c's draw for draw (3 bits an octagon, 2 a square among
 * its diagonals, the buffer refilled the same way), so the maze is the general form's
 * (tests/properties/test_lattice.c). Memory: a byte a place, about 1 byte a cell, taken
 * only for the run; if it cannot be had, the general walk runs instead. */
#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/walk.h"

enum { OW_DIR = 7, OW_TREE = 8, OW_EXISTS = 16 };

typedef struct oct_layout {
    int64_t pw, block;  /* places a row, places of the octagons' block */
    int64_t off[2][8];  /* [kind][direction]: the step in places */
} oct_layout;

static int64_t oct_place(const oct_layout *L, int kind, int64_t x, int64_t y)
{
    return kind * L->block + (y + 1) * L->pw + x + 1;
}

static void oct_layout_init(oct_layout *L, int64_t w, int64_t h)
{
    const int64_t pw = w + 2, S = (h + 2) * pw;
    L->pw = pw;
    L->block = S;
    /* from an octagon: N NE E SE S SW W NW; NE is the square (x, y-1), SE (x, y),
     * SW (x-1, y), NW (x-1, y-1) */
    const int64_t o[8] = {-pw, S - pw, 1, S, pw, S - 1, -1, S - pw - 1};
    /* from a square (x, y): NE the octagon (x+1, y), SE (x+1, y+1), SW (x, y+1), NW (x, y);
     * its even directions have no neighbour (never drawn) */
    const int64_t s[8] = {0, -S + 1, 0, -S + pw + 1, 0, -S + pw, 0, -S};
    for (int d = 0; d < 8; d++) {
        L->off[0][d] = o[d];
        L->off[1][d] = s[d];
    }
}

/* walk_any.c's draw_dir for these spans: 3 bits (8 directions) or 2 (a square's four
 * diagonals, as 2r + 1), a new word when fewer bits are left. */
static ALWAYS_INLINE int oct_draw(amz_rng *rng, uint64_t *buf, int *left, int kind)
{
    const int k = 3 - kind;
    if (*left < k) {
        *buf = rng_next(rng);
        *left = 64;
    }
    const int r = (int)(*buf & ((1u << k) - 1));
    *buf >>= k;
    *left -= k;
    return kind ? 2 * r + 1 : r;
}

amz_status gen_wilson_octagon(walker *wk)
{
    const amz_maze *m = wk->m;
    const int64_t w = m->width, h = m->height;
    oct_layout L;
    oct_layout_init(&L, w, h);
    uint8_t *b = core_calloc_big((size_t)(2 * L.block), 1);
    if (!b)
        return AMZ_ENOMEM;
    /* Cells are numbered octagons first, then squares, row by row (cell c below). */
    amz_cell c = 0;
    for (int kind = 0; kind < 2; kind++)
        for (int64_t y = 0; y < h - kind; y++)
            for (int64_t x = 0; x < w - kind; x++, c++)
                b[oct_place(&L, kind, x, y)] =
                    (uint8_t)((grid_exists(m, c) ? OW_EXISTS : 0) | (bits_get(wk->tree, (uint64_t)c) ? OW_TREE : 0));
    amz_rng *rng = wk->rng;
    uint64_t buf = 0, in_tree = wk->in_tree;
    int left = 0;
    /* Walks start in cell order, as the general form's. */
    for (int k0 = 0; k0 < 2; k0++)
        for (int64_t y = 0; y < h - k0; y++)
            for (int64_t x = 0; x < w - k0; x++) {
                const int64_t u = oct_place(&L, k0, x, y);
                if ((b[u] & (OW_TREE | OW_EXISTS)) != OW_EXISTS) /* in the tree, or no cell */
                    continue;
                /* The walk: each place left keeps its last exit; it stops in the tree. */
                int64_t p = u;
                int kind = k0;
                for (;;) {
                    int d;
                    int64_t q;
                    do {
                        d = oct_draw(rng, &buf, &left, kind);
                        q = p + L.off[kind][d];
                    } while (!(b[q] & OW_EXISTS));
                    b[p] = (uint8_t)((b[p] & ~OW_DIR) | d);
                    kind ^= d & 1;
                    p = q;
                    if (b[q] & OW_TREE)
                        break;
                }
                /* The loop-erased path joins the tree. */
                for (p = u, kind = k0; !(b[p] & OW_TREE);) {
                    const int d = b[p] & OW_DIR;
                    b[p] |= OW_TREE;
                    in_tree++;
                    p += L.off[kind][d];
                    kind ^= d & 1;
                }
            }
    /* Back into the walker: every cell that joined holds its exit, its parent. */
    c = 0;
    for (int kind = 0; kind < 2; kind++)
        for (int64_t y = 0; y < h - kind; y++)
            for (int64_t x = 0; x < w - kind; x++, c++) {
                const uint8_t v = b[oct_place(&L, kind, x, y)];
                if ((v & OW_TREE) && !bits_get(wk->tree, (uint64_t)c)) {
                    bits_set(wk->tree, (uint64_t)c);
                    any_set_nib(wk->nib, c, v & OW_DIR);
                }
            }
    wk->in_tree = in_tree;
    amz_free(b);
    return AMZ_OK;
}
