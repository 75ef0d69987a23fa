/* backtracker.c — randomised depth-first search ("recursive backtracker"), iterative.
 * Source: the classic DFS maze (J. Buck, "Mazes for Programmers", 2015, ch. 5).
 *
 * Memory: instead of a stack of cell indices, each visited cell stores the direction
 * of its parent in the passage array itself (a parent direction fits the ndirs/2 bits
 * a cell's passages take), next to one visited bit per cell. Backtracking follows the
 * parent directions; at the end the parents are converted in place into passages.
 * Peak: passages + 1 bit per cell (3 bits per square cell), whatever the depth. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/padded.h"
#include "gen/parents.h"
#include "grid/grid.h"

/* ---- the walk ---- */

/* Written once, instantiated per topology so the direction loops unroll. */
static ALWAYS_INLINE amz_status walk(amz_maze *m, amz_topology T, amz_rng *rng, padded *pv,
                                     const amz_observer *obs)
{
    const int nd = grid_plain_ndirs(T), bits = nd / 2;
    uint64_t *par = m->passages;
    const amz_cell root = m->start;
    int32_t rx = (int32_t)(root % m->width), ry = (int32_t)(root / m->width);
    amz_cell c = root;
    int64_t pi = padded_index(pv, rx, ry);
    int parity = rx & 1;
    obs_progress prog = {0, 0, 0, 0};

    bits_set(pv->bits, (uint64_t)pi);
    if (obs) {
        obs_progress_init(&prog, (uint64_t)amz_maze_count_cells(m));
        if (obs_emit(obs, AMZ_EV_VISIT, root, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog))
            return AMZ_ECANCELED;
    }
    for (;;) {
        /* Forward to a random unvisited neighbour, or back along the parent field; the
         * walk ends when the root has no unvisited neighbour left, i.e. every cell of the
         * root's part is in the tree. */
        unsigned free = padded_free(pv, nd, pi, parity);
        int d;
        if (free) {
            unsigned k = pv->count[free];
            d = pv->nth[free][rng_below_nz(rng, k)];
        } else {
            if (c == root)
                return AMZ_OK;
            d = (int)parent_of(par, bits, c);
        }
        amz_cell from = c;
        c += pv->du[parity][d];
        pi += pv->dp[parity][d];
        /* Column parity flips on every step with an odd dx (hex odd-q); square has no
         * use for it but pays only an xor. */
        parity ^= grid_dx[T][d] & 1;
        if (free) {
            bits_set(pv->bits, (uint64_t)pi);
            bits_set_field(par, (uint64_t)c * (uint64_t)bits, (unsigned)bits, (uint32_t)grid_plain_opposite(T, d));
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, from, d, c) || obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &prog)))
                return AMZ_ECANCELED;
        } else if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, from, d, c)) {
            return AMZ_ECANCELED;
        }
    }
}

static amz_status walk_square(amz_maze *m, amz_rng *rng, padded *pv, const amz_observer *obs)
{
    return walk(m, AMZ_TOPO_SQUARE, rng, pv, obs);
}

static amz_status walk_hex(amz_maze *m, amz_rng *rng, padded *pv, const amz_observer *obs)
{
    return walk(m, AMZ_TOPO_HEX, rng, pv, obs);
}

/* ---- any grid ----
 *
 * The same walk through grid/topo.h. Each cell's 4-bit field holds the direction to
 * its parent (ANY_NONE = not visited yet; the root holds a direction it never follows),
 * and passages are opened as the walk goes, so weave chances can look at the corridors
 * made so far. Peak: passages + 4 bits a cell (a 3D square maze: 7 bits a cell). */
amz_status gen_backtracker_any(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err)
{
    uint8_t *par = any_nibbles_new(m->ncells);
    if (!par)
        return amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate %lld parent fields", (long long)m->ncells);
    const any_in in = {NULL, par};
    const amz_cell root = m->start;
    amz_cell c = root, nb[AMZ_MAX_DIRS];
    grid_at at;
    obs_progress prog = {0, 0, 0, 0};
    amz_status st = AMZ_OK;
    any_set_nib(par, root, 0);
    if (obs) {
        obs_progress_init(&prog, (uint64_t)amz_maze_count_cells(m));
        if (obs_emit(obs, AMZ_EV_VISIT, root, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog))
            st = AMZ_ECANCELED;
    }
    while (st == AMZ_OK) {
        any_nbrs(m, c, nb, &at);
        int d = any_pick_move(m, nb, &in, rng, o->weave);
        if (d >= 0) {
            amz_cell to = nb[d];
            any_open(m, c, d, to);
            any_set_nib(par, to, (unsigned)grid_back_at(m, &at, d));
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, to) || obs_emit(obs, AMZ_EV_VISIT, to, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &prog)))
                st = AMZ_ECANCELED;
            c = to;
            continue;
        }
        if (c == root)
            break;
        int back = (int)any_nib(par, c);
        if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, back, nb[back]))
            st = AMZ_ECANCELED;
        c = nb[back];
    }
    amz_free(par);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "backtracker: canceled by the observer");
    return st;
}

amz_status gen_backtracker(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err)
{
    if (!amz_maze_is_plain(m))
        return gen_backtracker_any(m, rng, o, obs, err);
    padded pv;
    if (gen_padded_init(&pv, m))
        return amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate %lld visited bits", (long long)m->ncells);
    /* The conversion also runs after a cancel, so the partial tree becomes passages;
     * complete is passed for a finished walk (parents.c still checks for a mask). */
    amz_status st = m->topology == AMZ_TOPO_SQUARE ? walk_square(m, rng, &pv, obs) : walk_hex(m, rng, &pv, obs);
    if (gen_parents_to_passages(m, &pv, NULL, m->start, st == AMZ_OK) != AMZ_OK)
        st = amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate two rows of %d cells", m->width);
    gen_padded_free(&pv);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "backtracker: canceled by the observer");
    return st;
}
