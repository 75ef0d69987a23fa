/* parents.c — converting a parent-direction tree held in the passage array into
 * passages, in place (see parents.h). */
#include "gen/parents.h"

#include <string.h>

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
 * one of an odd column in the row below, so the old parents of three rows are copied
 * into bit buffers, rotated a row at a time, and each row is judged 21 cells (63 bits)
 * a step with SWAR: a field equals a direction when its xor with that direction has no
 * bit set. Past the row's end, above the first row and below the last the buffers hold
 * 7 in every field, a direction no cell has; the root's field is made 7 too. Memory:
 * three buffers of 3 x width + 64 bits (AMZ_ENOMEM if they cannot be had). */
#define F3_LO 0x1249249249249249u /* bit 0 of each of 21 three-bit fields */

/* Bit 0 of every field of v equal to direction k. */
static inline uint64_t fields_eq(uint64_t v, unsigned k)
{
    const uint64_t t = v ^ (F3_LO * k);
    return ~(t | t >> 1 | t >> 2) & F3_LO;
}

/* Stores the low n bits of v (1 <= n <= 64) at bit `pos`. */
static inline void bits_store(uint64_t *w, uint64_t pos, uint64_t v, unsigned n)
{
    const uint64_t mask = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    const unsigned s = (unsigned)(pos & 63);
    uint64_t *a = w + (pos >> 6);
    v &= mask;
    a[0] = (a[0] & ~(mask << s)) | v << s;
    if (s && s + n > 64)
        a[1] = (a[1] & ~(mask >> (64 - s))) | v >> (64 - s);
}

/* 64 bits of row buffer b at bit `bit`; b NULL stands for a row of 7s (no parents). */
static inline uint64_t row_window(const uint64_t *b, uint64_t words, uint64_t bit)
{
    return b ? window(b, words, bit) : ~(uint64_t)0;
}

static amz_status convert_hex_full(amz_maze *m, amz_cell root)
{
    const int32_t w = m->width, h = m->height;
    uint64_t *p = m->passages;
    const uint64_t pwords = bits_words((uint64_t)m->ncells * 3), rbits = (uint64_t)w * 3;
    /* A row's fields and 7s up to the last bit a step reads: 3 (w - 1) + 3 + 64. */
    const uint64_t bw = bits_words(rbits + 64);
    uint64_t *buf = amz_malloc((size_t)(bw * 3) * sizeof *buf);
    if (!buf)
        return AMZ_ENOMEM;
    memset(buf, 0xff, (size_t)(bw * 3) * sizeof *buf);
    /* Even columns' fields, for a step starting at an even column. */
    uint64_t even = 0;
    for (int j = 0; j < 21; j += 2)
        even |= (uint64_t)7 << (3 * j);
    set_parent(p, 3, root, 7);
    /* A row's old parents into buffer b; the words past the row stay 7s. */
#define LOAD_ROW(b, y)                                                                                          \
    do {                                                                                                        \
        for (uint64_t i = 0; i * 64 < rbits; i++)                                                               \
            (b)[i] = window(p, pwords, (uint64_t)(y) * rbits + i * 64);                                        \
        if (rbits % 64)                                                                                         \
            (b)[rbits / 64] |= ~(uint64_t)0 << (rbits % 64);                                                    \
    } while (0)
    const uint64_t *prev = NULL;
    uint64_t *cur = buf, *spare = buf + bw, *spare2 = buf + 2 * bw;
    LOAD_ROW(cur, 0);
    for (int32_t y = 0; y < h; y++) {
        uint64_t *next = NULL;
        if (y + 1 < h) {
            next = spare;
            LOAD_ROW(next, y + 1);
        }
        for (int32_t x = 0; x < w; x += 21) {
            const uint64_t at = (uint64_t)x * 3, E = x % 2 ? ~even : even;
            const uint64_t own = window(cur, bw, at), right = window(cur, bw, at + 3);
            const uint64_t up = row_window(prev, bw, at + 3), down = row_window(next, bw, at);
            const uint64_t down_right = row_window(next, bw, at + 3);
            const uint64_t ne = (up & E) | (right & ~E), se = (right & E) | (down_right & ~E);
            const uint64_t v = (fields_eq(own, AMZ_HEX_NE) | fields_eq(ne, AMZ_HEX_SW)) |
                               (fields_eq(own, AMZ_HEX_SE) | fields_eq(se, AMZ_HEX_NW)) << 1 |
                               (fields_eq(own, AMZ_HEX_S) | fields_eq(down, AMZ_HEX_N)) << 2;
            bits_store(p, (uint64_t)y * rbits + at, v, (unsigned)(w - x < 21 ? (w - x) * 3 : 63));
        }
        /* Rotate: this row's old parents are the next row's "above"; the buffer of the
         * row above that is free for the row after. */
        uint64_t *freed = prev ? (uint64_t *)prev : spare2;
        prev = cur;
        cur = next;
        spare = freed;
    }
#undef LOAD_ROW
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
