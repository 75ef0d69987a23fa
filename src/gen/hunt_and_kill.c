/* hunt_and_kill.c — random walk; when trapped, hunt for an unvisited cell beside the maze.
 * Source: W. D. Pullen, "Think Labyrinth!" (astrolog.org); the hex-maze article's
 * "Trapped!" scan. The walk starts at the first cell in reading order and the hunt
 * resumes from the first unvisited cell rather than the top: every cell before it is
 * visited, so on a full grid that cell always has a visited neighbour (west, or north
 * at a row start) and the whole run is O(cells).
 *
 * Difficulty knobs (the same article): with `branching` P, a hunt is, with probability
 * P, a junction hunt: it prefers to restart from a maze cell that already has three or
 * more passages (a decision point, which gains one more way), else two (which becomes
 * one), never a dead end, looking up to BRANCH_WINDOW candidates beyond the first. With `near_start`, the hunt scans rows outwards from the start's
 * row (and each row outwards from the start's column), so restarts, and the branches
 * they make, come near the start first; the first unvisited cell in that order still
 * always has a visited neighbour (the cell before it in its row, or the one towards
 * the start's row). On masked grids, cells the start cannot reach are marked visited
 * up front so that no hunt stops at them. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/padded.h"
#include "grid/grid.h"

#define BRANCH_WINDOW 16 /* extra candidates a junction hunt may look at */

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

/* The k-th position (k = 0 .. len-1) of the order s, s-1, s+1, s-2, s+2, ... over
 * 0 .. len-1: outwards from s, continuing on the longer side once one side runs out. */
static int32_t outward(int32_t s, int32_t len, int64_t k)
{
    int64_t left = s, right = len - 1 - s, both = left < right ? left : right;
    if (k <= 2 * both)
        return (int32_t)(k & 1 ? s - (k + 1) / 2 : s + k / 2);
    return (int32_t)(left > right ? s - (k - both) : s + (k - both));
}

typedef struct hunter {
    amz_maze *m;
    padded *pv;
    amz_rng *rng;
    uint32_t branch_thr; /* a 32-bit draw below it makes a junction hunt (0: never) */
    bool outward;
    int64_t scan;        /* row-major: padded index; outward: ordinal, every earlier one visited */
} hunter;

/* The cell at hunt ordinal t of the outward order. */
static amz_cell outward_cell(const amz_maze *m, int64_t t)
{
    int32_t sx = (int32_t)(m->start % m->width), sy = (int32_t)(m->start / m->width);
    int32_t y = outward(sy, m->height, t / m->width), x = outward(sx, m->width, t % m->width);
    return (amz_cell)y * m->width + x;
}

/* The next unvisited cell at or after ordinal *t (advancing *t to it); false at the end. */
static bool next_unvisited(hunter *hu, int64_t *t, amz_cell *cell)
{
    const amz_maze *m = hu->m;
    if (!hu->outward) {
        const int64_t pn = hu->pv->pw * (m->height + 2);
        *t = first_clear(hu->pv->bits, *t, pn);
        if (*t >= pn)
            return false;
        *cell = (amz_cell)(*t / hu->pv->pw - 1) * m->width + (*t % hu->pv->pw - 1);
        return true;
    }
    for (; *t < m->ncells; ++*t) {
        amz_cell c = outward_cell(m, *t);
        if (!visited(hu->pv, (int32_t)(c % m->width), (int32_t)(c / m->width))) {
            *cell = c;
            return true;
        }
    }
    return false;
}

/* Directions from unvisited cell u to visited neighbours (all[]), and among them those
 * whose neighbour has the most passages, if that is 2 or more (best[], *deg). */
static void restarts(const hunter *hu, amz_cell u, int all[], int *na, int best[], int *nb, int *deg)
{
    const amz_maze *m = hu->m;
    const int32_t w = m->width, x = (int32_t)(u % w), y = (int32_t)(u / w);
    *na = *nb = *deg = 0;
    for (int d = 0; d < m->ndirs; d++) {
        int32_t nx, ny;
        if (!grid_step(m->topology, w, m->height, x, y, d, &nx, &ny) || !visited(hu->pv, nx, ny) ||
            !grid_exists(m, (amz_cell)ny * w + nx))
            continue;
        all[(*na)++] = d;
        if (!hu->branch_thr)
            continue;
        int k = amz_maze_degree(m, (amz_cell)ny * w + nx);
        if (k < 2 || k < *deg)
            continue;
        if (k > *deg)
            *nb = 0;
        *deg = k;
        best[(*nb)++] = d;
    }
}

