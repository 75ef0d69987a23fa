/* heuristic.c — Manhattan distance plus linear conflict (Hansson, Mayer & Yung,
 * "Criticizing solutions to relaxed models yields powerful admissible heuristics",
 * Information Sciences 63, 1992) on blank-last boards. A line's conflict is
 * 2 x (tiles home in that line - longest run of them already in goal order): every
 * tile outside such a run must step out of the line and back. */
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "slide/slide_impl.h"

/* Tables for a rows x cols board: md[t * n + c] is tile t's Manhattan distance from
 * cell c (the blank's row is all 0: it is not counted), grow/gcol each tile's goal
 * row and column. md fits a byte: distances are at most 62 on 32x32. */
amz_status slide_heur_init(slide_heur *h, int rows, int cols)
{
    int n = rows * cols;
    memset(h, 0, sizeof *h);
    h->rows = rows;
    h->cols = cols;
    h->n = n;
    h->md = amz_malloc((size_t)n * (size_t)n);
    h->grow = amz_malloc((size_t)n);
    h->gcol = amz_malloc((size_t)n);
    if (!h->md || !h->grow || !h->gcol) {
        slide_heur_deinit(h);
        return AMZ_ENOMEM;
    }
    h->grow[0] = (uint8_t)(rows - 1);
    h->gcol[0] = (uint8_t)(cols - 1);
    for (int t = 1; t < n; t++) {
        h->grow[t] = (uint8_t)((t - 1) / cols);
        h->gcol[t] = (uint8_t)((t - 1) % cols);
    }
    for (int t = 0; t < n; t++)
        for (int c = 0; c < n; c++)
            h->md[(size_t)t * (size_t)n + (size_t)c] =
                t ? (uint8_t)(abs(c / cols - h->grow[t]) + abs(c % cols - h->gcol[t])) : 0;
    return AMZ_OK;
}

void slide_heur_deinit(slide_heur *h)
{
    amz_free(h->md);
    amz_free(h->grow);
    amz_free(h->gcol);
    memset(h, 0, sizeof *h);
}

/* 2 x (k - longest increasing subsequence) of seq[0..k), by patience sorting. */
static int conflict(const uint8_t *seq, int k)
{
    if (k < 2)
        return 0;
    uint8_t tops[AMZ_SLIDE_MAX_SIDE] = {0};
    int piles = 0;
    for (int i = 0; i < k; i++) {
        int lo = 0, hi = piles;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (tops[mid] < seq[i])
                lo = mid + 1;
            else
                hi = mid;
        }
        tops[lo] = seq[i];
        if (lo == piles)
            piles++;
    }
    return 2 * (k - piles);
}

/* The tiles of row r whose goal row is r, in the order they stand, by goal column:
 * the ones outside a longest increasing run must leave the row (2 moves each). */
int slide_lc_row(const slide_heur *h, const uint16_t *tiles, int r)
{
    uint8_t seq[AMZ_SLIDE_MAX_SIDE];
    int k = 0;
    for (int c = 0; c < h->cols; c++) {
        int t = tiles[r * h->cols + c];
        if (t && h->grow[t] == r)
            seq[k++] = h->gcol[t];
    }
    return conflict(seq, k);
}

int slide_lc_col(const slide_heur *h, const uint16_t *tiles, int c)
{
    uint8_t seq[AMZ_SLIDE_MAX_SIDE];
    int k = 0;
    for (int r = 0; r < h->rows; r++) {
        int t = tiles[r * h->cols + c];
        if (t && h->gcol[t] == c)
            seq[k++] = h->grow[t];
    }
    return conflict(seq, k);
}

/* Row and column conflicts add to Manhattan (and to each other) without losing
 * admissibility: a row conflict costs vertical moves that Manhattan does not count,
 * a column conflict horizontal ones, and a tile is in at most one conflict of each. */
int slide_heur_full(const slide_heur *h, const uint16_t *tiles)
{
    int sum = 0;
    for (int c = 0; c < h->n; c++)
        sum += h->md[(size_t)tiles[c] * (size_t)h->n + (size_t)c];
    for (int r = 0; r < h->rows; r++)
        sum += slide_lc_row(h, tiles, r);
    for (int c = 0; c < h->cols; c++)
        sum += slide_lc_col(h, tiles, c);
    return sum;
}
