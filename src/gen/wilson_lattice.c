/* wilson_lattice.c — Wilson's walks on the lattices (gen/lattice.h: square, hex and
 * triangle with levels and wrap-around, flat octagon grids) without an observer, in a
 * bordered byte layout where a step is one table offset and one byte load.
 *
 * The general walk (walk_any.c) steps by lattice.h's table and carries a column, a row
 * and a level, wraps them, tests the bounds, then multiplies for the cell number: a
 * chain of dependent arithmetic a step. Here each cell is a byte at a place
 * P = ((z + zb) * (h + 2) + y + 1) * (w + 2) + x + 1, with a one-place border around
 * every level (zb = 1 and a border level below and above when there are levels; an
 * octagon grid's small squares are its level 1, at the octagon of the same x, y). A
 * move from a cell of a given parity (hex: the column's, triangle: up or down,
 * octagon: the kind) is then a fixed offset, and the new parity a table entry. Border
 * places, places no cell has and removed cells are bytes without EXISTS, so a step
 * into them is redrawn like a step off the grid; on a wrapped side the border byte
 * says which way across instead (a correction of w or h rows), and the step lands on
 * the far side. A cell's byte also holds the tree bit and the walk's exit direction.
 * Draws are walk_any.c's draw for draw (the same span, bits and redraws; on a flat
 * triangle grid the missing side's fields are passed over in the bit buffer, not drawn
 * and redrawn: walk_triangle), so the maze is the general form's
 * (tests/properties/test_lattice.c). Memory: about a byte a
 * cell, only for the run, and never over 2 (thin grids take the general walk, as do
 * runs where the bytes cannot be had). */
#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/checked.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/lattice.h"
#include "gen/walk.h"

/* A cell: its exit direction, TREE and EXISTS. A border place: no EXISTS, and on a
 * wrapped side the crossing: from the left (L), right, top or bottom border. */
enum { B_DIR = 7, B_TREE = 8, B_EXISTS = 16 };
enum { B_L = 1, B_R = 2, B_T = 4, B_B = 8 };

typedef struct blayout {
    int64_t pw, ph, zb, size; /* places a row, rows a level, border levels below, places (+1: a sentinel) */
    int64_t off[2][8];        /* [parity][direction]: the step in places */
    uint8_t ok[2][8];         /* the move exists (triangle: no N from an up cell) */
    uint8_t next[2][8];       /* the parity reached */
    int64_t cross[16];        /* [border flags]: the correction across wrapped sides */
    int span[2], bits[2], odd[2]; /* the draw at a parity: r below span from bits, d = r (odd: 2r + 1) */
    int miss[2];                  /* a 2-bit draw's one direction the parity lacks (triangle), or -1 */
} blayout;

static int64_t bplace(const blayout *L, int64_t x, int64_t y, int64_t z)
{
    return ((z + L->zb) * L->ph + y + 1) * L->pw + x + 1;
}

/* The parity of the cell at x, y, z in mode M. */
static int bparity(walk_mode M, int64_t x, int64_t y, int64_t z)
{
    return M == WALK_HEX ? (int)(x & 1) : M == WALK_TRIANGLE ? (int)((x + y) & 1) : M == WALK_OCTAGON ? (int)z : 0;
}

