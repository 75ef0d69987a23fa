/* diameter.c — the farthest cell from a cell, and the maze's diameter (its longest
 * shortest path). On a tree two sweeps give the diameter exactly (the farthest cell
 * from anywhere is an end of a longest path). With loops the two sweeps only give a
 * lower bound, which iFUB then closes: P. Crescenzi, R. Grossi, M. Habib, L. Lanzi,
 * A. Marino, "On computing the diameter of real-world undirected graphs", Theoretical
 * Computer Science 514 (2013). iFUB sweeps from the cells farthest from a central
 * cell u, level by level: once the best eccentricity found exceeds 2(i-1), no cell
 * nearer to u than level i can do better. A budget bounds its sweeps. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/stats.h"
#include "analyze/sweep.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"

/* iFUB's work limit, in sweeps of the part: past it the answer is a lower bound. */
#define IFUB_BUDGET 64

amz_status amz_stats_farthest(const amz_maze *m, amz_cell from, amz_cell *cell, uint64_t *dist, amz_error *err)
{
    if (!amz_maze_exists(m, from))
        return amz_errorf(err, AMZ_ERANGE, "cell %lld is not a cell of the maze", (long long)from);
    sweep s;
    sweep_result r;
    if (sweep_init(&s, m))
        return amz_errorf(err, AMZ_ENOMEM, "farthest: cannot allocate %lld cell marks", (long long)m->ncells);
    bool ok = sweep_run(&s, from, NULL, NULL, &r);
    sweep_free(&s);
    if (!ok)
        return amz_errorf(err, AMZ_ENOMEM, "farthest: cannot grow the search queue");
    if (cell)
        *cell = r.far;
    if (dist)
        *dist = r.ecc;
    return AMZ_OK;
}

/* The best pair found so far: a <= b (equal only for a lone cell) and their distance. */
typedef struct best {
    amz_cell a, b;
    uint64_t len;
} best;

/* Keeps the longer pair; at equal length the one with the lower ends, so ties resolve
 * the same way whatever order the sweeps find them in. */
static void consider(best *bst, amz_cell a, amz_cell b, uint64_t len)
{
    amz_cell lo = a < b ? a : b, hi = a < b ? b : a;
    if (len > bst->len || (len == bst->len && (lo < bst->a || (lo == bst->a && hi < bst->b)))) {
        bst->len = len;
        bst->a = lo;
        bst->b = hi;
    }
}

/* iFUB on the part of `a` (a, b: ends of a double sweep of length d). Updates *bst;
 * *exact false when the budget ran out. AMZ_ENOMEM when an array or the queue cannot
 * be had. Memory: da and db, 8 bytes a cell of the whole maze each (sweep_run's
 * distances are 64-bit), and order, 8 bytes a cell of the part. */
