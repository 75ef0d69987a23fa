/* bidir.c — bidirectional breadth-first search: one search from each end, a whole
 * level at a time, always growing the smaller frontier; it stops at the first cell one
 * search finds already reached by the other. That first meeting is on a shortest path:
 * with the two searches disjoint up to distances a and b, every path is longer than
 * a + b, so a meeting found while growing side A to a + 1 has length a + 1 + b.
 * Source: I. Pohl, "Bi-directional search", Machine Intelligence 6 (1971); the hex-maze
 * article's "meet in the middle". Memory: per side a visited bit and a parent
 * direction per cell, and its queue. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/queue.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

typedef struct side {
    uint64_t *seen, *parents; /* parents: direction towards this side's root */
    queue q;
} side;

/* Grows side `s` by one level. Returns AMZ_OK with *meet set when it touched `other`,
 * LEVEL_DONE when it did not, AMZ_ENOPATH when the level was empty, or an error. */
/* LEVEL_DONE shares its value with a status code, but grow_level never returns that
 * code, so the int result stays unambiguous; it never leaves this file. */
enum { LEVEL_DONE = 1 };

static int grow_level(const amz_maze *m, side *s, const side *other, amz_cell *meet, uint64_t *explored,
                             const amz_observer *obs)
{
    /* Exactly the cells queued before this call form the level; those pushed now wait
     * for the next one, which is what keeps both sides' distances in step. */
    const unsigned bits = solve_pbits(m);
    size_t level = s->q.count;
    if (level == 0)
        return AMZ_ENOPATH;
    while (level--) {
        amz_cell c = (amz_cell)queue_pop(&s->q);
        if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
            return AMZ_ECANCELED;
        int dirs[AMZ_MAX_DIRS];
        amz_cell nbs[AMZ_MAX_DIRS];
        const int n = solve_open(m, c, dirs, nbs);
        for (int i = 0; i < n; i++) {
            const amz_cell nb = nbs[i];
            if (bits_get(s->seen, (uint64_t)nb))
                continue;
            bits_set(s->seen, (uint64_t)nb);
            bits_set_field(s->parents, (uint64_t)nb * bits, bits, (uint32_t)solve_back(m, c, dirs[i]));
            /* The parent is recorded first, so the meeting cell has a parent on both
             * sides (or is the other side's root) and both chains can be followed. */
            if (bits_get(other->seen, (uint64_t)nb)) {
                *meet = nb;
                return AMZ_OK;
            }
            ++*explored;
            if (!queue_push(&s->q, (uint64_t)nb))
                return AMZ_ENOMEM;
            if (obs && obs_emit(obs, AMZ_EV_FRONTIER, nb, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
        }
    }
    return LEVEL_DONE;
}

/* Steps from c along side s's parents until `root`; returns the number of moves. */
static uint64_t chain_length(const amz_maze *m, const side *s, amz_cell c, amz_cell root)
{
    uint64_t n = 0;
    for (; c != root; n++)
        c = grid_neighbor(m, c, (int)bits_field(s->parents, (uint64_t)c * solve_pbits(m), solve_pbits(m)));
    return n;
}

amz_status solve_bidir(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                           const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    (void)o;
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    const unsigned pb = solve_pbits(m);
    const size_t pwords = (size_t)bits_words((uint64_t)m->ncells * pb);
    /* Parents are not zeroed: a field is read only for cells in the same side's seen
     * set. Side a grows from the start, side b from the goal. */
    side a = {amz_calloc(words, 8), amz_malloc(pwords * 8), {0}};
    side b = {amz_calloc(words, 8), amz_malloc(pwords * 8), {0}};
    uint64_t explored = 2;
    amz_cell meet = AMZ_NO_CELL;
    int st;
    if (!a.seen || !a.parents || !b.seen || !b.parents) {
        st = AMZ_ENOMEM;
        goto done;
    }
    bits_set(a.seen, (uint64_t)from);
    bits_set(b.seen, (uint64_t)to);
    if (!queue_push(&a.q, (uint64_t)from) || !queue_push(&b.q, (uint64_t)to)) {
        st = AMZ_ENOMEM;
        goto done;
    }
    if (obs && (obs_emit(obs, AMZ_EV_FRONTIER, from, -1, AMZ_NO_CELL) ||
                obs_emit(obs, AMZ_EV_FRONTIER, to, -1, AMZ_NO_CELL))) {
        st = AMZ_ECANCELED;
        goto done;
    }
    do {
        /* Growing the smaller frontier keeps the two balls about the same size, which
         * is where the saving over one-sided BFS comes from; ties go to a, so the
         * result is deterministic. */
        bool grow_a = a.q.count <= b.q.count;
        st = grow_a ? grow_level(m, &a, &b, &meet, &explored, obs) : grow_level(m, &b, &a, &meet, &explored, obs);
    } while (st == LEVEL_DONE);
    if (st == AMZ_OK) {
        /* The path: start .. meet along a's parents (reversed), meet .. goal along b's. */
        uint64_t la = chain_length(m, &a, meet, from), lb = chain_length(m, &b, meet, to);
        out->path.start = from;
        out->path.len = la + lb;
        if (la + lb && !(out->path.dirs = amz_malloc((size_t)(la + lb)))) {
            st = AMZ_ENOMEM;
            goto done;
        }
        amz_cell c = meet;
        for (uint64_t i = la; i-- > 0;) {
            int back = (int)bits_field(a.parents, (uint64_t)c * pb, pb);
            out->path.dirs[i] = (uint8_t)solve_back(m, c, back);
            c = grid_neighbor(m, c, back);
        }
        /* b's parent directions already point towards the goal: they are the moves. */
        c = meet;
        for (uint64_t i = la; i < la + lb; i++) {
            int d = (int)bits_field(b.parents, (uint64_t)c * pb, pb);
            out->path.dirs[i] = (uint8_t)d;
            c = grid_neighbor(m, c, d);
        }
        if (obs)
            st = solve_emit_path(m, &out->path, obs, err);
        if (st)
            amz_path_deinit(&out->path);
    }
    /* One exit: messages for the bare codes set above, then everything freed. */
done:
    out->explored = explored;
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "bidir: out of memory for %lld cells", (long long)m->ncells);
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "bidir: canceled by the observer");
    else if (st == AMZ_ENOPATH)
        st = solve_no_path(m, from, to, err);
    amz_free(a.seen);
    amz_free(a.parents);
    amz_free(b.seen);
    amz_free(b.parents);
    queue_free(&a.q);
    queue_free(&b.q);
    return (amz_status)st;
}
