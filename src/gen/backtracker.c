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
#include "gen/lattice.h"
#include "gen/rings.h"
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
/* The general walks' start: the root in the maze (parent field 0, never read), its
 * VISIT and the progress count begun; AMZ_ECANCELED if the observer says stop. */
static amz_status walk_start(amz_maze *m, uint8_t *par, amz_cell root, const amz_observer *obs, obs_progress *prog)
{
    any_set_nib(par, root, 0);
    if (!obs)
        return AMZ_OK;
    obs_progress_init(prog, (uint64_t)amz_maze_count_cells(m));
    if (obs_emit(obs, AMZ_EV_VISIT, root, -1, AMZ_NO_CELL) || obs_progress_tick(obs, prog))
        return AMZ_ECANCELED;
    return AMZ_OK;
}

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
    amz_status st = walk_start(m, par, root, obs, &prog);
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

/* ---- every other grid but weaves ----
 *
 * gen_backtracker_any's walk, draw for draw (so the same maze for a seed), on every grid
 * but weaves and plain square and hex ones: square, hex and triangle grids with levels
 * and wrap-around, flat octagon and polar grids. The walk carries its place (column,
 * row and level, or for the octagon the kind of cell, as lattice.h's z; ring and index
 * on a polar grid, with gen/rings.h's table), a cell's neighbours are offsets with
 * bounds tests on that place, and the free ones are gathered without branches, instead
 * of locating the cell by division and stepping each direction through grid/topo.h.
 * Removed cells get a parent field before the walk (never followed), so they read as
 * taken. Held to the general form by tests/properties/test_backtracker_paths.c. */

/* The lattice.h moves of topology T (square, hex, triangle, octagon). */
#define STACK_MODE(T)                                                                                          \
    ((T) == AMZ_TOPO_HEX        ? WALK_HEX                                                                     \
     : (T) == AMZ_TOPO_TRIANGLE ? WALK_TRIANGLE                                                                \
     : (T) == AMZ_TOPO_OCTAGON  ? WALK_OCTAGON                                                                 \
                                : WALK_SQUARE)

/* What a rectangular grid has, as constants of each instance of the walk: levels, wrap. */
enum { ST_LEVELS = 1, ST_WRAP = 2 };

/* A square, hex or triangle cell's in-plane neighbour offsets, by parity. */
typedef struct stack_offsets {
    int64_t at[2][6];
} stack_offsets;

