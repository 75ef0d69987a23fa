/* hunt_and_kill.c — random walk; when trapped, hunt for an unvisited cell beside the maze.
 * Source: W. D. Pullen, "Think Labyrinth!" (astrolog.org); the hex-maze article's
 * "Trapped!" scan. The hunt resumes from the first unvisited cell rather than the top:
 * every cell before it is visited, so on a full grid that cell always has a visited
 * neighbour (west, or north at a row start) and the whole run is O(cells). */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "gen/padded.h"
#include "grid/grid.h"

/* First index >= from whose bit is clear, or n. Skips 64 cells per word. */
static int64_t first_clear(const uint64_t *bits, int64_t from, int64_t n)
{
    uint64_t i = (uint64_t)from;
    while (i < (uint64_t)n) {
        uint64_t word = ~bits[i >> 6] >> (i & 63);
        if (word) {
            uint64_t r = i + (uint64_t)__builtin_ctzll(word);
            return r < (uint64_t)n ? (int64_t)r : n;
        }
        i = (i | 63) + 1;
    }
    return n;
}

static ALWAYS_INLINE amz_status hunt_and_kill(amz_maze *m, amz_topology T, amz_rng *rng, padded *pv,
                                              const amz_observer *obs)
{
    const int32_t w = m->width, h = m->height;
    const int nd = grid_ndirs(T), bits = nd / 2;
    uint64_t *pas = m->passages;
    const int64_t pn = pv->pw * (h + 2);
    amz_cell c = m->start;
    int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
    int64_t pi = padded_index(pv, x, y), scan = 0;
    int parity = x & 1;
    obs_progress prog = {0, 0, 0, 0};

    bits_set(pv->bits, (uint64_t)pi);
    if (obs) {
        obs_progress_init(&prog, (uint64_t)amz_maze_count_cells(m));
        if (obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog))
            return AMZ_ECANCELED;
    }
    for (;;) {
        /* Walk: carve into a random unvisited neighbour while there is one. */
        unsigned free = padded_free(pv, nd, pi, parity);
        if (free) {
            unsigned k = pv->count[free];
            int d = pv->nth[free][rng_below_nz(rng, k)];
            amz_cell nb = c + pv->du[parity][d];
            pi += pv->dp[parity][d];
            parity ^= grid_dx[T][d] & 1;
            bits_set(pv->bits, (uint64_t)pi);
            bits_set(pas, grid_edge_bit(bits, c, nb, d));
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nb) || obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &prog)))
                return AMZ_ECANCELED;
            c = nb;
            continue;
        }
        /* Trapped: hunt from the first unvisited cell for one with a visited neighbour.
         * The border and removed cells are marked in the bitmap, so the scan skips them;
         * the neighbour test needs real cells, hence grid_step and the mask. */
        int64_t u = scan = first_clear(pv->bits, scan, pn);
        for (;;) {
            if (u >= pn)
                return AMZ_OK;
            int32_t ux = (int32_t)(u % pv->pw) - 1, uy = (int32_t)(u / pv->pw) - 1;
            amz_cell uc = (amz_cell)uy * w + ux;
            int cand[AMZ_MAX_DIRS], k = 0;
            for (int d = 0; d < nd; d++) {
                int32_t nx, ny;
                if (grid_step(T, w, h, ux, uy, d, &nx, &ny) && visited(pv, nx, ny) &&
                    grid_exists(m, (amz_cell)ny * w + nx))
                    cand[k++] = d;
            }
            if (k) {
                int d = cand[k == 1 ? 0 : rng_below(rng, (uint32_t)k)];
                amz_cell nb = grid_neighbor_xy(T, w, h, uc, ux, uy, d);
                bits_set(pv->bits, (uint64_t)u);
                bits_set(pas, grid_edge_bit(bits, uc, nb, d));
                if (obs && (obs_emit(obs, AMZ_EV_CARVE, uc, d, nb) ||
                            obs_emit(obs, AMZ_EV_VISIT, uc, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog)))
                    return AMZ_ECANCELED;
                c = uc;
                pi = u;
                parity = ux & 1;
                break;
            }
            u = first_clear(pv->bits, u + 1, pn);
        }
    }
}

static amz_status hk_square(amz_maze *m, amz_rng *rng, padded *pv, const amz_observer *obs)
{
    return hunt_and_kill(m, AMZ_TOPO_SQUARE, rng, pv, obs);
}

static amz_status hk_hex(amz_maze *m, amz_rng *rng, padded *pv, const amz_observer *obs)
{
    return hunt_and_kill(m, AMZ_TOPO_HEX, rng, pv, obs);
}

amz_status amz_gen_hunt_and_kill(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err)
{
    (void)o;
    padded pv;
    if (amz_padded_init(&pv, m))
        return amz_errorf(err, AMZ_ENOMEM, "hunt-and-kill: cannot allocate %lld visited bits", (long long)m->ncells);
    amz_status st = m->topology == AMZ_TOPO_SQUARE ? hk_square(m, rng, &pv, obs) : hk_hex(m, rng, &pv, obs);
    amz_padded_free(&pv);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "hunt-and-kill: canceled by the observer");
    return st;
}
