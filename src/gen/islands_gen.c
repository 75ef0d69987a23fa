/* islands_gen.c — generating a masked maze whose cells form several islands: each
 * island is cut out into its own sub-maze (bounding box, even column offset so hex
 * column parity is kept), generated there, and its passages copied back. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"
#include "grid/islands.h"

/* Translates a sub-maze's events into the whole maze's cell numbers. */
typedef struct relay {
    const amz_observer *outer;
    int32_t x0, y0, sub_w, w;
} relay;

/* Sub-maze cell (x, y) is whole-maze cell (x0 + x, y0 + y); plain grids only, where
 * cell numbers are y * width + x. */
static amz_cell to_outer(const relay *r, amz_cell c)
{
    if (c == AMZ_NO_CELL)
        return c;
    return (amz_cell)(r->y0 + c / r->sub_w) * r->w + (r->x0 + c % r->sub_w);
}

static int relay_event(void *ctx, const amz_event *ev)
{
    const relay *r = ctx;
    amz_event e = *ev;
    e.cell = to_outer(r, ev->cell);
    e.other = to_outer(r, ev->other);
    return r->outer->fn(r->outer->ctx, &e);
}

/* Generates island `is` of m with generator g into m's passages. */
static amz_status one_island(amz_maze *m, const amz_gen_info *g, const grid_island *is, uint64_t seed,
                             const amz_gen_options *o, const amz_observer *obs, amz_error *err)
{
    /* x0 rounded down to even: hex odd-q columns shift by parity, so an odd offset would
     * change which neighbours a cell has. The sub-maze may include a spare column. */
    int32_t x0 = is->x0 & ~1, y0 = is->y0;
    int32_t sw = is->x1 - x0 + 1, sh = is->y1 - y0 + 1;
    amz_maze sub;
    amz_status st = amz_maze_init(&sub, m->topology, sw, sh, err);
    if (st)
        return st;
    /* Keep exactly the island's cells: flood it inside the full maze's bounding box. */
    uint64_t *mark = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    queue q = {0};
    grid_island again;
    if (!mark || grid_island_flood(m, mark, is->seed, &q, &again)) {
        amz_free(mark);
        queue_free(&q);
        amz_maze_deinit(&sub);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate an island of %llu cells", (unsigned long long)is->size);
    }
    queue_free(&q);
    for (int32_t y = 0; y < sh && st == AMZ_OK; y++)
        for (int32_t x = 0; x < sw && st == AMZ_OK; x++)
            if (!bits_get(mark, (uint64_t)((amz_cell)(y0 + y) * m->width + (x0 + x))))
                st = amz_maze_set_exists(&sub, (amz_cell)y * sw + x, false, err);
    amz_free(mark);
    if (st == AMZ_OK)
        st = amz_maze_default_ends(&sub, err);
    if (st == AMZ_OK) {
        amz_rng rng;
        amz_rng_seed(&rng, seed);
        relay r = {obs, x0, y0, sw, m->width};
        amz_observer inner = {relay_event, &r, obs ? obs->events : 0};
        st = g->run(&sub, &rng, o, obs ? &inner : NULL, err);
    }
    /* A canceled island keeps what was carved (and announced) so far, like a canceled
     * run on a whole grid. */
    bool keep = st == AMZ_OK || st == AMZ_ECANCELED;
    for (amz_cell c = 0; c < sub.ncells && keep; c++) {
        if (!grid_exists(&sub, c))
            continue;
        /* Directions 1 .. bits are the owned ones on plain grids (square E S, hex NE SE
         * S), so each passage is copied once. */
        amz_cell oc = (amz_cell)(y0 + c / sw) * m->width + (x0 + c % sw);
        for (int d = 1; d <= m->bits; d++)
            if (amz_maze_passage(&sub, c, d))
                amz_maze_set_passage(m, oc, d, true, NULL);
    }
    amz_maze_deinit(&sub);
    return st;
}

amz_status gen_islands(amz_maze *m, const amz_gen_info *g, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err, bool *handled)
{
    *handled = false;
    if (!m->mask)
        return AMZ_OK;
    grid_island *list;
    uint64_t n;
    if (grid_islands_list(m, &list, &n))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    amz_status st = AMZ_OK;
    if (n == 0) {
        st = amz_errorf(err, AMZ_EINVAL, "the maze has no cells");
    } else if (n > 1 && !o->allow_islands) {
        st = amz_errorf(err, AMZ_EINVAL,
                        "the maze's cells form %llu separate islands, which cannot hold one maze "
                        "(allow one maze per island with --allow-islands)",
                        (unsigned long long)n);
    } else if (n > 1) {
        *handled = true;
        const amz_cell start = m->start;
        /* Island i gets its own seed splitmix64(seed + i), so adding an island elsewhere
         * does not reshuffle the others; islands are numbered in reading order. */
        for (uint64_t i = 0; i < n && st == AMZ_OK; i++) {
            uint64_t x = o->seed + i;
            if (amz_maze_is_plain(m)) {
                st = one_island(m, g, &list[i], amz_rng_splitmix64(&x), o, obs, err);
                continue;
            }
            /* Other grids have no sub-grids to cut out: each island grows in place from
             * its first cell (the general generators stay in their root's part). */
            amz_rng rng;
            amz_rng_seed(&rng, amz_rng_splitmix64(&x));
            m->start = list[i].seed;
            st = g->run(m, &rng, o, obs, err);
        }
        m->start = start;
    }
    amz_free(list);
    return st;
}
