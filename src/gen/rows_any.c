/* rows_any.c — binary-tree and sidewinder where a row order exists off the square and
 * hex grids: polar rings (a ring is a row, "north" is inward, "east" clockwise up to
 * the ring's last cell) and triangle rows (only a down-pointing triangle has a side
 * to the row above). Sources: J. Buck, "Mazes for Programmers" (2015), ch. 7 (polar
 * grids; the binary tree and sidewinder there run inward and clockwise), W. D. Pullen,
 * "Think Labyrinth!" (sidewinder). Each cell but the root gets exactly one parent edge
 * (inward/up, or one step further along its row, never past the row's end), so the
 * result is a spanning tree: following parents strictly advances along a row or goes
 * one row up, and ends at the centre (polar) or the top row's corridor (triangle). */
#include <math.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/topo.h"

/* Opens c's side d, announced as VISIT then CARVE; nonzero if the observer cancels. */
static bool carve(amz_maze *m, amz_cell c, int d, const amz_observer *obs, obs_progress *prog)
{
    amz_cell nb = grid_neighbor(m, c, d);
    if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
        return true;
    bits_set(m->passages, grid_edge(m, c, d, nb));
    return obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nb) || obs_progress_tick(obs, prog));
}

/* Row k of the maze (a polar ring, or a triangle row): its first cell and length. */
static bool row_of(const amz_maze *m, int32_t k, amz_cell *first, int32_t *n)
{
    if (m->topology == AMZ_TOPO_POLAR)
        return amz_maze_ring(m, k, first, n);
    if (k >= m->height)
        return false;
    *first = (amz_cell)k * m->width;
    *n = m->width;
    return true;
}

/* The along-the-row and up directions of this topology. */
static void row_dirs(const amz_maze *m, int *along, int *up)
{
    const bool polar = m->topology == AMZ_TOPO_POLAR;
    *along = polar ? AMZ_POLAR_CW : AMZ_TRI_E;
    *up = polar ? AMZ_POLAR_IN : AMZ_TRI_N;
}

amz_status gen_binary_tree_rings(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err)
{
    if (m->topology != AMZ_TOPO_POLAR)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "binary-tree runs on square and polar grids only");
    /* A 32-bit draw below thr goes inward: P = bias_weight (the corner means nothing on
     * rings; gen_binary_tree refuses one other than ne). */
    const uint64_t thr = (uint64_t)ldexp(o->bias_weight, 32);
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    amz_cell first;
    int32_t n;
    for (int32_t r = 1; row_of(m, r, &first, &n); r++)
        for (int32_t i = 0; i < n; i++) {
            const amz_cell c = first + i;
            /* The ring's last cell may only go inward: clockwise would close the ring. */
            int d = i + 1 < n && (rng_next(rng) & 0xffffffffu) >= thr ? AMZ_POLAR_CW : AMZ_POLAR_IN;
            if (carve(m, c, d, obs, &prog))
                return amz_errorf(err, AMZ_ECANCELED, "binary-tree: canceled by the observer");
        }
    return AMZ_OK;
}

/* On triangle rows a run may close only on a cell that has a side upwards, and never so
 * that the cells left in the row have none: a lone up-pointing triangle at the row's
 * end could not reach the row above. With alternating triangles any two cells hold a
 * down-pointing one, so only the last cell needs the look-ahead. */
static bool may_close(const amz_maze *m, amz_cell first, int32_t n, int32_t i, bool run_up, int up)
{
    if (!run_up)
        return false;
    if (m->topology == AMZ_TOPO_POLAR || i + 1 >= n)
        return true;
    return i + 2 < n || grid_neighbor(m, first + i + 1, up) != AMZ_NO_CELL;
}