static amz_status ifub(sweep *s, amz_cell a, amz_cell b, uint64_t d, uint64_t part, best *bst, bool *exact)
{
    const amz_maze *m = s->m;
    const size_t n = (size_t)m->ncells;
    uint64_t *da = amz_malloc(n * sizeof *da), *db = amz_malloc(n * sizeof *db);
    amz_cell *order = NULL;
    uint64_t *start = NULL;
    sweep_result r;
    amz_status st = AMZ_ENOMEM;
    if (!da || !db || !sweep_run(s, a, da, NULL, &r) || !sweep_run(s, b, db, NULL, &r))
        goto out;
    /* u: a middle cell of the a-b path, the lowest-indexed one. One exists, since the
     * double sweep made d = dist(a, b). A central u (iFUB's choice) keeps ecc(u), and
     * with it the fringe levels to scan, small. */
    amz_cell u = AMZ_NO_CELL;
    /* Stamps are read right after their sweep: the next sweep restamps the cells. */
    const uint32_t part_id = s->id; /* cells of the part carry the last stamp */
    for (amz_cell c = 0; c < m->ncells && u == AMZ_NO_CELL; c++)
        if (s->mark[c] == part_id && da[c] == d / 2 && db[c] == d - d / 2)
            u = c;
    if (!sweep_run(s, u, da, NULL, &r))
        goto out;
    const uint64_t ecc_u = r.ecc;
    consider(bst, u, r.far, r.ecc);
    /* The part's cells by distance from u, farthest first (counting sort). */
    order = amz_malloc((size_t)part * sizeof *order);
    start = amz_calloc((size_t)ecc_u + 2, sizeof *start);
    if (!order || !start)
        goto out;
    const uint32_t u_id = s->id;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (s->mark[c] == u_id)
            start[ecc_u - da[c] + 1]++;
    for (uint64_t i = 1; i <= ecc_u + 1; i++)
        start[i] += start[i - 1];
    for (amz_cell c = 0; c < m->ncells; c++)
        if (s->mark[c] == u_id)
            order[start[ecc_u - da[c]]++] = c;
    /* start[k] now ends level ecc_u - k; level i spans order[start[ecc_u-i-1] .. start[ecc_u-i]). */
    /* Two cells both within i of u are at most 2i apart, so once 2i <= lb no pair left
     * can beat lb. The budget counts the fringe sweeps only; the three set-up sweeps
     * (from a, b and u) come on top. */
    uint64_t lb = bst->len > d ? bst->len : d, sweeps = 0;
    *exact = true;
    for (uint64_t i = ecc_u; 2 * i > lb; i--) {
        uint64_t from = ecc_u - i == 0 ? 0 : start[ecc_u - i - 1], to = start[ecc_u - i];
        for (uint64_t k = from; k < to; k++) {
            if (++sweeps > IFUB_BUDGET) {
                *exact = false;
                st = AMZ_OK;
                goto out;
            }
            if (!sweep_run(s, order[k], NULL, NULL, &r))
                goto out;
            consider(bst, order[k], r.far, r.ecc);
            if (r.ecc > lb)
                lb = r.ecc;
        }
        /* Every pair with a cell at level i or beyond is now measured from that cell; the
         * rest lie within i - 1 of u. i >= 1 here, as 2i > lb >= 0. */
        if (lb > 2 * (i - 1))
            break;
    }
    st = AMZ_OK;
out:
    amz_free(da);
    amz_free(db);
    amz_free(order);
    amz_free(start);
    return st;
}

amz_status amz_stats_diameter(const amz_maze *m, amz_cell *a, amz_cell *b, uint64_t *len, bool *exact,
                             amz_error *err)
{
    sweep s;
    uint64_t *seen = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!seen || sweep_init(&s, m)) {
        amz_free(seen);
        return amz_errorf(err, AMZ_ENOMEM, "diameter: cannot allocate marks for %lld cells", (long long)m->ncells);
    }
    /* Parts in index order: the first unseen existing cell seeds the part's sweeps, and
     * its first sweep marks the whole part in seen. */
    best bst = {AMZ_NO_CELL, AMZ_NO_CELL, 0};
    bool all_exact = true;
    amz_status st = AMZ_OK;
    for (amz_cell c = 0; c < m->ncells && st == AMZ_OK; c++) {
        if (!grid_exists(m, c) || bits_get(seen, (uint64_t)c))
            continue;
        if (bst.a == AMZ_NO_CELL)
            bst.a = bst.b = c; /* a lone cell is a path of length 0 */
        sweep_result r1, r2;
        if (!sweep_run(&s, c, NULL, seen, &r1)) {
            st = AMZ_ENOMEM;
            break;
        }
        if (r1.reached == 1)
            continue;
        if (!sweep_run(&s, r1.far, NULL, NULL, &r2)) {
            st = AMZ_ENOMEM;
            break;
        }
        consider(&bst, r1.far, r2.far, r2.ecc);
        /* A connected part is a tree exactly when it has one passage fewer than cells;
         * degsum counts each of its passages from both ends. */
        if (r1.degsum / 2 != r1.reached - 1) { /* loops: the double sweep is only a bound */
            bool ex = true;
            st = ifub(&s, r1.far, r2.far, r2.ecc, r1.reached, &bst, &ex);
            all_exact = all_exact && ex;
        }
    }
    sweep_free(&s);
    amz_free(seen);
    if (st)
        return amz_errorf(err, AMZ_ENOMEM, "diameter: out of memory");
    if (bst.a == AMZ_NO_CELL)
        return amz_errorf(err, AMZ_EINVAL, "the maze has no cells");
    if (a)
        *a = bst.a;
    if (b)
        *b = bst.b;
    if (len)
        *len = bst.len;
    if (exact)
        *exact = all_exact;
    return AMZ_OK;
}
