/* solvable.c — which boards can be solved: the inversion-parity rule of Johnson &
 * Story, "Notes on the 15 puzzle" (American Journal of Mathematics 2, 1879), for any
 * M x N board with the blank's row added for even widths. Inversions are counted
 * with a Fenwick tree (Fenwick, Software: Practice and Experience 24, 1994). */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "slide/slide_impl.h"

typedef struct parity {
    uint64_t inversions; /* pairs of tiles in reading order that are out of goal order */
    int blank_rows;      /* rows between the blank and its goal row */
    bool solvable;
} parity;

static parity compute(const amz_slide_board *b)
{
    int n = b->rows * b->cols;
    /* Both goal conventions order the tiles 1..n-1 in reading order, so an inversion is
     * a pair (i < j, cells in reading order) with tile_i > tile_j, blank skipped. */
    /* 1-based Fenwick tree over tile values: tree counts tiles seen so far, uint16 is
     * enough since at most AMZ_SLIDE_MAX_CELLS are counted. */
    uint16_t tree[AMZ_SLIDE_MAX_CELLS + 1];
    memset(tree, 0, sizeof tree);
    parity r = {0, 0, false};
    uint64_t seen = 0;
    for (int c = 0; c < n; c++) {
        int t = b->tiles[c];
        if (t == 0)
            continue;
        /* Tiles already seen that are smaller than t. */
        uint64_t smaller = 0;
        for (int i = t; i > 0; i -= i & -i)
            smaller += tree[i];
        r.inversions += seen - smaller;
        for (int i = t; i <= n; i += i & -i)
            tree[i]++;
        seen++;
    }
    int goal_row = amz_slide_goal_cell(b, 0) / b->cols;
    r.blank_rows = abs(b->blank / b->cols - goal_row);
    if (b->cols % 2)
        r.solvable = r.inversions % 2 == 0;
    else
        r.solvable = (r.inversions + (uint64_t)r.blank_rows) % 2 == 0;
    return r;
}

bool amz_slide_is_solvable(const amz_slide_board *b)
{
    return compute(b).solvable;
}

amz_status amz_slide_check(const amz_slide_board *b, amz_error *err)
{
    parity p = compute(b);
    if (p.solvable)
        return AMZ_OK;
    if (b->cols % 2)
        return amz_errorf(err, AMZ_EINVAL,
                          "unsolvable board: it has %llu %s (pairs of tiles out of order), an odd number; "
                          "with an odd number of columns only even counts can be solved (swap two tiles to fix it)",
                          (unsigned long long)p.inversions, p.inversions == 1 ? "inversion" : "inversions");
    return amz_errorf(err, AMZ_EINVAL,
                      "unsolvable board: %llu %s (pairs of tiles out of order) plus %d %s between the "
                      "blank and its goal row make an odd number; with an even number of columns only even sums "
                      "can be solved (swap two tiles to fix it)",
                      (unsigned long long)p.inversions, p.inversions == 1 ? "inversion" : "inversions", p.blank_rows,
                      p.blank_rows == 1 ? "row" : "rows");
}
