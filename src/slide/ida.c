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
    uint16_t fsm; /* the detour automaton's state here */
} frame;

typedef struct ida_worker {
    slide_worker base;               /* tiles, blank, stack: set up by worker.c */
    int h;                           /* Manhattan + all conflicts of the current node */
    int16_t lcr[AMZ_SLIDE_MAX_SIDE]; /* conflict of each row */
    int16_t lcc[AMZ_SLIDE_MAX_SIDE]; /* and each column */
} ida_worker;

static void *worker_create(const void *shared, const amz_slide_board *root)
{
    const ida_shared *sh = shared;
    return slide_worker_new(sizeof(ida_worker), shared, sh->nb, root);
}

static int worker_reset(void *wv, const uint8_t *prefix, int len)
{
    ida_worker *w = wv;
    const slide_heur *h = &((const ida_shared *)w->base.sh)->h;
    if (!slide_worker_replay(&w->base, prefix, len))
        return -1;
    const uint16_t *tiles = w->base.tiles;
    int sum = 0;
    for (int c = 0; c < h->n; c++)
        sum += h->md[(size_t)tiles[c] * (size_t)h->n + (size_t)c];
    for (int r = 0; r < h->rows; r++)
        sum += w->lcr[r] = (int16_t)slide_lc_row(h, tiles, r);
    for (int c = 0; c < h->cols; c++)
        sum += w->lcc[c] = (int16_t)slide_lc_col(h, tiles, c);
    w->h = sum;
    return sum;
}

/* The iteration's depth-first search below the node set by reset. Invariants at depth
 * d: tiles/blank are the node of path[0..g0+d), w->h its Manhattan plus conflicts,
 * lcr/lcc each line's conflict, and fr[d] the next move to try with what undoing the
 * move into this node must restore (the Manhattan change and one line's conflict). */
static int worker_dfs(void *wv, int g0, int bound, uint8_t *path, int *next, slide_ticker *t)
{
    ida_worker *w = wv;
    const slide_heur *h = &((const ida_shared *)w->base.sh)->h;
    const int16_t *nb = w->base.nb;
    const uint8_t *md = h->md;
    const size_t n = (size_t)h->n;
    const int cols = h->cols;
    const uint16_t *fsm = w->base.fsm->next;
    frame *fr = slide_worker_frames(&w->base, bound - g0 + 2, sizeof *fr);
    if (!fr)
        return SLIDE_NOMEM;
    uint16_t *tiles = w->base.tiles;
    if (slide_tick(t))
        return SLIDE_STOP;
    int depth = 0;
    fr[0] = (frame){0, g0 ? path[g0 - 1] : SLIDE_NO_MOVE, 0, 0xff, 0, (uint16_t)w->base.fsm_at};
    for (;;) {
        frame *f = &fr[depth];
        if (f->next >= 4) {
            if (depth == 0)
                return SLIDE_NOTFOUND;
            /* Undo the move into this node: the blank steps back, the tile returns. */
            int back = nb[w->base.blank * 4 + slide_opposite(f->prev)];
            tiles[w->base.blank] = tiles[back];
            tiles[back] = 0;
            w->base.blank = back;
            w->h -= f->dmd;
            if (f->line != 0xff) {
                int16_t *lc = f->line & 128 ? &w->lcc[f->line & 127] : &w->lcr[f->line];
                w->h += f->old - *lc;
                *lc = f->old;
            }
            depth--;
            continue;
        }
        int m, blank = w->base.blank, to = slide_try(nb, blank, &f->next, f->prev, &m);
        if (to < 0)
            continue;
        int state = fsm[f->fsm * 4 + m];
        if (state == SLIDE_FSM_DEAD)
            continue; /* a detour: the node is searched by a shorter or earlier path */
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
        if (slide_found(path, g0, depth, m, nh, next))
            return SLIDE_FOUND;
        w->base.blank = to;
        w->h = nh;
        if (line != 0xff)
            *(line & 128 ? &w->lcc[line & 127] : &w->lcr[line]) = (int16_t)now;
        depth++;
        fr[depth] = (frame){0, (uint8_t)m, (int8_t)dmd, (uint8_t)line, (int16_t)old, (uint16_t)state};
        if (slide_tick(t))
            return SLIDE_STOP;
    }
}

static const slide_search_ops ida_ops = {worker_create, slide_worker_free, worker_reset, worker_dfs,
                                         slide_worker_prune};

static void release(void *shared)
{
    ida_shared *sh = shared;
    if (!sh)
        return;
    amz_free(sh->nb);
    slide_heur_deinit(&sh->h);
    amz_free(sh);
}

amz_status slide_ida_prepare(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                             slide_algo *a, amz_error *err)
{
    (void)o;
    (void)obs;
    memset(a, 0, sizeof *a);
    ida_shared *sh = amz_calloc(1, sizeof *sh);
    if (!sh || slide_heur_init(&sh->h, b->rows, b->cols) || !(sh->nb = slide_neighbours(b->rows, b->cols))) {
        release(sh);
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for the heuristic tables");
    }
    *a = (slide_algo){&ida_ops, sh, release};
    return AMZ_OK;
}