static ALWAYS_INLINE int stack_nbrs(amz_topology T, unsigned F, const amz_maze *m, const polar_ring *R,
                                    const stack_offsets *off, amz_cell c, const grid_at *a, amz_cell *nb)
{
    const int32_t w = m->width, h = m->height, x = a->x, y = a->y;
    const amz_cell plane = (amz_cell)w * h;
    if (T == AMZ_TOPO_POLAR) { /* place: ring a->ring, index a->i */
        const int32_t r = a->ring;
        if (r == 0) { /* the centre: one OUT a first-ring cell */
            nb[AMZ_POLAR_IN] = nb[AMZ_POLAR_CW] = nb[AMZ_POLAR_CCW] = AMZ_NO_CELL;
            for (int32_t j = 0; j < w; j++)
                nb[AMZ_POLAR_OUT + j] = h > 1 ? 1 + j : AMZ_NO_CELL;
            return AMZ_POLAR_OUT + w;
        }
        const polar_ring *p = &R[r];
        const int64_t i = a->i, out = i << p->split;
        const bool outer = r + 1 < h;
        nb[AMZ_POLAR_IN] = R[r - 1].cell0 + (i >> p->in_shift);
        nb[AMZ_POLAR_CW] = p->cell0 + (i + 1 == p->n ? 0 : i + 1);
        nb[AMZ_POLAR_CCW] = p->cell0 + (i == 0 ? p->n - 1 : i - 1);
        nb[AMZ_POLAR_OUT] = outer ? R[r + 1].cell0 + out : AMZ_NO_CELL;
        nb[AMZ_POLAR_OUT + 1] = outer && p->split ? R[r + 1].cell0 + out + 1 : AMZ_NO_CELL;
        return AMZ_POLAR_OUT + 2;
    }
    if (T == AMZ_TOPO_OCTAGON) {
        if (a->z) { /* a small square: the octagons on its diagonals, always there */
            const amz_cell o = (amz_cell)y * w + x;
            nb[AMZ_OCT_N] = nb[AMZ_OCT_E] = nb[AMZ_OCT_S] = nb[AMZ_OCT_W] = AMZ_NO_CELL;
            nb[AMZ_OCT_NE] = o + 1;
            nb[AMZ_OCT_SE] = o + w + 1;
            nb[AMZ_OCT_SW] = o + w;
            nb[AMZ_OCT_NW] = o;
            return 8;
        }
        const amz_cell s = plane + (amz_cell)y * (w - 1) + x; /* the small square SE of c */
        const bool n = y > 0, e = x + 1 < w, so = y + 1 < h, we = x > 0;
        nb[AMZ_OCT_N] = n ? c - w : AMZ_NO_CELL;
        nb[AMZ_OCT_NE] = n && e ? s - (w - 1) : AMZ_NO_CELL;
        nb[AMZ_OCT_E] = e ? c + 1 : AMZ_NO_CELL;
        nb[AMZ_OCT_SE] = e && so ? s : AMZ_NO_CELL;
        nb[AMZ_OCT_S] = so ? c + w : AMZ_NO_CELL;
        nb[AMZ_OCT_SW] = so && we ? s - 1 : AMZ_NO_CELL;
        nb[AMZ_OCT_W] = we ? c - 1 : AMZ_NO_CELL;
        nb[AMZ_OCT_NW] = n && we ? s - w : AMZ_NO_CELL;
        return 8;
    }
    const int nd = T == AMZ_TOPO_HEX ? 6 : 4;
    const int par = T == AMZ_TOPO_HEX ? x & 1 : T == AMZ_TOPO_TRIANGLE ? (x + y) & 1 : 0;
    if ((uint32_t)(x - 1) < (uint32_t)(w - 2) && (uint32_t)(y - 1) < (uint32_t)(h - 2)) {
        /* Off the sides (most cells): neighbours are fixed offsets, no wrap or bounds
         * test; a direction the parity lacks has offset 0, c itself, which reads taken. */
        for (int d = 0; d < nd; d++)
            nb[d] = c + off->at[par][d];
    } else {
        const bool wx = (F & ST_WRAP) && (m->wrap & AMZ_WRAP_X), wy = (F & ST_WRAP) && (m->wrap & AMZ_WRAP_Y);
        for (int d = 0; d < nd; d++) {
            const lattice_move mv = lattice_moves[STACK_MODE(T)][par][d];
            const int32_t nx = lattice_wrap(x + mv.dx, w, wx), ny = lattice_wrap(y + mv.dy, h, wy);
            const bool in = mv.ok && (uint32_t)nx < (uint32_t)w && (uint32_t)ny < (uint32_t)h;
            nb[d] = in ? c + (amz_cell)(ny - y) * w + (nx - x) : AMZ_NO_CELL;
        }
    }
    if (!(F & ST_LEVELS))
        return nd;
    nb[nd] = a->z + 1 < m->levels ? c + plane : AMZ_NO_CELL; /* U */
    nb[nd + 1] = a->z > 0 ? c - plane : AMZ_NO_CELL;          /* D */
    return nd + 2;
}

/* The place of `to`, c's neighbour in direction d. */
static ALWAYS_INLINE void stack_move(amz_topology T, unsigned F, const amz_maze *m, const polar_ring *R, grid_at *a, int d,
                                      amz_cell to)
{
    if (T == AMZ_TOPO_POLAR) {
        static const int8_t dr[AMZ_POLAR_OUT + 2] = {-1, 0, 0, 1, 1};
        a->ring = a->ring == 0 ? 1 : a->ring + dr[d];
        a->i = to - R[a->ring].cell0;
        return;
    }
    const walk_mode M = STACK_MODE(T);
    const int par = M == WALK_HEX ? a->x & 1 : M == WALK_TRIANGLE ? (a->x + a->y) & 1 : M == WALK_OCTAGON ? a->z : 0;
    const lattice_move mv = lattice_moves[M][par][d];
    a->x = lattice_wrap(a->x + mv.dx, m->width, (F & ST_WRAP) && (m->wrap & AMZ_WRAP_X));
    a->y = lattice_wrap(a->y + mv.dy, m->height, (F & ST_WRAP) && (m->wrap & AMZ_WRAP_Y));
    a->z = M == WALK_OCTAGON ? mv.dz : (F & ST_LEVELS) ? a->z + mv.dz : a->z;
}

