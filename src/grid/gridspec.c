/* gridspec.c — the grids amaze knows: topology names, directions, size syntax, the
 * rules a grid must keep (amz_grid_check) and what a grid costs. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/maze.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/topo.h"

/* Indexed by amz_topology; these names are the CLI's --topology values and the JSON
 * "topology" field, so they are part of the file formats. */
static const char *const topo_names[AMZ_TOPO_COUNT] = {"square", "hex", "triangle", "octagon", "polar"};

/* [topology][direction], numbered as in amaze/maze.h; NULL past a topology's last
 * direction, which is how amz_dir_name and amz_dir_opposite tell a direction exists.
 * Polar lists OUT1 .. OUT12 for the centre cell of the widest first ring allowed. */
static const char *const dir_names[AMZ_TOPO_COUNT][AMZ_MAX_DIRS] = {
    {"N", "E", "S", "W", "U", "D", "N2", "E2", "S2", "W2"},
    {"N", "NE", "SE", "S", "SW", "NW", "U", "D"},
    {"N", "E", "S", "W", "U", "D"},
    {"N", "NE", "E", "SE", "S", "SW", "W", "NW"},
    {"IN", "CW", "CCW", "OUT1", "OUT2", "OUT3", "OUT4", "OUT5", "OUT6", "OUT7", "OUT8", "OUT9", "OUT10",
     "OUT11", "OUT12"},
};

static bool topology_valid(amz_topology t)
{
    return (unsigned)t < AMZ_TOPO_COUNT;
}

/* Direction numbers in use and storage slots per cell on grid g (checked). The slot
 * counts are the owned edges of topo.h's grid_slot: square E S (+D, or +E2 S2 on a
 * weave), hex NE SE S (+D), triangle E S (+D), octagon E S SE SW, polar IN CW. Polar
 * numbers 3 + width directions because the centre cell has one OUT per first-ring cell. */
static void grid_dirs(const amz_grid *g, int *ndirs, int *bits)
{
    bool lv = g->levels > 1;
    switch (g->topology) {
    case AMZ_TOPO_SQUARE:
        *ndirs = g->weave ? 10 : lv ? 6 : 4;
        *bits = g->weave ? 4 : lv ? 3 : 2;
        return;
    case AMZ_TOPO_HEX:
        *ndirs = lv ? 8 : 6;
        *bits = lv ? 4 : 3;
        return;
    case AMZ_TOPO_TRIANGLE:
        *ndirs = lv ? 6 : 4;
        *bits = lv ? 3 : 2;
        return;
    case AMZ_TOPO_OCTAGON:
        *ndirs = 8;
        *bits = 4;
        return;
    case AMZ_TOPO_POLAR:
        *ndirs = AMZ_POLAR_OUT + (int)g->width;
        *bits = 2;
        return;
    }
    *ndirs = *bits = 0;
}

int amz_topology_ndirs(amz_topology t)
{
    /* Plain grids: no levels or weave; polar with its default 6-cell first ring. */
    static const int n[AMZ_TOPO_COUNT] = {4, 6, 4, 8, 9};
    return topology_valid(t) ? n[t] : 0;
}

const char *amz_topology_name(amz_topology t)
{
    return topology_valid(t) ? topo_names[t] : NULL;
}

amz_status amz_topology_parse(const char *name, amz_topology *out, amz_error *err)
{
    for (int t = 0; name && t < AMZ_TOPO_COUNT; t++)
        if (strcmp(name, topo_names[t]) == 0) {
            *out = (amz_topology)t;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown topology '%s' (expected square, hex, triangle, octagon or polar)",
                      name ? name : "");
}

int amz_dir_opposite(amz_topology t, int d)
{
    if (!topology_valid(t) || d < 0 || d >= AMZ_MAX_DIRS || !dir_names[t][d])
        return -1;
    /* Polar IN and OUTk have no fixed opposite: which OUT leads back depends on the
     * cell (amz_maze_back computes it), so only CW and CCW answer here. */
    if (t == AMZ_TOPO_POLAR && d != AMZ_POLAR_CW && d != AMZ_POLAR_CCW)
        return -1;
    return grid_opp[t][d];
}