static bool blayout_init(blayout *L, walk_mode M, const amz_maze *m)
{
    const int64_t w = m->width, h = m->height, lv = m->levels;
    const bool oct = M == WALK_OCTAGON;
    L->pw = w + 2;
    L->ph = h + 2;
    L->zb = lv > 1 ? 1 : 0;
    const int64_t planes = oct ? 2 : lv > 1 ? lv + 2 : 1;
    uint64_t n;
    if (!ck_mul_u64((uint64_t)(L->pw * L->ph), (uint64_t)planes, &n) || n >= (uint64_t)INT64_MAX / 2)
        return false;
    L->size = (int64_t)n + 1;
    /* At most 2 bytes a cell (the generators' memory estimate): not on thin grids, where
     * the border would outweigh the cells. */
    if ((uint64_t)L->size > 2 * (uint64_t)m->ncells)
        return false;
    const int64_t plane = L->pw * L->ph;
    /* walk_any.c's walk_choices and draw_dir: on a lattice the span is the grid's */
    const grid_at any_place = {0, 0, 0, 0, 0, 0, 0};
    const int span = grid_span_at(m, &any_place);
    for (int par = 0; par < 2; par++) {
        L->span[par] = oct && par ? 4 : span;
        L->odd[par] = oct && par;
        L->bits[par] = draw_bits(L->span[par]);
        L->miss[par] = -1;
        for (int d = 0; d < 8; d++) {
            const lattice_move mv = lattice_moves[M][M == WALK_SQUARE ? 0 : par][d];
            const int np = oct ? mv.dz : M == WALK_HEX ? par ^ (mv.dx & 1) : M == WALK_TRIANGLE ? par ^ ((mv.dx + mv.dy) & 1) : 0;
            const int dz = oct ? np - par : mv.dz;
            L->off[par][d] = dz * plane + mv.dy * L->pw + mv.dx;
            L->ok[par][d] = mv.ok; /* directions past the span are never drawn */
            L->next[par][d] = (uint8_t)np;
            if (!mv.ok && d < L->span[par] && L->bits[par] == 2 && !L->odd[par])
                L->miss[par] = d;
        }
    }
    for (int f = 0; f < 16; f++)
        L->cross[f] = (f & B_L ? w : 0) - (f & B_R ? w : 0) + (f & B_T ? h * L->pw : 0) - (f & B_B ? h * L->pw : 0);
    return true;
}

/* walk_any.c's draw at a parity: draw_dir over its span (at most 8, its bits known
 * ahead), the odd directions as 2r + 1. */
static ALWAYS_INLINE int bdraw(const blayout *L, amz_rng *rng, dir_bits *db, int par)
{
    const int r = draw_k(rng, db, L->bits[par], L->span[par]);
    return L->odd[par] ? 2 * r + 1 : r;
}

/* The place a move from p lands on (across a wrapped side if it leads there), its byte
 * in *v; without EXISTS when there is no cell. */
static ALWAYS_INLINE int64_t bstep(const blayout *L, const uint8_t *b, int64_t p, int par, int d, uint8_t *v)
{
    int64_t q = L->ok[par][d] ? p + L->off[par][d] : L->size - 1;
    uint8_t x = b[q];
    if (!(x & B_EXISTS) && x) {
        q += L->cross[x & 15];
        x = b[q];
    }
    *v = x;
    return q;
}

/* The walk from place u (parity par0) until it enters the tree; each place left keeps
 * its last exit, so following the exits from u retraces the loop-erased path. The
 * octagon's (its two kinds of cell draw fields of two widths); walk_fields below takes
 * the same steps on the other lattices (fields_closed). */
static void walk_lattice(const blayout *L, uint8_t *b, int64_t u, int par0, amz_rng *rng, dir_bits *db)
{
    int64_t p = u;
    int par = par0;
    for (;;) {
        int d;
        int64_t q;
        uint8_t v;
        do {
            d = bdraw(L, rng, db, par);
            q = bstep(L, b, p, par, d, &v);
        } while (!(v & B_EXISTS));
        b[p] = (uint8_t)((b[p] & ~B_DIR) | d);
        par = L->next[par][d];
        p = q;
        if (v & B_TREE)
            break;
    }
}

/* Whether fields_kept has a closed form for draws of k bits below span: 2 bits below 4
 * (square; a flat triangle with its missing side), 3 bits below 6 or 8 (levels, hex). */
static bool fields_closed(int k, int span)
{
    return (k == 2 && span == 4) || (k == 3 && (span == 6 || span == 8));
}

