/* parents.c — converting a parent-direction tree held in the passage array into
 * passages, in place (see parents.h). */
#include "gen/parents.h"

#include "amaze/alloc.h"

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

/* Square grid, no mask, every cell but the root has a parent: 32 cells per step with
 * SWAR. E(c) is open iff parent(c) = E or parent(c+1) = W; S(c) iff parent(c) = S or
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
    /* The root's own field must read as "no parent" for its other edges: N (00) only
     * claims the north edge, patched below; E, S and W are judged from the neighbours. */
    set_parent(w, 2, root, AMZ_SQ_N);
    for (uint64_t i = 0; i < nwords; i++) {
        uint64_t a = w[i];
        uint64_t b = window(w, nwords, i * 64 + 2);
        uint64_t s = window(w, nwords, i * 64 + 2 * (uint64_t)width);
        uint64_t a_lo = a & LO, a_hi = (a >> 1) & LO;
        uint64_t b_lo = b & LO, b_hi = (b >> 1) & LO;
        uint64_t s_lo = s & LO, s_hi = (s >> 1) & LO;
        uint64_t east = (a_lo & ~a_hi) | (b_lo & b_hi);         /* own E (01) or next W (11) */
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

/* Hex grid (odd-q), no mask, every cell but the root has a parent. A cell owns NE, SE
 * and S: NE(c) is open iff parent(c) = NE or parent(NE neighbour) = SW, and so on. The
 * NE neighbour of an even column is in the row above, already rewritten, and the SE
 * one of an odd column in the row below: the old parents of three rows are kept in
 * byte buffers (0xff: no parent, for the root), rotated a row at a time, so each cell
 * is a few byte compares instead of the general path's location and bounds tests per
 * direction. Memory: 3 x width bytes (AMZ_ENOMEM if they cannot be had). */
static amz_status convert_hex_full(amz_maze *m, amz_cell root)
{
    const int32_t w = m->width, h = m->height;
    uint64_t *p = m->passages;
    uint8_t *buf = amz_malloc((size_t)w * 3);
    if (!buf)
        return AMZ_ENOMEM;
    uint8_t *prev = buf, *cur = buf + w, *next = buf + 2 * (size_t)w;
    for (int32_t x = 0; x < w; x++)
        cur[x] = (uint8_t)(x == root ? 0xffu : parent_of(p, 3, x));
    for (int32_t y = 0; y < h; y++) {
        const amz_cell row = (amz_cell)y * w;
        if (y + 1 < h)
            for (int32_t x = 0; x < w; x++) {
                const amz_cell c = row + w + x;
                next[x] = (uint8_t)(c == root ? 0xffu : parent_of(p, 3, c));
            }
        for (int32_t x = 0; x < w; x++) {
            const unsigned own = cur[x];
            unsigned v = 0;
            if (x + 1 < w) {
                /* NE and SE neighbours: (x+1, y-1) and (x+1, y) from an even column,
                 * (x+1, y) and (x+1, y+1) from an odd one. */
                const int odd = x & 1;
                const unsigned ne = odd ? cur[x + 1] : y > 0 ? prev[x + 1] : 0xffu;
                const unsigned se = !odd ? cur[x + 1] : y + 1 < h ? next[x + 1] : 0xffu;
                const unsigned ne_in = odd | (y > 0), se_in = !odd | (y + 1 < h);
                /* Bitwise, not ||: the parents are random, so branches would mispredict. */
                v |= (ne_in & ((own == AMZ_HEX_NE) | (ne == AMZ_HEX_SW))) << 0;
                v |= (se_in & ((own == AMZ_HEX_SE) | (se == AMZ_HEX_NW))) << 1;
            }
            if (y + 1 < h)
                v |= ((unsigned)(own == AMZ_HEX_S) | (unsigned)(next[x] == AMZ_HEX_N)) << 2;
            bits_set_field(p, (uint64_t)(row + x) * 3, 3, v);
        }
        uint8_t *t = prev;
        prev = cur;
        cur = next;
        next = t;
    }
    amz_free(buf);
    return AMZ_OK;
}

/* Any topology, mask or partial tree: rows are converted in order, keeping the old
 * parent values of the previous and current row in two row buffers (memory O(width)). */
static amz_status convert_generic(amz_maze *m, const padded *pv, const uint64_t *marked, amz_cell root)
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
    ((cell) != root && grid_exists(m, cell) && (pv ? visited(pv, cx, cy) : bits_get(marked, (uint64_t)(cell)))       \
         ? parent_of(m->passages, bits, cell)                                                                      \
         : 0xffu)
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
                if (cur[x] == (unsigned)d || np == (unsigned)grid_plain_opposite(m->topology, d))
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

amz_status gen_parents_to_passages(amz_maze *m, const padded *pv, const uint64_t *marked, amz_cell root,
                                   bool complete)
{
    if (complete && m->topology == AMZ_TOPO_SQUARE && !m->mask) {
        convert_square_full(m, root);
        return AMZ_OK;
    }
    const bool hex_full = complete && m->topology == AMZ_TOPO_HEX && !m->mask;
    if ((hex_full ? convert_hex_full(m, root) : convert_generic(m, pv, marked, root)) != AMZ_OK) {
        amz_maze_clear(m); /* the passage bits still hold parents: never hand those out */
        return AMZ_ENOMEM;
    }
    return AMZ_OK;
}
