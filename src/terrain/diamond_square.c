/* diamond_square.c — diamond-square height fields of any size, plain or wrapped, in
 * 16-bit integers. Fournier, Fussell & Carpenter, "Computer rendering of stochastic
 * models" (CACM 1982) and Miller, "The definition and rendering of terrain maps"
 * (SIGGRAPH 1986), extended from 2^n+1 squares to any size by subdividing an
 * irregular lattice: each axis keeps a sorted list of breakpoints whose gaps differ by
 * at most one, and every gap of 2 or more is split at its midpoint per level. Each
 * point's noise is a hash of its position (amz_terrain_hash), not a draw from a
 * sequential generator, so a level's points can be computed in any order: rows are
 * shared among threads and the field is the same for any thread count. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/terrain.h"
#include "core/error.h"
#include "core/par.h"
#include "terrain/terrain_impl.h"

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

/* The widest gap, which sets how many levels the map has. */
static int32_t axis_widest(const axis *a)
{
    int32_t g = 0;
    for (int32_t i = 0; i < a->n; i++)
        g = a->b[i + 1] - a->b[i] > g ? a->b[i + 1] - a->b[i] : g;
    return g;
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

/* Levels needed to split a gap of g down to gaps of 1: ceil(log2 g). */
static int levels_for(int32_t g)
{
    int k = 0;
    while (g > 1) {
        g = (g + 1) / 2;
        k++;
    }
    return k;
}

/* The state one level's workers share. Every point is written by exactly one worker
 * and read only in a later phase, so the phases need no locks. */
typedef struct ds_job {
    int16_t *out;
    size_t w;
    const axis *ax, *ay;
    uint64_t key;
    int32_t a; /* this level's amplitude */
    int phase; /* 0 = square step, 1 = diamond step */
    unsigned workers;
    terrain_progress *p;      /* NULL = nobody watches; only worker 0 reports */
    uint64_t before, after;   /* points set before and after this level */
} ds_job;

#define H(x, y) j->out[(size_t)(y) * j->w + (size_t)(x)]

/* One hash serves two points: (2k, y) takes its high half, (2k+1, y) its low half. */
/* s / c for the 2, 3 or 4 neighbours of a diamond point: constant divisors let the
 * compiler multiply instead of divide (the same truncated quotient). */
static inline int32_t mean(int32_t s, int32_t c)
{
    return c == 4 ? s / 4 : c == 3 ? s / 3 : s / 2;
}

static inline int32_t noise(const ds_job *j, int32_t x, int32_t y)
{
    uint64_t h = terrain_hash(j->key, x >> 1, y);
    uint64_t half = (x & 1) ? h & 0xffffffffu : h >> 32;
    return (int32_t)((half * (2u * (uint64_t)(uint32_t)j->a + 1u)) >> 32) - j->a;
}

/* Square step for lattice rows [r0, r1): the centre of every cell split both ways. */
static void square_rows(const ds_job *j, int32_t r0, int32_t r1)
{
    const axis *ax = j->ax, *ay = j->ay;
    for (int32_t r = r0; r < r1; r++) {
        int32_t my = ay->mid[r];
        if (my < 0)
            continue;
        int32_t y0 = at(ay, r), y1 = at(ay, r + 1);
        for (int32_t i = 0; i < ax->n; i++) {
            int32_t mx = ax->mid[i];
            if (mx < 0)
                continue;
            int32_t x0 = at(ax, i), x1 = at(ax, i + 1);
            /* |values| <= 32767, so the sum of four fits easily in 32 bits. */
            int32_t s = (int32_t)H(x0, y0) + H(x1, y0) + H(x0, y1) + H(x1, y1);
            H(mx, my) = (int16_t)(s / 4 + noise(j, mx, my));
        }
    }
}

/* Diamond step for lattice rows [r0, r1) of points(ay): the midpoints of split
 * x-gaps on breakpoint row r, and of the split y-gap below it (if r < ay->n), each
 * from its two ends and the one or two centres beside it. */
static void diamond_rows(const ds_job *j, int32_t r0, int32_t r1)
{
    const axis *ax = j->ax, *ay = j->ay;
    for (int32_t r = r0; r < r1; r++) {
        int32_t y = at(ay, r), up = gap_before(ay, r), down = r < ay->n ? r : -1;
        int32_t yu = up >= 0 ? ay->mid[up] : -1, yd = down >= 0 ? ay->mid[down] : -1;
        for (int32_t i = 0; i < ax->n; i++) {
            int32_t mx = ax->mid[i];
            if (mx < 0)
                continue;
            int32_t s = (int32_t)H(at(ax, i), y) + H(at(ax, i + 1), y), c = 2;
            if (yu >= 0) {
                s += H(mx, yu);
                c++;
            }
            if (yd >= 0) {
                s += H(mx, yd);
                c++;
            }
            H(mx, y) = (int16_t)(mean(s, c) + noise(j, mx, y));
        }
        if (yd < 0)
            continue;
        int32_t y1 = at(ay, r + 1);
        for (int32_t i = 0; i < points(ax); i++) {
            int32_t x = at(ax, i), left = gap_before(ax, i), right = i < ax->n ? i : -1;
            int32_t xl = left >= 0 ? ax->mid[left] : -1, xr = right >= 0 ? ax->mid[right] : -1;
            int32_t s = (int32_t)H(x, y) + H(x, y1), c = 2;
            if (xl >= 0) {
                s += H(xl, yd);
                c++;
            }
            if (xr >= 0) {
                s += H(xr, yd);
                c++;
            }
            H(x, yd) = (int16_t)(mean(s, c) + noise(j, x, yd));
        }
    }
}
#undef H

/* Worker `k` of a phase takes an equal share of the lattice rows. */
static void ds_worker(void *ctx, unsigned k)
{
    const ds_job *j = ctx;
    int32_t rows = j->phase == 0 ? j->ay->n : points(j->ay);
    int32_t r0 = (int32_t)((int64_t)rows * k / j->workers), r1 = (int32_t)((int64_t)rows * (k + 1) / j->workers);
    /* Worker 0 goes in 64 slices and reports its share as everyone's (the shares are
     * equal): the square step makes about a third of a level's points, the diamond
     * step the rest. A cancel stops worker 0 only; the field is thrown away anyway. */
    int32_t slices = k == 0 && j->p ? 64 : 1;
    for (int32_t s = 0; s < slices; s++) {
        int32_t a = r0 + (int32_t)((int64_t)(r1 - r0) * s / slices), b = r0 + (int32_t)((int64_t)(r1 - r0) * (s + 1) / slices);
        if (j->phase == 0)
            square_rows(j, a, b);
        else
            diamond_rows(j, a, b);
        if (slices > 1) {
            double f = (j->phase == 0 ? 0.0 : 1.0 / 3) + (j->phase == 0 ? 1.0 / 3 : 2.0 / 3) * (s + 1) / slices;
            if (!terrain_progress_at(j->p, j->before + (uint64_t)((double)(j->after - j->before) * f)))
                return;
        }
    }
}

amz_status amz_terrain_diamond_square(int16_t *out, int32_t width, int32_t height, double roughness, bool wrap,
                                      uint64_t seed, unsigned threads, amz_error *err)
{
    return terrain_ds(out, width, height, roughness, wrap, seed, threads, NULL, err);
}

amz_status terrain_ds(int16_t *out, int32_t width, int32_t height, double roughness, bool wrap, uint64_t seed,
                      unsigned threads, terrain_progress *p, amz_error *err)
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

    /* The amplitude schedule: a_k = (int)(a_0 r^k), the product taken level by level
     * in IEEE doubles (exact rounding, so the same everywhere). a_0 is the largest
     * start whose amplitudes over the map's levels sum to at most 32767: every value
     * is a mean of earlier values plus noise, so |v| <= sum a_k fits int16. */
    int lv = levels_for(axis_widest(&ax) > axis_widest(&ay) ? axis_widest(&ax) : axis_widest(&ay));
    double geo = 0, power = 1;
    for (int k = 0; k <= lv; k++) {
        geo += power;
        power *= roughness;
    }
    /* Truncation takes less than 1 from each of the lv+1 terms, so no start above
     * (32767 + lv + 1) / geo can fit: search down from there. */
    int32_t a0 = (int32_t)((32767.0 + lv + 1) / geo) + 1;
    for (;; a0--) {
        double amp = a0;
        int64_t sum = 0;
        for (int k = 0; k <= lv; k++) {
            sum += (int64_t)amp;
            amp *= roughness;
        }
        if (sum <= 32767)
            break;
    }

    ds_job job = {out, (size_t)width, &ax, &ay, amz_terrain_key(seed, SALT_DIAMOND), a0, 0, 1, p, 0, 0};
    for (int32_t j = 0; j < points(&ay); j++)
        for (int32_t i = 0; i < points(&ax); i++) {
            int32_t x = at(&ax, i), y = at(&ay, j);
            out[(size_t)y * (size_t)width + (size_t)x] = (int16_t)noise(&job, x, y);
        }

    double amp = a0;
    for (;;) {
        axis_mids(&ax);
        axis_mids(&ay);
        if (!ax.splits && !ay.splits)
            break;
        amp *= roughness;
        job.a = (int32_t)amp;
        /* Threads only pay off on levels with many points: the last few levels hold
         * nearly all of them (each level has about 4x the points of the one before). */
        uint64_t pts = (uint64_t)points(&ax) * (uint64_t)points(&ay);
        job.before = pts;
        job.after = 0;
        for (int32_t i = 0; i < ax.n; i++) /* points after this level: the refined lattice's */
            job.after += 1 + (ax.mid[i] >= 0);
        uint64_t ny = 0;
        for (int32_t i = 0; i < ay.n; i++)
            ny += 1 + (ay.mid[i] >= 0);
        job.after = (job.after + !wrap) * (ny + !wrap);
        job.workers = threads > 1 && pts >= (1u << 16) ? (threads > PAR_MAX ? PAR_MAX : threads) : 1;
        for (job.phase = 0; job.phase < 2; job.phase++)
            par_run(job.workers, ds_worker, &job);
        axis_refine(&ax);
        axis_refine(&ay);
    }
    amz_free(mem);
    return AMZ_OK;
}
