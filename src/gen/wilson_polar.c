/* wilson_polar.c — Wilson's walks on a polar grid without an observer, on one byte a
 * cell.
 *
 * walk_any.c's polar walk keeps the tree bit, the exit direction and the mask in three
 * arrays, so a step touches three places. Here a cell's byte holds all three (B_DIR,
 * B_TREE, B_EXISTS), and the walk carries its ring and index in locals, stepping by
 * the table of rings (gen/rings.h's polar_ring_step, as walk_any.c's walk does).
 * Draws are walk_any.c's draw for draw: a cell off the centre draws among IN, CW, CCW and its one
 * or two OUTs, the centre (rarely entered) among its span through grid/topo.h, a miss
 * redrawn; so the maze is the general form's (tests/properties/test_lattice.c).
 * Memory: a byte a cell and the ring table, only for the run. */
#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/rings.h"
#include "gen/walk.h"

enum { B_DIR = 15, B_TREE = 16, B_EXISTS = 32 };

/* A walk's place: ring r, index i (the cell R[r].cell0 + i). */
typedef struct ppos {
    int32_t r;
    int64_t i;
} ppos;

/* The neighbour of the cell at p in direction d, its place in *to; AMZ_NO_CELL past the
 * outer ring. The centre steps through grid/topo.h (its OUTs are every first-ring cell). */
static ALWAYS_INLINE amz_cell pstep(const amz_maze *m, const polar_ring *R, ppos p, int d, ppos *to)
{
    if (p.r == 0) {
        grid_at a, na = {0, 0, 0, 0, 0, 0, 0}; /* filled only when there is a neighbour */
        grid_locate(m, 0, &a);
        const amz_cell n = grid_step_loc(m, 0, &a, d, &na);
        to->r = na.ring;
        to->i = na.i;
        return n;
    }
    return polar_ring_step(R, m->height, p.r, p.i, d, &to->r, &to->i);
}

amz_status gen_wilson_polar(walker *wk)
{
    const amz_maze *m = wk->m;
    if (m->topology != AMZ_TOPO_POLAR || m->levels != 1 || m->wrap)
        return AMZ_EINVAL;
    polar_ring *R = gen_polar_rings_new(m);
    uint8_t *b = core_calloc_big((size_t)m->ncells, 1);
    if (!R || !b) {
        amz_free(R);
        amz_free(b);
        return AMZ_ENOMEM;
    }
    for (amz_cell c = 0; c < m->ncells; c++)
        b[c] = (uint8_t)((grid_exists(m, c) ? B_EXISTS : 0) | (bits_get(wk->tree, (uint64_t)c) ? B_TREE : 0));
    grid_at centre;
    grid_locate(m, 0, &centre);
    const int centre_span = grid_span_at(m, &centre);
    amz_rng *rng = wk->rng;
    uint64_t in_tree = wk->in_tree;
    dir_bits db = {0, 0};
    /* Walks start in cell order, as the general form's: ring by ring. */
    for (int32_t r0 = 0; r0 < m->height; r0++)
        for (int64_t i0 = 0; i0 < R[r0].n; i0++) {
            const amz_cell u = R[r0].cell0 + i0;
            if ((b[u] & (B_TREE | B_EXISTS)) != B_EXISTS) /* in the tree, or no cell */
                continue;
            const ppos start = {r0, i0};
            ppos p = start, to;
            amz_cell c = u;
            for (;;) {
                const int span = p.r ? AMZ_POLAR_OUT + 1 + R[p.r].split : centre_span;
                int d;
                amz_cell n;
                do {
                    d = draw_dir(rng, &db, span);
                    n = pstep(m, R, p, d, &to);
                } while (n == AMZ_NO_CELL || !(b[n] & B_EXISTS));
                b[c] = (uint8_t)((b[c] & ~B_DIR) | d);
                c = n;
                p = to;
                if (b[n] & B_TREE)
                    break;
            }
            /* The loop-erased path joins the tree. */
            for (c = u, p = start; !(b[c] & B_TREE);) {
                const int d = b[c] & B_DIR;
                b[c] |= B_TREE;
                in_tree++;
                c = pstep(m, R, p, d, &to);
                p = to;
            }
        }
    /* Back into the walker: every cell that joined holds its exit, its parent. */
    for (amz_cell c = 0; c < m->ncells; c++)
        if ((b[c] & B_TREE) && !bits_get(wk->tree, (uint64_t)c)) {
            bits_set(wk->tree, (uint64_t)c);
            any_set_nib(wk->nib, c, b[c] & B_DIR);
        }
    wk->in_tree = in_tree;
    amz_free(b);
    amz_free(R);
    return AMZ_OK;
}
