/* sweep.c — breadth-first sweeps with stamps (see sweep.h); levels are counted by
 * remembering where the next level starts in the queue, so no distance array is
 * needed unless the caller asks for one. */
#include "analyze/sweep.h"

#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "grid/grid.h"

amz_status amz_sweep_init(amz_sweep *s, const amz_maze *m)
{
    memset(s, 0, sizeof *s);
    s->m = m;
    s->mark = amz_calloc((size_t)m->ncells, sizeof *s->mark);
    return s->mark ? AMZ_OK : AMZ_ENOMEM;
}

void amz_sweep_free(amz_sweep *s)
{
    amz_free(s->mark);
    amz_queue_free(&s->q);
    s->mark = NULL;
}

bool amz_sweep_run(amz_sweep *s, amz_cell from, uint64_t *dist, uint64_t *seen, amz_sweep_result *r)
{
    const amz_maze *m = s->m;
    const int32_t w = m->width, h = m->height;
    if (s->id == UINT32_MAX) {
        memset(s->mark, 0, (size_t)m->ncells * sizeof *s->mark);
        s->id = 0;
    }
    const uint32_t id = ++s->id;
    amz_queue *q = &s->q;
    q->head = q->count = 0;
    memset(r, 0, sizeof *r);
    r->far = from;
    s->mark[from] = id;
    if (!amz_queue_push(q, (uint64_t)from))
        return false;
    uint64_t level = 0, left = 1; /* cells of the current level still in the queue */
    while (q->count) {
        amz_cell c = (amz_cell)amz_queue_pop(q);
        if (dist)
            dist[c] = level;
        if (seen)
            bits_set(seen, (uint64_t)c);
        r->reached++;
        if (level > r->ecc || (level == r->ecc && c < r->far)) {
            r->ecc = level;
            r->far = c;
        }
        int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        for (int d = 0; d < m->ndirs; d++) {
            int32_t nx, ny;
            if (!grid_step(m->topology, w, h, x, y, d, &nx, &ny))
                continue;
            amz_cell nb = (amz_cell)ny * w + nx;
            if (!bits_get(m->passages, grid_edge_bit(m->bits, c, nb, d)))
                continue;
            r->degsum++;
            if (s->mark[nb] == id)
                continue;
            s->mark[nb] = id;
            if (!amz_queue_push(q, (uint64_t)nb))
                return false;
        }
        if (--left == 0) {
            level++;
            left = q->count;
        }
    }
    return true;
}