/* A junction hunt's choice so far. The first candidate is the fallback and a later one
 * must be strictly better (3+ passages beat 2; dead ends never count), so the earliest
 * best one is kept; the hunt looks no further after a junction of 3+ passages or
 * BRANCH_WINDOW candidates after the first (cells without a visited neighbour are not
 * candidates and do not count). Shared by the flat and the any-grid hunt. */
typedef struct junction_pick {
    amz_cell cell; /* AMZ_NO_CELL before the first candidate */
    int dirs[AMZ_MAX_DIRS];
    int n, deg, seen; /* dirs[0..n) to choose from, their score, candidates offered */
} junction_pick;

#define JUNCTION_PICK_INIT {AMZ_NO_CELL, {0}, 0, -1, 0}

/* Offers candidate c with its restart directions (all, and the best of them); true
 * when the hunt should look no further. */
static bool pick_offer(junction_pick *p, amz_cell c, const int all[], int na, const int best[], int nb, int deg)
{
    int score = nb ? deg : 0;
    if (score > p->deg) {
        p->cell = c;
        p->deg = score;
        p->n = nb ? nb : na;
        for (int i = 0; i < p->n; i++)
            p->dirs[i] = nb ? best[i] : all[i];
    }
    return p->deg >= 3 || ++p->seen > BRANCH_WINDOW;
}

/* The pick as *u and a random one of its directions as *d; false if there was none. */
static bool pick_take(const junction_pick *p, amz_rng *rng, amz_cell *u, int *d)
{
    if (p->cell == AMZ_NO_CELL)
        return false;
    *u = p->cell;
    *d = p->dirs[rng_below(rng, (uint32_t)p->n)];
    return true;
}

/* The hunt: picks the restart cell *u and the direction *d of its maze neighbour.
 * False when every reachable cell is visited. A plain hunt takes the first candidate,
 * a junction hunt picks as junction_pick says. */
static bool hunt(hunter *hu, amz_cell *u, int *d)
{
    int all[AMZ_MAX_DIRS], best[AMZ_MAX_DIRS], na, nb, deg;
    bool junction_hunt = hu->branch_thr && (uint32_t)(rng_next(hu->rng) >> 32) < hu->branch_thr;
    junction_pick pick = JUNCTION_PICK_INIT;
    int64_t t = hu->scan;
    amz_cell c;
    if (!next_unvisited(hu, &t, &c))
        return false;
    hu->scan = t;
    for (;;) {
        restarts(hu, c, all, &na, best, &nb, &deg);
        if (na) {
            if (!junction_hunt) {
                *u = c;
                *d = all[rng_below(hu->rng, (uint32_t)na)];
                return true;
            }
            if (pick_offer(&pick, c, all, na, best, nb, deg))
                break;
        }
        t++;
        if (!next_unvisited(hu, &t, &c))
            break;
    }
    return pick_take(&pick, hu->rng, u, d);
}

