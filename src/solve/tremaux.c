/* tremaux.c — Trémaux's algorithm, the marked-passages method for walking a maze by
 * hand: mark each passage as you go through it; arriving at a visited cell through a
 * fresh passage, turn back; otherwise take an unmarked passage if there is one, else
 * the passage marked once (back where you came from); never a passage marked twice.
 * Passages marked once form the way from the start to where you stand, so at the goal
 * they are the answer. Source: É. Lucas, "Récréations mathématiques" vol. 1 (1882),
 * crediting C. P. Trémaux; S. Even, "Graph Algorithms" (1979), ch. 3. Memory: two mark
 * bits per passage (so 2 x ndirs/2 bits per cell), a visited bit per cell and one byte
 * per move of the current way. Unmarked passages are taken in direction order. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

/* Marks are indexed like the passages: the edge's bit index (grid_edge) times two, so
 * each passage has one 2-bit counter (0, 1 or 2) whichever side it is walked from. */
static unsigned marks(const uint64_t *mk, uint64_t edge)
{
    return bits_field(mk, edge * 2, 2);
}

amz_status solve_tremaux(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                             const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    (void)o;
    const int nd = m->ndirs;
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *seen = amz_calloc(words, 8);
    uint64_t *mk = amz_calloc((size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits * 2), 8);
    /* way is the stack of moves from the start to c through once-marked passages: it is
     * the answer at the goal, handed to out->path without a copy. */
    uint8_t *way = NULL;
    size_t len = 0, cap = 0;
    uint64_t explored = 1;
    amz_status st = AMZ_OK;
    if (!seen || !mk) {
        st = amz_errorf(err, AMZ_ENOMEM, "tremaux: cannot allocate marks for %lld cells", (long long)m->ncells);
        goto done;
    }
    bits_set(seen, (uint64_t)from);
    if (obs && obs_emit(obs, AMZ_EV_VISIT, from, -1, AMZ_NO_CELL))
        goto canceled;
    amz_cell c = from;
    int in = -1;            /* direction back through the passage we arrived by */
    bool fresh_arrival = false; /* arrived at an already visited cell through a fresh passage */
    while (c != to) {
        int d = -1;
        if (fresh_arrival) {
            d = in; /* turn back */
        } else {
            int once = -1;
            const unsigned open = solve_open_mask(m, c);
            for (int t = 0; t < nd && d < 0; t++) {
                if (!(open >> t & 1))
                    continue;
                unsigned k = marks(mk, grid_edge(m, c, t, solve_next(m, c, t)));
                if (k == 0)
                    d = t;
                else if (k == 1)
                    once = t;
            }
            if (d < 0)
                d = once;
        }
        if (d < 0) { /* every passage here marked twice: back at the start, all explored */
            out->explored = explored;
            st = solve_no_path(m, from, to, err);
            goto done;
        }
        amz_cell nb = solve_next(m, c, d);
        uint64_t e = grid_edge(m, c, d, nb);
        unsigned k = marks(mk, e) + 1;
        bits_set_field(mk, e * 2, 2, k);
        if (k == 1) { /* forward along a fresh passage: the way grows */
            if (len == cap) {
                size_t ncap = cap ? cap * 2 : 256;
                uint8_t *n2 = amz_realloc(way, ncap);
                if (!n2) {
                    st = amz_errorf(err, AMZ_ENOMEM, "tremaux: cannot grow the way");
                    goto done;
                }
                way = n2;
                cap = ncap;
            }
            way[len++] = (uint8_t)d;
        } else { /* back through a passage marked before: the way shrinks */
            /* A second mark is only ever put on the passage we arrived by (the way's
             * last move), so the pop removes exactly that move; len > 0 here. */
            len--;
            if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, d, nb))
                goto canceled;
        }
        bool visited = bits_get(seen, (uint64_t)nb);
        fresh_arrival = visited && k == 1;
        if (!visited) {
            bits_set(seen, (uint64_t)nb);
            explored++;
            if (obs && obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL))
                goto canceled;
        } else if (k == 1 && obs && obs_emit(obs, AMZ_EV_ENTER, nb, -1, c)) {
            goto canceled;
        }
        in = solve_back(m, c, d);
        c = nb;
    }
    out->explored = explored;
    out->path.start = from;
    out->path.len = len;
    out->path.dirs = way;
    way = NULL;
    if (obs && (st = solve_emit_path(m, &out->path, obs, err)))
        amz_path_deinit(&out->path);
    goto done;
canceled:
    st = amz_errorf(err, AMZ_ECANCELED, "tremaux: canceled by the observer");
done:
    out->explored = explored;
    amz_free(way);
    amz_free(seen);
    amz_free(mk);
    return st;
}