/* The direction from `to` back to c, c at a (grid_back_at's, with the ring table). */
static ALWAYS_INLINE int stack_back(amz_topology T, const polar_ring *R, const grid_at *a, int d)
{
    if (T != AMZ_TOPO_POLAR || d != AMZ_POLAR_IN)
        return grid_opp[T][d];
    if (a->ring == 1)
        return AMZ_POLAR_OUT + (int)a->i;
    return AMZ_POLAR_OUT + (R[a->ring].in_shift ? (int)(a->i & 1) : 0);
}

static ALWAYS_INLINE amz_status stack_walk(amz_topology T, unsigned F, amz_maze *m, const polar_ring *R, amz_rng *rng,
                                           uint8_t *par, const amz_observer *obs)
{
    const amz_cell root = m->start;
    amz_cell c = root, nb[AMZ_MAX_DIRS];
    grid_at a;
    grid_locate(m, root, &a);
    /* The in-plane offsets of a square, hex or triangle cell off the sides, by parity. */
    stack_offsets off = {{{0}}};
    if (T != AMZ_TOPO_POLAR && T != AMZ_TOPO_OCTAGON)
        for (int p = 0; p < 2; p++)
            for (int d = 0; d < 6; d++) {
                const lattice_move mv = lattice_moves[STACK_MODE(T)][p][d];
                off.at[p][d] = mv.ok && !mv.dz ? (int64_t)mv.dy * m->width + mv.dx : 0;
            }
    obs_progress prog = {0, 0, 0, 0};
    amz_status st = walk_start(m, par, root, obs, &prog);
    while (st == AMZ_OK) {
        const int span = stack_nbrs(T, F, m, R, &off, c, &a, nb);
        int dirs[AMZ_MAX_DIRS], n = 0;
        for (int d = 0; d < span; d++) {
            const amz_cell t = nb[d] != AMZ_NO_CELL ? nb[d] : c; /* c is taken: no test, no branch */
            dirs[n] = d;
            n += any_nib(par, t) == ANY_NONE;
        }
        const int d = any_pick_plain(rng, dirs, n);
        if (d >= 0) {
            const amz_cell to = nb[d];
            const int s = grid_slot[T][d];
            bits_set(m->passages, s >= 0 ? (uint64_t)c * (uint64_t)m->bits + (uint64_t)s
                                         : (uint64_t)to * (uint64_t)m->bits + (uint64_t)grid_slot[T][grid_opp[T][d]]);
            any_set_nib(par, to, (unsigned)stack_back(T, R, &a, d));
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, to) || obs_emit(obs, AMZ_EV_VISIT, to, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &prog)))
                st = AMZ_ECANCELED;
            stack_move(T, F, m, R, &a, d, to);
            c = to;
            continue;
        }
        if (c == root)
            break;
        const int back = (int)any_nib(par, c);
        if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, back, nb[back]))
            st = AMZ_ECANCELED;
        stack_move(T, F, m, R, &a, back, nb[back]);
        c = nb[back];
    }
    return st;
}

/* Whether backtracker_stack takes m. */
static bool stack_fits(const amz_maze *m)
{
    if (m->weave)
        return false;
    if (m->topology == AMZ_TOPO_OCTAGON || m->topology == AMZ_TOPO_POLAR)
        return m->levels == 1 && !m->wrap;
    /* plain square and hex grids have the faster padded walk */
    return m->topology == AMZ_TOPO_TRIANGLE || !amz_maze_is_plain(m);
}

/* One instance a rectangular topology and shape (levels, wrap), so the loops unroll. */
#define STACK_SHAPES(T)                                                                                        \
    (F == 0          ? stack_walk(T, 0, m, NULL, rng, par, obs)                                               \
     : F == ST_LEVELS ? stack_walk(T, ST_LEVELS, m, NULL, rng, par, obs)                                      \
     : F == ST_WRAP   ? stack_walk(T, ST_WRAP, m, NULL, rng, par, obs)                                        \
                      : stack_walk(T, ST_LEVELS | ST_WRAP, m, NULL, rng, par, obs))
