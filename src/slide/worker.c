/* worker.c — what every IDA* worker (ida.c, pdb_search.c) sets up the same way, written
 * once: the blank's neighbour table, the worker's life cycle, the replay of a subtree's
 * prefix from the root, and the growth of the explicit depth-first stack. The solvers
 * embed slide_worker as the first member of their own worker and add their heuristic
 * state; the driver (search.c) sees only the slide_search_ops of each. */
#include <string.h>

#include "amaze/alloc.h"
#include "slide/slide_impl.h"

/* nb[cell * 4 + move]: where the blank at `cell` goes by move U, D, L, R, or -1 at the
 * edge; shared read-only by all workers of one search, freed by its owner. */
int16_t *slide_neighbours(int rows, int cols)
{
    int n = rows * cols;
    int16_t *nb = amz_malloc((size_t)n * 4 * sizeof *nb);
    if (!nb)
        return NULL;
    for (int c = 0; c < n; c++)
        for (int m = 0; m < 4; m++)
            nb[c * 4 + m] = (int16_t)slide_step(rows, cols, c, m);
    return nb;
}

void *slide_worker_new(size_t size, const void *shared, const int16_t *nb, const amz_slide_board *root)
{
    /* size is the embedding solver's worker struct; zeroed, so its own fields start
     * empty and the frame stack (fr, cap) is grown on first use. */
    slide_worker *w = amz_calloc(1, size);
    if (w) {
        w->sh = shared;
        w->nb = nb;
        w->root = root;
        w->fsm = &slide_fsm_none;
    }
    return w;
}

void slide_worker_free(void *wv)
{
    slide_worker *w = wv;
    if (!w)
        return;
    amz_free(w->fr);
    amz_free(w);
}

void slide_worker_prune(void *wv, const slide_fsm *f)
{
    ((slide_worker *)wv)->fsm = f;
}

bool slide_worker_replay(slide_worker *w, const uint8_t *prefix, int len)
{
    memcpy(w->tiles, w->root->tiles, sizeof w->tiles);
    w->blank = w->root->blank;
    int at = 0;
    /* The prefix holds legal moves (the driver made it from this root). */
    for (int i = 0; i < len; i++) {
        if (at != SLIDE_FSM_DEAD)
            at = w->fsm->next[at * 4 + prefix[i]];
        int to = w->nb[w->blank * 4 + prefix[i]];
        w->tiles[w->blank] = w->tiles[to];
        w->tiles[to] = 0;
        w->blank = to;
    }
    w->fsm_at = at;
    return at != SLIDE_FSM_DEAD;
}

void *slide_worker_frames(slide_worker *w, int need, size_t frame_size)
{
    /* A search below threshold `bound` from depth g holds at most bound - g + 1 frames;
     * callers ask for that plus one, so the stack only grows when the bound does. */
    if (need > w->cap) {
        void *f = amz_realloc(w->fr, (size_t)need * frame_size);
        if (!f)
            return NULL;
        w->fr = f;
        w->cap = need;
    }
    return w->fr;
}