amz_status gen_sidewinder_rows_any(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err)
{
    int along, up;
    row_dirs(m, &along, &up);
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    amz_cell first;
    int32_t n;
    /* Polar: ring 0 is the centre, every ring from 1 closes its runs inward. Triangle:
     * row 0 is one corridor, like the square top row. */
    const int32_t r0 = m->topology == AMZ_TOPO_POLAR ? 1 : 0;
    for (int32_t r = r0; row_of(m, r, &first, &n); r++) {
        if (m->topology == AMZ_TOPO_TRIANGLE && r == 0) {
            for (int32_t i = 0; i + 1 < n; i++)
                if (carve(m, first + i, along, obs, &prog))
                    return amz_errorf(err, AMZ_ECANCELED, "sidewinder: canceled by the observer");
            continue;
        }
        int32_t run = 0, ups = 0; /* the run's first cell, and its cells with a side up */
        for (int32_t i = 0; i < n; i++) {
            ups += grid_neighbor(m, first + i, up) != AMZ_NO_CELL;
            const bool last = i + 1 >= n; /* the row's end closes the run (may_close kept one up) */
            const bool close = last ? ups > 0 : may_close(m, first, n, i, ups > 0, up) && (rng_next(rng) & 1);
            if (last && !close)
                return amz_errorf(err, AMZ_EINVAL, "sidewinder: a run at the end of row %d has no way up", r);
            if (!close) {
                if (carve(m, first + i, along, obs, &prog))
                    return amz_errorf(err, AMZ_ECANCELED, "sidewinder: canceled by the observer");
                continue;
            }
            /* One upward side, uniformly among the run's cells that have one. */
            uint32_t pick = rng_below(rng, (uint32_t)ups);
            for (int32_t k = run; k <= i; k++)
                if (grid_neighbor(m, first + k, up) != AMZ_NO_CELL && pick-- == 0) {
                    if (carve(m, first + k, up, obs, &prog))
                        return amz_errorf(err, AMZ_ECANCELED, "sidewinder: canceled by the observer");
                    break;
                }
            run = i + 1;
            ups = 0;
        }
    }
    return AMZ_OK;
}

/* ---- eller on polar rings and triangle rows ----
 *
 * Row by row from the centre (polar; ring 0 is the centre cell) or the top row
 * (triangle), each row's cells labelled with their set (the cells joined through the
 * rows above). In a row: neighbours of different sets joined on a coin (along the
 * ring too: a ring closes on itself), then a set whose cells have no side to the next
 * row is joined to a neighbour that has one (triangle: an up-pointing triangle alone;
 * its neighbours point down); then every cell of the next row with a side up joins the
 * set above it on a coin, and each set that no coin continued continues through one of
 * its candidates at random, so every set reaches the next row. Cells of the next row
 * not joined start sets of their own. The last row joins every pair of neighbours in
 * different sets. Each join links two different sets or a cell that is in none yet, so
 * the result is a spanning tree. Memory: a few int32 per cell of the widest row. */
typedef struct eller_row {
    int32_t *lab, *next, *uf, *map, *cnt;
    uint8_t *flag;
} eller_row;

static int32_t uf_find(int32_t *uf, int32_t x)
{
    while (uf[x] != x)
        x = uf[x] = uf[uf[x]];
    return x;
}

/* Joins cells first + i and first + j (neighbours along the row, j after i) if their
 * sets differ; true if the observer cancels. */
static bool eller_join(amz_maze *m, eller_row *e, amz_cell first, int32_t i, int32_t j, int along,
                       const amz_observer *obs, obs_progress *prog)
{
    const int32_t a = uf_find(e->uf, e->lab[i]), b = uf_find(e->uf, e->lab[j]);
    if (a == b)
        return false;
    e->uf[a] = b;
    return carve(m, first + i, along, obs, prog);
}

