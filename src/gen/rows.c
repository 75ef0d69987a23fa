/* rows.c — what the row generators (eller, sidewinder, binary-tree) share between their
 * in-memory fast path and the streaming driver (stream.c): the per-row state, and the
 * in-memory loop that writes each row straight into the maze's passages. Both run
 * the same row code, so a streamed maze equals the one amz_gen_run makes. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "core/observe.h"
#include "gen/gen_impl.h"

amz_status gen_rowgen_init(gen_rowgen *g, const struct amz_gen_rows *r, int64_t w, int64_t h, amz_rng *rng,
                           const amz_gen_options *o, const char *name, amz_error *err)
{
    /* Zeroed first, so gen_rowgen_deinit is safe on every path; L and R start as the
     * identity (every cell its own set), Eller's first-row state. */
    memset(g, 0, sizeof *g);
    g->w = (int32_t)w;
    g->h = (int32_t)h;
    g->rng = rng;
    if (r->sets) {
        /* One spare entry past the last column: eller's branch-free stores land there. */
        g->L = amz_malloc(((size_t)w + 1) * sizeof *g->L);
        g->R = amz_malloc(((size_t)w + 1) * sizeof *g->R);
        if (!g->L || !g->R) {
            gen_rowgen_deinit(g);
            return amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate row state for %lld columns", name,
                              (long long)w);
        }
        for (int32_t x = 0; x < g->w; x++)
            g->L[x] = g->R[x] = x;
    }
    if (r->init)
        r->init(g, o);
    return AMZ_OK;
}

void gen_rowgen_deinit(gen_rowgen *g)
{
    amz_free(g->L);
    amz_free(g->R);
    g->L = g->R = NULL;
}

amz_status gen_rows_run(amz_maze *m, const struct amz_gen_rows *r, amz_rng *rng, const amz_gen_options *o,
                        const amz_observer *obs, const char *name, amz_error *err)
{
    gen_rowgen g;
    amz_status st = gen_rowgen_init(&g, r, m->width, m->height, rng, o, name, err);
    if (st)
        return st;
    /* Row y's owned bits start at y * stride; the row above, which sidewinder and
     * binary-tree towards N may still open southwards, one stride before. */
    const uint64_t stride = (uint64_t)m->width * 2;
    for (int32_t y = 0; y < m->height; y++) {
        r->row(&g, y, m->passages, (uint64_t)y * stride, m->passages, y ? (uint64_t)(y - 1) * stride : 0);
        if (obs && obs_row_done(obs, y, m->height, m->width)) {
            amz_maze_clear(m); /* a PROGRESS watcher saw no CARVE: leave nothing open */
            st = amz_errorf(err, AMZ_ECANCELED, "%s: canceled by the observer", name);
            break;
        }
    }
    gen_rowgen_deinit(&g);
    return st;
}
