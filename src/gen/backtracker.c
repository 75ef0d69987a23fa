/* backtracker.c — randomised depth-first search ("recursive backtracker"), iterative.
 * Source: the classic DFS maze (J. Buck, "Mazes for Programmers", 2015, ch. 5).
 *
 * Memory: instead of a stack of cell indices, each visited cell stores the direction
 * of its parent in the passage array itself (a parent direction fits the ndirs/2 bits
 * a cell's passages take), next to one visited bit per cell. Backtracking follows the
 * parent directions; at the end the parents are converted in place into passages.
 * Peak: passages + 1 bit per cell (3 bits per square cell), whatever the depth. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "gen/padded.h"
#include "grid/grid.h"

static ALWAYS_INLINE unsigned parent_of(const uint64_t *par, int bits, amz_cell c)
{
    return bits_field(par, (uint64_t)c * (uint64_t)bits, (unsigned)bits);
}

/* ---- parents -> passages ---- */

static const uint64_t LO = 0x5555555555555555u; /* bit 0 of every 2-bit field */

/* 64 bits of a word array starting at bit `bit`; bits past the end read as 0. */
static inline uint64_t window(const uint64_t *w, uint64_t nwords, uint64_t bit)
{
    uint64_t i = bit >> 6;
    unsigned s = (unsigned)(bit & 63);
    uint64_t lo = i < nwords ? w[i] : 0;
    if (!s)
        return lo;
    uint64_t hi = i + 1 < nwords ? w[i + 1] : 0;
    return (lo >> s) | (hi << (64 - s));
}

/* Square grid, no mask, every cell visited: 32 cells per step with SWAR.
 * E(c) is open iff parent(c) = E or parent(c+1) = W; S(c) iff parent(c) = S or
 * parent(c+W) = N. Both read cells at or after c, so words are rewritten in increasing
 * order from still-unwritten data. The root has no parent; its field (0 = N) is only
 * wrong for the edge to its north neighbour, which is patched afterwards. */
static void convert_square_full(amz_maze *m, amz_cell root)
{
    uint64_t *w = m->passages;
    const int64_t width = m->width, n = m->ncells;
    const uint64_t nwords = bits_words((uint64_t)n * 2);
    int north_open = -1;
    if (root >= width)
        north_open = parent_of(w, 2, root - width) == AMZ_SQ_S;
    for (uint64_t i = 0; i < nwords; i++) {
        uint64_t a = w[i];
        uint64_t b = window(w, nwords, i * 64 + 2);
        uint64_t s = window(w, nwords, i * 64 + 2 * (uint64_t)width);
        uint64_t a_lo = a & LO, a_hi = (a >> 1) & LO;
        uint64_t b_lo = b & LO, b_hi = (b >> 1) & LO;
        uint64_t s_lo = s & LO, s_hi = (s >> 1) & LO;
        uint64_t east = (a_lo & ~a_hi) | (b_lo & b_hi);        /* own E (01) or next W (11) */
        uint64_t south = (a_hi & ~a_lo) | (~(s_lo | s_hi) & LO); /* own S (10) or below N (00) */
        w[i] = east | (south << 1);
    }
    /* The last row has nothing below (it read zeros, i.e. "N"), nor do padding bits. */
    for (amz_cell c = n - width; c < n; c++)
        bits_clear(w, (uint64_t)c * 2 + 1);
    if ((uint64_t)n * 2 % 64)
        w[nwords - 1] &= ((uint64_t)1 << ((uint64_t)n * 2 % 64)) - 1;
    if (north_open >= 0)
        bits_put(w, (uint64_t)(root - width) * 2 + 1, north_open);
}

/* Any topology, mask or partial run: rows are converted in order, keeping the old
 * parent values of the previous and current row in two row buffers (memory O(width)). */
static amz_status convert_generic(amz_maze *m, const padded *pv, amz_cell root)
{
    const int32_t w = m->width, h = m->height;
    const int bits = m->bits;
    /* Row buffers hold the parent direction, or 0xff for "no parent". */
    uint8_t *prev = amz_malloc((size_t)w), *cur = amz_malloc((size_t)w);
    if (!prev || !cur) {
        amz_free(prev);
        amz_free(cur);
        return AMZ_ENOMEM;
    }
#define PARENT(cell, cx, cy)                                                                                    \
    ((cell) != root && grid_exists(m, cell) && visited(pv, cx, cy) ? parent_of(m->passages, bits, cell) : 0xffu)
    for (int32_t y = 0; y < h; y++) {
        amz_cell row = (amz_cell)y * w;
        for (int32_t x = 0; x < w; x++)
            cur[x] = (uint8_t)PARENT(row + x, x, y);
        for (int32_t x = 0; x < w; x++) {
            amz_cell c = row + x;
            unsigned v = 0;
            for (int d = 1; d <= bits; d++) {
                int32_t nx, ny;
                if (!grid_exists(m, c) || !grid_step(m->topology, w, h, x, y, d, &nx, &ny))
                    continue;
                amz_cell nb = (amz_cell)ny * w + nx;
                unsigned np = ny == y - 1 ? prev[nx] : ny == y ? cur[nx] : PARENT(nb, nx, ny);
                if (cur[x] == (unsigned)d || np == (unsigned)grid_opposite(m->topology, d))
                    v |= 1u << (d - 1);
            }
            bits_set_field(m->passages, (uint64_t)c * (uint64_t)bits, (unsigned)bits, v);
        }
        uint8_t *t = prev;
        prev = cur;
        cur = t;
    }
#undef PARENT
    amz_free(prev);
    amz_free(cur);
    return AMZ_OK;
}

/* ---- the walk ---- */

/* Written once, instantiated per topology so the direction loops unroll. */
static ALWAYS_INLINE amz_status walk(amz_maze *m, amz_topology T, amz_rng *rng, padded *pv,
                                     const amz_observer *obs)
{
    const int nd = grid_ndirs(T), bits = nd / 2;
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
        parity ^= grid_dx[T][d] & 1;
        if (free) {
            bits_set(pv->bits, (uint64_t)pi);
            bits_set_field(par, (uint64_t)c * (uint64_t)bits, (unsigned)bits, (uint32_t)grid_opposite(T, d));
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

amz_status amz_gen_backtracker(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err)
{
    (void)o;
    padded pv;
    if (amz_padded_init(&pv, m))
        return amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate %lld visited bits", (long long)m->ncells);
    amz_status st = m->topology == AMZ_TOPO_SQUARE ? walk_square(m, rng, &pv, obs) : walk_hex(m, rng, &pv, obs);
    if (st == AMZ_OK && m->topology == AMZ_TOPO_SQUARE && !m->mask) {
        convert_square_full(m, m->start);
    } else if (convert_generic(m, &pv, m->start) != AMZ_OK) {
        amz_maze_clear(m); /* the passage bits still hold parents: never hand those out */
        st = amz_errorf(err, AMZ_ENOMEM, "backtracker: cannot allocate two rows of %d cells", m->width);
    }
    amz_padded_free(&pv);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "backtracker: canceled by the observer");
    return st;
}