static amz_status stack_rect(amz_maze *m, amz_rng *rng, uint8_t *par, const amz_observer *obs)
{
    const unsigned F = (m->levels > 1 ? ST_LEVELS : 0) | (m->wrap ? ST_WRAP : 0);
    switch (m->topology) {
    case AMZ_TOPO_HEX: return STACK_SHAPES(AMZ_TOPO_HEX);
    case AMZ_TOPO_TRIANGLE: return STACK_SHAPES(AMZ_TOPO_TRIANGLE);
    default: return STACK_SHAPES(AMZ_TOPO_SQUARE);
    }
}
#undef STACK_SHAPES

static amz_status backtracker_stack(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err)
{
    uint8_t *par = any_nibbles_new(m->ncells);
    polar_ring *R = m->topology == AMZ_TOPO_POLAR ? gen_polar_rings_new(m) : NULL;
    if (!par || (m->topology == AMZ_TOPO_POLAR && !R)) {
        amz_free(par);
        return amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate %lld parent fields%s", (long long)m->ncells,
                          m->topology == AMZ_TOPO_POLAR ? " and the ring table" : "");
    }
    if (m->mask)
        for (amz_cell c = 0; c < m->ncells; c++)
            if (!grid_exists(m, c))
                any_set_nib(par, c, 0);
    const amz_status st = m->topology == AMZ_TOPO_OCTAGON ? stack_walk(AMZ_TOPO_OCTAGON, 0, m, NULL, rng, par, obs)
                          : m->topology == AMZ_TOPO_POLAR ? stack_walk(AMZ_TOPO_POLAR, 0, m, R, rng, par, obs)
                                                          : stack_rect(m, rng, par, obs);
    amz_free(par);
    amz_free(R);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "backtracker: canceled by the observer");
    return st;
}

/* ---- weave on a square grid without wrap ----
 *
 * gen_backtracker_any's walk, draw for draw (so the same maze for a seed), with the
 * grid arithmetic of the one layout spelled out: the walk carries its column and row,
 * neighbours are additions with bounds tests, and a crossing's straightness reads the
 * middle cell's eight edges as owned-slot bits (E 0, S 1, E2 2, S2 3: 4 bits a cell),
 * instead of locating cells through grid/topo.h on every step. */
enum { WV_DIRS = AMZ_SQ_W2 + 1 };
static const int8_t wv_dx[WV_DIRS] = {0, 1, 0, -1, 0, 0, 0, 2, 0, -2};
static const int8_t wv_dy[WV_DIRS] = {-1, 0, 1, 0, 0, 0, -2, 0, 2, 0};

/* Whether cell c (a crossing's middle, so with a cell either side of it along the
 * move) is a straight corridor across a move along x (open exactly N and S) or along
 * y (exactly E and W): grid_straight on its eight edges. Passage bits are set only
 * between existing neighbours, so an edge off the grid reads closed; only the owners
 * above c (N, N2) could fall before cell 0. */
static ALWAYS_INLINE bool wv_straight(const amz_maze *m, amz_cell c, bool along_x)
{
    const uint64_t *p = m->passages;
    const amz_cell w = m->width;
    const uint64_t b = (uint64_t)c * 4;
    const bool e = bits_get(p, b), s = bits_get(p, b + 1), e2 = bits_get(p, b + 2), s2 = bits_get(p, b + 3);
    const bool n = c >= w && bits_get(p, (uint64_t)(c - w) * 4 + 1), wst = c >= 1 && bits_get(p, (uint64_t)(c - 1) * 4);
    const bool n2 = c >= 2 * w && bits_get(p, (uint64_t)(c - 2 * w) * 4 + 3);
    const bool w2 = c >= 2 && bits_get(p, (uint64_t)(c - 2) * 4 + 2);
    if (e2 || s2 || n2 || w2)
        return false;
    return along_x ? n && s && !e && !wst : e && wst && !n && !s;
}

