/* topo.h — the general topology interface: every grid amaze knows (square, hex,
 * triangle, octagon, polar; levels, wrap-around, weave) seen the same way.
 *
 * A cell is located once (grid_locate: its column, row, level, or polar ring and
 * index), then each of its directions is stepped from that location (grid_step_at), so
 * a loop over all of a cell's neighbours pays one division, not one per direction.
 * Edge ownership is a table per topology: grid_slot[t][d] is the slot of c's own edge
 * in direction d, or -1 when the neighbour owns it (in the opposite direction, whose
 * slot the table also gives: polar OUTk's opposite for storage is IN).
 *
 * Layouts and numbering are specified in include/amaze/maze.h. Plain grids (flat
 * square and hex without wrap or weave) also have the faster arithmetic of grid.h;
 * everything here is correct for them too. */
#ifndef AMZ_GRID_TOPO_H
#define AMZ_GRID_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "core/bits.h"
#include "core/inline.h"

/* The polar ring table: runs ("bands") of consecutive rings with the same number of
 * cells. Band 0 is the centre; band 1 starts at ring 1 with `width` cells; each later
 * band has twice the cells of the one before. */
#define GRID_MAX_BANDS 48
typedef struct grid_band {
    int32_t ring0, nrings; /* first ring, rings in the band */
    int64_t n;             /* cells per ring */
    amz_cell cell0;        /* first cell of ring0 */
} grid_band;

struct amz_rings {
    int32_t nbands;
    grid_band band[GRID_MAX_BANDS];
};

/* Builds the ring table of `rings` rings with `first` cells in ring 1 into r; the
 * total number of cells, or 0 when it exceeds `limit` (grid/polar.c). */
amz_cell grid_rings_build(struct amz_rings *r, int32_t rings, int32_t first, amz_cell limit);
/* Writes "x,y" (or "x,y,z" with levels or for an octagon grid's small square) of cell c
 * (maze.c); snprintf's return. */
int grid_cell_coords(const amz_maze *m, amz_cell c, char *out, size_t cap);
/* Direction numbers in use and storage slots per cell of a checked grid (gridspec.c). */
void grid_shape_of(const amz_grid *g, int *ndirs, int *bits);

/* Storage slot of an owned direction, -1 where the neighbour owns the edge
 * ([topology][direction]); opposite directions for storage and back moves (polar IN
 * has none: its way back depends on the cell). */
