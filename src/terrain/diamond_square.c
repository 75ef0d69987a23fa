/* diamond_square.c — diamond-square height fields of any size, plain or wrapped.
 * Fournier, Fussell & Carpenter, "Computer rendering of stochastic models" (CACM 1982)
 * and Miller, "The definition and rendering of terrain maps" (SIGGRAPH 1986), extended
 * from 2^n+1 squares to any size by subdividing an irregular lattice: each axis keeps a
 * sorted list of breakpoints whose gaps differ by at most one, and every gap of 2 or
 * more is split at its midpoint per level. On 2^n+1 (plain) and 2^n (wrapped) squares
 * this is exactly the classic algorithm. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/terrain.h"
#include "core/error.h"
#include "core/rng_inline.h"

/* One axis of the lattice. b[0..n] are the breakpoints in increasing order; on a
 * wrapped axis b[n] == size stands for coordinate 0 (the torus closes). mid[i] is the
 * midpoint of gap i at the current level, or -1 if the gap is 1 and cannot split. */
typedef struct axis {
    int32_t size;
    bool wrap;
    int32_t n;
    int32_t *b, *mid, *scratch;
    bool splits; /* some gap splits at this level */
} axis;

static void axis_start(axis *a, int32_t extent, int32_t spacing)
{
    if (extent == 0) {
        a->n = 0;
        a->b[0] = 0;
        return;
    }
    int32_t n = (int32_t)((2 * (int64_t)extent + spacing) / (2 * (int64_t)spacing));
    a->n = n < 1 ? 1 : n;
    for (int32_t i = 0; i <= a->n; i++)
        a->b[i] = (int32_t)((int64_t)i * extent / a->n);
}

static void axis_mids(axis *a)
{
    a->splits = false;
    for (int32_t i = 0; i < a->n; i++) {
        int32_t len = a->b[i + 1] - a->b[i];
        a->mid[i] = len >= 2 ? a->b[i] + len / 2 : -1;
        a->splits |= len >= 2;
    }
}

/* Inserts this level's midpoints into the breakpoints. */
static void axis_refine(axis *a)
{
    int32_t k = 0;
    for (int32_t i = 0; i < a->n; i++) {
        a->scratch[k++] = a->b[i];
        if (a->mid[i] >= 0)
            a->scratch[k++] = a->mid[i];
    }
    a->scratch[k] = a->b[a->n];
    memcpy(a->b, a->scratch, (size_t)(k + 1) * sizeof *a->b);
    a->n = k;
}

/* Coordinate b[i] as an array index: the closing breakpoint of a wrapped axis is 0. */
static inline int32_t at(const axis *a, int32_t i)
{
    int32_t v = a->b[i];
    return v == a->size ? 0 : v;
}

/* Gap index before breakpoint i (-1 if none). */
static inline int32_t gap_before(const axis *a, int32_t i)
{
    return i > 0 ? i - 1 : (a->wrap ? a->n - 1 : -1);
}

/* Breakpoints that are distinct points: a wrapped axis's last one repeats the first. */
static inline int32_t points(const axis *a)
{
    return a->wrap ? a->n : a->n + 1;
}

/* Uniform integer noise in [-amp, amp]. */
static inline int32_t noise(amz_rng *r, uint32_t amp)
{
    return (int32_t)rng_below_nz(r, 2 * amp + 1) - (int32_t)amp;
}