static amz_status backtracker_weave(amz_maze *m, amz_rng *rng, double p, const amz_observer *obs, amz_error *err)
{
    uint8_t *par = any_nibbles_new(m->ncells);
    if (!par)
        return amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate %lld parent fields", (long long)m->ncells);
    const amz_cell root = m->start, w = m->width;
    const int32_t h = m->height;
    amz_cell c = root, nb[WV_DIRS];
    int32_t x = (int32_t)(root % w), y = (int32_t)(root / w);
    obs_progress prog = {0, 0, 0, 0};
    amz_status st = walk_start(m, par, root, obs, &prog);
#define WV_CELL(cond, cell) ((cond) && grid_exists(m, cell) ? (cell) : AMZ_NO_CELL)
#define WV_IN(cell) (any_nib(par, cell) != ANY_NONE)
    while (st == AMZ_OK) {
        nb[AMZ_SQ_N] = WV_CELL(y > 0, c - w);
        nb[AMZ_SQ_E] = WV_CELL(x + 1 < w, c + 1);
        nb[AMZ_SQ_S] = WV_CELL(y + 1 < h, c + w);
        nb[AMZ_SQ_W] = WV_CELL(x > 0, c - 1);
        /* any_under_chances, then any_free_moves, in their order: an under-move needs
         * its middle cell in the maze as a straight corridor across and its far cell
         * (the same step again) not. */
        int under[4], dirs[4], nu = 0, n = 0;
        for (int d = AMZ_SQ_N2; d <= AMZ_SQ_W2; d++) {
            const amz_cell mid = nb[d - AMZ_SQ_N2];
            if (mid == AMZ_NO_CELL || !WV_IN(mid))
                continue;
            const int32_t fx = x + wv_dx[d], fy = y + wv_dy[d];
            const amz_cell t = WV_CELL(fx >= 0 && fy >= 0 && fx < w && fy < h, mid + (mid - c));
            if (t != AMZ_NO_CELL && !WV_IN(t) && wv_straight(m, mid, d == AMZ_SQ_E2 || d == AMZ_SQ_W2)) {
                nb[d] = t;
                under[nu++] = d;
            }
        }
        int d = any_pick_under(rng, p, under, nu);
        if (d < 0) {
            for (int k = 0; k <= AMZ_SQ_W; k++)
                if (nb[k] != AMZ_NO_CELL && !WV_IN(nb[k]))
                    dirs[n++] = k;
            d = any_pick_plain(rng, dirs, n);
        }
        if (d >= 0) {
            const amz_cell to = nb[d];
            bits_set(m->passages, grid_edge(m, c, d, to));
            any_set_nib(par, to, (unsigned)grid_opp[AMZ_TOPO_SQUARE][d]);
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, to) || obs_emit(obs, AMZ_EV_VISIT, to, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &prog)))
                st = AMZ_ECANCELED;
            c = to;
            x += wv_dx[d];
            y += wv_dy[d];
            continue;
        }
        if (c == root)
            break;
        const int back = (int)any_nib(par, c);
        const amz_cell to = c + (amz_cell)wv_dy[back] * w + wv_dx[back];
        if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, back, to))
            st = AMZ_ECANCELED;
        c = to;
        x += wv_dx[back];
        y += wv_dy[back];
    }
#undef WV_CELL
#undef WV_IN
    amz_free(par);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "backtracker: canceled by the observer");
    return st;
}

amz_status gen_backtracker(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err)
{
    if (m->topology == AMZ_TOPO_SQUARE && m->weave && m->levels == 1 && !m->wrap)
        return backtracker_weave(m, rng, o->weave, obs, err);
    if (stack_fits(m))
        return backtracker_stack(m, rng, obs, err);
    if (!amz_maze_is_plain(m))
        return gen_backtracker_any(m, rng, o, obs, err);
    padded pv;
    if (gen_padded_init(&pv, m))
        return amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate %lld visited bits", (long long)m->ncells);
    /* The conversion also runs after a cancel, so the partial tree becomes passages;
     * complete is passed for a finished walk (parents.c still checks for a mask). */
    amz_status st = m->topology == AMZ_TOPO_SQUARE ? walk_square(m, rng, &pv, obs) : walk_hex(m, rng, &pv, obs);
    if (gen_parents_to_passages(m, &pv, NULL, m->start, st == AMZ_OK) != AMZ_OK)
        st = amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate the row buffers of %d cells", m->width);
    gen_padded_free(&pv);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "backtracker: canceled by the observer");
    return st;
}