amz_status gen_eller_rows_any(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err)
{
    int along, up;
    row_dirs(m, &along, &up);
    const bool polar = m->topology == AMZ_TOPO_POLAR;
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    amz_cell first = 0, nfirst = 0;
    int32_t n = 0, nn = 0, widest = 1;
    for (int32_t r = 0; row_of(m, r, &first, &n); r++)
        widest = n > widest ? n : widest;
    eller_row e;
    const size_t w = (size_t)widest;
    e.lab = amz_malloc(w * sizeof *e.lab);
    e.next = amz_malloc(w * sizeof *e.next);
    e.uf = amz_malloc(w * sizeof *e.uf);
    e.map = amz_malloc(w * sizeof *e.map);
    e.cnt = amz_malloc(w * sizeof *e.cnt);
    e.flag = amz_malloc(w);
    amz_status st = AMZ_OK;
    if (!e.lab || !e.next || !e.uf || !e.map || !e.cnt || !e.flag) {
        st = amz_errorf(err, AMZ_ENOMEM, "eller: cannot allocate its rows of %d cells", (int)widest);
        goto out;
    }
    if (!row_of(m, 0, &first, &n)) {
        st = amz_errorf(err, AMZ_EINVAL, "eller: the maze has no row");
        goto out;
    }
    for (int32_t i = 0; i < n; i++)
        e.lab[i] = e.uf[i] = i;
    for (int32_t r = 0; st == AMZ_OK; r++) {
        const bool last = !row_of(m, r + 1, &nfirst, &nn);
        /* Joins along the row (the ring's last cell and its first too), coins or all. */
        uint64_t coins = 0;
        for (int32_t i = 0; i < n && st == AMZ_OK; i++) {
            const int32_t j = i + 1 < n ? i + 1 : polar && n > 2 ? 0 : -1;
            if (i % 64 == 0)
                coins = rng_next(rng);
            if (j >= 0 && (last || (coins >> (i % 64) & 1)) && eller_join(m, &e, first, i, j, along, obs, &prog))
                st = AMZ_ECANCELED;
        }
        if (last || st)
            break;
        /* A set with no side down joins a neighbour that has one (triangle only). */
        for (int32_t i = 0; i < n; i++)
            e.flag[i] = 0;
        for (int32_t i = 0; i < n; i++)
            if (polar || grid_neighbor(m, first + i, AMZ_TRI_S) != AMZ_NO_CELL)
                e.flag[uf_find(e.uf, e.lab[i])] = 1;
        for (int32_t i = 0; i < n && st == AMZ_OK; i++) {
            const int32_t s = uf_find(e.uf, e.lab[i]);
            if (e.flag[s])
                continue;
            const int32_t a = i + 1 < n ? i : i - 1; /* join i and its right (else left) neighbour */
            if (a < 0) {
                st = amz_errorf(err, AMZ_EINVAL, "eller: row %d has no way down", (int)r);
                break;
            }
            if (eller_join(m, &e, first, a, a + 1, along, obs, &prog))
                st = AMZ_ECANCELED;
            e.flag[uf_find(e.uf, e.lab[i])] = 1;
        }
        /* The next row: each cell with a side up joins the set above it on a coin. */
        for (int32_t i = 0; i < n; i++) {
            e.cnt[i] = 0;   /* by set: candidates below */
            e.flag[i] = 0;  /* by set: continued */
            e.map[i] = -1;  /* by set: its label in the next row */
        }
        for (int32_t j = 0; j < nn; j++) {
            if (j % 64 == 0)
                coins = rng_next(rng);
            const amz_cell p = grid_neighbor(m, nfirst + j, up);
            e.next[j] = -1;
            if (p == AMZ_NO_CELL)
                continue;
            const int32_t s = uf_find(e.uf, e.lab[p - first]);
            e.cnt[s]++;
            if (coins >> (j % 64) & 1) {
                e.next[j] = s;
                e.flag[s] = 1;
            }
        }
        /* Sets no coin continued: one candidate each, at random. */
        for (int32_t s = 0; s < n; s++)
            if (e.cnt[s] && !e.flag[s])
                e.cnt[s] = -1 - (int32_t)rng_below(rng, (uint32_t)e.cnt[s]); /* the k-th, as -1 - k */
        for (int32_t j = 0; j < nn; j++) {
            const amz_cell p = grid_neighbor(m, nfirst + j, up);
            if (p == AMZ_NO_CELL || e.next[j] >= 0)
                continue;
            const int32_t s = uf_find(e.uf, e.lab[p - first]);
            if (e.cnt[s] < 0 && e.cnt[s]++ == -1)
                e.next[j] = s;
        }
        /* Carve the joins up; label the next row (joined cells by their set). */
        int32_t labels = 0;
        for (int32_t j = 0; j < nn && st == AMZ_OK; j++) {
            int32_t s = e.next[j], l;
            if (s >= 0) {
                if (e.map[s] < 0)
                    e.map[s] = labels++;
                l = e.map[s];
                if (carve(m, nfirst + j, up, obs, &prog))
                    st = AMZ_ECANCELED;
            } else {
                l = -1;
            }
            e.next[j] = l;
        }
        for (int32_t j = 0; j < nn; j++) {
            if (e.next[j] < 0)
                e.next[j] = labels++;
            e.lab[j] = e.next[j];
            e.uf[j] = j;
        }
        first = nfirst;
        n = nn;
    }
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "eller: canceled by the observer");
out:
    amz_free(e.lab);
    amz_free(e.next);
    amz_free(e.uf);
    amz_free(e.map);
    amz_free(e.cnt);
    amz_free(e.flag);
    return st;
}
