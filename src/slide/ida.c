/* ida.c — `ida`: IDA* (Korf 1985) with Manhattan distance plus linear conflict
 * (Hansson, Mayer & Yung 1992), both updated incrementally: a move changes one tile's
 * distance by one and at most one line's conflict (the line the tile enters or leaves,
 * if it is that tile's goal line). Any board size; depth-first with an explicit stack,
 * so deep searches on big boards never exhaust the C stack. */
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/slide_impl.h"

typedef struct ida_shared {
    slide_heur h;
    int16_t *nb; /* nb[cell * 4 + move]: the blank's next cell, -1 off the board */
} ida_shared;

typedef struct frame {
    uint8_t next; /* next move to try */
    uint8_t prev; /* the move that led here (SLIDE_NO_MOVE at the root) */
    int8_t dmd;   /* Manhattan change of that move */
    uint8_t line; /* line whose conflict changed (0xff none; rows, then 128 + column) */
    int16_t old;  /* that line's conflict before */
} frame;

typedef struct ida_worker {
    const ida_shared *sh;
    const amz_slide_board *root;
    uint16_t tiles[AMZ_SLIDE_MAX_CELLS];
    int blank;
    int h;                           /* Manhattan + all conflicts of the current node */
    int16_t lcr[AMZ_SLIDE_MAX_SIDE]; /* conflict of each row */
    int16_t lcc[AMZ_SLIDE_MAX_SIDE]; /* and each column */
    frame *fr;
    int cap;
} ida_worker;

static void *worker_create(const void *shared, const amz_slide_board *root)
{
    ida_worker *w = amz_calloc(1, sizeof *w);
    if (w) {
        w->sh = shared;
        w->root = root;
    }
    return w;
}

static void worker_destroy(void *wv)
{
    ida_worker *w = wv;
    amz_free(w->fr);
    amz_free(w);
}

static int worker_reset(void *wv, const uint8_t *prefix, int len)
{
    ida_worker *w = wv;
    const slide_heur *h = &w->sh->h;
    memcpy(w->tiles, w->root->tiles, sizeof w->tiles);
    w->blank = w->root->blank;
    for (int i = 0; i < len; i++) {
        int to = w->sh->nb[w->blank * 4 + prefix[i]];
        w->tiles[w->blank] = w->tiles[to];
        w->tiles[to] = 0;
        w->blank = to;
    }
    int sum = 0;
    for (int c = 0; c < h->n; c++)
        sum += h->md[(size_t)w->tiles[c] * (size_t)h->n + (size_t)c];
    for (int r = 0; r < h->rows; r++)
        sum += w->lcr[r] = (int16_t)slide_lc_row(h, w->tiles, r);
    for (int c = 0; c < h->cols; c++)
        sum += w->lcc[c] = (int16_t)slide_lc_col(h, w->tiles, c);
    w->h = sum;
    return sum;
}

static int worker_dfs(void *wv, int g0, int bound, uint8_t *path, int *next, slide_ticker *t)
{
    ida_worker *w = wv;
    const slide_heur *h = &w->sh->h;
    const int16_t *nb = w->sh->nb;
    const uint8_t *md = h->md;
    const size_t n = (size_t)h->n;
    const int cols = h->cols;
    int need = bound - g0 + 2;
    if (need > w->cap) {
        frame *f = amz_realloc(w->fr, (size_t)need * sizeof *f);
        if (!f)
            return SLIDE_NOMEM;
        w->fr = f;
        w->cap = need;
    }
    frame *fr = w->fr;
    uint16_t *tiles = w->tiles;
    if (slide_tick(t))
        return SLIDE_STOP;
    int depth = 0;
    fr[0] = (frame){0, g0 ? path[g0 - 1] : SLIDE_NO_MOVE, 0, 0xff, 0};
    for (;;) {
        frame *f = &fr[depth];
        if (f->next >= 4) {
            if (depth == 0)
                return SLIDE_NOTFOUND;
            /* Undo the move into this node: the blank steps back, the tile returns. */
            int back = nb[w->blank * 4 + slide_opposite(f->prev)];
            tiles[w->blank] = tiles[back];
            tiles[back] = 0;
            w->blank = back;
            w->h -= f->dmd;
            if (f->line != 0xff) {
                int16_t *lc = f->line & 128 ? &w->lcc[f->line & 127] : &w->lcr[f->line];
                w->h += f->old - *lc;
                *lc = f->old;
            }
            depth--;
            continue;
        }
        int m = f->next++;
        if (m == (f->prev ^ 1))
            continue;
        int blank = w->blank, to = nb[blank * 4 + m];
        if (to < 0)
            continue;
        int tile = tiles[to];
        int dmd = md[tile * n + (size_t)blank] - md[tile * n + (size_t)to];
        tiles[blank] = (uint16_t)tile;
        tiles[to] = 0;
        /* A vertical move changes the tile's row, a horizontal one its column; only the
         * tile's goal line can change its conflict. */
        int line = 0xff, old = 0, now = 0;
        if (m < 2) {
            int gr = h->grow[tile];
            if (gr == to / cols || gr == blank / cols) {
                line = gr;
                old = w->lcr[gr];
                now = slide_lc_row(h, tiles, gr);
            }
        } else {
            int gc = h->gcol[tile];
            if (gc == to % cols || gc == blank % cols) {
                line = 128 | gc;
                old = w->lcc[gc];
                now = slide_lc_col(h, tiles, gc);
            }
        }
        int nh = w->h + dmd + now - old;
        int fval = g0 + depth + 1 + nh;
        if (fval > bound) {
            if (fval < *next)
                *next = fval;
            tiles[to] = (uint16_t)tile;
            tiles[blank] = 0;
            continue;
        }
        path[g0 + depth] = (uint8_t)m;
        if (nh == 0) {
            *next = g0 + depth + 1;
            return SLIDE_FOUND;
        }
        w->blank = to;
        w->h = nh;
        if (line != 0xff)
            *(line & 128 ? &w->lcc[line & 127] : &w->lcr[line]) = (int16_t)now;
        depth++;
        fr[depth] = (frame){0, (uint8_t)m, (int8_t)dmd, (uint8_t)line, (int16_t)old};
        if (slide_tick(t))
            return SLIDE_STOP;
    }
}

static const slide_search_ops ida_ops = {worker_create, worker_destroy, worker_reset, worker_dfs};

amz_status slide_solve_ida(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                           amz_slide_solution *out, amz_error *err)
{
    ida_shared sh;
    memset(&sh, 0, sizeof sh);
    int n = b->rows * b->cols;
    if (slide_heur_init(&sh.h, b->rows, b->cols) || !(sh.nb = amz_malloc((size_t)n * 4 * sizeof *sh.nb))) {
        slide_heur_deinit(&sh.h);
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for the heuristic tables");
    }
    for (int c = 0; c < n; c++)
        for (int m = 0; m < 4; m++)
            sh.nb[c * 4 + m] = (int16_t)slide_step(b->rows, b->cols, c, m);
    amz_status st = slide_ida_run(&ida_ops, &sh, b, o, obs, out, err);
    out->optimal = true;
    amz_free(sh.nb);
    slide_heur_deinit(&sh.h);
    return st;
}