static ALWAYS_INLINE amz_status hunt_and_kill(amz_maze *m, amz_topology T, hunter *hu, const amz_observer *obs)
{
    const int32_t w = m->width, h = m->height;
    const int nd = grid_plain_ndirs(T), bits = nd / 2;
    padded *pv = hu->pv;
    amz_rng *rng = hu->rng;
    uint64_t *pas = m->passages;
    amz_cell c = m->start;
    /* The plain hunt roots its walk at the first cell in reading order (of the start's
     * part), not at the start: then every cell before the scan is visited from the
     * first hunt on, and the scan stays linear. Rooted at a start in the middle, each
     * hunt would rescan the unvisited rows above the maze: quadratic (21 s instead of
     * 0.26 s at 2000x2000 with the start in the bottom-right corner). */
    if (!hu->outward) {
        int64_t t = hu->scan;
        if (!next_unvisited(hu, &t, &c))
            return AMZ_OK;
    }
    int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
    int64_t pi = padded_index(pv, x, y);
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
        /* Trapped: hunt. The border and removed cells are marked in the bitmap, so the
         * scan skips them; the neighbour test needs real cells, hence the mask. */
        amz_cell uc;
        int d;
        if (!hunt(hu, &uc, &d))
            return AMZ_OK;
        int32_t ux = (int32_t)(uc % w), uy = (int32_t)(uc / w);
        amz_cell nb = grid_neighbor_xy(T, w, h, uc, ux, uy, d);
        pi = padded_index(pv, ux, uy);
        bits_set(pv->bits, (uint64_t)pi);
        bits_set(pas, grid_edge_bit(bits, uc, nb, d));
        if (obs && (obs_emit(obs, AMZ_EV_CARVE, uc, d, nb) || obs_emit(obs, AMZ_EV_VISIT, uc, -1, AMZ_NO_CELL) ||
                    obs_progress_tick(obs, &prog)))
            return AMZ_ECANCELED;
        c = uc;
        parity = ux & 1;
    }
}

static amz_status hk_square(amz_maze *m, hunter *hu, const amz_observer *obs)
{
    return hunt_and_kill(m, AMZ_TOPO_SQUARE, hu, obs);
}

static amz_status hk_hex(amz_maze *m, hunter *hu, const amz_observer *obs)
{
    return hunt_and_kill(m, AMZ_TOPO_HEX, hu, obs);
}

/* ---- any grid ----
 *
 * The same walk and hunt through grid/topo.h with a plain visited bitmap: the walk
 * takes weave chances (gen/any.h); the hunt scans cell numbers from the first unvisited
 * cell, which on every grid but a few border cells has a visited neighbour of a lower
 * number (the cell before it in its row or ring, or the one inward or below), so the
 * scan stays about linear. Junction hunts (branching) work as above. */

/* Directions from unvisited u to visited neighbours (all), and the best restarts
 * (best: the visited neighbours of most passages, 2 or more; *deg their count). */
static void restarts_any(const amz_maze *m, const uint64_t *seen, amz_cell u, bool junction, int all[], int *na,
                         int best[], int *nb, int *deg)
{
    amz_cell n[AMZ_MAX_DIRS];
    grid_at at;
    any_nbrs(m, u, n, &at);
    *na = *nb = *deg = 0;
    for (int d = 0, nd = any_moves(m); d < nd; d++) {
        if (n[d] == AMZ_NO_CELL || !bits_get(seen, (uint64_t)n[d]))
            continue;
        all[(*na)++] = d;
        int k = junction ? amz_maze_degree(m, n[d]) : 0;
        if (k < 2 || k < *deg)
            continue;
        if (k > *deg)
            *nb = 0;
        *deg = k;
        best[(*nb)++] = d;
    }
}

static bool hunt_any(const amz_maze *m, const uint64_t *seen, amz_rng *rng, uint32_t branch_thr, int64_t *scan,
                     amz_cell *u, int *d)
{
    int all[AMZ_MAX_DIRS], best[AMZ_MAX_DIRS], na, nb, deg;
    bool junction = branch_thr && (uint32_t)(rng_next(rng) >> 32) < branch_thr;
    junction_pick pick = JUNCTION_PICK_INIT;
    *scan = first_clear(seen, *scan, m->ncells);
    for (int64_t t = *scan; t < m->ncells; t = first_clear(seen, t + 1, m->ncells)) {
        restarts_any(m, seen, t, junction, all, &na, best, &nb, &deg);
        if (!na)
            continue;
        if (!junction) {
            *u = t;
            *d = all[rng_below(rng, (uint32_t)na)];
            return true;
        }
        if (pick_offer(&pick, t, all, na, best, nb, deg))
            break;
    }
    return pick_take(&pick, rng, u, d);
}