const char *amz_dir_name(amz_topology t, int d)
{
    if (!topology_valid(t) || d < 0 || d >= AMZ_MAX_DIRS || !dir_names[t][d])
        return "?";
    return dir_names[t][d];
}

const char *amz_grid_size_syntax(amz_topology t)
{
    switch (t) {
    case AMZ_TOPO_POLAR: return "R[xC]";
    case AMZ_TOPO_OCTAGON: return "WxH";
    default: return "WxH[xL]";
    }
}

/* Strict decimal: digits only (no sign, space or "0x"), at most 19 of them. Range
 * is left to amz_grid_check, which names the limit; 0 parses here and is refused there. */
static bool parse_count(const char *s, size_t n, int64_t *out)
{
    if (n == 0 || n > 19)
        return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        if (v < ((int64_t)1 << 40)) /* past any side amz_grid_check takes: stop growing, no overflow */
            v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

amz_status amz_grid_parse_size(amz_topology t, const char *size, amz_grid *g, amz_error *err)
{
    /* Split on 'x' into at most three counts; an empty part ("20x", "x10", "20xx10")
     * or a fourth part makes ok false. The topology decides below how many it takes. */
    int64_t v[3] = {0, 0, 0};
    int k = 0;
    const char *p = size ? size : "";
    bool ok = *p != '\0';
    while (ok && *p) {
        const char *x = strchr(p, 'x');
        size_t n = x ? (size_t)(x - p) : strlen(p);
        ok = k < 3 && parse_count(p, n, &v[k++]);
        p += n;
        if (x) {
            p++;
            ok = ok && *p;
        }
    }
    if (!topology_valid(t))
        return amz_errorf(err, AMZ_EINVAL, "unknown topology %d", (int)t);
    bool levels = t == AMZ_TOPO_SQUARE || t == AMZ_TOPO_HEX || t == AMZ_TOPO_TRIANGLE;
    if (t == AMZ_TOPO_POLAR) {
        if (!ok || k > 2)
            return amz_errorf(err, AMZ_EINVAL,
                              "'%s' is not a size: expected RINGS or RINGSxFIRST (cells in the first ring), like 10 "
                              "or 10x8", size);
        g->height = v[0];
        g->width = k == 2 ? v[1] : 6;
        return AMZ_OK;
    }
    if (!ok || k < 2 || (k == 3 && !levels))
        return amz_errorf(err, AMZ_EINVAL, "'%s' is not a size: expected WIDTHxHEIGHT%s, like 20x10", size,
                          levels ? " or WIDTHxHEIGHTxLEVELS" : "");
    g->width = v[0];
    g->height = v[1];
    if (k == 3)
        /* levels is 32-bit: clamp to just past the limit rather than truncate, so
         * amz_grid_check refuses a huge value instead of seeing a wrapped small one. */
        g->levels = v[2] > AMZ_MAX_LEVELS ? AMZ_MAX_LEVELS + 1 : (int32_t)v[2];
    return AMZ_OK;
}

int amz_grid_format_size(const amz_grid *g, char *out, size_t cap)
{
    /* The inverse of amz_grid_parse_size: the shortest text that parses back to g
     * (polar's default first ring of 6 is left out). */
    if (g->topology == AMZ_TOPO_POLAR)
        return g->width == 6 ? snprintf(out, cap, "%" PRId64, g->height)
                             : snprintf(out, cap, "%" PRId64 "x%" PRId64, g->height, g->width);
    if (g->levels > 1)
        return snprintf(out, cap, "%" PRId64 "x%" PRId64 "x%d", g->width, g->height, (int)g->levels);
    return snprintf(out, cap, "%" PRId64 "x%" PRId64, g->width, g->height);
}

/* The wrapped side rule: n cells wrap when n >= min (and n is even if `even`). Parity:
 * hex columns alternate their offset and triangles alternate up and down, so an odd
 * count would join two cells of the same kind across the seam. The minimum is the
 * smallest n at which a cell's steps along the axis (±1, and ±2 on a weave) all reach
 * different cells: with fewer, E and W (or E2 and W2) would be one neighbour twice. */
static amz_status check_wrap(const amz_grid *g, char axis, int64_t n, int64_t min, bool even, amz_error *err)
{
    const char *t = topo_names[g->topology];
    if (even && n % 2)
        return amz_errorf(err, AMZ_EINVAL,
                          "--wrap %c on a %s grid needs an even %s (%" PRId64 " cells cannot alternate around)",
                          axis, t, axis == 'x' ? "width" : "height", n);
    if (n < min)
        return amz_errorf(err, AMZ_ERANGE, "--wrap %c on a %s%s grid needs a %s of at least %" PRId64 " (not %" PRId64 ")",
                          axis, g->weave ? "weave " : "", t, axis == 'x' ? "width" : "height", min, n);
    return AMZ_OK;
}

amz_status amz_grid_check(amz_grid *g, amz_error *err)
{
    if (!topology_valid(g->topology))
        return amz_errorf(err, AMZ_EINVAL, "unknown topology %d", (int)g->topology);
    const amz_topology t = g->topology;
    const char *tn = topo_names[t];
    bool rect = t != AMZ_TOPO_POLAR;
    /* The one field it fills in: a zeroed amz_grid means a flat grid. */
    if (g->levels == 0)
        g->levels = 1;
    if (g->levels < 1 || g->levels > AMZ_MAX_LEVELS)
        return amz_errorf(err, AMZ_ERANGE, "%d levels: a maze has 1 to %d", (int)g->levels, AMZ_MAX_LEVELS);
    if (g->levels > 1 && t != AMZ_TOPO_SQUARE && t != AMZ_TOPO_HEX && t != AMZ_TOPO_TRIANGLE)
        return amz_errorf(err, AMZ_EINVAL, "levels work on square, hex and triangle grids, not %s", tn);
    if (g->wrap & ~(AMZ_WRAP_X | AMZ_WRAP_Y))
        return amz_errorf(err, AMZ_EINVAL, "unknown wrap flags 0x%x", g->wrap);
    if (g->wrap && !(t == AMZ_TOPO_SQUARE || t == AMZ_TOPO_HEX || t == AMZ_TOPO_TRIANGLE))
        return amz_errorf(err, AMZ_EINVAL, "--wrap works on square, hex and triangle grids, not %s%s", tn,
                          t == AMZ_TOPO_POLAR ? " (its rings already close on themselves)" : "");
    if (g->weave && t != AMZ_TOPO_SQUARE)
        return amz_errorf(err, AMZ_EINVAL, "--weave works on square grids only, not %s", tn);
    if (g->weave && g->levels > 1)
        return amz_errorf(err, AMZ_EINVAL, "--weave and --levels do not go together (a weave is flat)");
    if (!rect) {
        if (g->height < 1 || g->height > AMZ_MAX_SIDE)
            return amz_errorf(err, AMZ_ERANGE, "%" PRId64 " rings: a polar maze has 1 to %d", g->height, AMZ_MAX_SIDE);
        if (g->width < 3 || g->width > AMZ_POLAR_MAX_FIRST)
            return amz_errorf(err, AMZ_ERANGE, "%" PRId64 " cells in the first ring: polar mazes take 3 to %d",
                              g->width, AMZ_POLAR_MAX_FIRST);
    } else {
        if (g->width < 1 || g->height < 1)
            return amz_errorf(err, AMZ_ERANGE, "size %" PRId64 "x%" PRId64 ": width and height must be at least 1",
                              g->width, g->height);
        if (g->width > AMZ_MAX_SIDE || g->height > AMZ_MAX_SIDE)
            return amz_errorf(err, AMZ_ERANGE, "size %" PRId64 "x%" PRId64 ": width and height must be at most %d",
                              g->width, g->height, AMZ_MAX_SIDE);
        /* A one-column triangle grid's cells have no E or W, and each has only one of N
         * and S, so its rows would fall into pairs with no path between them. */
        if (t == AMZ_TOPO_TRIANGLE && g->width < 2 && g->height > 1)
            return amz_errorf(err, AMZ_ERANGE,
                              "a triangle grid needs a width of at least 2 (one column of triangles falls apart)");
        /* In x, hex and triangle need even widths (so 4 is their smallest above 3).
         * In y only triangle alternates (up/down rows), and since a triangle has just
         * one vertical neighbour, 2 rows already wrap cleanly. */
        bool parity = t != AMZ_TOPO_SQUARE;
        int64_t min = g->weave ? 5 : parity ? 4 : 3;
        amz_status st;
        if ((g->wrap & AMZ_WRAP_X) && (st = check_wrap(g, 'x', g->width, min, parity, err)))
            return st;
        if ((g->wrap & AMZ_WRAP_Y) &&
            (st = check_wrap(g, 'y', g->height, t == AMZ_TOPO_TRIANGLE ? 2 : g->weave ? 5 : 3,
                             t == AMZ_TOPO_TRIANGLE, err)))
            return st;
    }
    /* Last, because the count is only meaningful once the sides are in range; 0 is
     * amz_grid_cells' answer for "more than AMZ_MAX_CELLS". */
    if (amz_grid_cells(g) == 0) {
        char size[64];
        amz_grid_format_size(g, size, sizeof size);
        return amz_errorf(err, AMZ_ERANGE, "size %s: more than the %" PRId64 " cells a maze may have", size,
                          (int64_t)AMZ_MAX_CELLS);
    }
    return AMZ_OK;
}

/* Works on unchecked grids too (amz_grid_check calls it): every product is checked, and
 * 0 means "invalid or too many cells", never a real count. */
amz_cell amz_grid_cells(const amz_grid *g)
{
    uint64_t n, plane;
    if (g->topology == AMZ_TOPO_POLAR) {
        struct amz_rings r;
        if (g->height < 1 || g->height > AMZ_MAX_SIDE || g->width < 3 || g->width > AMZ_POLAR_MAX_FIRST)
            return 0;
        /* Ring sizes double in bands, so the count has no closed form worth keeping in
         * step with polar.c: build the table on the stack and take its total. */
        return grid_rings_build(&r, (int32_t)g->height, (int32_t)g->width, AMZ_MAX_CELLS);
    }
    if (g->width < 1 || g->height < 1 || g->width > AMZ_MAX_SIDE || g->height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)g->width, (uint64_t)g->height, &plane))
        return 0;
    /* Octagons: the w x h octagons plus the (w-1) x (h-1) small squares between them. */
    if (g->topology == AMZ_TOPO_OCTAGON) {
        if (!ck_add_u64(plane, (uint64_t)(g->width - 1) * (uint64_t)(g->height - 1), &n))
            return 0;
    } else if (!ck_mul_u64(plane, (uint64_t)(g->levels > 1 ? g->levels : 1), &n)) {
        return 0;
    }
    return n > (uint64_t)AMZ_MAX_CELLS ? 0 : (amz_cell)n;
}

/* Shared with maze.c: the derived fields of a checked grid. */
void grid_shape_of(const amz_grid *g, int *ndirs, int *bits)
{
    grid_dirs(g, ndirs, bits);
}

uint64_t amz_grid_memory_estimate(const amz_grid *g)
{
    /* On a copy: the estimate must not fill in the caller's defaults. UINT64_MAX means
     * "cannot be made", which any memory limit refuses. Counted: the passage bits, the
     * maze struct and a polar ring table. */
    amz_grid c = *g;
    size_t bytes;
    int nd, bits;
    if (amz_grid_check(&c, NULL) != AMZ_OK)
        return UINT64_MAX;
    grid_dirs(&c, &nd, &bits);
    if (!ck_bits_to_bytes((uint64_t)amz_grid_cells(&c), (unsigned)bits, &bytes))
        return UINT64_MAX;
    return (uint64_t)bytes + sizeof(amz_maze) + (c.topology == AMZ_TOPO_POLAR ? sizeof(struct amz_rings) : 0);
}

uint64_t amz_maze_memory_estimate(amz_topology t, int64_t width, int64_t height)
{
    amz_grid g = {t, width, height, 1, 0, false};
    return amz_grid_memory_estimate(&g);
}
