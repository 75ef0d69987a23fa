/* sweep.c — breadth-first sweeps with stamps (see sweep.h); levels are counted by
 * remembering where the next level starts in the queue, so no distance array is
 * needed unless the caller asks for one. */
#include "analyze/sweep.h"

#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "grid/grid.h"

/* The stamps start at 0 (calloc) and ids at 1, so no cell counts as reached before the
 * first sweep. The queue starts empty and grows on demand in sweep_run. */
amz_status sweep_init(sweep *s, const amz_maze *m)
{
    memset(s, 0, sizeof *s);
    s->m = m;
    s->mark = amz_calloc((size_t)m->ncells, sizeof *s->mark);
    return s->mark ? AMZ_OK : AMZ_ENOMEM;
}

void sweep_free(sweep *s)
{
    amz_free(s->mark);
    queue_free(&s->q);
    s->mark = NULL;
}

bool sweep_run(sweep *s, amz_cell from, uint64_t *dist, uint64_t *seen, sweep_result *r)
{
    const amz_maze *m = s->m;
    const bool plain = sweep_plain(m);
    /* Before the id would wrap onto old stamps, clear them once and restart: one
     * memset of the stamps per 2^32 - 1 sweeps. */
    if (s->id == UINT32_MAX) {
        memset(s->mark, 0, (size_t)m->ncells * sizeof *s->mark);
        s->id = 0;
    }
    const uint32_t id = ++s->id;
    /* The queue keeps its storage from sweep to sweep; only its indices are reset. A
     * cell is stamped when pushed, so it is queued once: the queue never holds more
     * than the part's cells. */
    queue *q = &s->q;
    q->head = q->count = 0;
    memset(r, 0, sizeof *r);
    r->far = from;
    s->mark[from] = id;
    if (!queue_push(q, (uint64_t)from))
        return false;
    uint64_t level = 0, left = 1; /* cells of the current level still in the queue */
    while (q->count) {
        amz_cell c = (amz_cell)queue_pop(q);
        if (dist)
            dist[c] = level;
        if (seen)
            bits_set(seen, (uint64_t)c);
        r->reached++;
        /* Levels come in increasing order, so far ends at the largest distance, and among
         * the cells at it the lowest index wins. */
        if (level > r->ecc || (level == r->ecc && c < r->far)) {
            r->ecc = level;
            r->far = c;
        }
        amz_cell nb[AMZ_MAX_DIRS];
        const int k = sweep_open(m, plain, c, nb);
        r->degsum += (uint64_t)k;
        for (int j = 0; j < k; j++) {
            if (s->mark[nb[j]] == id)
                continue;
            s->mark[nb[j]] = id;
            if (!queue_push(q, (uint64_t)nb[j]))
                return false;
        }
        /* The last cell of a level is out: the queue now holds exactly the next level. */
        if (--left == 0) {
            level++;
            left = q->count;
        }
    }
    return true;
}