/* The k-bit fields of w that draw_k keeps (below span, a fields_closed pair) and that
 * are not `miss` (-1: no such field; k = 2 only), as the low bit of each, for fields
 * wholly below bit `lim`. */
static ALWAYS_INLINE uint64_t fields_kept(uint64_t w, int k, int span, int miss, int lim)
{
    const uint64_t lo2 = 0x5555555555555555u, lo3 = 0x1249249249249249u, t = w ^ (lo2 * (uint64_t)(miss & 3));
    const uint64_t keep = k == 2      ? (miss < 0 ? lo2 : (t | t >> 1) & lo2)
                          : span == 8 ? lo3
                                      : ~(w >> 1 & w >> 2) & lo3; /* 6 and 7 have both high bits */
    /* a field starting at bit i is whole when i + k <= lim (lim <= 64, k >= 2) */
    return lim < k ? 0 : keep & (((uint64_t)1 << (lim - k + 1)) - 1);
}

/* walk_lattice with the draws' bits as a word and a position in it, each word's kept
 * fields marked once (fields_kept): a draw is one shift, one ctz and one add on the
 * chain from step to step, and a redraw (hex's 6 and 7, a triangle's missing side) no
 * branch. The same bits, draws and steps as walk_lattice, on every lattice whose draws
 * fields_closed takes (all but the octagon, whose two kinds of cell draw fields of two
 * widths). ALT: a flat triangle
 * grid (wrapped or masked; the plain one takes the dual walk), where every move turns
 * the triangle over, so the parity alternates and each draw's missing side, passed
 * over in the bits, is known ahead. */
static ALWAYS_INLINE void walk_fields(const blayout *L, uint8_t *b, int64_t u, int par, amz_rng *rng, dir_bits *db,
                                      bool ALT)
{
    const int k = L->bits[0], span = L->span[0], miss0 = ALT ? L->miss[0] : -1, miss1 = ALT ? L->miss[1] : -1;
    /* db's bits: the low `lim` bits of word, used up to pos */
    uint64_t word = db->buf;
    int lim = db->left, pos = 0;
    uint64_t keep[2] = {fields_kept(word, k, span, miss0, lim), ALT ? fields_kept(word, k, span, miss1, lim) : 0};
    int64_t p = u;
    uint8_t vp = b[u];
    for (;;) {
        const uint64_t left = pos < 64 ? keep[ALT ? par : 0] >> pos : 0;
        if (left == 0) { /* no field left that draw_k keeps: a new word */
            word = rng_next(rng);
            lim = 64;
            pos = 0;
            keep[0] = fields_kept(word, k, span, miss0, lim);
            if (ALT)
                keep[1] = fields_kept(word, k, span, miss1, lim);
            continue;
        }
        const int s = pos + __builtin_ctzll(left), d = (int)(word >> s) & ((1 << k) - 1);
        pos = s + k;
        uint8_t v;
        const int64_t q = bstep(L, b, p, par, d, &v);
        if (!(v & B_EXISTS))
            continue; /* no cell: redrawn */
        b[p] = (uint8_t)((vp & ~B_DIR) | d);
        p = q;
        vp = v;
        par = ALT ? par ^ 1 : L->next[par][d];
        if (v & B_TREE)
            break;
    }
    db->buf = pos < 64 ? word >> pos : 0;
    db->left = lim - pos;
}

static void walk_triangle(const blayout *L, uint8_t *b, int64_t u, int par, amz_rng *rng, dir_bits *db)
{
    walk_fields(L, b, u, par, rng, db, true);
}

static void walk_plain(const blayout *L, uint8_t *b, int64_t u, int par, amz_rng *rng, dir_bits *db)
{
    walk_fields(L, b, u, par, rng, db, false);
}