static const int8_t grid_slot[AMZ_TOPO_COUNT][AMZ_MAX_DIRS] = {
    /* square: E S, D (levels) or E2 S2 (weave) */
    {-1, 0, 1, -1, -1, 2, -1, 2, 3, -1, -1, -1, -1, -1, -1, -1},
    /* hex: NE SE S, D */
    {-1, 0, 1, 2, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1, -1, -1},
    /* triangle: E S, D */
    {-1, 0, 1, -1, -1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    /* octagon: E S SE SW */
    {-1, -1, 0, 2, 1, 3, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    /* polar: IN CW */
    {0, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
};
static const int8_t grid_opp[AMZ_TOPO_COUNT][AMZ_MAX_DIRS] = {
    {2, 3, 0, 1, 5, 4, 8, 9, 6, 7, -1, -1, -1, -1, -1, -1},
    {3, 4, 5, 0, 1, 2, 7, 6, -1, -1, -1, -1, -1, -1, -1, -1},
    {2, 3, 0, 1, 5, 4, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {4, 5, 6, 7, 0, 1, 2, 3, -1, -1, -1, -1, -1, -1, -1, -1},
    {-1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
};

/* Where a cell is: x, y, z for the rectangular grids (z = 1 marks an octagon grid's
 * small square), ring and index for polar (band its ring's band). */
typedef struct grid_at {
    int32_t x, y, z;
    int32_t ring, band;
    int64_t i, n; /* polar: index in the ring and the ring's cells */
} grid_at;

/* Bits that hold a direction number below ndirs (a stored path's move). */
static inline unsigned grid_dir_bits(int ndirs)
{
    unsigned b = 1;
    while ((1 << b) < ndirs)
        b++;
    return b;
}

static inline bool grid_exists(const amz_maze *m, amz_cell c)
{
    return !m->mask || bits_get(m->mask, (uint64_t)c);
}

static ALWAYS_INLINE void grid_locate(const amz_maze *m, amz_cell c, grid_at *a)
{
    if (m->topology == AMZ_TOPO_POLAR) {
        const struct amz_rings *r = m->rings;
        int b = r->nbands - 1;
        while (c < r->band[b].cell0)
            b--;
        int64_t off = c - r->band[b].cell0, n = r->band[b].n;
        a->band = b;
        a->ring = r->band[b].ring0 + (int32_t)(off / n);
        a->i = off % n;
        a->n = n;
        a->x = (int32_t)a->i;
        a->y = a->ring;
        a->z = 0;
        return;
    }
    a->ring = a->band = 0;
    a->i = a->n = 0;
    const int64_t w = m->width, plane = w * m->height;
    amz_cell p = c;
    a->z = 0;
    if (m->topology == AMZ_TOPO_OCTAGON && c >= plane) {
        p = c - plane;
        a->z = 1;
        a->x = (int32_t)(p % (w - 1));
        a->y = (int32_t)(p / (w - 1));
        return;
    }
    if (m->levels > 1) {
        a->z = (int32_t)(c / plane);
        p = c - (int64_t)a->z * plane;
    }
    a->x = (int32_t)(p % w);
    a->y = (int32_t)(p / w);
}

/* The place of cell c + 1 from a, the place of c (c + 1 a cell of m): what grid_locate
 * gives, without its divisions, for loops over every cell in order. */
static ALWAYS_INLINE void grid_place_next(const amz_maze *m, grid_at *a)
{
    if (m->topology == AMZ_TOPO_POLAR) {
        if (++a->i == a->n) {
            const grid_band *b = &m->rings->band[a->band];
            a->i = 0;
            if (++a->ring == b->ring0 + b->nrings)
                a->n = m->rings->band[++a->band].n;
        }
        a->x = (int32_t)a->i;
        a->y = a->ring;
        return;
    }
    const int32_t oct = m->topology == AMZ_TOPO_OCTAGON ? a->z : 0; /* a small square's rows are shorter */
    if (++a->x < m->width - oct)
        return;
    a->x = 0;
    if (++a->y < m->height - oct)
        return;
    a->y = 0;
    a->z++;
}

/* x + dx in 0 .. n-1, wrapping when `wrap`; false when it leaves the grid. */
static ALWAYS_INLINE bool grid_move1(int32_t *x, int dx, int32_t n, bool wrap)
{
    int32_t v = *x + dx;
    if (v < 0 || v >= n) {
        if (!wrap)
            return false;
        v += v < 0 ? n : -n;
    }
    *x = v;
    return true;
}

static ALWAYS_INLINE amz_cell grid_cell_of(const amz_maze *m, int32_t x, int32_t y, int32_t z)
{
    return ((int64_t)z * m->height + y) * m->width + x;
}

/* The step helpers below take `out`: NULL, or where to write the neighbour's place when
 * there is one (a walk carries its place from step to step instead of locating each
 * cell again; inlined with NULL, the writes vanish). */

/* Rectangular grids (square, hex, triangle): the neighbour at column/row offsets. */
static ALWAYS_INLINE amz_cell grid_rect_step(const amz_maze *m, const grid_at *a, int dx, int dy, grid_at *out)
{
    int32_t x = a->x, y = a->y;
    if (!grid_move1(&x, dx, m->width, m->wrap & AMZ_WRAP_X) || !grid_move1(&y, dy, m->height, m->wrap & AMZ_WRAP_Y))
        return AMZ_NO_CELL;
    if (out) {
        *out = *a;
        out->x = x;
        out->y = y;
    }
    return grid_cell_of(m, x, y, a->z);
}

/* A level step: U (+1) or D (-1). */
static ALWAYS_INLINE amz_cell grid_level_step(const amz_maze *m, amz_cell c, const grid_at *a, int dz, grid_at *out)
{
    int32_t z = a->z + dz;
    if (z < 0 || z >= m->levels)
        return AMZ_NO_CELL;
    if (out) {
        *out = *a;
        out->z = z;
    }
    return c + (int64_t)dz * m->width * m->height;
}

static ALWAYS_INLINE amz_cell grid_polar_ring_step(const amz_maze *m, amz_cell c, const grid_at *a, int d)
{
    const struct amz_rings *r = m->rings;
    const grid_band *b = &r->band[a->band];
    if (a->ring == 0)
        return d >= AMZ_POLAR_OUT && d < AMZ_POLAR_OUT + m->width && m->height > 1 ? 1 + (d - AMZ_POLAR_OUT)
                                                                                  : AMZ_NO_CELL;
    const amz_cell start = c - a->i; /* first cell of this ring */
    switch (d) {
    case AMZ_POLAR_IN:
        if (a->ring == 1)
            return 0;
        if (a->ring == b->ring0) /* first ring of its band: the ring inside has half the cells */
            return start - a->n / 2 + a->i / 2;
        return start - a->n + a->i;
    case AMZ_POLAR_CW: return a->i + 1 < a->n ? c + 1 : start;
    case AMZ_POLAR_CCW: return a->i > 0 ? c - 1 : start + a->n - 1;
    case AMZ_POLAR_OUT:
    case AMZ_POLAR_OUT + 1: {
        if (a->ring + 1 >= m->height)
            return AMZ_NO_CELL;
        bool split = a->ring == b->ring0 + b->nrings - 1; /* the next ring doubles */
        if (!split)
            return d == AMZ_POLAR_OUT ? start + a->n + a->i : AMZ_NO_CELL;
        return start + a->n + 2 * a->i + (d - AMZ_POLAR_OUT);
    }
    default: return AMZ_NO_CELL;
    }
}

static ALWAYS_INLINE amz_cell grid_polar_step(const amz_maze *m, amz_cell c, const grid_at *a, int d, grid_at *out)
{
    amz_cell n = grid_polar_ring_step(m, c, a, d);
    if (out && n != AMZ_NO_CELL) {
        if (a->ring && (d == AMZ_POLAR_CW || d == AMZ_POLAR_CCW)) { /* along the ring */
            *out = *a;
            out->i = out->x = (int32_t)(n - (c - a->i));
        } else {
            grid_locate(m, n, out);
        }
    }
    return n;
}

static ALWAYS_INLINE amz_cell grid_octagon_step(const amz_maze *m, const grid_at *a, int d, grid_at *out)
{
    /* [direction]: column and row offsets from an octagon to an octagon (N E S W) or to
     * a small square (NE SE SW NW, in square coordinates), and from a small square to
     * the octagons on its diagonals. */
    static const int8_t ox[8] = {0, 0, 1, 0, 0, -1, -1, -1}, oy[8] = {-1, -1, 0, 0, 1, 0, 0, -1};
    static const int8_t sx[8] = {0, 1, 0, 1, 0, 0, 0, 0}, sy[8] = {0, 0, 0, 1, 0, 1, 0, 0};
    const int32_t w = m->width, h = m->height;
    const int64_t plane = (int64_t)w * h;
    if (!out) {
        if (a->z) /* a small square */
            return d & 1 ? (int64_t)(a->y + sy[d]) * w + a->x + sx[d] : AMZ_NO_CELL;
        int32_t x = a->x + ox[d], y = a->y + oy[d];
        if (!(d & 1))
            return x < 0 || x >= w || y < 0 || y >= h ? AMZ_NO_CELL : (int64_t)y * w + x;
        return x < 0 || x >= w - 1 || y < 0 || y >= h - 1 ? AMZ_NO_CELL : plane + (int64_t)y * (w - 1) + x;
    }
    /* the same, with the place of the neighbour */
    *out = *a;
    if (a->z) {
        if (!(d & 1))
            return AMZ_NO_CELL;
        out->x = a->x + sx[d];
        out->y = a->y + sy[d];
        out->z = 0;
        return (int64_t)out->y * w + out->x;
    }
    const int32_t x = a->x + ox[d], y = a->y + oy[d], z = d & 1;
    out->x = x;
    out->y = y;
    out->z = z;
    if (x < 0 || x >= w - z || y < 0 || y >= h - z)
        return AMZ_NO_CELL;
    return z ? plane + (int64_t)y * (w - 1) + x : (int64_t)y * w + x;
}

/* The neighbour of c (located at a) in direction d, mask ignored; AMZ_NO_CELL if none;
 * its place in *out unless out is NULL. */
static ALWAYS_INLINE amz_cell grid_step_loc(const amz_maze *m, amz_cell c, const grid_at *a, int d, grid_at *out)
{
    switch (m->topology) {
    case AMZ_TOPO_SQUARE:
        switch (d) {
        case AMZ_SQ_N: return grid_rect_step(m, a, 0, -1, out);
        case AMZ_SQ_E: return grid_rect_step(m, a, 1, 0, out);
        case AMZ_SQ_S: return grid_rect_step(m, a, 0, 1, out);
        case AMZ_SQ_W: return grid_rect_step(m, a, -1, 0, out);
        case AMZ_SQ_U: return m->levels > 1 ? grid_level_step(m, c, a, 1, out) : AMZ_NO_CELL;
        case AMZ_SQ_D: return m->levels > 1 ? grid_level_step(m, c, a, -1, out) : AMZ_NO_CELL;
        case AMZ_SQ_N2: return m->weave ? grid_rect_step(m, a, 0, -2, out) : AMZ_NO_CELL;
        case AMZ_SQ_E2: return m->weave ? grid_rect_step(m, a, 2, 0, out) : AMZ_NO_CELL;
        case AMZ_SQ_S2: return m->weave ? grid_rect_step(m, a, 0, 2, out) : AMZ_NO_CELL;
        case AMZ_SQ_W2: return m->weave ? grid_rect_step(m, a, -2, 0, out) : AMZ_NO_CELL;
        default: return AMZ_NO_CELL;
        }
    case AMZ_TOPO_HEX: {
        static const int8_t dx[6] = {0, 1, 1, 0, -1, -1};
        static const int8_t dy[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}};
        if (d < 6)
            return grid_rect_step(m, a, dx[d], dy[a->x & 1][d], out);
        if (d == AMZ_HEX_U || d == AMZ_HEX_D)
            return m->levels > 1 ? grid_level_step(m, c, a, d == AMZ_HEX_U ? 1 : -1, out) : AMZ_NO_CELL;
        return AMZ_NO_CELL;
    }
    case AMZ_TOPO_TRIANGLE: {
        bool up = !((a->x + a->y) & 1);
        switch (d) {
        case AMZ_TRI_N: return up ? AMZ_NO_CELL : grid_rect_step(m, a, 0, -1, out);
        case AMZ_TRI_E: return grid_rect_step(m, a, 1, 0, out);
        case AMZ_TRI_S: return up ? grid_rect_step(m, a, 0, 1, out) : AMZ_NO_CELL;
        case AMZ_TRI_W: return grid_rect_step(m, a, -1, 0, out);
        case AMZ_TRI_U: return m->levels > 1 ? grid_level_step(m, c, a, 1, out) : AMZ_NO_CELL;
        case AMZ_TRI_D: return m->levels > 1 ? grid_level_step(m, c, a, -1, out) : AMZ_NO_CELL;
        default: return AMZ_NO_CELL;
        }
    }
    case AMZ_TOPO_OCTAGON: return d < 8 ? grid_octagon_step(m, a, d, out) : AMZ_NO_CELL;
    case AMZ_TOPO_POLAR: return grid_polar_step(m, c, a, d, out);
    }
    return AMZ_NO_CELL;
}

static ALWAYS_INLINE amz_cell grid_step_at(const amz_maze *m, amz_cell c, const grid_at *a, int d)
{
    return grid_step_loc(m, c, a, d, NULL);
}

/* The neighbour of c in direction d, mask ignored. */
static inline amz_cell grid_nb_raw(const amz_maze *m, amz_cell c, int d)
{
    grid_at a;
    grid_locate(m, c, &a);
    return grid_step_at(m, c, &a, d);
}

/* Every neighbour of existing cell c: nb[d] for d < m->ndirs (AMZ_NO_CELL where there
 * is none or it is removed). Returns m->ndirs. */
/* The directions 0 .. span-1 hold every neighbour the cell at a may have on m; the
 * topology's later directions are unused here (no levels, no weave; polar cells off
 * the centre have IN, CW, CCW and at most two OUTs, the centre one OUT per first-ring
 * cell). Loops over neighbours stop there. */
static ALWAYS_INLINE int grid_span_at(const amz_maze *m, const grid_at *a)
{
    const bool lv = m->levels > 1;
    switch (m->topology) {
    case AMZ_TOPO_SQUARE: return m->weave ? m->ndirs : lv ? AMZ_SQ_D + 1 : AMZ_SQ_W + 1;
    case AMZ_TOPO_HEX: return lv ? AMZ_HEX_D + 1 : AMZ_HEX_U;
    case AMZ_TOPO_TRIANGLE: return lv ? AMZ_TRI_D + 1 : AMZ_TRI_W + 1;
    case AMZ_TOPO_POLAR: return a->ring == 0 ? AMZ_POLAR_OUT + (int)m->width : AMZ_POLAR_OUT + 2;
    default: return m->ndirs;
    }
}

/* c's existing neighbours, nb[d] for every direction d (AMZ_NO_CELL where none), with
 * c's place in *a; returns m->ndirs. */
static ALWAYS_INLINE int grid_nbrs_at(const amz_maze *m, amz_cell c, amz_cell *nb, grid_at *a)
{
    grid_locate(m, c, a);
    const int span = grid_span_at(m, a);
    for (int d = 0; d < span; d++) {
        amz_cell n = grid_step_at(m, c, a, d);
        nb[d] = n != AMZ_NO_CELL && grid_exists(m, n) ? n : AMZ_NO_CELL;
    }
    for (int d = span; d < AMZ_MAX_DIRS; d++) /* every entry set: callers' arrays are AMZ_MAX_DIRS long */
        nb[d] = AMZ_NO_CELL;
    return m->ndirs;
}

static ALWAYS_INLINE int grid_nbrs(const amz_maze *m, amz_cell c, amz_cell *nb)
{
    grid_at a;
    return grid_nbrs_at(m, c, nb, &a);
}

/* Bit index of the edge between c and its neighbour nb in direction d (any grid). */
static ALWAYS_INLINE uint64_t grid_edge(const amz_maze *m, amz_cell c, int d, amz_cell nb)
{
    int s = grid_slot[m->topology][d];
    if (s >= 0)
        return (uint64_t)c * (uint64_t)m->bits + (uint64_t)s;
    const int o = grid_opp[m->topology][d]; /* the owner's direction: every unowned d has one */
    return (uint64_t)nb * (uint64_t)m->bits + (uint64_t)(o >= 0 ? grid_slot[m->topology][o] : 0);
}

/* The direction from nb (c's neighbour in direction d, c located at a) back to c. */
static ALWAYS_INLINE int grid_back_at(const amz_maze *m, const grid_at *a, int d)
{
    if (m->topology != AMZ_TOPO_POLAR || d != AMZ_POLAR_IN)
        return grid_opp[m->topology][d];
    if (a->ring == 1)
        return AMZ_POLAR_OUT + (int)a->i;
    const grid_band *b = &m->rings->band[a->band];
    return AMZ_POLAR_OUT + (a->ring == b->ring0 ? (int)(a->i & 1) : 0);
}

static inline int grid_back(const amz_maze *m, amz_cell c, int d)
{
    if (m->topology != AMZ_TOPO_POLAR || d != AMZ_POLAR_IN)
        return grid_opp[m->topology][d];
    grid_at a;
    grid_locate(m, c, &a);
    return grid_back_at(m, &a, d);
}

/* Full neighbour lookup (mask included) for code that is not performance critical. */
static inline amz_cell grid_neighbor(const amz_maze *m, amz_cell c, int d)
{
    amz_cell nb = grid_nb_raw(m, c, d);
    if (nb == AMZ_NO_CELL || !grid_exists(m, nb))
        return AMZ_NO_CELL;
    return nb;
}

/* True when the edge of existing cell c in direction d is open. */
static inline bool grid_open(const amz_maze *m, amz_cell c, int d)
{
    amz_cell nb = grid_neighbor(m, c, d);
    return nb != AMZ_NO_CELL && bits_get(m->passages, grid_edge(m, c, d, nb));
}

/* Open directions of existing cell c (bit d for direction d), any grid. */
static inline unsigned grid_open_mask(const amz_maze *m, amz_cell c)
{
    amz_cell nb[AMZ_MAX_DIRS];
    unsigned open = 0;
    int nd = grid_nbrs(m, c, nb);
    for (int d = 0; d < nd; d++)
        if (nb[d] != AMZ_NO_CELL && bits_get(m->passages, grid_edge(m, c, d, nb[d])))
            open |= 1u << d;
    return open;
}

/* A weave crossing: cell c whose open edges are exactly N and S or exactly E and W, so a
 * passage may run under it the other way. */
static inline bool grid_straight(unsigned open, int axis_ns)
{
    return axis_ns ? open == ((1u << AMZ_SQ_N) | (1u << AMZ_SQ_S)) : open == ((1u << AMZ_SQ_E) | (1u << AMZ_SQ_W));
}

#endif