amz_status amz_terrain_diamond_square(int32_t *out, int32_t width, int32_t height, double roughness, bool wrap,
                                      amz_rng *rng, amz_error *err)
{
    if (width < 1 || height < 1 || width > AMZ_TERRAIN_MAX_SIDE || height > AMZ_TERRAIN_MAX_SIDE)
        return amz_errorf(err, AMZ_ERANGE, "map size %dx%d: sides must be 1 to %d", width, height,
                          AMZ_TERRAIN_MAX_SIDE);
    if (!(roughness > 0.0 && roughness <= 1.0))
        return amz_errorf(err, AMZ_ERANGE, "roughness %g is outside (0, 1]", roughness);
    axis ax = {width, wrap, 0, NULL, NULL, NULL, false}, ay = {height, wrap, 0, NULL, NULL, NULL, false};
    /* Three arrays of size+2 per axis: breakpoints, midpoints, scratch. */
    int32_t *mem = amz_malloc(3 * ((size_t)width + 2 + (size_t)height + 2) * sizeof *mem);
    if (!mem)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for a %dx%d lattice", width, height);
    ax.b = mem;
    ax.mid = ax.b + width + 2;
    ax.scratch = ax.mid + width + 2;
    ay.b = ax.scratch + width + 2;
    ay.mid = ay.b + height + 2;
    ay.scratch = ay.mid + height + 2;

    /* Coarse lattice with roughly square cells: spacing is the shorter extent, but at
     * most 8 gaps along the longer one so that strips still get large features. */
    int32_t ex = wrap ? width : width - 1, ey = wrap ? height : height - 1;
    int32_t lo = ex < ey ? ex : ey, hi = ex < ey ? ey : ex;
    int32_t spacing = lo > (hi + 7) / 8 ? lo : (hi + 7) / 8;
    if (spacing < 1)
        spacing = 1;
    axis_start(&ax, ex, spacing);
    axis_start(&ay, ey, spacing);

    const size_t w = (size_t)width;
#define H(x, y) out[(size_t)(y)*w + (size_t)(x)]
    double amp = AMZ_TERRAIN_AMPLITUDE;
    for (int32_t j = 0; j < points(&ay); j++)
        for (int32_t i = 0; i < points(&ax); i++)
            H(at(&ax, i), at(&ay, j)) = noise(rng, (uint32_t)amp);

    for (;;) {
        axis_mids(&ax);
        axis_mids(&ay);
        if (!ax.splits && !ay.splits)
            break;
        /* amp only ever shrinks (roughness <= 1), so it stays within uint32 noise; the
         * product is exact IEEE arithmetic, the same on every machine. */
        amp *= roughness;
        uint32_t a = (uint32_t)amp;

        /* Square step: the centre of every cell split both ways. */
        for (int32_t j = 0; j < ay.n; j++) {
            int32_t my = ay.mid[j];
            if (my < 0)
                continue;
            int32_t y0 = at(&ay, j), y1 = at(&ay, j + 1);
            for (int32_t i = 0; i < ax.n; i++) {
                int32_t mx = ax.mid[i];
                if (mx < 0)
                    continue;
                int32_t x0 = at(&ax, i), x1 = at(&ax, i + 1);
                int64_t s = (int64_t)H(x0, y0) + H(x1, y0) + H(x0, y1) + H(x1, y1);
                H(mx, my) = (int32_t)(s / 4) + noise(rng, a);
            }
        }
        /* Diamond step, horizontal edges: midpoint of each split x-gap on every
         * breakpoint row, from its two ends and the centres above and below. */
        for (int32_t j = 0; j < points(&ay); j++) {
            int32_t y = at(&ay, j), up = gap_before(&ay, j), down = j < ay.n ? j : -1;
            int32_t yu = up >= 0 ? ay.mid[up] : -1, yd = down >= 0 ? ay.mid[down] : -1;
            for (int32_t i = 0; i < ax.n; i++) {
                int32_t mx = ax.mid[i];
                if (mx < 0)
                    continue;
                int64_t s = (int64_t)H(at(&ax, i), y) + H(at(&ax, i + 1), y);
                int c = 2;
                if (yu >= 0) {
                    s += H(mx, yu);
                    c++;
                }
                if (yd >= 0) {
                    s += H(mx, yd);
                    c++;
                }
                H(mx, y) = (int32_t)(s / c) + noise(rng, a);
            }
        }
        /* Diamond step, vertical edges: midpoint of each split y-gap on every
         * breakpoint column, from its two ends and the centres left and right. */
        for (int32_t j = 0; j < ay.n; j++) {
            int32_t my = ay.mid[j];
            if (my < 0)
                continue;
            int32_t y0 = at(&ay, j), y1 = at(&ay, j + 1);
            for (int32_t i = 0; i < points(&ax); i++) {
                int32_t x = at(&ax, i), left = gap_before(&ax, i), right = i < ax.n ? i : -1;
                int32_t xl = left >= 0 ? ax.mid[left] : -1, xr = right >= 0 ? ax.mid[right] : -1;
                int64_t s = (int64_t)H(x, y0) + H(x, y1);
                int c = 2;
                if (xl >= 0) {
                    s += H(xl, my);
                    c++;
                }
                if (xr >= 0) {
                    s += H(xr, my);
                    c++;
                }
                H(x, my) = (int32_t)(s / c) + noise(rng, a);
            }
        }
        axis_refine(&ax);
        axis_refine(&ay);
    }
#undef H
    amz_free(mem);
    return AMZ_OK;
}