amz_status gen_wilson_lattice(walker *wk)
{
    const amz_maze *m = wk->m;
    const walk_mode M = walk_mode_of(m);
    blayout L;
    if (M == WALK_ANY || !blayout_init(&L, M, m))
        return AMZ_EINVAL;
    uint8_t *b = core_calloc_big((size_t)L.size, 1);
    if (!b)
        return AMZ_ENOMEM;
    const int64_t w = m->width, h = m->height, nz = M == WALK_OCTAGON ? 2 : m->levels;
    const bool oct = M == WALK_OCTAGON, wx = m->wrap & AMZ_WRAP_X, wy = m->wrap & AMZ_WRAP_Y;
    /* The crossings on wrapped sides (the border's corners take both). */
    for (int64_t z = 0; z < nz && (wx || wy); z++)
        for (int64_t y = -1; y <= h; y++)
            for (int64_t x = -1; x <= w; x++)
                if (x < 0 || y < 0 || x == w || y == h)
                    b[bplace(&L, x, y, z)] = (uint8_t)((wx && x < 0 ? B_L : 0) | (wx && x == w ? B_R : 0) |
                                                       (wy && y < 0 ? B_T : 0) | (wy && y == h ? B_B : 0));
    /* Cells are numbered level by level, row by row (the octagons' small squares after
     * them, in rows one shorter). */
    amz_cell c = 0;
    for (int64_t z = 0; z < nz; z++)
        for (int64_t y = 0; y < h - (oct ? z : 0); y++)
            for (int64_t x = 0; x < w - (oct ? z : 0); x++, c++)
                b[bplace(&L, x, y, z)] =
                    (uint8_t)((grid_exists(m, c) ? B_EXISTS : 0) | (bits_get(wk->tree, (uint64_t)c) ? B_TREE : 0));
    amz_rng *rng = wk->rng;
    uint64_t in_tree = wk->in_tree;
    dir_bits db = {0, 0};
    /* A flat triangle grid: both parities lack a side (levels add up and down) */
    const bool tri = M == WALK_TRIANGLE && L.miss[0] >= 0 && L.miss[1] >= 0;
    /* one draw for both parities, with a closed form (not the octagon) */
    const bool fields = !oct && L.bits[0] == L.bits[1] && L.span[0] == L.span[1] && fields_closed(L.bits[0], L.span[0]);
    /* Walks start in cell order, as the general form's. */
    for (int64_t z = 0; z < nz; z++)
        for (int64_t y = 0; y < h - (oct ? z : 0); y++)
            for (int64_t x = 0; x < w - (oct ? z : 0); x++) {
                const int64_t u = bplace(&L, x, y, z);
                if ((b[u] & (B_TREE | B_EXISTS)) != B_EXISTS) /* in the tree, or no cell */
                    continue;
                const int par0 = bparity(M, x, y, z);
                if (tri)
                    walk_triangle(&L, b, u, par0, rng, &db);
                else if (fields)
                    walk_plain(&L, b, u, par0, rng, &db);
                else
                    walk_lattice(&L, b, u, par0, rng, &db);
                /* The loop-erased path joins the tree. */
                int par = par0;
                for (int64_t p = u; !(b[p] & B_TREE);) {
                    const int d = b[p] & B_DIR;
                    uint8_t v;
                    b[p] |= B_TREE;
                    in_tree++;
                    p = bstep(&L, b, p, par, d, &v);
                    par = L.next[par][d];
                }
            }
    /* Back into the walker: every cell that joined holds its exit, its parent. */
    c = 0;
    for (int64_t z = 0; z < nz; z++)
        for (int64_t y = 0; y < h - (oct ? z : 0); y++)
            for (int64_t x = 0; x < w - (oct ? z : 0); x++, c++) {
                const uint8_t v = b[bplace(&L, x, y, z)];
                if ((v & B_TREE) && !bits_get(wk->tree, (uint64_t)c)) {
                    bits_set(wk->tree, (uint64_t)c);
                    any_set_nib(wk->nib, c, v & B_DIR);
                }
            }
    wk->in_tree = in_tree;
    amz_free(b);
    return AMZ_OK;
}