static amz_status hk_any(amz_maze *m, amz_rng *rng, uint64_t *seen, uint32_t branch_thr, double weave,
                         const amz_observer *obs)
{
    const any_in in = {seen, NULL};
    int64_t scan = first_clear(seen, 0, m->ncells);
    if (scan >= m->ncells)
        return AMZ_OK;
    amz_cell c = scan, nb[AMZ_MAX_DIRS];
    obs_progress prog = {0, 0, 0, 0};
    bits_set(seen, (uint64_t)c);
    if (obs) {
        obs_progress_init(&prog, (uint64_t)amz_maze_count_cells(m));
        if (obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog))
            return AMZ_ECANCELED;
    }
    for (;;) {
        grid_at at;
        any_nbrs(m, c, nb, &at);
        int d = any_pick_move(m, nb, &in, rng, weave);
        amz_cell from = c, to;
        if (d >= 0) {
            to = nb[d];
        } else {
            if (!hunt_any(m, seen, rng, branch_thr, &scan, &from, &d))
                return AMZ_OK;
            to = grid_neighbor(m, from, d); /* the maze neighbour; `from` is the new cell */
        }
        const amz_cell fresh = from == c ? to : from; /* walked into, or hunted */
        bits_set(seen, (uint64_t)fresh);
        any_open(m, from, d, to);
        if (obs && (obs_emit(obs, AMZ_EV_CARVE, from, d, to) || obs_emit(obs, AMZ_EV_VISIT, fresh, -1, AMZ_NO_CELL) ||
                    obs_progress_tick(obs, &prog)))
            return AMZ_ECANCELED;
        c = fresh;
    }
}

/* Marks the existing cells the start cannot reach as visited. */
static amz_status mark_unreachable(amz_maze *m, padded *pv)
{
    uint64_t *part = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!part || !gen_part(m, m->start, part)) {
        amz_free(part);
        return AMZ_ENOMEM;
    }
    for (amz_cell c = 0; c < m->ncells; c++)
        if (grid_exists(m, c) && !bits_get(part, (uint64_t)c))
            bits_set(pv->bits, (uint64_t)padded_index(pv, (int32_t)(c % m->width), (int32_t)(c / m->width)));
    amz_free(part);
    return AMZ_OK;
}

amz_status gen_hunt_and_kill(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err)
{
    /* P in steps of 2^-32; P = 1 maps to the largest threshold (a 2^-32 miss is moot). */
    double thr = o->branching * 4294967296.0;
    const uint32_t branch_thr = thr >= 4294967295.0 ? UINT32_MAX : (uint32_t)thr;
    if (!amz_maze_is_plain(m)) {
        if (o->near_start)
            return amz_errorf(err, AMZ_EUNSUPPORTED,
                              "hunt-and-kill: --near-start hunts by rows and columns of plain square and hex grids");
        uint64_t *seen = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8), *part = NULL;
        amz_status st = AMZ_ENOMEM;
        if (seen && (part = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8)) && gen_part(m, m->start, part)) {
            /* Only the start's part is hunted: every other cell counts as visited. */
            for (uint64_t i = 0; i < bits_words((uint64_t)m->ncells); i++)
                seen[i] = ~part[i];
            st = hk_any(m, rng, seen, branch_thr, o->weave, obs);
        }
        amz_free(seen);
        amz_free(part);
        if (st == AMZ_ENOMEM)
            return amz_errorf(err, st, "hunt-and-kill: cannot allocate %lld visited bits", (long long)m->ncells);
        if (st == AMZ_ECANCELED)
            amz_errorf(err, st, "hunt-and-kill: canceled by the observer");
        return st;
    }
    padded pv;
    if (gen_padded_init(&pv, m))
        return amz_errorf(err, AMZ_ENOMEM, "hunt-and-kill: cannot allocate %lld visited bits", (long long)m->ncells);
    if (m->mask && mark_unreachable(m, &pv)) {
        gen_padded_free(&pv);
        return amz_errorf(err, AMZ_ENOMEM, "hunt-and-kill: cannot allocate the flood of the start's part");
    }
    hunter hu = {m, &pv, rng, branch_thr, o->near_start, 0};
    amz_status st = m->topology == AMZ_TOPO_SQUARE ? hk_square(m, &hu, obs) : hk_hex(m, &hu, obs);
    gen_padded_free(&pv);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "hunt-and-kill: canceled by the observer");
    return st;
}
